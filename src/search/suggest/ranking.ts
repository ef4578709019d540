/**
 * How suggest.ts ranks the exercises that match every slot of a reading: by where the words matched
 * (name, alias, the name's start) and the name's length, ties by default order. Scratch arrays sized
 * to the catalog are kept per index and reset after each call, so a call allocates little at any size.
 */
import type { Budget } from '../structures/budget.ts';
import type { CacheKind, IndexCaches } from '../structures/index-caches.ts';
import type { Slot } from './readings.ts';
import { FIELD_KEYWORDS, FIELD_NAME, type TermIndex } from '../text/term-index.ts';
import { ALIAS_WEIGHT, NAME_START_BONUS, NAME_WEIGHT, PER_NAME_TERM } from './weights.ts';

/**
 * Per term index: scratch arrays sized to the catalog and the vocabulary (no allocation per request).
 * Every call sees arrays of the same kinds, so the optimized code stays valid from call to call.
 */
interface Scratch {
  readonly matched: Uint8Array;
  readonly score: Float32Array;
  readonly slotBest: Float32Array;
  readonly candidates: Int32Array;
  /** Per slot read from the candidates' words: term id -> its weight (0: not in the slot); grown as needed, never empty. */
  readonly weightOfTerm: Float64Array[];
  /** term id -> 1 when the reading's first slot holds it (a name starting with it gets the bonus). */
  readonly isFirstSlotWord: Uint8Array;
}

/** What ranking by postings reads: the term index, and the caches of its search index (for its scratch arrays). */
export interface RankSources {
  readonly terms: TermIndex;
  readonly caches: IndexCaches<{ readonly terms: TermIndex }>;
}

/** Scratch arrays sized to the catalog, one set per search index, reset after each call. */
const SCRATCH: CacheKind<Scratch, { readonly terms: TermIndex }> = {
  name: "suggest's scratch arrays for ranking by postings",
  make({ terms }) {
    const n = terms.docCount;
    return {
      matched: new Uint8Array(n),
      score: new Float32Array(n),
      slotBest: new Float32Array(n),
      candidates: new Int32Array(n),
      weightOfTerm: [new Float64Array(terms.terms.length)],
      isFirstSlotWord: new Uint8Array(terms.terms.length),
    };
  },
};

/** Postings a slot's words hold: what reading it by postings costs. */
export function postingsOf(terms: TermIndex, slot: Slot): number {
  let total = 0;
  for (const id of slot.keys()) total += terms.postingStart[id + 1]! - terms.postingStart[id]!;
  return total;
}

/** About how many name and alias words one exercise has: reading a candidate's own words costs this much. */
export const WORDS_PER_EXERCISE = 24;

/** Whether `rank` values a later slot of `cost` postings from the words of `count` candidates (else from its postings). */
export function isReadByWords(cost: number, count: number): boolean {
  return cost > count * WORDS_PER_EXERCISE;
}

/**
 * Walks the slot's postings where `matched` is `k` (every earlier slot matched; all when k is 0): the
 * best word's weight x field weights, as float32, into `slotBest`. The first slot appends the positions
 * it finds to `candidates`; returns how many.
 */
function walkPostings(terms: TermIndex, slot: Slot, k: number, scratch: Scratch): number {
  const { postingStart, postingDoc, postingFields } = terms;
  const { matched, slotBest, candidates } = scratch;
  let count = 0;
  for (const [id, weight] of slot) {
    const end = postingStart[id + 1]!;
    for (let j = postingStart[id]!; j < end; j++) {
      const fields = postingFields[j]!;
      if ((fields & (FIELD_NAME | FIELD_KEYWORDS)) === 0) continue;
      const p = postingDoc[j]!;
      if (matched[p] !== k) continue;
      if (k === 0 && slotBest[p] === 0) candidates[count++] = p;
      const value = weight * (((fields & FIELD_NAME) !== 0 ? NAME_WEIGHT : 0) + ((fields & FIELD_KEYWORDS) !== 0 ? ALIAS_WEIGHT : 0));
      if (value > slotBest[p]!) slotBest[p] = value;
    }
  }
  return count;
}

/** Adds each candidate's `slotBest` to its score (float32, as every sum here) and counts the slot as matched. */
function addSlot(scratch: Scratch, count: number, k: number): void {
  const { matched, score, slotBest, candidates } = scratch;
  for (let i = 0; i < count; i++) {
    const p = candidates[i]!;
    if (slotBest[p]! > 0) {
      matched[p] = k + 1;
      score[p]! += slotBest[p]!;
      slotBest[p] = 0;
    }
  }
}

/**
 * What a slot is worth in exercise `p`, read from its own name and alias words: its best name word's
 * weight x the name's weight plus its best alias word's weight x the alias weight.
 */
export function valueInExercise(terms: TermIndex, p: number, weightOf: Float64Array): number {
  const { nameStart, nameTerms, aliasDocStart, aliasStart, aliasTerms } = terms;
  let inName = 0;
  for (let t = nameStart[p]!; t < nameStart[p + 1]!; t++) inName = Math.max(inName, weightOf[nameTerms[t]!]!);
  let inAlias = 0;
  for (let t = aliasStart[aliasDocStart[p]!]!; t < aliasStart[aliasDocStart[p + 1]!]!; t++) {
    inAlias = Math.max(inAlias, weightOf[aliasTerms[t]!]!);
  }
  return inName * NAME_WEIGHT + inAlias * ALIAS_WEIGHT;
}

/** A reading's best exercises, best first, with their scores (readings are merged by score). */
export interface Ranked {
  positions: Int32Array;
  scores: Float32Array;
}

export const NOTHING: Ranked = { positions: new Int32Array(0), scores: new Float32Array(0) };

/** The best `limit` positions offered, by score, ties by the earlier position, in parallel arrays. */
export class TopPositions {
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
 * (which values name and alias words apart: see valueInExercise). Slots go by cost, so those read from
 * words come last: each candidate reads them in one pass and stops at the first it misses.
 */
export function rank(sources: RankSources, slots: readonly Slot[], limit: number, budget: Budget): Ranked {
  const { terms } = sources;
  const scratch = sources.caches.of(SCRATCH);
  const { weightOfTerm } = scratch;
  const costs = slots.map((slot) => postingsOf(terms, slot));
  const order = slots.map((_, s) => s).sort((a, b) => costs[a]! - costs[b]!);
  budget.spend(costs[order[0]!]!);
  const count = walkPostings(terms, slots[order[0]!]!, 0, scratch);
  addSlot(scratch, count, 0);
  // Slots 1 to `byPostings` - 1 are read from their postings, the rest from the candidates' words.
  let byPostings = 1;
  while (byPostings < order.length && !isReadByWords(costs[order[byPostings]!]!, count)) byPostings++;
  const wordSlots = order.length - byPostings;
  while (weightOfTerm.length < wordSlots) weightOfTerm.push(new Float64Array(terms.terms.length));
  for (let w = 0; w < wordSlots; w++) setWeights(weightOfTerm[w]!, slots[order[byPostings + w]!]!);
  markWords(scratch.isFirstSlotWord, slots[0]!, 1);
  try {
    for (let k = 1; k < byPostings; k++) {
      budget.spend(costs[order[k]!]!);
      walkPostings(terms, slots[order[k]!]!, k, scratch);
      addSlot(scratch, count, k);
    }
    budget.spend(wordSlots > 0 ? count * WORDS_PER_EXERCISE : 0);
    return topOfCandidates(terms, scratch, count, byPostings, wordSlots, limit);
  } finally {
    // Only what this call touched is reset, so the scratch costs nothing per request at any catalog size.
    resetCandidates(scratch, count);
    for (let w = 0; w < wordSlots; w++) resetWeights(weightOfTerm[w]!, slots[order[byPostings + w]!]!);
    markWords(scratch.isFirstSlotWord, slots[0]!, 0);
  }
}

function setWeights(weightOf: Float64Array, slot: Slot): void {
  for (const [id, weight] of slot) weightOf[id] = weight;
}

function markWords(isWord: Uint8Array, slot: Slot, mark: number): void {
  for (const id of slot.keys()) isWord[id] = mark;
}

function resetCandidates(scratch: Scratch, count: number): void {
  const { matched, score, slotBest, candidates } = scratch;
  for (let i = 0; i < count; i++) {
    const p = candidates[i]!;
    matched[p] = 0;
    score[p] = 0;
    slotBest[p] = 0;
  }
}

function resetWeights(weightOf: Float64Array, slot: Slot): void {
  for (const id of slot.keys()) weightOf[id] = 0;
}

/**
 * The best `limit` candidates that matched the `byPostings` slots read from postings and match the
 * `wordSlots` slots whose weights are in the scratch's `weightOfTerm`, with their scores: the slots'
 * values in order, the start bonus when the reading's first slot holds the name's first word, less a
 * little per name word.
 */
function topOfCandidates(terms: TermIndex, scratch: Scratch, count: number, byPostings: number, wordSlots: number, limit: number): Ranked {
  const { nameStart, nameTerms } = terms;
  const { matched, score, candidates, weightOfTerm, isFirstSlotWord } = scratch;
  const best = new TopPositions(limit);
  nextCandidate: for (let i = 0; i < count; i++) {
    const p = candidates[i]!;
    if (matched[p] !== byPostings) continue;
    let total = score[p]!;
    for (let w = 0; w < wordSlots; w++) {
      const value = Math.fround(valueInExercise(terms, p, weightOfTerm[w]!));
      if (value === 0) continue nextCandidate;
      total = Math.fround(total + value);
    }
    const isStart = nameStart[p + 1]! > nameStart[p]! && isFirstSlotWord[nameTerms[nameStart[p]!]!] === 1;
    best.offer(p, Math.fround(total + ((isStart ? NAME_START_BONUS : 0) - PER_NAME_TERM * terms.suggestLength[p]!)));
  }
  return { positions: Int32Array.from(best.positions), scores: Float32Array.from(best.scores) };
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
  return Int32Array.from(
    [...best]
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, limit)
      .map(([p]) => p),
  );
}
