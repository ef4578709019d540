/** The bench's knobs and fixed locations: durations, connection count, call counts, timeouts and paths. */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../', import.meta.url));
export const DATA_DIR = join(ROOT, 'data');
export const RESULTS_FILE = join(ROOT, 'bench/results/latest.json');
export const CONNECTIONS = 50;
export const WARMUP_SECONDS = 2;
/** The service's default SEARCH_BUDGET_MS, used as the deadline of in-process calls. */
export const SEARCH_BUDGET_MS = 50;
export const IN_PROCESS_CALLS = 3000;
export const IN_PROCESS_WARMUP_CALLS = 300;
export const CATALOG_BUILDS = 5;
/** What src/http/page-cache.ts keeps per catalog (MAX_BYTES_PER_CATALOG, not exported): 32 MiB of pages. */
export const PAGE_CACHE_BYTES = 32 * 2 ** 20;
/**
 * Scenario e's distinct searches. A cyclic walk never hits an LRU cache it outgrows: 15,000 queries
 * are 7.5x the ranking cache (2,000 entries), and their pages (about 4 KB each with search v2, which
 * returns only what matches) weigh well over the page cache's 32 MiB. With 5,000 they weighed about
 * 19 MiB, so every page came from the page cache after the first lap. The run checks the weight.
 */
export const DISTINCT_SEARCHES = 15_000;
export const START_TIMEOUT_MS = 30_000;
export const STOP_TIMEOUT_MS = 10_000;

/** The measured run length in seconds, from BENCH_DURATION (default 8). */
export function readDurationSeconds(env: NodeJS.ProcessEnv): number {
  const raw = env.BENCH_DURATION ?? '8';
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds < 1) throw new Error(`BENCH_DURATION must be a number of seconds >= 1, got "${raw}"`);
  return seconds;
}

/** Seconds of each fairness run. */
export const FAIRNESS_SECONDS = 6;

/**
 * Every suite, in the order a run does them (snapshot-refusal: search latency while a ~60 MB bad
 * snapshot is refused; reload: a valid one served while searches run, quiet and busy).
 */
export const SUITES = ['relevance', 'scaling', 'load', 'snapshot-refusal', 'fairness', 'reload'] as const;
export type Suite = (typeof SUITES)[number];

/** The suites to run, from BENCH_SUITES (comma-separated; default all). */
export function readSuites(env: NodeJS.ProcessEnv): Set<Suite> {
  const raw = env.BENCH_SUITES;
  if (raw === undefined || raw.trim() === '') return new Set(SUITES);
  const wanted = raw.split(',').map((name) => name.trim());
  const unknown = wanted.filter((name) => !(SUITES as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`BENCH_SUITES: unknown suite(s) ${unknown.join(', ')}; known: ${SUITES.join(', ')}`);
  return new Set(wanted as Suite[]);
}
