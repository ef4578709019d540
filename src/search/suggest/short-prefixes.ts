/**
 * Every one- and two-letter query ("b", "be") answered once per snapshot. Such a prefix matches a
 * large share of all names (tens of thousands of postings at 100x the catalog) and every typing
 * session starts with one, so its words and its whole answer are worked out in one pass at build:
 * suggest then answers it with a slice.
 */
import type { Steps } from '../../time-slices.ts';
import { type ExerciseWords, FLAG_BITS, FLAG_MASK, RECORD_HEADER, WORTH_OF_FIELDS } from './exercise-words.ts';
import { NAME_START_BONUS, PER_NAME_TERM } from './weights.ts';
import type { Slot } from './readings.ts';
import type { TermIndex } from '../text/term-index.ts';

/** Completions kept for a one- or two-letter prefix: the most frequent words, as the expander keeps them. */
const SHORT_PREFIX_KEEP = 12;
const EXERCISES_PER_STEP = 256;

export interface ShortPrefixes {
  /** prefix -> the words it may be (weight 1 each), as readings read it. */
  readonly slots: ReadonlyMap<string, Slot>;
  /** prefix -> its best `depth` positions, best first: exactly what ranking its one slot gives. */
  readonly answers: ReadonlyMap<string, Int32Array>;
}

/**
 * The completions of every one- and two-letter prefix, in one pass over the vocabulary. Like the
 * expander, the most frequent words win (ties: shorter, then earlier); the letters typed so far are a
 * prefix, so every completion weighs the same.
 */
export function shortPrefixSlots(index: TermIndex): Map<string, Slot> {
  const { terms, docFrequency } = index;
  const rank = (id: number) => docFrequency[id]! * 64 - terms[id]!.length;
  const best = new Map<string, number[]>();
  const offer = (prefix: string, id: number): void => {
    let list = best.get(prefix);
    if (list === undefined) {
      list = [];
      best.set(prefix, list);
    }
    if (list.length === SHORT_PREFIX_KEEP && rank(id) <= rank(list[list.length - 1]!)) return;
    let at = list.length;
    while (at > 0 && rank(list[at - 1]!) < rank(id)) at--;
    list.splice(at, 0, id);
    if (list.length > SHORT_PREFIX_KEEP) list.pop();
  };
  terms.forEach((term, id) => {
    offer(term.slice(0, 1), id);
    if (term.length >= 2) offer(term.slice(0, 2), id);
  });
  return new Map([...best].map(([prefix, ids]) => [prefix, new Map(ids.map((id) => [id, 1]))]));
}

/** The best `depth` of the positions offered, by score, ties by the earlier position (offered in ascending order). */
class TopList {
  readonly positions: number[] = [];
  readonly scores: number[] = [];
  constructor(readonly depth: number) {}

  offer(position: number, score: number): void {
    const { positions, scores, depth } = this;
    if (positions.length === depth && score <= scores[depth - 1]!) return;
    let at = positions.length;
    while (at > 0 && scores[at - 1]! < score) at--;
    positions.splice(at, 0, position);
    scores.splice(at, 0, score);
    if (positions.length > depth) {
      positions.pop();
      scores.pop();
    }
  }
}

/**
 * The short prefixes' words and answers, `depth` deep, from the exercises' records, yielding every 256
 * exercises. An exercise's score for a prefix is what suggest/ranking.ts gives a reading of one slot: its best word
 * of the prefix (name 3, alias 1, both 4), a bonus when that slot holds its name's first word, less a
 * little per name word, rounded to float32 as the ranking's scratch does.
 */
export function* shortPrefixSteps(terms: TermIndex, exerciseWords: ExerciseWords, depth: number): Steps<ShortPrefixes> {
  const slots = shortPrefixSlots(terms);
  const prefixes = [...slots.keys()];
  // term id -> the (at most two) prefixes whose slot holds it, as indexes into `prefixes`.
  const slotsOfTerm = [new Int32Array(terms.terms.length).fill(-1), new Int32Array(terms.terms.length).fill(-1)];
  prefixes.forEach((prefix, k) => {
    for (const id of slots.get(prefix)!.keys()) slotsOfTerm[prefix.length - 1]![id] = k;
  });
  const tops = prefixes.map(() => new TopList(depth));
  const value = new Float64Array(prefixes.length);
  const touchedPrefixes: number[] = [];
  const { wordStart, words } = exerciseWords;
  for (let p = 0; p < terms.docCount; p++) {
    for (let e = wordStart[p]! + RECORD_HEADER; e < wordStart[p + 1]!; e++) {
      const id = words[e]! >>> FLAG_BITS;
      const worth = WORTH_OF_FIELDS[words[e]! & FLAG_MASK]!;
      for (const bySlot of slotsOfTerm) {
        const k = bySlot[id]!;
        if (k < 0) continue;
        if (value[k] === 0) touchedPrefixes.push(k);
        if (worth > value[k]!) value[k] = worth;
      }
    }
    const nameLength = words[wordStart[p]!]!;
    const firstWord = words[wordStart[p]! + 1]!;
    for (const k of touchedPrefixes) {
      const isNameStart = firstWord >= 0 && (slotsOfTerm[0]![firstWord] === k || slotsOfTerm[1]![firstWord] === k);
      tops[k]!.offer(p, Math.fround(value[k]! + ((isNameStart ? NAME_START_BONUS : 0) - PER_NAME_TERM * nameLength)));
      value[k] = 0;
    }
    touchedPrefixes.length = 0;
    if ((p + 1) % EXERCISES_PER_STEP === 0) yield;
  }
  return { slots, answers: new Map(prefixes.map((prefix, k) => [prefix, Int32Array.from(tops[k]!.positions)])) };
}
