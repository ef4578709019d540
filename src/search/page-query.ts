/**
 * The pure function behind GET /v1/exercises: filters, optional text ranking, random sampling and
 * paging over one catalog's SearchIndex. It knows nothing of HTTP; the shell hands it a validated PageQuery.
 */
import { type Bitset, bitsetOf, collectBits, countBits } from './structures/bitset.ts';
import { type Filter, keyOf, matchFilters } from './filters/facet-index.ts';
import type { TextRules } from './text/normalize.ts';
import type { SearchIndex } from './search-index.ts';
import { BoundedCache } from './structures/bounded-cache.ts';
import { Budget, TIMED_OUT, timedOut } from './structures/budget.ts';
import type { CacheKind } from './structures/index-caches.ts';
import { planQuery } from './text/query-plan.ts';

export type { Filter, FilterField } from './filters/facet-index.ts';

export { TIMED_OUT } from './structures/budget.ts';

export interface PageQuery {
  q: string | undefined;
  filters: readonly Filter[];
  random: boolean;
  limit: number;
  offset: number;
  /** Also give the whole match set (facet counts are taken over it): a `q` is then ranked once for both. */
  withMatchSet?: boolean;
}

export interface Page {
  positions: number[];
  /** Exact count of matches without `q`; null with `q`, as the spec requires. */
  total: number | null;
  /** With `withMatchSet`: the whole match set (findMatchSet's), undefined when everything matches. */
  matchSet?: Bitset | undefined;
}

export interface PageContext {
  /** Absolute deadline for text ranking, in the units of `now`. */
  deadline: number;
  now: () => number;
  /** Uniform in [0, 1); injected so tests can seed it. */
  random: () => number;
}

/** Picks `take` distinct items of `pool` uniformly at random (partial Fisher-Yates; `pool` is reordered). */
function sample(pool: number[] | Int32Array, take: number, random: () => number): number[] {
  const n = Math.min(take, pool.length);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(random() * (pool.length - i));
    const swap = pool[i]!;
    pool[i] = pool[j]!;
    pool[j] = swap;
  }
  return Array.from(pool.slice(0, n));
}

export function findPage(index: SearchIndex, query: PageQuery, context: PageContext): Page | typeof TIMED_OUT {
  const page = pageOf(index, query, context);
  if (page === TIMED_OUT || query.withMatchSet !== true || query.q !== undefined) return page;
  page.matchSet = matchFilters(index.facets, query.filters);
  return page;
}

function pageOf(index: SearchIndex, query: PageQuery, context: PageContext): Page | typeof TIMED_OUT {
  const size = index.catalog.exercises.length;
  const matching = matchFilters(index.facets, query.filters);
  if (query.q === undefined) {
    if (query.random) {
      const pool = matching === undefined ? Array.from({ length: size }, (_, p) => p) : collectBits(matching, 0, size);
      const total = pool.length;
      return { positions: sample(pool, query.limit, context.random), total };
    }
    if (matching === undefined) {
      const end = Math.min(size, query.offset + query.limit);
      const positions: number[] = [];
      for (let p = query.offset; p < end; p++) positions.push(p);
      return { positions, total: size };
    }
    return { positions: collectBits(matching, query.offset, query.limit), total: countBits(matching) };
  }

  const ranked = rankQuery(index, {
    q: query.q,
    filters: query.filters,
    matching,
    // The match set is every text match however deep: ranked once, the page is its head.
    depth: query.random || query.withMatchSet === true ? Number.POSITIVE_INFINITY : query.offset + query.limit,
    deadline: context.deadline,
    now: context.now,
  });
  if (ranked === TIMED_OUT) return TIMED_OUT;
  // A cached ranking is shared by later requests: sample from a copy, never reorder it in place.
  const page: Page = query.random
    ? { positions: sample(ranked.slice(), query.limit, context.random), total: null }
    : { positions: Array.from(ranked.subarray(query.offset, query.offset + query.limit)), total: null };
  if (query.withMatchSet === true) page.matchSet = bitsetOf(size, ranked);
  return page;
}

/**
 * The whole match set of a query as a bitset (what facet counts are taken over): the filters' positions,
 * and with a `q` every text match within them, however deep. `undefined` means everything matches.
 */
export function findMatchSet(
  index: SearchIndex,
  query: Pick<PageQuery, 'q' | 'filters'>,
  context: PageContext,
): Bitset | undefined | typeof TIMED_OUT {
  const matching = matchFilters(index.facets, query.filters);
  if (query.q === undefined) return matching;
  const ranked = rankQuery(index, {
    q: query.q,
    filters: query.filters,
    matching,
    depth: Number.POSITIVE_INFINITY,
    deadline: context.deadline,
    now: context.now,
  });
  if (ranked === TIMED_OUT) return TIMED_OUT;
  return bitsetOf(index.catalog.exercises.length, ranked);
}

function filtersKey(filters: readonly Filter[], rules: TextRules): string {
  return filters
    .map(
      (filter) =>
        `${filter.field}=${filter.values
          .map((value) => keyOf(filter.field, value, rules))
          .sort()
          .join('|')}`,
    )
    .sort()
    .join('&');
}

/** Rankings kept per catalog (by query, filters and depth). */
export const RANKING_CACHE_SIZE = 2000;

interface CachedRanking {
  /** How many were asked for; fewer positions than this means there are no more. */
  readonly depth: number;
  readonly positions: Int32Array;
}

/** Recent rankings of a search index, by plan and filters. */
export const RANKINGS: CacheKind<BoundedCache<string, CachedRanking>, unknown> = {
  name: 'rankings by query plan and filters',
  make: () => new BoundedCache(RANKING_CACHE_SIZE),
};

interface RankRequest {
  q: string;
  filters: readonly Filter[];
  /** The filters' bitset (filters/facet-index.ts matchFilters), undefined when there are none. */
  matching: Bitset | undefined;
  /** How many of the best are needed (offset + limit), or Infinity for all. */
  depth: number;
  deadline: number;
  now: () => number;
}

/** The best `depth` positions for a text query within the filters, best first; or TIMED_OUT. Cached. */
export function rankQuery(index: SearchIndex, request: RankRequest): Int32Array | typeof TIMED_OUT {
  const budget = new Budget(request.deadline, request.now);
  try {
    const plan = planQuery(request.q, index.planContext, budget);
    budget.check();
    const key = `${plan.key}\u0001${filtersKey(request.filters, index.facets.rules)}`;
    const rankings = index.caches.of(RANKINGS);
    const cached = rankings.get(key);
    if (cached !== undefined && (cached.depth >= request.depth || cached.positions.length < cached.depth)) return cached.positions;
    // Ask for a little more than needed, so the next page is usually served from the cache.
    const depth =
      request.depth === Number.POSITIVE_INFINITY ? Number.MAX_SAFE_INTEGER : Math.max(64, 2 ** Math.ceil(Math.log2(request.depth)));
    const positions = index.ranker.rank(plan, request.matching, depth, budget);
    budget.check();
    rankings.set(key, { depth, positions });
    return positions;
  } catch (error) {
    return timedOut(error);
  }
}
