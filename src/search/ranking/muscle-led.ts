/**
 * The ranking of a muscle-led query (text/query-plan.ts): an exercise named exactly what was typed first,
 * then those that train the muscle as a primary mover, then those that work it otherwise, then
 * stretches and soft-tissue work (text/term-index.ts, isSoftWork); text matches that only name the muscle
 * come after those that work it. Ties keep the default order.
 */
import { type Bitset, hasBit, intersectInto, unionOf } from '../structures/bitset.ts';
import type { FacetIndex } from '../filters/facet-index.ts';
import type { PostingList } from './posting-lists.ts';
import type { Slot } from '../text/query-plan.ts';
import { TIER_SCALE, TIER_WHOLE_NAME, tierOf } from './tiers.ts';
import type { Budget } from '../structures/budget.ts';
import { FIELD_NAME, type TermIndex } from '../text/term-index.ts';
import type { TopK } from '../structures/top-k.ts';

/** What the ranking borrows from its Ranker: the indexes, and scratch arrays it resets before returning. */
export interface MuscleRanker {
  readonly index: TermIndex;
  readonly facets: FacetIndex;
  /** Per position, zero between rankings. */
  readonly total: Float64Array;
  /** Per position, zero between rankings. */
  readonly fields: Int32Array;
  readonly top: TopK;
}

/** What a muscle-led query asks: its muscles, its slots and their text matches, a filter, how many. */
export interface MuscleQuery {
  readonly muscles: readonly string[];
  readonly slots: readonly Slot[];
  readonly matches: PostingList;
  readonly filter: Bitset | undefined;
  readonly k: number;
}

/** Positions of a muscle-led query, best first, at most `k`. */
export function rankMuscleLed(ranker: MuscleRanker, { muscles, slots, matches, filter, k }: MuscleQuery, budget: Budget): Int32Array {
  const size = ranker.index.docCount;
  const anyBits = muscles.map((m) => ranker.facets.bitsets.get('muscle')!.get(m)).filter((b): b is Bitset => b !== undefined);
  const primary = unionOf(
    size,
    muscles.map((m) => ranker.facets.primaryMuscles.get(m)).filter((b): b is Bitset => b !== undefined),
  );
  const working = unionOf(size, anyBits);
  if (filter !== undefined) intersectInto(working, filter);
  const soft = ranker.index.isSoftWork;
  // Text scores of the exercises that also match as text, by position, for the duration of this ranking.
  const total = ranker.total;
  const matchFields = ranker.fields;
  for (let i = 0; i < matches.positions.length; i++) {
    total[matches.positions[i]!] = matches.scores[i]! * matches.weight + 1e-9;
    matchFields[matches.positions[i]!] = matches.fields[i]!;
  }
  try {
    const keyOf = (p: number): number => {
      const score = total[p]!;
      // An exercise named exactly what was typed ("Adductor") still comes first.
      const isWholeName =
        score > 0 && (matchFields[p]! & FIELD_NAME) !== 0 && tierOf(ranker.index, p, matchFields[p]!, slots) === TIER_WHOLE_NAME;
      const tier = isWholeName ? 3 : soft[p] === 1 ? 0 : hasBit(primary, p) ? 2 : 1;
      return tier * TIER_SCALE + score;
    };
    const top = ranker.top.reset(Math.min(k, size));
    for (let w = 0; w < working.length; w++) {
      let word = working[w]!;
      while (word !== 0) {
        const lowest = word & -word;
        const p = (w << 5) + (31 - Math.clz32(lowest));
        word ^= lowest;
        top.offer(keyOf(p), p);
      }
      if ((w & 255) === 255) budget.check();
    }
    // Exercises that name the muscle only in their text still count, after those that work it.
    for (let i = 0; i < matches.positions.length; i++) {
      const p = matches.positions[i]!;
      if (hasBit(working, p) || (filter !== undefined && !hasBit(filter, p))) continue;
      top.offer(keyOf(p), p);
    }
    return top.sorted();
  } finally {
    for (let i = 0; i < matches.positions.length; i++) {
      total[matches.positions[i]!] = 0;
      matchFields[matches.positions[i]!] = 0;
    }
  }
}
