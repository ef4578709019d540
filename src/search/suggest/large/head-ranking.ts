/**
 * Ranks a suggest reading from its cheapest slot's heads (suggest/large/term-heads.ts) instead of every
 * posting: exercises are read best bound first, each scored from its record (suggest/exercise-words.ts)
 * exactly as `rank` scores it, until no unread one can place. Gives `rank`'s answer or none (then
 * suggest ranks by postings).
 */
import type { Budget } from '../../structures/budget.ts';
import type { CacheKind, IndexCaches } from '../../structures/index-caches.ts';
import { type ExerciseWords, FLAG_BITS, FLAG_MASK, SlotValues, WORTH_OF_FIELDS } from '../exercise-words.ts';
import { isReadByWords, postingsOf, type Ranked, TopPositions, WORDS_PER_EXERCISE } from '../ranking.ts';
import type { Slot } from '../readings.ts';
import { CLASS_STARTS_NAME, CLASS_WORTH, HEAD_CLASSES, NO_REST, type TermHeads } from './term-heads.ts';
import type { TermPairs } from './term-pairs.ts';
import { FIELD_KEYWORDS, FIELD_NAME, type TermIndex } from '../../text/term-index.ts';
import { ALIAS_WEIGHT, NAME_START_BONUS, NAME_WEIGHT, PER_NAME_TERM } from '../weights.ts';

/** What ranking from heads reads: the term index, the term heads, the exercises' records and the term pairs. */
export interface SuggestSources {
  readonly terms: TermIndex;
  readonly termHeads: TermHeads;
  readonly exerciseWords: ExerciseWords;
  readonly termPairs: TermPairs;
  readonly caches: IndexCaches<{ readonly terms: TermIndex }>;
}

/**
 * Below this much reading (postings and candidates' words), `rank` is cheaper than setting up a walk of
 * the heads: at 100x the catalog `dow` (6,300 postings) takes `rank` 170-260 µs and a walk 30 µs, while
 * at 1x every reading of the benchmark's typing sessions stays under it.
 */
const MIN_RANK_COST = 2048;
/**
 * The same for a reading of one slot in a catalog of at least ONE_SLOT_MIN_EXERCISES: its walk reads
 * about as many exercises as it returns (each head's bound is its next exercise's score, up to ties),
 * where `rank` reads every candidate, scattered over a catalog too large for the CPU's caches: at 100x
 * `romani` (1,800 postings) takes `rank` 400-600 µs the first time and a walk under 50. In a smaller
 * catalog `rank`'s reads stay cached and the walk's (heads, pairs, records) are the colder ones: at 1x
 * `lat` (1,047 postings) took 70-150 µs the first time from the heads, 30-40 by `rank`.
 */
const MIN_RANK_COST_ONE_SLOT = 1024;
const ONE_SLOT_MIN_EXERCISES = 16_384;

/** Per term index: per slot, term id -> its weight (0: not in the slot); which exercises were read. Reset after each call. */
interface Scratch {
  readonly weightOf: Float64Array[];
  readonly isRead: Uint8Array;
  readonly values: SlotValues;
  /** term id -> the fields it fills in one head's exercises (markPairs); all 0 between calls. */
  readonly fieldsOf: Uint8Array;
}

/** Scratch arrays sized to the catalog, one set per search index. */
const SCRATCH: CacheKind<Scratch, { readonly terms: TermIndex }> = {
  name: "suggest's scratch arrays for ranking from heads",
  make: ({ terms }) => ({
    weightOf: [new Float64Array(terms.terms.length)],
    isRead: new Uint8Array(terms.docCount),
    values: new SlotValues(),
    fieldsOf: new Uint8Array(terms.terms.length),
  }),
};

/** How `rank` reads a reading: the order it sums the slots in, and per slot whether from words (1) or postings (0). */
interface Plan {
  readonly order: readonly number[];
  readonly byWords: Uint8Array;
  /** About what `rank` would read (postings, and words of candidates), at least. */
  readonly rankCost: number;
}

/**
 * `rank`'s plan for `slots`, when it is certain without reading postings: its candidates (the exercises
 * of its cheapest slot) are at least its most frequent word's and at most all its words' together.
 */
function planOf(terms: TermIndex, heads: TermHeads, slots: readonly Slot[]): Plan | undefined {
  const costs = slots.map((slot) => postingsOf(terms, slot));
  const order = slots.map((_, s) => s).sort((a, b) => costs[a]! - costs[b]!);
  let least = 0;
  let most = 0;
  for (const id of slots[order[0]!]!.keys()) {
    least = Math.max(least, heads.suggestCount[id]!);
    most += heads.suggestCount[id]!;
  }
  const byWords = new Uint8Array(slots.length);
  let rankCost = costs[order[0]!]!;
  for (let k = 1; k < order.length; k++) {
    const cost = costs[order[k]!]!;
    if (isReadByWords(cost, most)) byWords[order[k]!] = 1;
    else if (isReadByWords(cost, least)) return undefined;
    rankCost += byWords[order[k]!] === 1 ? least * WORDS_PER_EXERCISE : cost;
  }
  return { order, byWords, rankCost };
}

/** Exercise `p`'s score as `rank` gives it (the slots' values summed in its order, as float32), or -Infinity when a slot misses. */
function scoreOf(words: ExerciseWords, p: number, plan: Plan, weightOf: readonly Float64Array[], values: SlotValues): number {
  values.read(words, p, weightOf, plan.order.length);
  let total = 0;
  for (const s of plan.order) {
    const value = plan.byWords[s] === 1 ? values.byWords(s) : values.byPostings(s);
    if (value === 0) return -Infinity;
    total = Math.fround(total + Math.fround(value));
  }
  const isStart = values.firstWord >= 0 && weightOf[0]![values.firstWord]! > 0;
  return Math.fround(total + ((isStart ? NAME_START_BONUS : 0) - PER_NAME_TERM * values.nameLength));
}

/**
 * The best `limit` exercises of a reading, best first, read from the heads of one slot's words;
 * undefined when `rank` would read less than `minRankCost`, when a head ran out before the answer was
 * certain, when that would read more than ranking by postings, or when `rank`'s way of valuing a slot is
 * not certain (then rank by postings). Equal to `rank`'s.
 */
export function rankFromHeads(
  sources: SuggestSources,
  slots: readonly Slot[],
  limit: number,
  budget: Budget,
  minRankCost = slots.length === 1 && sources.terms.docCount >= ONE_SLOT_MIN_EXERCISES ? MIN_RANK_COST_ONE_SLOT : MIN_RANK_COST,
): Ranked | undefined {
  if (!hasPositiveWeights(slots)) return undefined;
  const { terms, termHeads: heads, exerciseWords } = sources;
  const plan = planOf(terms, heads, slots);
  if (plan === undefined || plan.rankCost < minRankCost) return undefined;
  const { weightOf, isRead, values, fieldsOf } = sources.caches.of(SCRATCH);
  while (weightOf.length < slots.length) weightOf.push(new Float64Array(terms.terms.length));
  const read: number[] = [];
  try {
    for (let s = 0; s < slots.length; s++) setWeights(weightOf[s]!, slots[s]!);
    const walk = new HeadWalk(sources, slots, plan, fieldsOf);
    const best = new TopPositions(limit);
    for (;;) {
      const isFull = best.positions.length === limit;
      const next = walk.next(isFull ? best.scores[limit - 1]! : -Infinity, isFull ? best.positions[limit - 1]! : -1);
      if (next < 0) break;
      const p = walk.take(next);
      // A head that ran out, or reading more than ranking by postings would: rank by postings.
      if (p < 0 || read.length * WORDS_PER_EXERCISE > plan.rankCost) return undefined;
      if (isRead[p] === 1) continue;
      isRead[p] = 1;
      read.push(p);
      const score = scoreOf(exerciseWords, p, plan, weightOf, values);
      if (score !== -Infinity) best.offer(p, score);
    }
    budget.spend(read.length * slots.length * 8);
    return { positions: Int32Array.from(best.positions), scores: Float32Array.from(best.scores) };
  } finally {
    for (let s = 0; s < slots.length; s++) clearWeights(weightOf[s]!, slots[s]!);
    for (const p of read) isRead[p] = 0;
  }
}

/** Whether every word of every slot weighs more than 0, as every reading's do: the bounds and the start test assume it. */
function hasPositiveWeights(slots: readonly Slot[]): boolean {
  for (const slot of slots) for (const weight of slot.values()) if (!(weight > 0)) return false;
  return true;
}

function setWeights(weightOf: Float64Array, slot: Slot): void {
  for (const [id, weight] of slot) weightOf[id] = weight;
}

function clearWeights(weightOf: Float64Array, slot: Slot): void {
  for (const id of slot.keys()) weightOf[id] = 0;
}

/**
 * The most a slot can add to a score in an exercise whose words fill the fields `fieldsOf` gives
 * (term id -> FIELD_NAME, FIELD_KEYWORDS, IN_BOTH; 0: absent): valued from postings, its best
 * word's weight x that word's fields; from words, its best name word's weight x the name's weight plus
 * its best alias word's weight x the alias weight (two words may fill them). 0 when none of its words is there.
 */
function mostOf(slot: Slot, fieldsOf: Uint8Array, isByWords: boolean): number {
  let most = 0;
  let inName = 0;
  let inAlias = 0;
  for (const [id, weight] of slot) {
    const fields = fieldsOf[id]!;
    most = Math.max(most, weight * WORTH_OF_FIELDS[fields]!);
    if ((fields & FIELD_NAME) !== 0) inName = Math.max(inName, weight);
    if ((fields & FIELD_KEYWORDS) !== 0) inAlias = Math.max(inAlias, weight);
  }
  return isByWords ? inName * NAME_WEIGHT + inAlias * ALIAS_WEIGHT : most;
}

/** Marks (or, with `mark` false, clears) in `fieldsOf` the words found in head `h`'s exercises and their fields there. */
function markPairs(pairs: TermPairs, h: number, fieldsOf: Uint8Array, mark: boolean): void {
  for (let e = pairs.pairStart[h]!; e < pairs.pairStart[h + 1]!; e++) {
    fieldsOf[pairs.pairs[e]! >>> FLAG_BITS] = mark ? pairs.pairs[e]! & FLAG_MASK : 0;
  }
}

/**
 * The heads of the driving slot's words, read best bound first. A head's bound is the score `rank`
 * would give with the driving slot worth its word's weight x the class's fields (where the word starts
 * the name, the slot's most), every other slot its most, the start bonus unless the driving slot is the
 * first and the word does not start the name, and the name's length: summed as `scoreOf` sums, so it
 * bounds every exercise whose best word of the slot this is, and ties compare exactly. A slot's most is
 * taken over the words found in the head's exercises, with the fields they fill there
 * (suggest/large/term-pairs.ts), so a head none of whose exercises holds some slot's word is never read.
 */
class HeadWalk {
  readonly #heads: TermHeads;
  /** Per head (word x class): its index in the heads, its cursor, its score less the name length part. */
  readonly #head: Int32Array;
  readonly #cursor: Int32Array;
  readonly #base: Float64Array;
  readonly #bonus: Float64Array;
  readonly #bound: Float64Array;

  constructor(sources: SuggestSources, slots: readonly Slot[], plan: Plan, fieldsOf: Uint8Array) {
    const { termHeads: heads, termPairs } = sources;
    this.#heads = heads;
    // The first slot when its value is its best word's (then only names that start with it get the bonus), else the cheapest.
    const driver = plan.byWords[0] === 0 ? 0 : plan.order[0]!;
    const count = slots[driver]!.size * HEAD_CLASSES;
    [this.#head, this.#cursor] = [new Int32Array(count), new Int32Array(count)];
    [this.#base, this.#bonus, this.#bound] = [new Float64Array(count), new Float64Array(count), new Float64Array(count)];
    let i = 0;
    for (const [id, weight] of slots[driver]!) {
      for (let c = 0; c < HEAD_CLASSES; c++) {
        const h = i * HEAD_CLASSES + c;
        this.#head[h] = id * HEAD_CLASSES + c;
        this.#cursor[h] = heads.headStart[this.#head[h]!]!;
        this.#bonus[h] = driver === 0 && c !== CLASS_STARTS_NAME ? 0 : NAME_START_BONUS;
        if (this.#cursor[h] === heads.headStart[this.#head[h]! + 1] && heads.restLength[this.#head[h]!] === NO_REST) {
          this.#bound[h] = -Infinity; // an empty head
          continue;
        }
        // Only a slot valued at its most reads the pairs: every slot but the driver, and the driver where its word starts the name.
        const isMarked = slots.length > 1 || c === CLASS_STARTS_NAME;
        if (isMarked) markPairs(termPairs, this.#head[h]!, fieldsOf, true);
        let total = 0;
        for (const s of plan.order) {
          const value =
            s !== driver || c === CLASS_STARTS_NAME ? mostOf(slots[s]!, fieldsOf, plan.byWords[s] === 1) : weight * CLASS_WORTH[c]!;
          // A slot with no word in this head's exercises: none of them matches the reading.
          total = value === 0 ? -Infinity : Math.fround(total + Math.fround(value));
          if (value === 0) break;
        }
        if (isMarked) markPairs(termPairs, this.#head[h]!, fieldsOf, false);
        this.#base[h] = total;
        this.#bound[h] = this.#boundAt(h);
      }
      i++;
    }
  }

  /** Head `h`'s bound at its cursor (at its rest past the end), or -Infinity when it is read to its end. */
  #boundAt(h: number): number {
    const { headStart, headLength, restLength } = this.#heads;
    let nameLength = restLength[this.#head[h]!]!;
    if (this.#cursor[h]! < headStart[this.#head[h]! + 1]!) nameLength = headLength[this.#cursor[h]!]!;
    else if (nameLength === NO_REST) return -Infinity;
    return Math.fround(this.#base[h]! + (this.#bonus[h]! - PER_NAME_TERM * nameLength));
  }

  /**
   * The head whose next exercise may place best (by bound, then position), given the last placed
   * (`worst` score at `worstPosition`; -Infinity while places are free), or -1 when none can place.
   */
  next(worst: number, worstPosition: number): number {
    const { headStart, headDoc } = this.#heads;
    let next = -1;
    let nextBound = -Infinity;
    let nextPosition = Infinity;
    for (let h = 0; h < this.#bound.length; h++) {
      const b = this.#bound[h]!;
      if (b === -Infinity || b < worst) continue;
      const position = this.#cursor[h]! < headStart[this.#head[h]! + 1]! ? headDoc[this.#cursor[h]!]! : -1;
      // At an equal score the earlier position places, and a head holds equal bounds in position order.
      if (b === worst && position > worstPosition) continue;
      if (b > nextBound || (b === nextBound && position < nextPosition)) [next, nextBound, nextPosition] = [h, b, position];
    }
    return next;
  }

  /** Head `h`'s next exercise, or -1 when its head ran out before its postings did. */
  take(h: number): number {
    if (this.#cursor[h]! === this.#heads.headStart[this.#head[h]! + 1]!) return -1;
    const p = this.#heads.headDoc[this.#cursor[h]!++]!;
    this.#bound[h] = this.#boundAt(h);
    return p;
  }
}
