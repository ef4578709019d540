/**
 * Which words share an exercise's name and aliases, and in which fields, per head (term x class, as
 * suggest/large/term-heads.ts classes a term's exercises): every term found in the exercises of that head
 * (the head's term included), with the fields it fills there. A walk of a head (suggest/large/head-ranking.ts)
 * bounds what the reading's other words can add by the words that actually occur in its exercises:
 * `romanian dea` reads `deadlift` beside `romanian`, never `dead` (of `dead bug`), and `lat pul` reads
 * `pulley` in name and alias only where `lat` is an alias word (`Kneeling High Pulley Row`), not where
 * `lat` is in both. Either would keep the bound above the twentieth score through every copy of a grown catalog.
 */
import type { Steps } from '../../../time-slices.ts';
import { type ExerciseWords, FLAG_BITS, FLAG_MASK, RECORD_HEADER } from '../exercise-words.ts';
import { classOf, HEAD_CLASSES } from './term-heads.ts';
import type { TermIndex } from '../../text/term-index.ts';
import { IntList } from '../../structures/int-list.ts';

export interface TermPairs {
  /** head (term id x HEAD_CLASSES + class) -> start of its pairs in `pairs` (length: terms x HEAD_CLASSES + 1). */
  readonly pairStart: Int32Array;
  /** (term id << FLAG_BITS) | the fields that term fills in exercises with the owner (FIELD_NAME, FIELD_KEYWORDS, and IN_BOTH where one has it in both). */
  readonly pairs: Int32Array;
}

const POSTINGS_PER_STEP = 4096;

/** Per class of the term whose pairs are gathered: term id -> fields found, and which terms were found. */
interface Gathering {
  readonly flagsOf: Uint8Array[];
  readonly seen: IntList[];
}

/**
 * Gathers the pairs of term `id`'s heads into `pairs`: per class, the fields of every word in the
 * records of the exercises where it is of that class. A plain function, not a generator's body, so the
 * engine optimizes its loops fully.
 */
function gatherPairs(
  terms: TermIndex,
  exerciseWords: ExerciseWords,
  id: number,
  gathering: Gathering,
  pairs: IntList,
  pairStart: Int32Array,
): void {
  const { postingStart, postingDoc, postingFields } = terms;
  const { wordStart, words } = exerciseWords;
  const { flagsOf, seen } = gathering;
  for (let j = postingStart[id]!; j < postingStart[id + 1]!; j++) {
    const p = postingDoc[j]!;
    const c = classOf(terms, id, p, postingFields[j]!);
    if (c < 0) continue;
    const flags = flagsOf[c]!;
    for (let e = wordStart[p]! + RECORD_HEADER; e < wordStart[p + 1]!; e++) {
      const other = words[e]! >>> FLAG_BITS;
      if (flags[other] === 0) seen[c]!.push(other);
      flags[other]! |= words[e]! & FLAG_MASK;
    }
  }
  for (let c = 0; c < HEAD_CLASSES; c++) {
    for (let k = 0; k < seen[c]!.length; k++) {
      const other = seen[c]!.data[k]!;
      pairs.push((other << FLAG_BITS) | flagsOf[c]![other]!);
      flagsOf[c]![other] = 0;
    }
    seen[c]!.length = 0;
    pairStart[id * HEAD_CLASSES + c + 1] = pairs.length;
  }
}

/** Every head's pairs, term by term, yielding every few thousand postings. */
export function* termPairSteps(terms: TermIndex, exerciseWords: ExerciseWords): Steps<TermPairs> {
  const termCount = terms.terms.length;
  const gathering: Gathering = {
    flagsOf: Array.from({ length: HEAD_CLASSES }, () => new Uint8Array(termCount)),
    seen: Array.from({ length: HEAD_CLASSES }, () => new IntList(termCount)),
  };
  const pairStart = new Int32Array(termCount * HEAD_CLASSES + 1);
  const pairs = new IntList(termCount * 32);
  let read = 0;
  for (let id = 0; id < termCount; id++) {
    gatherPairs(terms, exerciseWords, id, gathering, pairs, pairStart);
    read += terms.postingStart[id + 1]! - terms.postingStart[id]!;
    if (read >= POSTINGS_PER_STEP) {
      read = 0;
      yield;
    }
  }
  return { pairStart, pairs: pairs.packed() };
}
