/**
 * Which words share an exercise's name and aliases, and in which fields: for each term, every term
 * found with it in one exercise (itself included), with the fields it fills there. A walk of one word's
 * heads (suggest-head-ranking.ts) bounds what the reading's other words can add by the words that
 * actually occur beside that word: `romanian dea` reads `deadlift` beside `romanian`, never `dead`
 * (of `dead bug`), whose higher weight would keep the bound above the twentieth score through every
 * copy of a grown catalog.
 */
import type { Steps } from '../time-slices.ts';
import { type ExerciseWords, FLAG_BITS, FLAG_MASK, RECORD_HEADER } from './suggest-exercise-words.ts';
import { FIELD_KEYWORDS, FIELD_NAME, IntList, type TermIndex } from './term-index.ts';

export interface TermPairs {
  /** term id -> start of its pairs in `pairs` (length: terms + 1). */
  readonly pairStart: Int32Array;
  /** (term id << FLAG_BITS) | the fields that term fills in exercises with the owner (FIELD_NAME, FIELD_KEYWORDS, and IN_BOTH where one has it in both). */
  readonly pairs: Int32Array;
}

const POSTINGS_PER_STEP = 4096;

/**
 * Gathers the pairs of term `id` into `pairs`: the fields of every word in the records of the exercises
 * that have it in the name or an alias. A plain function, not a generator's body, so the engine
 * optimizes its loops fully.
 */
function gatherPairs(terms: TermIndex, exerciseWords: ExerciseWords, id: number, flagsOf: Uint8Array, seen: IntList, pairs: IntList): void {
  const { postingStart, postingDoc, postingFields } = terms;
  const { wordStart, words } = exerciseWords;
  for (let j = postingStart[id]!; j < postingStart[id + 1]!; j++) {
    if ((postingFields[j]! & (FIELD_NAME | FIELD_KEYWORDS)) === 0) continue;
    const p = postingDoc[j]!;
    for (let e = wordStart[p]! + RECORD_HEADER; e < wordStart[p + 1]!; e++) {
      const other = words[e]! >>> FLAG_BITS;
      if (flagsOf[other] === 0) seen.push(other);
      flagsOf[other]! |= words[e]! & FLAG_MASK;
    }
  }
  for (let k = 0; k < seen.length; k++) {
    const other = seen.data[k]!;
    pairs.push((other << FLAG_BITS) | flagsOf[other]!);
    flagsOf[other] = 0;
  }
  seen.length = 0;
}

/** Every term's pairs, term by term, yielding every few thousand postings. */
export function* termPairSteps(terms: TermIndex, exerciseWords: ExerciseWords): Steps<TermPairs> {
  const termCount = terms.terms.length;
  const flagsOf = new Uint8Array(termCount);
  const seen = new IntList(termCount);
  const pairStart = new Int32Array(termCount + 1);
  const pairs = new IntList(termCount * 16);
  let read = 0;
  for (let id = 0; id < termCount; id++) {
    gatherPairs(terms, exerciseWords, id, flagsOf, seen, pairs);
    pairStart[id + 1] = pairs.length;
    read += terms.postingStart[id + 1]! - terms.postingStart[id]!;
    if (read >= POSTINGS_PER_STEP) {
      read = 0;
      yield;
    }
  }
  return { pairStart, pairs: pairs.packed() };
}
