/**
 * In-process figures, with no HTTP in the way: the catalog and search index build from the newest
 * snapshot and the cost of the pure query function `findPage`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildCatalog } from '../src/catalog/catalog.ts';
import { listSnapshotFiles } from '../src/catalog/snapshot-files.ts';
import { checkSnapshot } from '../src/catalog/snapshot-check.ts';
import { HttpError } from '../src/http/http-error.ts';
import { formatProblems } from '../src/problems.ts';
import { parseListParams } from '../src/http/list-params.ts';
import { findPage, type PageQuery, RANKINGS, TIMED_OUT } from '../src/search/page-query.ts';
import { buildSearchIndexNow, type SearchIndex } from '../src/search/search-index.ts';
import type { Scenario } from './scenarios.ts';
import { CATALOG_BUILDS, DATA_DIR, IN_PROCESS_CALLS, IN_PROCESS_WARMUP_CALLS, SEARCH_BUDGET_MS } from './settings.ts';

export interface CatalogBuildFigures {
  file: string;
  exercises: number;
  /** The first build in this process (cold JIT), then the median of the following ones. */
  firstMs: { parse: number; check: number; build: number; total: number };
  medianMs: { parse: number; check: number; build: number; total: number };
  builds: number;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** parse (JSON.parse of the file) + check (checkSnapshot) + build (buildCatalog and buildSearchIndexNow), timed separately. */
function buildCatalogTimed(file: string): { index: SearchIndex; parse: number; check: number; build: number; total: number } {
  const name = file.split('/').pop()!;
  const t0 = performance.now();
  const raw: unknown = JSON.parse(readFileSync(file, 'utf8'));
  const t1 = performance.now();
  const checked = checkSnapshot(raw, name.slice(0, 10));
  if (!checked.ok) throw new Error(`${file} fails the snapshot check: ${formatProblems(checked.problems.slice(0, 5)).join('; ')}`);
  const t2 = performance.now();
  const index = buildSearchIndexNow(buildCatalog(checked.value, name));
  const t3 = performance.now();
  return { index, parse: t1 - t0, check: t2 - t1, build: t3 - t2, total: t3 - t0 };
}

/** Builds the catalog from the newest snapshot CATALOG_BUILDS times; returns the last catalog and the timings. */
export function measureCatalogBuild(): { index: SearchIndex; figures: CatalogBuildFigures } {
  const newest = listSnapshotFiles(DATA_DIR)[0];
  if (newest === undefined) throw new Error(`no snapshot file in ${DATA_DIR}`);
  const file = join(DATA_DIR, newest);
  const runs = Array.from({ length: CATALOG_BUILDS }, () => buildCatalogTimed(file));
  const [first, ...rest] = runs as [ReturnType<typeof buildCatalogTimed>, ...ReturnType<typeof buildCatalogTimed>[]];
  const pick = (key: 'parse' | 'check' | 'build' | 'total') => median(rest.map((run) => run[key]));
  return {
    index: runs[runs.length - 1]!.index,
    figures: {
      file: newest,
      exercises: first.index.catalog.exercises.length,
      firstMs: { parse: first.parse, check: first.check, build: first.build, total: first.total },
      medianMs: { parse: pick('parse'), check: pick('check'), build: pick('build'), total: pick('total') },
      builds: CATALOG_BUILDS,
    },
  };
}

export interface QueryCostFigures {
  scenario: string;
  description: string;
  calls: number;
  meanMicros: number;
  medianMicros: number;
  p99Micros: number;
  timedOut: number;
}

/** The PageQuery the HTTP layer would hand to findPage for `path` (the bench tier's maxResults of 100 clamps nothing here). */
function pageQueryOf(path: string): PageQuery {
  const params = parseListParams(path.slice(path.indexOf('?') + 1));
  if (params instanceof HttpError) throw new Error(`${path}: ${params.message}`);
  return params;
}

/**
 * Times `findPage` over IN_PROCESS_CALLS calls (after a warm-up), cycling through `paths`.
 * With `isUncached`, the ranking cache is cleared before each call, outside the timed span.
 */
function measureQueryCost(
  index: SearchIndex,
  scenario: string,
  description: string,
  paths: readonly string[],
  isUncached: boolean,
): QueryCostFigures {
  const queries = paths.map(pageQueryOf);
  const now = () => performance.now();
  const samples = new Float64Array(IN_PROCESS_CALLS);
  let timedOut = 0;
  const call = (i: number): void => {
    if (isUncached) index.caches.of(RANKINGS).clear();
    const start = process.hrtime.bigint();
    const page = findPage(index, queries[i % queries.length]!, { deadline: now() + SEARCH_BUDGET_MS, now, random: Math.random });
    const elapsed = process.hrtime.bigint() - start;
    if (page === TIMED_OUT) timedOut += 1;
    samples[i] = Number(elapsed) / 1000;
  };
  for (let i = 0; i < IN_PROCESS_WARMUP_CALLS; i++) call(i % IN_PROCESS_CALLS);
  timedOut = 0;
  for (let i = 0; i < IN_PROCESS_CALLS; i++) call(i);
  samples.sort();
  return {
    scenario,
    description,
    calls: IN_PROCESS_CALLS,
    meanMicros: samples.reduce((sum, value) => sum + value, 0) / IN_PROCESS_CALLS,
    medianMicros: samples[Math.floor(IN_PROCESS_CALLS / 2)]!,
    p99Micros: samples[Math.ceil(IN_PROCESS_CALLS * 0.99) - 1]!,
    timedOut,
  };
}

/** findPage's cost for scenarios c, d (uncached and cached) and e; leaves the ranking cache empty. */
export function measureQueryCosts(index: SearchIndex, scenarios: readonly Scenario[]): QueryCostFigures[] {
  const pathsOf = (id: string) => scenarios.find((s) => s.id === id)!.paths;
  const figures = [
    measureQueryCost(index, 'c', 'filtered list (2 facets), no ranking', pathsOf('c'), false),
    measureQueryCost(index, 'd', 'search "bench press", ranking cache cleared before each call', pathsOf('d'), true),
    measureQueryCost(index, 'd (cached)', 'search "bench press", ranking served from the cache', pathsOf('d'), false),
    measureQueryCost(index, 'e', 'distinct searches, ranking cache cleared before each call', pathsOf('e'), true),
  ];
  index.caches.of(RANKINGS).clear();
  return figures;
}
