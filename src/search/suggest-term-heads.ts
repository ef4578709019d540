/**
 * Suggestions for one typed word without reading every posting of its words: each term's name and
 * alias postings are also kept, HEAD_DEPTH deep, in the order of what they can score (field, whether
 * the term starts the name, the name's length), so a one-word reading reads its words' best exercises
 * first and stops once nothing unread can reach its twentieth (`pul` at 100x the catalog: a few dozen
 * exercises instead of 48,500 postings). When a head runs out first, suggest ranks by postings.
 */
import type { Budget } from './search-budget.ts';
import { ALIAS_WEIGHT, NAME_START_BONUS, NAME_WEIGHT, PER_NAME_TERM, type Ranked, TopPositions } from './suggest-ranking.ts';
import type { Slot } from './suggest-readings.ts';
import { FIELD_KEYWORDS, FIELD_NAME, type TermIndex } from './term-index.ts';
import type { Steps } from '../time-slices.ts';

/** Postings kept per term: enough to reach the twentieth suggestion past names that start with the word. */
export const HEAD_DEPTH = 128;
/** A head key is what a weight-1 word can score there, in these units (PER_NAME_TERM is 1/20): integers. */
const KEY_UNITS = 1 / PER_NAME_TERM;
/** The start bonus's share of a key: enough that the key bounds the score whoever holds the bonus (see `bound`). */
const KEY_START = 3 * KEY_UNITS;
const NO_REST = -0x7fffffff;
/** Scores are float32 sums; the stop test keeps this margin so rounding never stops it early. */
const MARGIN = 1e-3;
const POSTINGS_PER_STEP = 1 << 16;

export interface TermHeads {
  /** term id -> start of its head in headDoc and headKey (length: terms + 1). */
  readonly headStart: Int32Array;
  /** Positions, best key first, ties by position. */
  readonly headDoc: Int32Array;
  /** KEY_UNITS x (field weights + 3 if the term is the name's first word) - name length. */
  readonly headKey: Int32Array;
  /** term id -> the best key past its head, or NO_REST when the head holds every posting. */
  readonly restKey: Int32Array;
}

/** The key of term `id` in exercise `p`, given the posting's field bits. */
function keyOf(terms: TermIndex, id: number, p: number, fields: number): number {
  const { nameStart, nameTerms } = terms;
  const nameLength = nameStart[p + 1]! - nameStart[p]!;
  const isStart = nameLength > 0 && nameTerms[nameStart[p]!] === id;
  const worth = ((fields & FIELD_NAME) !== 0 ? NAME_WEIGHT : 0) + ((fields & FIELD_KEYWORDS) !== 0 ? ALIAS_WEIGHT : 0);
  return worth * KEY_UNITS + (isStart ? KEY_START : 0) - nameLength;
}

/** How many of term `id`'s postings are in a name or an alias (the rest are tags only). */
function suggestPostingsOf(terms: TermIndex, id: number): number {
  let count = 0;
  for (let j = terms.postingStart[id]!; j < terms.postingStart[id + 1]!; j++) if ((terms.postingFields[j]! & (FIELD_NAME | FIELD_KEYWORDS)) !== 0) count++;
  return count;
}

/** Every term's head, yielding every few tens of thousands of postings. */
export function* termHeadSteps(terms: TermIndex): Steps<TermHeads> {
  const { postingStart, postingDoc, postingFields } = terms;
  const termCount = terms.terms.length;
  const headStart = new Int32Array(termCount + 1);
  for (let id = 0; id < termCount; id++) headStart[id + 1] = headStart[id]! + Math.min(HEAD_DEPTH, suggestPostingsOf(terms, id));
  yield;
  const headDoc = new Int32Array(headStart[termCount]!);
  const headKey = new Int32Array(headStart[termCount]!);
  const restKey = new Int32Array(termCount).fill(NO_REST);
  let maxPostings = 0;
  for (let id = 0; id < termCount; id++) maxPostings = Math.max(maxPostings, postingStart[id + 1]! - postingStart[id]!);
  const keys = new Int32Array(maxPostings);
  const docs = new Int32Array(maxPostings);
  let read = 0;
  for (let id = 0; id < termCount; id++) {
    let count = 0;
    for (let j = postingStart[id]!; j < postingStart[id + 1]!; j++) {
      const fields = postingFields[j]! & (FIELD_NAME | FIELD_KEYWORDS);
      if (fields === 0) continue;
      docs[count] = postingDoc[j]!;
      keys[count++] = keyOf(terms, id, postingDoc[j]!, fields);
    }
    // The cut: the HEAD_DEPTH-th best key; postings at it are taken in position order.
    const sorted = count > HEAD_DEPTH ? keys.slice(0, count).sort().reverse() : undefined;
    const cut = sorted !== undefined ? sorted[HEAD_DEPTH - 1]! : NO_REST;
    let takenAtCut = sorted !== undefined ? HEAD_DEPTH - sorted.indexOf(cut) : count;
    const chosen: number[] = [];
    for (let j = 0; j < count && chosen.length < HEAD_DEPTH; j++) {
      if (keys[j]! > cut || (keys[j] === cut && takenAtCut-- > 0)) chosen.push(j);
    }
    if (sorted !== undefined) restKey[id] = sorted[HEAD_DEPTH]!;
    chosen.sort((x, y) => keys[y]! - keys[x]! || x - y);
    chosen.forEach((j, i) => {
      headDoc[headStart[id]! + i] = docs[j]!;
      headKey[headStart[id]! + i] = keys[j]!;
    });
    read += postingStart[id + 1]! - postingStart[id]!;
    if (read >= POSTINGS_PER_STEP) {
      read = 0;
      yield;
    }
  }
  return { headStart, headDoc, headKey, restKey };
}

/** Per term index: term id -> weight in the slot being ranked, and which exercises were read (reset after each call). */
interface Scratch {
  readonly weightOf: Float64Array;
  readonly isRead: Uint8Array;
}

const scratches = new WeakMap<TermIndex, Scratch>();

function scratchOf(terms: TermIndex): Scratch {
  let scratch = scratches.get(terms);
  if (scratch === undefined) {
    scratch = { weightOf: new Float64Array(terms.terms.length), isRead: new Uint8Array(terms.docCount) };
    scratches.set(terms, scratch);
  }
  return scratch;
}

/** Whether term `id` is among exercise `p`'s alias words (`inName` false) or name words (true). */
function holds(terms: TermIndex, p: number, id: number, inName: boolean): boolean {
  const { nameStart, nameTerms, aliasDocStart, aliasStart, aliasTerms } = terms;
  const [words, from, to] = inName ? [nameTerms, nameStart[p]!, nameStart[p + 1]!] : [aliasTerms, aliasStart[aliasDocStart[p]!]!, aliasStart[aliasDocStart[p + 1]!]!];
  for (let t = from; t < to; t++) if (words[t] === id) return true;
  return false;
}

/**
 * Exercise `p`'s score for a one-slot reading, from its own words, as suggest-ranking.ts's `rank` gives it:
 * its best word's weight x field weights (as its postings have them), the start bonus, less per name word.
 */
function scoreOf(terms: TermIndex, p: number, weightOf: Float64Array): number {
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
  const nameLength = nameStart[p + 1]! - nameStart[p]!;
  const isStart = nameLength > 0 && weightOf[nameTerms[nameStart[p]!]!]! > 0;
  return Math.fround(Math.fround(value) + ((isStart ? NAME_START_BONUS : 0) - PER_NAME_TERM * nameLength));
}

/**
 * The most an unread exercise of a head can score, when the next key there is `key`: if the slot
 * holds its name's first word, that word's head has it at a key that bounds its length (so at most
 * `key` + the best word's worth + the bonus - that head's share of the key); else its best word's head
 * has it at a key that is its field weights less its length, which the word's weight can only lower.
 */
function bound(key: number, weight: number, maxWeight: number): number {
  const h = key / KEY_UNITS;
  const startsName = h + (NAME_WEIGHT + ALIAS_WEIGHT) * maxWeight + NAME_START_BONUS - NAME_WEIGHT - KEY_START / KEY_UNITS;
  return Math.max(weight * h, startsName);
}

/**
 * The best `limit` exercises of a one-slot reading, best first, read from its words' heads; undefined
 * when a head ran out before the answer was certain (then rank by postings). Equal to `rank`'s.
 */
export function rankOneSlot(terms: TermIndex, heads: TermHeads, slot: Slot, limit: number, budget: Budget): Ranked | undefined {
  const { headStart, headDoc, headKey, restKey } = heads;
  const ids = Int32Array.from(slot.keys());
  const weights = Float64Array.from(slot.values());
  // The bounds and the start test assume weights in (0, 1], as every reading has them.
  if (weights.some((weight) => !(weight > 0 && weight <= 1))) return undefined;
  const maxWeight = Math.max(...weights);
  const { weightOf, isRead } = scratchOf(terms);
  const cursors = ids.map((id) => headStart[id]!);
  const read: number[] = [];
  const best = new TopPositions(limit);
  try {
    ids.forEach((id, i) => (weightOf[id] = weights[i]!));
    for (;;) {
      let next = -1;
      let nextBound = -Infinity;
      for (let i = 0; i < ids.length; i++) {
        const key = cursors[i]! < headStart[ids[i]! + 1]! ? headKey[cursors[i]!]! : restKey[ids[i]!]!;
        if (key === NO_REST) continue;
        const b = bound(key, weights[i]!, maxWeight);
        if (b > nextBound) {
          next = i;
          nextBound = b;
        }
      }
      if (next < 0) break;
      if (best.positions.length === limit && nextBound + MARGIN < best.scores[limit - 1]!) break;
      if (cursors[next] === headStart[ids[next]! + 1]) return undefined;
      const p = headDoc[cursors[next]!++]!;
      if (isRead[p] === 1) continue;
      isRead[p] = 1;
      read.push(p);
      best.offer(p, scoreOf(terms, p, weightOf));
    }
    budget.spend(read.length * ids.length);
    return { positions: Int32Array.from(best.positions), scores: Float32Array.from(best.scores) };
  } finally {
    for (const id of ids) weightOf[id] = 0;
    for (const p of read) isRead[p] = 0;
  }
}
