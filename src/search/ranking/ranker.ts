/**
 * Ranks the exercises a query plan matches (text/query-plan.ts), best first, keeping only the best k.
 *
 * - AND first: an exercise must match every slot. Only when none does, an OR fallback keeps those
 *   that match at least half the slots carrying MIN_COVERAGE of the query's weight (rarer slots weigh
 *   more, words the catalog does not know most), so a query with no real match returns few results or
 *   none, not everything that shares one common word with it.
 * - Tiers before scores: the whole name, then a whole authored alias (with the typed words in the
 *   name; an alias alone ranks with phrases), then a phrase of the name, each first as typed and then
 *   through the dictionary's synonyms (so "burpees" puts "Burpee" before its synonym "Squat Thrust");
 *   then every slot somewhere in the name (as typed, then through synonyms); then the rest. Within a
 *   tier, the summed BM25 scores plus the exercise's canonical prior, which puts the plain form of a
 *   movement before its variants (text/canonical-prior.ts; the tiers are worked out in ranking/tiers.ts).
 * - A muscle-led query ranks an exercise named exactly so first, then those that train the muscle as a
 *   primary mover, then those that work it otherwise, then stretches and soft-tissue work (text/term-index.ts,
 *   isSoftWork; ranking/muscle-led.ts).
 * - Ties keep the default order (the lower position wins).
 * The AND is computed by intersecting sorted lists, shortest slot first, probing long expansions
 * (a one-letter completion, a common word) with the short list instead of uniting them; only the OR
 * fallback accumulates every slot into dense per-exercise arrays, owned by the ranker and reset after
 * every query. Tiers are computed only for exercises whose best possible key can still enter the top k.
 */
import { type Bitset, hasBit } from '../structures/bitset.ts';
import { BoundedCache } from '../structures/bounded-cache.ts';
import type { FacetIndex } from '../filters/facet-index.ts';
import {
  EMPTY_LIST,
  expansionList,
  intersectAdding,
  intersectExpansion,
  type PostingList,
  TermLists,
  UnionScratch,
  unionBest,
} from './posting-lists.ts';
import type { QueryPlan, Slot } from '../text/query-plan.ts';
import { hasAliasSpanning, TIER_PHRASE, TIER_SCALE, TIER_WHOLE_ALIAS, TIER_WHOLE_NAME, tierOf, wholeSpan } from './tiers.ts';
import type { Budget } from '../structures/budget.ts';
import type { Expansion } from '../text/term-expansion.ts';
import { FIELD_KEYWORDS, FIELD_NAME, type TermIndex } from '../text/term-index.ts';
import { TopK } from '../structures/top-k.ts';
import { type MuscleRanker, rankMuscleLed } from './muscle-led.ts';

/** Postings held by the per-slot list cache, at most (about 9 bytes each). */
const SLOT_CACHE_POSTINGS = 4_000_000;
/** In the OR fallback, the share of the query's weight (rarer slots weigh more) an exercise must match. */
export const MIN_COVERAGE = 0.6;

export class Ranker {
  readonly #index: TermIndex;
  readonly #terms: TermLists;
  readonly #scratch: UnionScratch;
  readonly #total: Float64Array;
  readonly #mask: Int32Array;
  readonly #touched: Int32Array;
  /** The top-k heap, reused by every ranking (they run one at a time). */
  readonly #top = new TopK(64);
  /**
   * Each slot's whole list (all its alternatives united), by slot key: the words of a catalog recur
   * across queries, so this is a per-term cache like the expansions', bounded by postings held.
   */
  readonly #slotLists = new BoundedCache<string, PostingList>(SLOT_CACHE_POSTINGS, (list) => list.positions.length + 1);

  /** The muscle-led ranking's view of this ranker (ranking/muscle-led.ts). */
  readonly #muscleRanker: MuscleRanker;

  constructor(index: TermIndex, facets: FacetIndex) {
    const n = index.docCount;
    this.#index = index;
    this.#terms = new TermLists(index);
    this.#scratch = new UnionScratch(n);
    this.#total = new Float64Array(n);
    this.#mask = new Int32Array(n);
    this.#touched = new Int32Array(n);
    this.#muscleRanker = { index, facets, total: this.#total, fields: this.#mask, top: this.#top };
  }

  /** Positions matching `plan` (and `filter`), best first, at most `k`. */
  rank(plan: QueryPlan, filter: Bitset | undefined, k: number, budget: Budget): Int32Array {
    const slots = plan.slots;
    if (slots.length === 0) return new Int32Array(0);
    const matches = this.#matchAll(slots, budget);
    if (plan.muscles !== undefined) return rankMuscleLed(this.#muscleRanker, { muscles: plan.muscles, slots, matches, filter, k }, budget);
    const kept = filter === undefined ? matches : this.#keep(matches, filter);
    if (kept.positions.length > 0) return this.#rankMatches(slots, kept, k, budget);
    return this.#rankCoverage(slots, filter, k, budget);
  }

  /** The entries of `list` whose position is in `filter`. */
  #keep(list: PostingList, filter: Bitset): PostingList {
    const n = list.positions.length;
    const positions = new Int32Array(n);
    const scores = new Float32Array(n);
    const fields = new Uint8Array(n);
    let k = 0;
    for (let i = 0; i < n; i++) {
      const p = list.positions[i]!;
      if (!hasBit(filter, p)) continue;
      positions[k] = p;
      scores[k] = list.scores[i]! * list.weight;
      fields[k++] = list.fields[i]!;
    }
    return { positions: positions.subarray(0, k), scores: scores.subarray(0, k), fields: fields.subarray(0, k), weight: 1 };
  }

  /** An upper bound on how many exercises a slot matches (for choosing the order of the AND). */
  #estimate(slot: Slot): number {
    let size = 0;
    for (const alternative of slot.alternatives) {
      let smallest = Number.MAX_SAFE_INTEGER;
      for (const atom of alternative) smallest = Math.min(smallest, this.#terms.sizeOf(atom));
      size += smallest;
    }
    return size;
  }

  /** `list` AND one atom: probe the atom's terms with the list when they are many times longer. */
  #andAtom(list: PostingList, atom: Expansion, budget: Budget): PostingList {
    const size = this.#terms.sizeOf(atom);
    if (atom.ids.length > 1 && size > 4 * list.positions.length * atom.ids.length)
      return intersectExpansion(list, this.#terms, atom, this.#scratch, budget);
    return intersectAdding(list, expansionList(this.#terms, atom, this.#scratch, budget), this.#scratch, budget);
  }

  /** Everything a slot matches (cached per slot key). */
  #slotList(slot: Slot, budget: Budget): PostingList {
    let list = this.#slotLists.get(slot.key);
    if (list === undefined) {
      list = this.#andSlot(undefined, slot, budget);
      this.#slotLists.set(slot.key, list);
    }
    return list;
  }

  /** `list` AND a slot: the union over its alternatives of `list` AND all of the alternative's atoms. */
  #andSlot(list: PostingList | undefined, slot: Slot, budget: Budget): PostingList {
    const parts: PostingList[] = [];
    for (const alternative of slot.alternatives) {
      let part = list;
      const atoms = alternative.length === 1 ? alternative : [...alternative].sort((a, b) => this.#terms.sizeOf(a) - this.#terms.sizeOf(b));
      for (const atom of atoms) {
        part = part === undefined ? expansionList(this.#terms, atom, this.#scratch, budget) : this.#andAtom(part, atom, budget);
        if (part.positions.length === 0) break;
      }
      if (part !== undefined && part.positions.length > 0) parts.push(part);
    }
    return unionBest(parts, this.#scratch, budget);
  }

  /** The exercises matching every slot, with summed scores and the fields every slot matched in. */
  #matchAll(slots: readonly Slot[], budget: Budget): PostingList {
    const estimates = slots.map((slot) => this.#estimate(slot));
    const ordered =
      slots.length === 1
        ? slots
        : slots
            .map((_, i) => i)
            .sort((a, b) => estimates[a]! - estimates[b]!)
            .map((i) => slots[i]!);
    let list: PostingList | undefined;
    for (const slot of ordered) {
      // A slot already known whole is intersected as one list; otherwise it is probed with what is left.
      const whole = list === undefined ? this.#slotList(slot, budget) : this.#slotLists.get(slot.key);
      list =
        list === undefined
          ? whole!
          : whole !== undefined
            ? intersectAdding(list, whole, this.#scratch, budget)
            : this.#andSlot(list, slot, budget);
      if (list.positions.length === 0) return EMPTY_LIST;
    }
    return list ?? EMPTY_LIST;
  }

  /** Ranks the exercises that match every slot; a tier is only worked out when it could matter. */
  #rankMatches(slots: readonly Slot[], matches: PostingList, k: number, budget: Budget): Int32Array {
    const { positions, scores, fields, weight } = matches;
    // The canonical prior is added within a tier, so a plain form never rises above a better-matched variant.
    const { nameStart, canonicalPrior: priors } = this.#index;
    const [fewest, most] = wholeSpan(slots);
    const top = this.#top.reset(Math.min(k, positions.length));
    for (let i = 0; i < positions.length; i++) {
      const p = positions[i]!;
      const score = scores[i]! * weight + priors[p]!;
      // The best tier this exercise could have: the whole name only when its length allows it.
      const nameLength = nameStart[p + 1]! - nameStart[p]!;
      const inName = (fields[i]! & FIELD_NAME) !== 0;
      const bound =
        inName && nameLength >= fewest && nameLength <= most
          ? TIER_WHOLE_NAME
          : (fields[i]! & FIELD_KEYWORDS) !== 0 && hasAliasSpanning(this.#index, p, fewest, most)
            ? inName
              ? TIER_WHOLE_ALIAS
              : TIER_PHRASE
            : inName
              ? TIER_PHRASE
              : 0;
      if (!top.admits(bound * TIER_SCALE + score, p)) continue;
      top.offer(tierOf(this.#index, p, fields[i]!, slots) * TIER_SCALE + score, p);
      if ((i & 255) === 255) budget.check();
    }
    return top.sorted();
  }

  /** OR fallback: rarer slots weigh more; an unmatched slot (a word the catalog does not know) weighs most. */
  #rankCoverage(slots: readonly Slot[], filter: Bitset | undefined, k: number, budget: Budget): Int32Array {
    const lists = slots.map((slot) => this.#slotList(slot, budget));
    if (slots.length <= 2) return this.#rankOneOfTwo(lists, filter, k);
    const total = this.#total;
    const mask = this.#mask;
    const touched = this.#touched;
    let count = 0;
    try {
      lists.forEach((list, s) => {
        const bit = 1 << s;
        const { positions, scores, weight } = list;
        budget.spend(positions.length);
        for (let i = 0; i < positions.length; i++) {
          const p = positions[i]!;
          if (mask[p] === 0) touched[count++] = p;
          mask[p]! |= bit;
          total[p]! += scores[i]! * weight;
        }
      });
      const n = this.#index.docCount;
      const weights = lists.map((list) => Math.log(1 + n / (list.positions.length + 0.5)));
      const whole = weights.reduce((sum, w) => sum + w, 0);
      const top = this.#top.reset(Math.min(k, count));
      // Half the slots at least, too: one rare word must not carry a long query ("six pack abs fast").
      const fewestSlots = Math.ceil(slots.length / 2);
      for (let i = 0; i < count; i++) {
        const p = touched[i]!;
        if (filter !== undefined && !hasBit(filter, p)) continue;
        let matched = 0;
        let matchedSlots = 0;
        for (let s = 0; s < slots.length; s++) {
          if ((mask[p]! & (1 << s)) === 0) continue;
          matched += weights[s]!;
          matchedSlots++;
        }
        const coverage = matched / whole;
        if (coverage >= MIN_COVERAGE && matchedSlots >= fewestSlots) top.offer(total[p]! * coverage * coverage, p);
        if ((i & 1023) === 1023) budget.check();
      }
      return top.sorted();
    } finally {
      for (let i = 0; i < count; i++) {
        total[touched[i]!] = 0;
        mask[touched[i]!] = 0;
      }
    }
  }

  /**
   * The OR fallback of one or two slots, without the dense arrays: nothing matches both, so an
   * exercise matches one slot, and only the slot carrying MIN_COVERAGE of the weight can qualify.
   */
  #rankOneOfTwo(lists: readonly PostingList[], filter: Bitset | undefined, k: number): Int32Array {
    if (lists.length < 2) return new Int32Array(0);
    const n = this.#index.docCount;
    const [a, b] = lists.map((list) => Math.log(1 + n / (list.positions.length + 0.5))) as [number, number];
    const best = a >= b ? 0 : 1;
    const coverage = Math.max(a, b) / (a + b);
    if (coverage < MIN_COVERAGE) return new Int32Array(0);
    const { positions, scores, weight } = lists[best]!;
    const top = this.#top.reset(Math.min(k, positions.length));
    for (let i = 0; i < positions.length; i++) {
      const p = positions[i]!;
      if (filter === undefined || hasBit(filter, p)) top.offer(scores[i]! * weight * coverage * coverage, p);
    }
    return top.sorted();
  }
}
