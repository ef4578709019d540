/**
 * The best postings of every term for suggest, kept apart from the postings so ranking a reading can
 * read its words' most promising exercises first and stop once nothing unread can reach its twentieth
 * (`pul` at 100x the catalog: 928 exercises instead of 48,500 postings; suggest/large/head-ranking.ts).
 * Each term's name and alias postings fall in four classes (the term is the name's first word; else in
 * name and alias, name only, alias only); each class keeps HEAD_DEPTH postings, shortest names first
 * (by the length suggest ranks by: text/term-index.ts, suggestLength).
 */
import { FIELD_KEYWORDS, FIELD_NAME, type TermIndex } from '../../text/term-index.ts';
import type { Steps } from '../../../time-slices.ts';
import { IN_BOTH, WORTH_OF_FIELDS } from '../exercise-words.ts';

/** Postings kept per class of a term: past the names that start with a word, through the grown catalog's copies. */
export const HEAD_DEPTH = 4096;
export const HEAD_CLASSES = 4;
/** The class of postings where the term is the name's first word; classes 1-3 by field. */
export const CLASS_STARTS_NAME = 0;
/**
 * The most a word of each class is worth, from WORTH_OF_FIELDS (never typed in): class 0 (the name's
 * first word) and 1 (in name and alias) as a word in both, 2 as a name word, 3 as an alias word.
 */
export const CLASS_WORTH: readonly number[] = [
  WORTH_OF_FIELDS[FIELD_NAME | FIELD_KEYWORDS | IN_BOTH]!,
  WORTH_OF_FIELDS[FIELD_NAME | FIELD_KEYWORDS | IN_BOTH]!,
  WORTH_OF_FIELDS[FIELD_NAME]!,
  WORTH_OF_FIELDS[FIELD_KEYWORDS]!,
];
/** restLength of a head that holds every posting of its class. */
export const NO_REST = -1;
const POSTINGS_PER_STEP = 1 << 16;

export interface TermHeads {
  /** (term id x HEAD_CLASSES + class) -> start of that head in headDoc (length: terms x HEAD_CLASSES + 1). */
  readonly headStart: Int32Array;
  /** Positions, shortest name first, ties by position. */
  readonly headDoc: Int32Array;
  /**
   * Beside headDoc: each one's suggest length (text/term-index.ts, suggestLength; capped at 0xffff, which
   * only raises a bound), so a walk reads lengths in order instead of looking each one up.
   */
  readonly headLength: Uint16Array;
  /** (term id x HEAD_CLASSES + class) -> name length of the first posting past the head, or NO_REST. */
  readonly restLength: Int32Array;
  /** term id -> how many exercises have it in the name or an alias. */
  readonly suggestCount: Int32Array;
}

/** Term `id`'s class in exercise `p` (its posting's field bits given), or -1 when only in tags. */
export function classOf(terms: TermIndex, id: number, p: number, fields: number): number {
  const { nameStart, nameTerms } = terms;
  if ((fields & (FIELD_NAME | FIELD_KEYWORDS)) === 0) return -1;
  if (nameStart[p + 1]! > nameStart[p]! && nameTerms[nameStart[p]!] === id) return CLASS_STARTS_NAME;
  if ((fields & FIELD_KEYWORDS) === 0) return 2;
  return (fields & FIELD_NAME) !== 0 ? 1 : 3;
}

/** Every term's heads, yielding every few tens of thousands of postings. */
export function* termHeadSteps(terms: TermIndex): Steps<TermHeads> {
  const { postingStart, postingDoc, postingFields, suggestLength } = terms;
  const termCount = terms.terms.length;
  const classCount = new Int32Array(termCount * HEAD_CLASSES);
  const suggestCount = new Int32Array(termCount);
  for (let id = 0; id < termCount; id++) {
    for (let j = postingStart[id]!; j < postingStart[id + 1]!; j++) {
      const c = classOf(terms, id, postingDoc[j]!, postingFields[j]!);
      if (c < 0) continue;
      classCount[id * HEAD_CLASSES + c]! += 1;
      suggestCount[id]! += 1;
    }
  }
  yield;
  const headStart = new Int32Array(termCount * HEAD_CLASSES + 1);
  for (let h = 0; h < termCount * HEAD_CLASSES; h++) headStart[h + 1] = headStart[h]! + Math.min(HEAD_DEPTH, classCount[h]!);
  const headDoc = new Int32Array(headStart[termCount * HEAD_CLASSES]!);
  const restLength = new Int32Array(termCount * HEAD_CLASSES).fill(NO_REST);
  const headLength = new Uint16Array(headDoc.length);
  let maxLength = 0;
  for (let p = 0; p < terms.docCount; p++) maxLength = Math.max(maxLength, suggestLength[p]!);
  const byLength = new HeadByLength(maxLength);
  const classDocs = Array.from({ length: HEAD_CLASSES }, () => [] as number[]);
  let read = 0;
  for (let id = 0; id < termCount; id++) {
    for (const docs of classDocs) docs.length = 0;
    for (let j = postingStart[id]!; j < postingStart[id + 1]!; j++) {
      const c = classOf(terms, id, postingDoc[j]!, postingFields[j]!);
      if (c >= 0) classDocs[c]!.push(postingDoc[j]!);
    }
    classDocs.forEach((docs, c) => {
      const h = id * HEAD_CLASSES + c;
      restLength[h] = byLength.fill(terms, docs, headDoc, headStart[h]!);
      for (let j = headStart[h]!; j < headStart[h + 1]!; j++) {
        headLength[j] = suggestLength[headDoc[j]!]!;
      }
    });
    read += postingStart[id + 1]! - postingStart[id]!;
    if (read >= POSTINGS_PER_STEP) {
      read = 0;
      yield;
    }
  }
  return { headStart, headDoc, headLength, restLength, suggestCount };
}

/** Picks the HEAD_DEPTH positions with the shortest names (ties: earlier) by counting name lengths. */
class HeadByLength {
  readonly #count: Int32Array;
  readonly #at: Int32Array;
  constructor(maxLength: number) {
    this.#count = new Int32Array(maxLength + 1);
    this.#at = new Int32Array(maxLength + 1);
  }

  /**
   * Writes the head of `docs` (positions, ascending) into `out` from `start`; returns the name length
   * of the first one left out, or NO_REST.
   */
  fill(terms: TermIndex, docs: readonly number[], out: Int32Array, start: number): number {
    const { suggestLength } = terms;
    const count = this.#count.fill(0);
    for (const p of docs) count[suggestLength[p]!]! += 1;
    // Lengths below `cut` are kept whole; at `cut`, only the first `atCut` positions.
    let left = HEAD_DEPTH;
    let cut = count.length;
    for (let length = 0; length < count.length; length++) {
      if (count[length]! >= left) {
        cut = length;
        break;
      }
      left -= count[length]!;
    }
    const atCut = left;
    let next = start;
    for (let length = 0; length < count.length; length++) {
      this.#at[length] = next;
      next += length < cut ? count[length]! : length === cut ? atCut : 0;
    }
    let takenAtCut = 0;
    for (const p of docs) {
      const length = suggestLength[p]!;
      if (length > cut || (length === cut && takenAtCut++ >= atCut)) continue;
      out[this.#at[length]!++] = p;
    }
    if (cut === count.length) return NO_REST;
    if (count[cut]! > atCut) return cut;
    for (let length = cut + 1; length < count.length; length++) if (count[length]! > 0) return length;
    return NO_REST;
  }
}
