/** The load scenarios: what each sends to the service, and which baseline route it is compared with. */
import { FILTER_PATHS, SUGGEST_PATHS } from './extras-paths.ts';
import { searchPath } from './queries.ts';

/**
 * Each replays the service's own status, headers and body (bench/capture.ts): /small, /page and
 * /page-br one captured response for every query string, /same the response the service gave for
 * each query string (scenario e, whose pages differ in size from query to query).
 */
export type BaselineRoute = '/small' | '/page' | '/page-br' | '/same' | '/facets' | '/suggest' | '/export';

/** Routes that replay the service's response to each query string (the rest replay one response for all). */
export const BY_QUERY_ROUTES: ReadonlySet<BaselineRoute> = new Set(['/same', '/facets', '/suggest']);

export interface Scenario {
  id: string;
  title: string;
  /** What the scenario answers, for the report. */
  question: string;
  /** Service request paths; one is sent every time, several are cycled through. */
  paths: readonly string[];
  /** The baseline route that replays this scenario's responses (or, for f, the 200 it revalidates). */
  baselineRoute: BaselineRoute;
  /** Request headers beyond X-API-Key (sent to the baseline too, so both parse the same request). */
  headers?: Record<string, string>;
  /** The status every response must have for the run to count (default 200). */
  expectedStatus?: number;
}

export const POINT_PATH = '/v1/exercises/Barbell_Bench_Press';
export const PAGE_PATH = '/v1/exercises?limit=20';

export const EXPORT_PATH = '/v1/export';

/** Scenarios a to d: one path each, answered from precomputed bodies or the caches. */
const BEFORE_DISTINCT: readonly Scenario[] = [
  {
    id: 'a',
    title: 'point lookup',
    question: 'GET /v1/exercises/:id: auth, metering and a precomputed body, against bare uWS with the same bytes.',
    paths: [POINT_PATH],
    baselineRoute: '/small',
  },
  {
    id: 'b',
    title: 'default list',
    question: 'GET /v1/exercises?limit=20 with no filter: the first 20 in default order, the page joined per request.',
    paths: [PAGE_PATH],
    baselineRoute: '/page',
  },
  {
    id: 'c',
    title: 'filtered list',
    question: 'Two facet filters ANDed over the bitsets, then a 20-item page.',
    paths: ['/v1/exercises?equipment=barbell&mechanic=compound&limit=20'],
    baselineRoute: '/page',
  },
  {
    id: 'd',
    title: 'search, repeated',
    question: 'The same text search every time: after the first request the ranking comes from the ranking cache.',
    paths: [searchPath('bench press')],
    baselineRoute: '/page',
  },
];

/** Scenarios f to j, run after e. */
const AFTER_DISTINCT: readonly Scenario[] = [
  {
    id: 'f',
    title: '304 revalidation',
    question: 'The point lookup with If-None-Match naming its current ETag: a metered 304 with no body. Compare its CPU with a.',
    paths: [POINT_PATH],
    baselineRoute: '/small',
    expectedStatus: 304,
  },
  {
    id: 'g',
    title: 'compressed page',
    question: 'The default list with Accept-Encoding: br: the compressed page comes from the per-catalog page cache.',
    paths: [PAGE_PATH],
    baselineRoute: '/page-br',
    headers: { 'accept-encoding': 'br' },
  },
  {
    id: 'h',
    title: 'facets (all seven)',
    question:
      'Filtered lists with facets=category,level,force,mechanic,equipment,muscle,hasVideo, ' +
      `cycling ${FILTER_PATHS.length} filter combinations: counts from the facet profiles, then the page cache.`,
    paths: FILTER_PATHS,
    baselineRoute: '/facets',
  },
  {
    id: 'i',
    title: 'suggest, typing',
    question:
      `GET /v1/suggest for every keystroke of realistic typing sessions (${SUGGEST_PATHS.length} typed texts, cycled): ` +
      'answers kept per typed text after the first.',
    paths: SUGGEST_PATHS,
    baselineRoute: '/suggest',
  },
  {
    id: 'j',
    title: 'export',
    question:
      'GET /v1/export: the whole catalog as NDJSON, streamed in 64 KB pieces with backpressure, ' +
      'against bare uWS ending with the same bytes at once.',
    paths: [EXPORT_PATH],
    baselineRoute: '/export',
  },
];

/** Scenario e: a different search on every request, more distinct ones than the ranking cache holds. */
function distinctSearches(searchQueries: readonly string[], cacheCapacity: number): Scenario {
  return {
    id: 'e',
    title: 'search, distinct',
    question:
      `A different search on every request, cycling through ${searchQueries.length} distinct queries ` +
      `(more than the ${cacheCapacity}-entry ranking cache, so a cyclic walk never hits it): the uncached search cost. ` +
      'Result pages vary in size, so the baseline answers each query string ' +
      'with the very status, headers and body the service gave for it.',
    paths: searchQueries.map(searchPath),
    baselineRoute: '/same',
  };
}

/** Scenarios a to j, in the order they run; e cycles through `searchQueries`; f needs `withPointEtag`. */
export function buildScenarios(searchQueries: readonly string[], cacheCapacity: number): Scenario[] {
  return [...BEFORE_DISTINCT, distinctSearches(searchQueries, cacheCapacity), ...AFTER_DISTINCT];
}

/** Scenario f's If-None-Match, known once the service has answered the point lookup. */
export function withPointEtag(scenarios: readonly Scenario[], etag: string): Scenario[] {
  return scenarios.map((scenario) => (scenario.id === 'f' ? { ...scenario, headers: { 'if-none-match': etag } } : scenario));
}

/** The baseline path for a service path: the baseline route plus the same query string, so both get requests of the same size. */
export function baselinePathFor(servicePath: string, route: BaselineRoute): string {
  const queryStart = servicePath.indexOf('?');
  return queryStart === -1 ? route : route + servicePath.slice(queryStart);
}
