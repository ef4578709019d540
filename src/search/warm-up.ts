/**
 * Warms a newly built SearchIndex before it is swapped in (main.ts prepares every catalog with it):
 * the first searches of a fresh process ran through code V8 had not compiled yet and through per-index
 * caches still empty (term expansions, prefix lists), and on a busy machine that took them past
 * SEARCH_BUDGET_MS (issue 19). Each kind of query the routes run (plain words, typos, prefixes,
 * abbreviations, several words, filters, facet counts over the whole match set, suggest) runs here once
 * per step, without a deadline, so the first client's search finds the code hot; in every language the
 * catalog is served in (the English words above are searched there too, and each index adds its own
 * names). What the warm-up cached is dropped after it: rankings are cached afresh by clients.
 */
import { runInSlices, type Steps } from '../time-slices.ts';
import { countFacets, FACET_NAMES, facetTableOf } from './facet-counts.ts';
import { type Filter, findPage, type PageContext } from './page-query.ts';
import type { SearchIndex } from './search-index.ts';
import { suggest } from './suggest.ts';

/** Words of every kind the query planner treats apart: plain, typo, prefix, joined, abbreviation, muscle, function word. */
const WARM_QUERIES = ['press', 'benchh pres', 'kettleb', 'pullup', 'db row', 'chest fly', 'how to squat', 'rdl', 'hamstrings'];
const WARM_FILTERS: readonly (readonly Filter[])[] = [
  [],
  [{ field: 'level', values: ['beginner'] }],
  [{ field: 'muscle', values: ['chest'] }],
];

/** The catalog's own words too, so that a catalog without the English gym words above still runs every path. */
function catalogQueries(index: SearchIndex): string[] {
  const { exercises } = index.catalog;
  const names = [exercises[0], exercises[Math.floor(exercises.length / 2)]].flatMap((exercise) =>
    exercise === undefined ? [] : [exercise.name],
  );
  return names.flatMap((name) => {
    const first = name.split(/\s+/)[0] ?? name;
    return [name, first.slice(0, Math.max(3, first.length - 2)), `${first}x`];
  });
}

/** One page as the list route asks for it (facets over the match set when `withMatchSet`). */
function runPage(index: SearchIndex, q: string | undefined, filters: readonly Filter[], random: boolean, context: PageContext): void {
  const page = findPage(index, { q, filters, random, limit: 20, offset: 0, withMatchSet: true }, context);
  if (typeof page === 'object') countFacets(facetTableOf(index), page.matchSet, FACET_NAMES);
}

/** Warms `index` and then each of its translations' indexes (a first `lang=de` search is as cold as any). */
export function* warmUpSteps(index: SearchIndex): Steps<SearchIndex> {
  for (const translation of index.languages.values()) yield* warmOneSteps(translation);
  return yield* warmOneSteps(index);
}

/** Runs each warming query as one step (time-slices.ts), then empties the caches it filled. */
function* warmOneSteps(index: SearchIndex): Steps<SearchIndex> {
  const context: PageContext = { deadline: Number.POSITIVE_INFINITY, now: () => 0, random: Math.random };
  for (const q of [...WARM_QUERIES, ...catalogQueries(index)]) {
    for (const filters of WARM_FILTERS) {
      runPage(index, q, filters, false, context);
      findPage(index, { q, filters, random: false, limit: 20, offset: 20 }, context);
      yield;
    }
    for (let length = 1; length <= q.length; length += 2) suggest(index, q.slice(0, length), 10, Number.POSITIVE_INFINITY, () => 0);
    yield;
  }
  for (const filters of WARM_FILTERS) {
    runPage(index, undefined, filters, false, context);
    runPage(index, undefined, filters, true, context);
  }
  index.caches.clear();
  return index;
}

/**
 * Whether serving `live` has already run every path `index` will run, so that a reload may swap it in
 * without the warm-up: the code is compiled, and what the warm-up caches is emptied after it anyway.
 * Measured on the bundled catalog (three languages, quiet machine): the warm-up costs a reload 50-170
 * ms, twice that or more on a busy machine, while the first ten searches of a reloaded index unwarmed
 * took 0.9-9.3 ms in all against 0.7-1.7 warmed, far inside SEARCH_BUDGET_MS. A path `live` never took
 * (a language it lacked, suggest's large-catalog path) is warmed as on a first load.
 */
export function isWarmedBy(index: SearchIndex, live: SearchIndex | undefined): boolean {
  if (live === undefined || (index.large === undefined) !== (live.large === undefined)) return false;
  for (const lang of index.languages.keys()) if (!live.languages.has(lang)) return false;
  return true;
}

/** Warms `index` in slices, so that serving goes on meanwhile; resolves with it, ready to be swapped in. */
export function warmUp(index: SearchIndex, sliceMs?: number): Promise<SearchIndex> {
  return runInSlices(warmUpSteps(index), sliceMs);
}
