/**
 * Facet counts and suggestions in process, at one scale, in a process of its own (heaps do not add
 * up): `node --expose-gc --import tsx bench/extras-run.ts <factor>` prints one JSON object.
 *
 * It grows the bundled snapshot `factor` times (catalog-growth.ts), builds the catalog and its search
 * index, then times:
 * - counting all seven facets over the match sets of a fixed mix of filter combinations (the bitsets
 *   are AND-ed first, as a request does; the timed part is the counting, which is what facets= adds);
 * - suggest over every keystroke of realistic typing sessions, first with nothing of theirs cached
 *   (each typed text for the first time, after warming the code on every keystroke of 300 other names) and then
 *   again (answers cached per typed text, as repeated typing is).
 * Call figures are microseconds of wall time, and of process CPU time beside them (build figures
 * milliseconds, heap MB); the box is shared, so read p99 beside p50, and wall beside CPU.
 */
import { performance } from 'node:perf_hooks';
import { buildCatalog } from '../src/catalog/catalog.ts';
import { countFacets, FACET_NAMES, facetTableOf } from '../src/search/facet-counts.ts';
import { type Filter, matchFilters } from '../src/search/filters/facet-index.ts';
import { buildSearchIndexNow } from '../src/search/search-index.ts';
import { TIMED_OUT } from '../src/search/page-query.ts';
import { suggest } from '../src/search/suggest.ts';
import { bundledSnapshot } from '../test/helpers/search-catalogs.ts';
import { growCatalog } from './catalog-growth.ts';
import { SEARCH_BUDGET_MS } from './settings.ts';

export interface Quantiles {
  calls: number;
  p50Us: number;
  p99Us: number;
  maxUs: number;
}

export interface ExtrasFigures {
  factor: number;
  exercises: number;
  /** Counting all seven facets over one match set. */
  facetsAllSeven: Quantiles;
  /** The same calls in process CPU time: not billed for the time slices other processes took meanwhile (GC helper threads are). */
  facetsAllSevenCpu: Quantiles;
  /** Every keystroke of the typing sessions, each typed text for the first time. */
  suggestFirstTime: Quantiles;
  suggestFirstTimeCpu: Quantiles;
  /** The same keystrokes again: answers kept per typed text. */
  suggestRepeated: Quantiles;
  suggestTimedOut: number;
  /** Building the catalog, then its search index (with everything facets and suggest precompute), at once. */
  build: { catalogMs: number; searchIndexMs: number };
  /** After a full GC with the index built, its facet table and suggest state made, and the timed calls done. */
  heapUsedMb: number;
}

/** What people type into an exercise search box, keystroke by keystroke. */
export const TYPING_SESSIONS = [
  'bench press',
  'kettlebell swing',
  'romanian deadlift',
  'downward dog',
  'pull up',
  'db curl',
  'lat pulldown',
  'hip thrust',
  'push-up',
  'goblet squat',
  'overhead press',
  'rdl',
  'plank',
  'face pull',
  'bulgarian split squat',
];

export const FILTER_MIX: readonly (readonly Filter[])[] = [
  [],
  [{ field: 'equipment', values: ['barbell'] }],
  [
    { field: 'equipment', values: ['barbell'] },
    { field: 'mechanic', values: ['compound'] },
  ],
  [{ field: 'muscle', values: ['Chest', 'Back'] }],
  [
    { field: 'category', values: ['yoga', 'mobility'] },
    { field: 'level', values: ['beginner'] },
  ],
  [
    { field: 'hasVideo', values: ['false'] },
    { field: 'force', values: ['push'] },
  ],
];

export function keystrokesOf(sessions: readonly string[]): string[] {
  return sessions.flatMap((text) => Array.from({ length: text.length }, (_, i) => text.slice(0, i + 1)));
}

function quantiles(samples: number[]): Quantiles {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * q) - 1)]!;
  return { calls: sorted.length, p50Us: at(0.5), p99Us: at(0.99), maxUs: sorted[sorted.length - 1]! };
}

const round1 = (x: number) => Math.round(x * 10) / 10;

/** Process CPU time (user + system, every thread) since `start`, in µs. */
function cpuMicrosSince(start: NodeJS.CpuUsage): number {
  const { user, system } = process.cpuUsage(start);
  return user + system;
}

function main(): void {
  const factor = Number(process.argv[2]);
  if (!Number.isInteger(factor) || factor < 1) throw new Error(`usage: extras-run.ts <factor>, got ${process.argv[2]}`);
  const snapshot = growCatalog(bundledSnapshot(), factor);
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const catalogStart = performance.now();
  const catalog = buildCatalog(snapshot, 'extras');
  const indexStart = performance.now();
  const index = buildSearchIndexNow(catalog);
  const build = { catalogMs: round1(indexStart - catalogStart), searchIndexMs: round1(performance.now() - indexStart) };
  gc?.();

  const table = facetTableOf(index);
  const matchSets = FILTER_MIX.map((filters) => matchFilters(index.facets, filters));
  const rounds = factor >= 100 ? 200 : 2000;
  const facetSamples: number[] = [];
  const facetCpuSamples: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const matching of matchSets) {
      const cpu = process.cpuUsage();
      const start = performance.now();
      countFacets(table, matching, FACET_NAMES);
      facetSamples.push((performance.now() - start) * 1000);
      facetCpuSamples.push(cpuMicrosSince(cpu));
    }
  }

  const keystrokes = keystrokesOf(TYPING_SESSIONS);
  const now = () => performance.now();
  let timedOut = 0;
  const cpuSamples: number[] = [];
  const timeSuggest = (texts: readonly string[]): number[] =>
    texts.map((q) => {
      const cpu = process.cpuUsage();
      const start = now();
      if (suggest(index, q, 10, start + SEARCH_BUDGET_MS, now) === TIMED_OUT) timedOut += 1;
      const wall = (now() - start) * 1000;
      cpuSamples.push(cpuMicrosSince(cpu));
      return wall;
    });
  // Warm the code (not the answers) as a running server is: every keystroke of typing 300 other names,
  // taken evenly across the catalog. (The first 300 in default order all start with a digit or an A or B,
  // and at 100x are all originals: they left the walks of long heads unoptimized, and the timed keystrokes
  // then paid the engine's compiling, which a running server pays once.)
  const sessionTexts = new Set(keystrokes);
  const { exercises } = index.catalog;
  const others = Array.from({ length: 300 }, (_, i) => exercises[Math.floor((i * exercises.length) / 300)]!);
  const warmUp = keystrokesOf(others.map((exercise) => exercise.name.slice(0, 14).toLowerCase()));
  timeSuggest([...new Set(warmUp)].filter((text) => !sessionTexts.has(text)));
  cpuSamples.length = 0;
  const firstTime = timeSuggest([...sessionTexts]);
  const firstTimeCpu = [...cpuSamples];
  const repeated = [...timeSuggest(keystrokes), ...timeSuggest(keystrokes), ...timeSuggest(keystrokes)];

  const figures: ExtrasFigures = {
    factor,
    exercises: index.catalog.exercises.length,
    facetsAllSeven: quantiles(facetSamples.slice(matchSets.length * 10)),
    facetsAllSevenCpu: quantiles(facetCpuSamples.slice(matchSets.length * 10)),
    suggestFirstTime: quantiles(firstTime),
    suggestFirstTimeCpu: quantiles(firstTimeCpu),
    suggestRepeated: quantiles(repeated),
    suggestTimedOut: timedOut,
    build,
    heapUsedMb: 0,
  };
  gc?.();
  figures.heapUsedMb = round1(process.memoryUsage().heapUsed / 2 ** 20);
  process.stdout.write(`${JSON.stringify(figures)}\n`);
}

if (process.argv[1]?.endsWith('extras-run.ts')) main();
