/**
 * Ranks a suggest reading from its cheapest slot's heads (suggest-term-heads.ts) instead of every
 * posting: exercises are read best bound first, each scored from its own words exactly as `rank` scores
 * it, until no unread one can place. Gives `rank`'s answer or none (then suggest ranks by postings).
 */
import type { Budget } from './search-budget.ts';
import {
  ALIAS_WEIGHT,
  isReadByWords,
  NAME_START_BONUS,
  NAME_WEIGHT,
  PER_NAME_TERM,
  postingsOf,
  type Ranked,
  TopPositions,
  valueInExercise,
  WORDS_PER_EXERCISE,
} from './suggest-ranking.ts';
import type { Slot } from './suggest-readings.ts';
import { CLASS_STARTS_NAME, CLASS_WORTH, HEAD_CLASSES, NO_REST, type TermHeads } from './suggest-term-heads.ts';
import type { TermIndex } from './term-index.ts';

/** Below this much reading (postings and candidates' words), `rank` is cheaper than setting up a walk of the heads. */
const MIN_RANK_COST = 8192;

/** Per term index: per slot, term id -> its weight (0: not in the slot); which exercises were read. Reset after each call. */
interface Scratch {
  readonly weightOf: Float64Array[];
  readonly isRead: Uint8Array;
}

const scratches = new WeakMap<TermIndex, Scratch>();

function scratchOf(terms: TermIndex): Scratch {
  let scratch = scratches.get(terms);
  if (scratch === undefined) {
    scratch = { weightOf: [new Float64Array(terms.terms.length)], isRead: new Uint8Array(terms.docCount) };
    scratches.set(terms, scratch);
  }
  return scratch;
}

/** Whether term `id` is among exercise `p`'s alias words (`inName` false) or name words (true). */
function holds(terms: TermIndex, p: number, id: number, inName: boolean): boolean {
  const { nameStart, nameTerms, aliasDocStart, aliasStart, aliasTerms } = terms;
  if (inName) {
    for (let t = nameStart[p]!; t < nameStart[p + 1]!; t++) if (nameTerms[t] === id) return true;
    return false;
  }
  for (let t = aliasStart[aliasDocStart[p]!]!; t < aliasStart[aliasDocStart[p + 1]!]!; t++) if (aliasTerms[t] === id) return true;
  return false;
}

/** A slot's value in exercise `p` as its postings give it: its best word's weight x the fields it is in. */
function valueAsPostings(terms: TermIndex, p: number, weightOf: Float64Array): number {
  const { nameStart, nameTerms, aliasDocStart, aliasStart, aliasTerms } = terms;
  let value = 0;
  for (let t = nameStart[p]!; t < nameStart[p + 1]!; t++) {
    const weight = weightOf[nameTerms[t]!]!;
    if (weight > 0) value = Math.max(value, weight * (NAME_WEIGHT + (holds(terms, p, nameTerms[t]!, false) ? ALIAS_WEIGHT : 0)));
  }
  for (let t = aliasStart[aliasDocStart[p]!]!; t < aliasStart[aliasDocStart[p + 1]!]!; t++) {
    const weight = weightOf[aliasTerms[t]!]!;
    if (weight > 0 && !holds(terms, p, aliasTerms[t]!, true)) value = Math.max(value, weight * ALIAS_WEIGHT);
  }
  return value;
}

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
function scoreOf(terms: TermIndex, p: number, plan: Plan, weightOf: readonly Float64Array[]): number {
  const { nameStart, nameTerms } = terms;
  let total = 0;
  for (const s of plan.order) {
    const value = plan.byWords[s] === 1 ? valueInExercise(terms, p, weightOf[s]!) : valueAsPostings(terms, p, weightOf[s]!);
    if (value === 0) return -Infinity;
    total = Math.fround(total + Math.fround(value));
  }
  const nameLength = nameStart[p + 1]! - nameStart[p]!;
  const isStart = nameLength > 0 && weightOf[0]![nameTerms[nameStart[p]!]!]! > 0;
  return Math.fround(total + ((isStart ? NAME_START_BONUS : 0) - PER_NAME_TERM * nameLength));
}

/**
 * The best `limit` exercises of a reading, best first, read from the heads of one slot's words;
 * undefined when `rank` would read less than `minRankCost`, when a head ran out before the answer was
 * certain, when that would read more than ranking by postings, or when `rank`'s way of valuing a slot is
 * not certain (then rank by postings). Equal to `rank`'s.
 */
export function rankFromHeads(
  terms: TermIndex,
  heads: TermHeads,
  slots: readonly Slot[],
  limit: number,
  budget: Budget,
  minRankCost = MIN_RANK_COST,
): Ranked | undefined {
  // The bounds and the start test assume positive weights, as every reading has them.
  if (slots.some((slot) => [...slot.values()].some((weight) => !(weight > 0)))) return undefined;
  const plan = planOf(terms, heads, slots);
  if (plan === undefined || plan.rankCost < minRankCost) return undefined;
  const { weightOf, isRead } = scratchOf(terms);
  while (weightOf.length < slots.length) weightOf.push(new Float64Array(terms.terms.length));
  const read: number[] = [];
  try {
    for (let s = 0; s < slots.length; s++) setWeights(weightOf[s]!, slots[s]!);
    const walk = new HeadWalk(terms, heads, slots, plan);
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
      const score = scoreOf(terms, p, plan, weightOf);
      if (score !== -Infinity) best.offer(p, score);
    }
    budget.spend(read.length * slots.length * 8);
    return { positions: Int32Array.from(best.positions), scores: Float32Array.from(best.scores) };
  } finally {
    for (let s = 0; s < slots.length; s++) clearWeights(weightOf[s]!, slots[s]!);
    for (const p of read) isRead[p] = 0;
  }
}

function setWeights(weightOf: Float64Array, slot: Slot): void {
  for (const [id, weight] of slot) weightOf[id] = weight;
}

function clearWeights(weightOf: Float64Array, slot: Slot): void {
  for (const id of slot.keys()) weightOf[id] = 0;
}

/**
 * The heads of the driving slot's words, read best bound first. A head's bound is the score
 * `rank` would give with the driving slot worth its word's weight x the class's fields (its best weight
 * x both fields where the word starts the name), every other slot its most, the start bonus unless the
 * driving slot is the first and the word does not start the name, and the name's length: summed as
 * `scoreOf` sums, so it bounds every exercise whose best word of the slot this is, and ties compare exactly.
 */
class HeadWalk {
  readonly #terms: TermIndex;
  readonly #heads: TermHeads;
  /** Per head (word x class): its index in the heads, its cursor, its score less the name length part. */
  readonly #head: Int32Array;
  readonly #cursor: Int32Array;
  readonly #base: Float64Array;
  readonly #bonus: Float64Array;
  readonly #bound: Float64Array;

  constructor(terms: TermIndex, heads: TermHeads, slots: readonly Slot[], plan: Plan) {
    this.#terms = terms;
    this.#heads = heads;
    // The first slot when its value is its best word's (then only names that start with it get the bonus), else the cheapest.
    const driver = plan.byWords[0] === 0 ? 0 : plan.order[0]!;
    const most = slots.map((slot) => (NAME_WEIGHT + ALIAS_WEIGHT) * Math.max(0, ...slot.values()));
    const words = [...slots[driver]!];
    const count = words.length * HEAD_CLASSES;
    [this.#head, this.#cursor] = [new Int32Array(count), new Int32Array(count)];
    [this.#base, this.#bonus, this.#bound] = [new Float64Array(count), new Float64Array(count), new Float64Array(count)];
    words.forEach(([id, weight], i) => {
      for (let c = 0; c < HEAD_CLASSES; c++) {
        const h = i * HEAD_CLASSES + c;
        this.#head[h] = id * HEAD_CLASSES + c;
        this.#cursor[h] = heads.headStart[this.#head[h]!]!;
        let total = 0;
        for (const s of plan.order) {
          const value = s !== driver || c === CLASS_STARTS_NAME ? most[s]! : weight * CLASS_WORTH[c]!;
          total = Math.fround(total + Math.fround(value));
        }
        this.#base[h] = total;
        this.#bonus[h] = driver === 0 && c !== CLASS_STARTS_NAME ? 0 : NAME_START_BONUS;
        this.#bound[h] = this.#boundAt(h);
      }
    });
  }

  /** Head `h`'s bound at its cursor (at its rest past the end), or -Infinity when it is read to its end. */
  #boundAt(h: number): number {
    const { headStart, headDoc, restLength } = this.#heads;
    const { nameStart } = this.#terms;
    let nameLength = restLength[this.#head[h]!]!;
    if (this.#cursor[h]! < headStart[this.#head[h]! + 1]!) {
      const p = headDoc[this.#cursor[h]!]!;
      nameLength = nameStart[p + 1]! - nameStart[p]!;
    } else if (nameLength === NO_REST) return -Infinity;
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
