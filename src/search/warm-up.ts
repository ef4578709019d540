/**
 * Warms a newly built SearchIndex before it is swapped in: the first searches of a fresh process ran
 * through code V8 had not compiled yet and through per-index caches still empty (term expansions,
 * prefix lists), and on a busy machine that took them past SEARCH_BUDGET_MS (issue 19). Each kind of
 * query the routes run (plain words, typos, prefixes, abbreviations, several words, filters, facet
 * counts over the whole match set, suggest) runs here once per step, without a deadline, so the
 * first client's search finds the code hot. Results are dropped: rankings are cached afresh by clients.
 */
import type { Steps } from '../time-slices.ts';
import { countFacets, FACET_NAMES } from './facet-counts.ts';
import type { Filter } from './facet-index.ts';
import { findMatchSet, findPage, TIMED_OUT } from './page-query.ts';
import { clearSuggestions, suggest } from './suggest.ts';
import type { SearchIndex } from './search-index.ts';

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

function countAll(index: SearchIndex, matching: ReturnType<typeof findMatchSet>): void {
  if (matching !== TIMED_OUT) countFacets(index.facetTable, matching, FACET_NAMES);
}

/** Runs each warming query as one step (time-slices.ts), then empties the caches it filled. */
export function* warmUpSteps(index: SearchIndex): Steps<void> {
  const context = { deadline: Number.POSITIVE_INFINITY, now: () => 0, random: Math.random };
  for (const q of [...WARM_QUERIES, ...catalogQueries(index)]) {
    for (const filters of WARM_FILTERS) {
      findPage(index, { q, filters, random: false, limit: 20, offset: 0 }, context);
      countAll(index, findMatchSet(index, { q, filters }, context));
      yield;
    }
    for (let length = 1; length <= q.length; length += 2) suggest(index, q.slice(0, length), 10, Number.POSITIVE_INFINITY, () => 0);
    yield;
  }
  for (const filters of WARM_FILTERS) {
    findPage(index, { q: undefined, filters, random: false, limit: 20, offset: 0 }, context);
    findPage(index, { q: undefined, filters, random: true, limit: 20, offset: 0 }, context);
    countAll(index, findMatchSet(index, { q: undefined, filters }, context));
  }
  index.rankings.clear();
  clearSuggestions(index);
}
