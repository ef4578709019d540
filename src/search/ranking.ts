/**
 * Ranks the exercises a query plan matches (query-plan.ts), best first, keeping only the best k.
 *
 * - AND first: an exercise must match every slot. Only when none does, an OR fallback keeps those
 *   that match most of the query, weighted by how rare each slot is (MIN_COVERAGE), so a query with
 *   no real match returns few results or none, not everything that shares one common word with it.
 * - Tiers before scores: the whole name, then a whole authored alias (with the typed words in the name;
 *   an alias alone ranks with phrases), then a phrase of the name, each
 *   first as typed and then through the dictionary's synonyms (so "burpees" puts "Burpee" before its
 *   synonym "Squat Thrust"); then every slot somewhere in the name (as typed, then through synonyms);
 *   then the rest. Within a tier, the summed BM25 scores.
 * - A muscle-led query ranks an exercise named exactly so first, then those that train the muscle as a
 *   primary mover, then those that work it otherwise, then stretches and soft-tissue work (term-index.ts,
 *   isSoftWork).
 * - Ties keep the default order (the lower position wins).
 * Per-exercise accumulators are dense typed arrays owned by the ranker, reset after every query.
 */
import { type Bitset, hasBit, intersectInto, unionOf } from './bitset.ts';
import type { FacetIndex } from './facet-index.ts';
import { EMPTY_LIST, expansionList, intersectAdding, type PostingList, UnionScratch, unionBest } from './posting-lists.ts';
import type { Alternative, QueryPlan, Slot } from './query-plan.ts';
import type { Budget } from './search-budget.ts';
import { FIELD_KEYWORDS, FIELD_NAME, type TermIndex } from './term-index.ts';
import { TopK } from './top-k.ts';

/** In the OR fallback, the share of the query's weight (rarer slots weigh more) an exercise must match. */
export const MIN_COVERAGE = 0.6;
const TIER_SCALE = 1e6;
/** Tiers as typed; the same match through a synonym ranks SYNONYM_DROP lower (below every typed phrase). */
const TIER_WHOLE_NAME = 8;
const TIER_WHOLE_ALIAS = 7;
const TIER_PHRASE = 6;
const SYNONYM_DROP = 3;
/** Every slot in the name in any order: as typed, or through synonyms. */
const TIER_ALL_IN_NAME_TYPED = 2;
const TIER_ALL_IN_NAME = 1;

function contains(ids: Int32Array, id: number): boolean {
  for (let i = 0; i < ids.length; i++) if (ids[i] === id) return true;
  return false;
}

/**
 * Whether slots[s..] match tokens[pos..] consecutively, in order (and, with `toEnd`, use every token);
 * with `isTypedOnly`, through the typed readings only.
 */
function matchesFrom(tokens: Int32Array, slots: readonly Slot[], s: number, pos: number, toEnd: boolean, isTypedOnly: boolean): boolean {
  if (s === slots.length) return !toEnd || pos === tokens.length;
  const slot = slots[s]!;
  const count = isTypedOnly ? slot.typedCount : slot.alternatives.length;
  for (let a = 0; a < count; a++) {
    const alternative = slot.alternatives[a]!;
    if (pos + alternative.length > tokens.length) continue;
    let isMatch = true;
    for (let k = 0; k < alternative.length && isMatch; k++) isMatch = contains(alternative[k]!.ids, tokens[pos + k]!);
    if (isMatch && matchesFrom(tokens, slots, s + 1, pos + alternative.length, toEnd, isTypedOnly)) return true;
  }
  return false;
}

function isPhraseIn(tokens: Int32Array, slots: readonly Slot[], isTypedOnly: boolean): boolean {
  for (let start = 0; start < tokens.length; start++) if (matchesFrom(tokens, slots, 0, start, false, isTypedOnly)) return true;
  return false;
}

export class Ranker {
  readonly #index: TermIndex;
  readonly #facets: FacetIndex;
  readonly #scratch: UnionScratch;
  readonly #total: Float64Array;
  readonly #mask: Int32Array;
  readonly #inName: Uint8Array;
  readonly #inKeywords: Uint8Array;
  readonly #touched: Int32Array;

  constructor(index: TermIndex, facets: FacetIndex) {
    const n = index.docCount;
    this.#index = index;
    this.#facets = facets;
    this.#scratch = new UnionScratch(n);
    this.#total = new Float64Array(n);
    this.#mask = new Int32Array(n);
    this.#inName = new Uint8Array(n);
    this.#inKeywords = new Uint8Array(n);
    this.#touched = new Int32Array(n);
  }

  /** Positions matching `plan` (and `filter`), best first, at most `k`. */
  rank(plan: QueryPlan, filter: Bitset | undefined, k: number, budget: Budget): Int32Array {
    const slots = plan.slots;
    if (slots.length === 0) return new Int32Array(0);
    const lists = slots.map((slot) => this.#slotList(slot, budget));
    let touchedCount = 0;
    try {
      touchedCount = this.#accumulate(lists, budget);
      return plan.muscles !== undefined
        ? this.#rankMuscleLed(plan.muscles, slots, touchedCount, filter, k, budget)
        : this.#rankText(slots, lists, touchedCount, filter, k, budget);
    } finally {
      for (let i = 0; i < touchedCount; i++) {
        const p = this.#touched[i]!;
        this.#total[p] = 0;
        this.#mask[p] = 0;
        this.#inName[p] = 0;
        this.#inKeywords[p] = 0;
      }
    }
  }

  #alternativeList(alternative: Alternative, budget: Budget): PostingList {
    const parts = alternative.map((atom) => expansionList(this.#index, atom, this.#scratch, budget));
    parts.sort((a, b) => a.positions.length - b.positions.length);
    let list = parts[0] ?? EMPTY_LIST;
    for (let i = 1; i < parts.length && list.positions.length > 0; i++) list = intersectAdding(list, parts[i]!, budget);
    return list;
  }

  #slotList(slot: Slot, budget: Budget): PostingList {
    return unionBest(slot.alternatives.map((alternative) => this.#alternativeList(alternative, budget)), this.#scratch, budget);
  }

  /** Adds every slot's list into the dense accumulators; returns how many exercises were touched. */
  #accumulate(lists: readonly PostingList[], budget: Budget): number {
    const total = this.#total;
    const mask = this.#mask;
    const inName = this.#inName;
    const inKeywords = this.#inKeywords;
    const touched = this.#touched;
    let count = 0;
    lists.forEach((list, s) => {
      const bit = 1 << s;
      const { positions, scores, fields } = list;
      budget.spend(positions.length);
      for (let i = 0; i < positions.length; i++) {
        const p = positions[i]!;
        if (mask[p] === 0) touched[count++] = p;
        mask[p]! |= bit;
        total[p]! += scores[i]!;
        if ((fields[i]! & FIELD_NAME) !== 0) inName[p]! += 1;
        if ((fields[i]! & FIELD_KEYWORDS) !== 0) inKeywords[p]! += 1;
      }
    });
    return count;
  }

  #tierOf(p: number, slots: readonly Slot[]): number {
    const index = this.#index;
    const isAllInName = this.#inName[p] === slots.length;
    const isAllInKeywords = this.#inKeywords[p] === slots.length;
    if (!isAllInName && !isAllInKeywords) return 0;
    const name = index.nameTerms.subarray(index.nameStart[p]!, index.nameStart[p + 1]!);
    const isWholeAlias = (isTypedOnly: boolean): boolean => {
      for (let a = index.aliasDocStart[p]!; a < index.aliasDocStart[p + 1]!; a++) {
        if (matchesFrom(index.aliasTerms.subarray(index.aliasStart[a]!, index.aliasStart[a + 1]!), slots, 0, 0, true, isTypedOnly)) return true;
      }
      return false;
    };
    for (const isTypedOnly of [true, false]) {
      const drop = isTypedOnly ? 0 : SYNONYM_DROP;
      if (isAllInName && matchesFrom(name, slots, 0, 0, true, isTypedOnly)) return TIER_WHOLE_NAME - drop;
      // A whole alias counts fully when the name also holds what was typed; an alias alone ("hamstring
      // stretch" written on a yoga pose) ranks with the names that hold the phrase.
      if (isAllInKeywords && isWholeAlias(isTypedOnly)) return (isAllInName ? TIER_WHOLE_ALIAS : TIER_PHRASE) - drop;
      if (isAllInName && isPhraseIn(name, slots, isTypedOnly)) return TIER_PHRASE - drop;
    }
    if (!isAllInName) return 0;
    const isTypedInName = slots.every((slot) => {
      for (let a = 0; a < slot.typedCount; a++) if (slot.alternatives[a]!.every((atom) => name.some((token) => contains(atom.ids, token)))) return true;
      return false;
    });
    return isTypedInName ? TIER_ALL_IN_NAME_TYPED : TIER_ALL_IN_NAME;
  }

  #rankText(slots: readonly Slot[], lists: readonly PostingList[], touchedCount: number, filter: Bitset | undefined, k: number, budget: Budget): Int32Array {
    const full = (1 << slots.length) - 1;
    const touched = this.#touched;
    const mask = this.#mask;
    const total = this.#total;
    let andCount = 0;
    for (let i = 0; i < touchedCount; i++) {
      const p = touched[i]!;
      if (mask[p] === full && (filter === undefined || hasBit(filter, p))) andCount++;
    }
    budget.spend(touchedCount);
    if (andCount > 0) {
      const top = new TopK(Math.min(k, andCount));
      for (let i = 0; i < touchedCount; i++) {
        const p = touched[i]!;
        if (mask[p] !== full || (filter !== undefined && !hasBit(filter, p))) continue;
        top.offer(this.#tierOf(p, slots) * TIER_SCALE + total[p]!, p);
        if ((i & 1023) === 1023) budget.check();
      }
      return top.sorted();
    }
    // OR fallback: rarer slots weigh more; an unmatched slot (a word the catalog does not know) weighs most.
    const n = this.#index.docCount;
    const weights = lists.map((list) => Math.log(1 + n / (list.positions.length + 0.5)));
    const whole = weights.reduce((sum, w) => sum + w, 0);
    const top = new TopK(Math.min(k, touchedCount));
    for (let i = 0; i < touchedCount; i++) {
      const p = touched[i]!;
      if (filter !== undefined && !hasBit(filter, p)) continue;
      let matched = 0;
      for (let s = 0; s < slots.length; s++) if ((mask[p]! & (1 << s)) !== 0) matched += weights[s]!;
      const coverage = matched / whole;
      if (coverage >= MIN_COVERAGE) top.offer(total[p]! * coverage * coverage, p);
      if ((i & 1023) === 1023) budget.check();
    }
    return top.sorted();
  }

  #rankMuscleLed(muscles: readonly string[], slots: readonly Slot[], touchedCount: number, filter: Bitset | undefined, k: number, budget: Budget): Int32Array {
    const anyBits = muscles.map((m) => this.#facets.bitsets.get('muscle')!.get(m)).filter((b): b is Bitset => b !== undefined);
    const primaryBits = muscles.map((m) => this.#facets.primaryMuscles.get(m)).filter((b): b is Bitset => b !== undefined);
    const soft = this.#index.isSoftWork;
    const slotCount = slots.length;
    const full = (1 << slotCount) - 1;
    const keyOf = (p: number): number => {
      const isMatch = this.#mask[p] === full;
      // An exercise named exactly what was typed ("Adductor") still comes first.
      const isWholeName = isMatch && this.#inName[p] === slotCount && this.#tierOf(p, slots) === TIER_WHOLE_NAME;
      const isPrimary = primaryBits.some((bits) => hasBit(bits, p));
      const tier = isWholeName ? 3 : soft[p] === 1 ? 0 : isPrimary ? 2 : 1;
      return tier * TIER_SCALE + (isMatch ? this.#total[p]! : 0);
    };
    const working = unionOf(this.#index.docCount, anyBits);
    if (filter !== undefined) intersectInto(working, filter);
    const top = new TopK(Math.min(k, this.#index.docCount));
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
    for (let i = 0; i < touchedCount; i++) {
      const p = this.#touched[i]!;
      if (this.#mask[p] !== full || hasBit(working, p) || (filter !== undefined && !hasBit(filter, p))) continue;
      top.offer(keyOf(p), p);
    }
    return top.sorted();
  }
}
