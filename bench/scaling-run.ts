/**
 * One scale of the scaling suite, in a process of its own (so heaps do not add up and `gc()` is
 * available): `node --expose-gc --import tsx bench/scaling-run.ts <factor>` prints one JSON object.
 *
 * It grows the newest bundled snapshot `factor` times (catalog-growth.ts), builds the catalog and its
 * search index at once (the build's cost) and again in slices as the server does (wall time, the
 * longest pause of the event loop meanwhile, and the longest slice in CPU time), takes the heap after
 * a full GC, then times findPage over the 200-query mix (query-mix.ts) with the ranking cache cleared
 * before every call, and over 200-char worst-case queries; then, on each translation's index (built with
 * the English one, as the server builds them), the mix drawn from that language's names.
 *
 * Times are wall clock and also process CPU time (process.cpuUsage): on a 2-core box that other
 * workers share, wall time also counts the slices the scheduler gave to other processes; CPU time does
 * not, but counts every thread of this process (the GC's helpers too), so it reads high when the
 * collector runs beside a call. Neither alone is the truth; together they bound it.
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { buildCatalog, catalogSteps } from '../src/catalog/catalog.ts';
import { localizeSnapshot } from '../src/catalog/translations.ts';
import { findPage, RANKINGS, TIMED_OUT } from '../src/search/page-query.ts';
import { buildSearchIndexNow, type SearchIndex, searchIndexSteps } from '../src/search/search-index.ts';
import { DEFAULT_SLICE_MS, type Steps } from '../src/time-slices.ts';
import { bundledSnapshot } from '../test/helpers/search-catalogs.ts';
import { growCatalog } from './catalog-growth.ts';
import { queryMix, worstCaseQuery } from './query-mix.ts';
import { SEARCH_BUDGET_MS } from './settings.ts';

export interface LatencyFigures {
  calls: number;
  passes: number;
  p50Ms: number;
  /** Over every call. On a shared 2-core box this catches other processes' time slices and GC. */
  p99Ms: number;
  /** The median over passes of each pass's p99: the noise-robust figure the targets are read against. */
  p99MedianOfPassesMs: number;
  maxMs: number;
  /** Calls answered SEARCH_TIMEOUT. */
  timedOut: number;
  /** Calls that held the loop longer than the budget plus 5 ms. */
  overBudget: number;
  /** The same calls in process CPU time. */
  cpuP50Ms: number;
  cpuP99Ms: number;
  cpuMaxMs: number;
}

/** The same mix, drawn from one translation's names, on that language's index. */
export interface LanguageFigures {
  lang: string;
  terms: number;
  firstPass: LatencyFigures;
  mix: LatencyFigures;
}

export interface ScaleFigures {
  factor: number;
  exercises: number;
  terms: number;
  build: { atOnceMs: number; slicedWallMs: number; slicedMaxPauseMs: number; slicedLongestSliceCpuMs: number };
  heapUsedMb: number;
  rssMb: number;
  /** The mix, term expansions not yet cached (the first pass over it). */
  firstPass: LatencyFigures;
  /** The mix, later passes: term expansions cached, rankings not. */
  mix: LatencyFigures;
  worstCase: LatencyFigures;
  /** Each translation's index, built with the English one (the build and heap figures above hold all of them). */
  languages: LanguageFigures[];
}

const gc = (globalThis as { gc?: () => void }).gc;

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * q) - 1))]!;
}

function latencies(passes: readonly number[][], cpu: readonly number[], timedOut: number): LatencyFigures {
  const sorted = passes.flat().sort((a, b) => a - b);
  const passP99 = passes
    .map((pass) =>
      quantile(
        [...pass].sort((a, b) => a - b),
        0.99,
      ),
    )
    .sort((a, b) => a - b);
  const cpuSorted = [...cpu].sort((a, b) => a - b);
  return {
    calls: sorted.length,
    passes: passes.length,
    p50Ms: quantile(sorted, 0.5),
    p99Ms: quantile(sorted, 0.99),
    p99MedianOfPassesMs: quantile(passP99, 0.5),
    maxMs: sorted[sorted.length - 1]!,
    timedOut,
    overBudget: sorted.filter((ms) => ms > SEARCH_BUDGET_MS + 5).length,
    cpuP50Ms: quantile(cpuSorted, 0.5),
    cpuP99Ms: quantile(cpuSorted, 0.99),
    cpuMaxMs: cpuSorted[cpuSorted.length - 1]!,
  };
}

function cpuMs(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

function timeQueries(index: SearchIndex, queries: readonly string[], rounds: number): LatencyFigures {
  const passes: number[][] = [];
  const cpu: number[] = [];
  let timedOut = 0;
  const now = () => performance.now();
  for (let round = 0; round < rounds; round++) {
    const samples: number[] = [];
    passes.push(samples);
    for (const q of queries) {
      index.caches.of(RANKINGS).clear();
      const cpuStart = process.cpuUsage();
      const start = now();
      const page = findPage(
        index,
        { q, filters: [], random: false, limit: 20, offset: 0 },
        { deadline: start + SEARCH_BUDGET_MS, now, random: Math.random },
      );
      samples.push(now() - start);
      cpu.push(cpuMs(cpuStart));
      if (page === TIMED_OUT) timedOut += 1;
    }
  }
  return latencies(passes, cpu, timedOut);
}

/** time-slices.ts runInSlices, with each slice's CPU time recorded: the longest is returned beside the result. */
async function runInSlicesMeasured<T>(steps: Steps<T>): Promise<{ value: T; longestSliceCpuMs: number }> {
  let longest = 0;
  for (;;) {
    const cpuStart = process.cpuUsage();
    const sliceEnd = performance.now() + DEFAULT_SLICE_MS;
    for (;;) {
      const step = steps.next();
      if (step.done === true) return { value: step.value, longestSliceCpuMs: Math.max(longest, cpuMs(cpuStart)) };
      if (performance.now() >= sliceEnd) break;
    }
    longest = Math.max(longest, cpuMs(cpuStart));
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

async function main(): Promise<void> {
  const factor = Number(process.argv[2]);
  if (!Number.isInteger(factor) || factor < 1) throw new Error(`usage: scaling-run.ts <factor>, got ${process.argv[2]}`);
  const original = bundledSnapshot();
  const snapshot = growCatalog(original, factor);

  let start = performance.now();
  buildSearchIndexNow(buildCatalog(snapshot, 'at-once'));
  const atOnceMs = performance.now() - start;
  gc?.();

  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  start = performance.now();
  const catalog = await runInSlicesMeasured(catalogSteps(snapshot, 'sliced'));
  const built = await runInSlicesMeasured(searchIndexSteps(catalog.value));
  const index = built.value;
  const slicedWallMs = performance.now() - start;
  delay.disable();
  gc?.();
  gc?.();
  const memory = process.memoryUsage();

  const queries = queryMix(original);
  const rounds = factor >= 100 ? 3 : factor >= 10 ? 8 : 20;
  const firstPass = timeQueries(index, queries, 1);
  const mix = timeQueries(index, queries, rounds);
  const worst = Array.from({ length: 26 }, (_, v) => worstCaseQuery(v));
  timeQueries(index, worst, 1);
  const worstCase = timeQueries(index, worst, Math.max(2, Math.round(rounds / 2)));
  const languages: LanguageFigures[] = [];
  for (const [lang, translation] of index.languages) {
    const local = queryMix(localizeSnapshot(original, lang).snapshot);
    languages.push({
      lang,
      terms: translation.planContext.expander.vocabularySize,
      firstPass: timeQueries(translation, local, 1),
      mix: timeQueries(translation, local, rounds),
    });
  }
  const figures: ScaleFigures = {
    factor,
    exercises: index.catalog.exercises.length,
    terms: index.planContext.expander.vocabularySize,
    build: {
      atOnceMs,
      slicedWallMs,
      slicedMaxPauseMs: delay.max / 1e6,
      slicedLongestSliceCpuMs: Math.max(catalog.longestSliceCpuMs, built.longestSliceCpuMs),
    },
    heapUsedMb: memory.heapUsed / 2 ** 20,
    rssMb: memory.rss / 2 ** 20,
    firstPass,
    mix,
    worstCase,
    languages,
  };
  process.stdout.write(`${JSON.stringify(figures)}\n`);
}

void main();
