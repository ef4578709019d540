/**
 * The pure function behind GET /v1/exercises: filters, optional text ranking, random sampling and
 * paging over one Catalog. It knows nothing of HTTP; the shell hands it a validated PageQuery.
 */
import type { Catalog } from '../catalog/catalog.ts';
import { type Bitset, bitsetOf, collectBits, countBits, hasBit, intersectInto } from './bitset.ts';
import { type Filter, matchFilters } from './facet-index.ts';
import { queryTerms, TIMED_OUT } from './text-index.ts';

export interface PageQuery {
  q: string | undefined;
  filters: readonly Filter[];
  random: boolean;
  limit: number;
  offset: number;
}

export interface Page {
  positions: number[];
  /** Exact count of matches without `q`; null with `q`, as the spec requires. */
  total: number | null;
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

function rankText(catalog: Catalog, q: string, context: PageContext): Int32Array | typeof TIMED_OUT {
  const terms = queryTerms(q);
  const key = terms.join(' ');
  const cached = catalog.rankings.get(key);
  if (cached !== undefined) return cached;
  const ranked = catalog.text.rank(terms, context.deadline, context.now);
  if (ranked !== TIMED_OUT) catalog.rankings.set(key, ranked);
  return ranked;
}

export function findPage(catalog: Catalog, query: PageQuery, context: PageContext): Page | typeof TIMED_OUT {
  const matching = matchFilters(catalog.facets, query.filters);
  if (query.q === undefined) {
    if (query.random) {
      const pool = matching === undefined ? Array.from(catalog.exercises.keys()) : collectBits(matching, 0, catalog.exercises.length);
      const total = pool.length;
      return { positions: sample(pool, query.limit, context.random), total };
    }
    if (matching === undefined) {
      const end = Math.min(catalog.exercises.length, query.offset + query.limit);
      const positions: number[] = [];
      for (let p = query.offset; p < end; p++) positions.push(p);
      return { positions, total: catalog.exercises.length };
    }
    return { positions: collectBits(matching, query.offset, query.limit), total: countBits(matching) };
  }

  const ranked = rankText(catalog, query.q, context);
  if (ranked === TIMED_OUT) return TIMED_OUT;
  const hits = matching === undefined ? ranked : ranked.filter((p) => hasBit(matching, p));
  // A cached ranking is shared by later requests: sample from a copy, never reorder it in place.
  if (query.random) return { positions: sample(hits === ranked ? ranked.slice() : hits, query.limit, context.random), total: null };
  return { positions: Array.from(hits.subarray(query.offset, query.offset + query.limit)), total: null };
}

/**
 * The whole match set of a query as a bitset (what facet counts are taken over): the filters' positions,
 * AND-ed with every text match when there is a `q`. `undefined` means everything matches.
 */
export function findMatchSet(catalog: Catalog, query: Pick<PageQuery, 'q' | 'filters'>, context: PageContext): Bitset | undefined | typeof TIMED_OUT {
  const matching = matchFilters(catalog.facets, query.filters);
  if (query.q === undefined) return matching;
  const ranked = rankText(catalog, query.q, context);
  if (ranked === TIMED_OUT) return TIMED_OUT;
  const hits = bitsetOf(catalog.exercises.length, ranked);
  if (matching !== undefined) intersectInto(hits, matching);
  return hits;
}
