/**
 * Each exercise's name and alias words for suggest, one record per exercise in one array: its name's
 * length and first word, then every distinct word with where it occurs (name, alias, both). Ranking a
 * suggestion scores an exercise from its record in one pass, where the term index keeps the same facts in
 * five arrays (name starts, name words, alias starts per exercise, per alias, alias words): at 100x the
 * catalog the exercises a walk reads lie far apart, and each array read is a cache miss of its own.
 */
import { FIELD_KEYWORDS, FIELD_NAME, POSTING_FIELDS, type TermIndex } from '../text/term-index.ts';
import type { Steps } from '../../time-slices.ts';
import { ALIAS_WEIGHT, NAME_WEIGHT } from './weights.ts';

/**
 * Flag of a record's word that is in the name and an alias of one exercise (with FIELD_NAME and
 * FIELD_KEYWORDS set too): the bit above the fields a posting records, so the two never mean one bit.
 */
export const IN_BOTH = POSTING_FIELDS + 1;
/** A record's first two numbers: the name's length and its first word's term id (-1 for an empty name). */
export const RECORD_HEADER = 2;
/** A word's entry is its term id shifted past the flags (the posting fields and IN_BOTH). */
export const FLAG_BITS = 32 - Math.clz32(POSTING_FIELDS | IN_BOTH);
export const FLAG_MASK = (1 << FLAG_BITS) - 1;

/** What a word adds to a score by the flags it has: see WORTH_OF_FIELDS. */
function worthOf(flags: number): number {
  const isInName = (flags & FIELD_NAME) !== 0;
  const isInAlias = (flags & FIELD_KEYWORDS) !== 0;
  // IN_BOTH is only ever set beside both fields; alone it is no word at all.
  if ((flags & IN_BOTH) !== 0) return isInName && isInAlias ? NAME_WEIGHT + ALIAS_WEIGHT : 0;
  return Math.max(isInName ? NAME_WEIGHT : 0, isInAlias ? ALIAS_WEIGHT : 0);
}

/**
 * What a word adds to a score by the fields it fills (FIELD_NAME, FIELD_KEYWORDS and IN_BOTH bits), indexed
 * by those bits: name 3, alias 1, both in one exercise 4; name and alias in different exercises (term
 * pairs' flags) at most 3. Derived from the weights (weights.ts), never typed in.
 */
export const WORTH_OF_FIELDS: readonly number[] = Array.from({ length: FLAG_MASK + 1 }, (_, flags) => worthOf(flags));
const EXERCISES_PER_STEP = 256;

export interface ExerciseWords {
  /** position -> start of its record in `words` (length: docs + 1). */
  readonly wordStart: Int32Array;
  /** Per exercise: its name's length in words, its first word, then (term id << FLAG_BITS) | flags per distinct word. */
  readonly words: Int32Array;
}

/** Every exercise's record, from the term index's name and alias words, yielding every 256 exercises. */
export function* exerciseWordSteps(terms: TermIndex): Steps<ExerciseWords> {
  const { nameStart, nameTerms, aliasDocStart, aliasStart, aliasTerms, docCount } = terms;
  const flagsOf = new Uint8Array(terms.terms.length);
  const wordStart = new Int32Array(docCount + 1);
  // Distinct words never outnumber the name and alias words, so one record each at most that long fits.
  const words = new Int32Array(docCount * RECORD_HEADER + nameTerms.length + aliasTerms.length);
  const seen: number[] = [];
  let at = 0;
  for (let p = 0; p < docCount; p++) {
    for (let t = nameStart[p]!; t < nameStart[p + 1]!; t++) {
      const id = nameTerms[t]!;
      if (flagsOf[id] === 0) seen.push(id);
      flagsOf[id]! |= FIELD_NAME;
    }
    for (let t = aliasStart[aliasDocStart[p]!]!; t < aliasStart[aliasDocStart[p + 1]!]!; t++) {
      const id = aliasTerms[t]!;
      if (flagsOf[id] === 0) seen.push(id);
      flagsOf[id]! |= FIELD_KEYWORDS;
    }
    wordStart[p] = at;
    words[at++] = terms.suggestLength[p]!;
    words[at++] = nameStart[p + 1]! > nameStart[p]! ? nameTerms[nameStart[p]!]! : -1;
    for (const id of seen) {
      const fields = flagsOf[id]!;
      words[at++] = (id << FLAG_BITS) | (fields === (FIELD_NAME | FIELD_KEYWORDS) ? fields | IN_BOTH : fields);
      flagsOf[id] = 0;
    }
    seen.length = 0;
    if ((p + 1) % EXERCISES_PER_STEP === 0) yield;
  }
  wordStart[docCount] = at;
  return { wordStart, words: words.slice(0, at) };
}

/**
 * What each slot of a reading is worth in one exercise, read from its record in one pass (`read`):
 * per slot, the best word's weight x the fields it is in (how `rank` values a slot from postings), and
 * the best name word's and best alias word's weights (how it values a slot from words).
 */
export class SlotValues {
  /** Per slot s: [3s] best weight x fields worth, [3s + 1] best name word's weight, [3s + 2] best alias word's weight. */
  #of = new Float64Array(12);
  /** The exercise's name length in words. */
  nameLength = 0;
  /** Term id of the exercise's first name word, or -1 when its name has none. */
  firstWord = -1;

  /**
   * Reads exercise `p`'s record with the slots' weights (`weightOf[s]`: term id -> weight, 0 when not in
   * slot s).
   */
  read(exerciseWords: ExerciseWords, p: number, weightOf: readonly Float64Array[], slotCount: number): void {
    if (this.#of.length < slotCount * 3) this.#of = new Float64Array(slotCount * 3);
    const of = this.#of.fill(0, 0, slotCount * 3);
    const { wordStart, words } = exerciseWords;
    const end = wordStart[p + 1]!;
    this.nameLength = words[wordStart[p]!]!;
    this.firstWord = words[wordStart[p]! + 1]!;
    for (let e = wordStart[p]! + RECORD_HEADER; e < end; e++) {
      const id = words[e]! >>> FLAG_BITS;
      const flags = words[e]! & FLAG_MASK;
      for (let s = 0; s < slotCount; s++) {
        const weight = weightOf[s]![id]!;
        if (weight === 0) continue;
        const at = s * 3;
        const value = weight * WORTH_OF_FIELDS[flags]!;
        if (value > of[at]!) of[at] = value;
        if ((flags & FIELD_NAME) !== 0 && weight > of[at + 1]!) of[at + 1] = weight;
        if ((flags & FIELD_KEYWORDS) !== 0 && weight > of[at + 2]!) of[at + 2] = weight;
      }
    }
  }

  /** Slot `s`'s best word's weight x the fields it is in. */
  byPostings(s: number): number {
    return this.#of[s * 3]!;
  }

  /** Slot `s`'s best name word's weight x the name's weight plus its best alias word's weight x the alias weight. */
  byWords(s: number): number {
    return this.#of[s * 3 + 1]! * NAME_WEIGHT + this.#of[s * 3 + 2]! * ALIAS_WEIGHT;
  }
}
