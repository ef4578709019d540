/**
 * How suggest.ts ranks the exercises that match every slot of a reading: by where the words matched
 * (name, alias, the name's start) and the name's length, ties by default order. Scratch arrays sized
 * to the catalog are kept per index and reset after each call, so a call allocates little at any size.
 */
import type { Budget } from './search-budget.ts';
import type { Slot } from './suggest-readings.ts';
import { FIELD_KEYWORDS, FIELD_NAME, type TermIndex } from './term-index.ts';

/**
 * A word matched in the name counts more than in an alias, and both add up (the exercise an alias
 * names is the one people mean); a name that starts with the typed text counts more still.
 */
export const NAME_WEIGHT = 3;
export const ALIAS_WEIGHT = 1;
export const NAME_START_BONUS = 2;
/** Among equal matches, shorter names first: "Bench Press" before "Close-Grip Paused Bench Press". */
export const PER_NAME_TERM = 0.05;

/** Per term index: scratch arrays sized to the catalog and the vocabulary (no allocation per request). */
interface Scratch {
  /** position -> the driving slot's value there (0: not a candidate). */
  readonly driverValue: Float32Array;
  readonly candidates: Int32Array;
  /** Per slot read by its postings: position -> its value there, for candidates only. */
  readonly postingValues: Float32Array[];
  /** Per slot: term id -> its weight (0: not in the slot), for reading candidates' own words. */
  readonly weightOfTerm: Float64Array[];
}

const scratches = new WeakMap<TermIndex, Scratch>();

function scratchOf(terms: TermIndex): Scratch {
  let scratch = scratches.get(terms);
  if (scratch === undefined) {
    const n = terms.docCount;
    scratch = { driverValue: new Float32Array(n), candidates: new Int32Array(n), postingValues: [], weightOfTerm: [] };
    scratches.set(terms, scratch);
  }
  return scratch;
}

/** Postings a slot's words hold: what reading it by postings costs. */
function postingsOf(terms: TermIndex, slot: Slot): number {
  let total = 0;
  for (const id of slot.keys()) total += terms.postingStart[id + 1]! - terms.postingStart[id]!;
  return total;
}

/** About how many name and alias words one exercise has: reading a candidate's own words costs this much. */
const WORDS_PER_EXERCISE = 24;

/**
 * Walks a slot's postings: for each position that `isCandidate` allows, its best word's weight x field
 * weights, as float32, into `values`; positions first seen are appended to `candidates` (from `count`).
 */
function walkPostings(terms: TermIndex, slot: Slot, values: Float32Array, candidates: Int32Array | undefined, isCandidate: Float32Array | undefined): number {
  const { postingStart, postingDoc, postingFields } = terms;
  let count = 0;
  for (const [id, weight] of slot) {
    const end = postingStart[id + 1]!;
    for (let j = postingStart[id]!; j < end; j++) {
      const fields = postingFields[j]!;
      if ((fields & (FIELD_NAME | FIELD_KEYWORDS)) === 0) continue;
      const p = postingDoc[j]!;
      if (isCandidate !== undefined && isCandidate[p] === 0) continue;
      const value = weight * (((fields & FIELD_NAME) !== 0 ? NAME_WEIGHT : 0) + ((fields & FIELD_KEYWORDS) !== 0 ? ALIAS_WEIGHT : 0));
      if (candidates !== undefined && values[p] === 0) candidates[count++] = p;
      if (value > values[p]!) values[p] = value;
    }
  }
  return count;
}

/**
 * What a slot is worth in exercise `p`, read from its own name and alias words: its best name word's
 * weight x the name's weight plus its best alias word's weight x the alias weight.
 */
function valueInExercise(terms: TermIndex, p: number, weightOf: Float64Array): number {
  const { nameStart, nameTerms, aliasDocStart, aliasStart, aliasTerms } = terms;
  let inName = 0;
  for (let t = nameStart[p]!; t < nameStart[p + 1]!; t++) inName = Math.max(inName, weightOf[nameTerms[t]!]!);
  let inAlias = 0;
  for (let t = aliasStart[aliasDocStart[p]!]!; t < aliasStart[aliasDocStart[p + 1]!]!; t++) inAlias = Math.max(inAlias, weightOf[aliasTerms[t]!]!);
  return inName * NAME_WEIGHT + inAlias * ALIAS_WEIGHT;
}

/** A reading's best exercises, best first, with their scores (readings are merged by score). */
export interface Ranked {
  positions: Int32Array;
  scores: Float32Array;
}

export const NOTHING: Ranked = { positions: new Int32Array(0), scores: new Float32Array(0) };

/** The best `limit` positions offered, by score, ties by the earlier position, in parallel arrays. */
class TopPositions {
  readonly positions: number[] = [];
  readonly scores: number[] = [];
  constructor(readonly limit: number) {}

  offer(p: number, s: number): void {
    const { positions, scores, limit } = this;
    if (positions.length === limit && (s < scores[limit - 1]! || (s === scores[limit - 1]! && p > positions[limit - 1]!))) return;
    let at = positions.length;
    while (at > 0 && (scores[at - 1]! < s || (scores[at - 1]! === s && positions[at - 1]! > p))) at--;
    positions.splice(at, 0, p);
    scores.splice(at, 0, s);
    if (positions.length > limit) {
      positions.pop();
      scores.pop();
    }
  }
}

/**
 * The best `limit` exercises that match every slot. The slot with the fewest postings goes first and
 * makes the candidates. Each later slot is valued from its postings, or, when the candidates are far
 * fewer than its postings (a one-letter prefix at 100x the catalog), from the candidates' own words
 * (which values name and alias words apart: see valueInExercise); those are read per candidate last,
 * and a candidate stops at the first slot it misses.
 */
export function rank(terms: TermIndex, slots: readonly Slot[], limit: number, budget: Budget): Ranked {
  const { nameStart, nameTerms } = terms;
  const scratch = scratchOf(terms);
  const { driverValue, candidates } = scratch;
  const costs = slots.map((slot) => postingsOf(terms, slot));
  const order = slots.map((_, s) => s).sort((a, b) => costs[a]! - costs[b]!);
  budget.spend(costs[order[0]!]!);
  const count = walkPostings(terms, slots[order[0]!]!, driverValue, candidates, undefined);
  // Per later slot, in order: its postings' values, or its weights by term (read from the candidates' words).
  const byPostings: (Float32Array | undefined)[] = [];
  const byWords: (Float64Array | undefined)[] = [];
  try {
    for (let k = 1; k < order.length; k++) {
      const slot = slots[order[k]!]!;
      if (costs[order[k]!]! > count * WORDS_PER_EXERCISE) {
        budget.spend(count * WORDS_PER_EXERCISE);
        const weightOf = (scratch.weightOfTerm[k] ??= new Float64Array(terms.terms.length));
        for (const [id, weight] of slot) weightOf[id] = weight;
        byWords[k] = weightOf;
      } else {
        budget.spend(costs[order[k]!]!);
        const values = (scratch.postingValues[k] ??= new Float32Array(terms.docCount));
        walkPostings(terms, slot, values, undefined, driverValue);
        byPostings[k] = values;
      }
    }
    const first = slots[0]!;
    const best = new TopPositions(limit);
    const slotCount = order.length;
    candidates: for (let i = 0; i < count; i++) {
      const p = candidates[i]!;
      let score = driverValue[p]!;
      if (score === 0) continue;
      for (let k = 1; k < slotCount; k++) {
        const values = byPostings[k];
        const value = values !== undefined ? values[p]! : Math.fround(valueInExercise(terms, p, byWords[k]!));
        if (value === 0) continue candidates;
        score = Math.fround(score + value);
      }
      const nameLength = nameStart[p + 1]! - nameStart[p]!;
      score = Math.fround(score + ((nameLength > 0 && first.has(nameTerms[nameStart[p]!]!) ? NAME_START_BONUS : 0) - PER_NAME_TERM * nameLength));
      best.offer(p, score);
    }
    return { positions: Int32Array.from(best.positions), scores: Float32Array.from(best.scores) };
  } finally {
    // Only what this call touched is reset, so the scratch costs nothing per request at any catalog size.
    for (let i = 0; i < count; i++) {
      const p = candidates[i]!;
      driverValue[p] = 0;
      for (const values of byPostings) if (values !== undefined) values[p] = 0;
    }
    for (let k = 1; k < order.length; k++) if (byWords[k] !== undefined) for (const id of slots[order[k]!]!.keys()) byWords[k]![id] = 0;
  }
}

/**
 * The readings' suggestions merged by score, each position once (its best reading), at most
 * `limit`: "rdl" typed as an alias of several exercises ranks below its dictionary reading
 * "romanian deadlift" matched in names. Ties: default order.
 */
export function merged(lists: readonly Ranked[], limit: number): Int32Array {
  if (lists.length === 1) return lists[0]!.positions;
  const best = new Map<number, number>();
  for (const { positions, scores } of lists) {
    positions.forEach((p, i) => {
      if ((best.get(p) ?? -Infinity) < scores[i]!) best.set(p, scores[i]!);
    });
  }
  return Int32Array.from([...best].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, limit).map(([p]) => p));
}
