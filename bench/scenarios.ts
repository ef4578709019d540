/** The five load scenarios: what each sends to the service, and which baseline route it is compared with. */
import { searchPath } from './queries.ts';

/** /same answers each query string with the bytes the service gave for it (baseline-server.ts). */
export type BaselineRoute = '/small' | '/page' | '/same';

export interface Scenario {
  id: string;
  title: string;
  /** What the scenario answers, for the report. */
  question: string;
  /** Service request paths; one is sent every time, several are cycled through. */
  paths: readonly string[];
  /** The baseline route whose body has the size of this scenario's responses. */
  baselineRoute: BaselineRoute;
}

export const POINT_PATH = '/v1/exercises/Barbell_Bench_Press';
export const PAGE_PATH = '/v1/exercises?limit=20';

/** Scenarios a to e, in the order they run; e cycles through `searchQueries`. */
export function buildScenarios(searchQueries: readonly string[], cacheCapacity: number): Scenario[] {
  return [
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
    {
      id: 'e',
      title: 'search, distinct',
      question:
        `A different search on every request, cycling through ${searchQueries.length} distinct queries ` +
        `(more than the ${cacheCapacity}-entry ranking cache, so a cyclic walk never hits it): the uncached search cost. ` +
        'Result pages vary in size, so the baseline answers each query string with the very bytes the service gave for it.',
      paths: searchQueries.map(searchPath),
      baselineRoute: '/same',
    },
  ];
}

/** The baseline path for a service path: the baseline route plus the same query string, so both get requests of the same size. */
export function baselinePathFor(servicePath: string, route: BaselineRoute): string {
  const queryStart = servicePath.indexOf('?');
  return queryStart === -1 ? route : route + servicePath.slice(queryStart);
}
