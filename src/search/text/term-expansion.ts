/**
 * What one typed term may match in the vocabulary, bounded and cached per term:
 * - the term itself;
 * - typos, when the term is not in the vocabulary: Damerau distance 1 for 4 to 7 letters (2 for 6 or 7
 *   when nothing is 1 away and only letters are missing), 2 from 8, never in the first letter
 *   (MiniSearch's `fuzzyGet` walk finds the Levenshtein candidates; a swap is looked up as its own word);
 * - completions (MiniSearch's `atPrefix` walk, flat-radix.ts): for the last typed term at any length,
 *   for other terms from 5 letters; one- and two-letter terms are never fuzzy and only complete as the
 *   last term, to the few most frequent completions, so `calf r` or `t bar row` cost no more than any
 *   other query;
 * - joined words split against the vocabulary ("benchpress" -> bench press, "tbarrow" -> t bar row).
 * Work is counted against the search budget, and results are kept per term (structures/bounded-cache.ts).
 */
import { BoundedCache } from '../structures/bounded-cache.ts';
import type { Budget } from '../structures/budget.ts';
import { damerauDistance } from './damerau.ts';
import { forEachWithin, forEachWithPrefix } from './flat-radix.ts';
import { termIdIn } from './term-table.ts';
import type { TermIndex } from './term-index.ts';

/** Terms one typed term stands for, with how much a match on each is worth (1 for the term itself). */
export interface Expansion {
  readonly ids: Int32Array;
  readonly weights: Float32Array;
}

const EMPTY_EXPANSION: Expansion = { ids: new Int32Array(0), weights: new Float32Array(0) };
const EXPANSION_CACHE_SIZE = 20_000;
/** Completions looked at, at most, and kept (the most frequent), by the length of what was typed. */
const PREFIX_SCAN_LIMIT = 4096;
const PREFIX_KEEP_SHORT = 12;
const PREFIX_KEEP = 24;
const NON_LAST_PREFIX_MIN_LENGTH = 5;
/** Completions kept for a term that is not last, or that is a whole word already. */
const NON_LAST_PREFIX_KEEP = 4;
const FUZZY_MIN_LENGTH = 4;
const FUZZY_TWO_EDITS_LENGTH = 8;
const FUZZY_TWO_EDITS_FALLBACK_LENGTH = 6;
const FUZZY_WEIGHT = [1, 0.7, 0.45] as const;
/** Joined words: at most this many parts, each a vocabulary term; a one-letter part only first ("tbar"). */
const MAX_COMPOUND_PARTS = 3;
const MAX_COMPOUND_LENGTH = 32;
const SPLIT_WEIGHT = 0.9;

/** Whether every letter of `short` appears in `long`, in order. */
function isSubsequence(short: string, long: string): boolean {
  let i = 0;
  for (let j = 0; j < long.length && i < short.length; j++) if (long.charCodeAt(j) === short.charCodeAt(i)) i++;
  return i === short.length;
}

export class TermExpander {
  readonly #index: TermIndex;
  /** Expansions by term: of a term that may be incomplete (the last typed), and of a whole one. */
  readonly #asLast = new BoundedCache<string, Expansion>(EXPANSION_CACHE_SIZE);
  readonly #asWhole = new BoundedCache<string, Expansion>(EXPANSION_CACHE_SIZE);
  readonly #splits = new BoundedCache<string, readonly (readonly Expansion[])[]>(EXPANSION_CACHE_SIZE);
  readonly #prefixOnly = new BoundedCache<string, Expansion>(EXPANSION_CACHE_SIZE);
  /** term id -> that term alone as an expansion, made once. */
  readonly #exact: (Expansion | undefined)[] = [];

  constructor(index: TermIndex) {
    // No Map of its own: one of every term, made on the serving thread at each reload, was young objects
    // its collections copied; the index's term table is read in place (term-table.ts).
    this.#index = index;
  }

  /** How many distinct terms the catalog has. */
  get vocabularySize(): number {
    return this.#index.terms.length;
  }

  /** The id of exactly this term, or -1. */
  idOf(term: string): number {
    return termIdIn(this.#index.termTable, this.#index.terms, term);
  }

  /** The exact term as an expansion (empty when it is not in the vocabulary). */
  exact(term: string): Expansion {
    const id = this.idOf(term);
    if (id < 0) return EMPTY_EXPANSION;
    this.#exact[id] ??= { ids: Int32Array.of(id), weights: Float32Array.of(1) };
    return this.#exact[id];
  }

  /** Everything `term` may match; `isLast` when it is the last typed term (it may be incomplete). */
  expand(term: string, isLast: boolean, budget: Budget): Expansion {
    const cache = isLast ? this.#asLast : this.#asWhole;
    const cached = cache.get(term);
    if (cached !== undefined) return cached;
    const weights = new Map<number, number>();
    const offer = (id: number, weight: number): void => {
      if ((weights.get(id) ?? 0) < weight) weights.set(id, weight);
    };
    const exactId = this.idOf(term);
    if (exactId >= 0) offer(exactId, 1);
    if (exactId < 0 && term.length >= FUZZY_MIN_LENGTH) this.#typos(term, offer, budget);
    if (isLast || term.length >= NON_LAST_PREFIX_MIN_LENGTH) {
      // A word the catalog has (of three letters or more) is probably complete: a few completions only.
      const keep = term.length <= 2 ? PREFIX_KEEP_SHORT : !isLast || exactId >= 0 ? NON_LAST_PREFIX_KEEP : PREFIX_KEEP;
      this.#completions(term, keep, offer, budget);
    }
    const ids = Int32Array.from(weights.keys());
    const expansion: Expansion = { ids, weights: Float32Array.from(ids, (id) => weights.get(id)!) };
    cache.set(term, expansion);
    return expansion;
  }

  /**
   * The term and its completions only, no typos: what a word still being typed may become (suggest.ts
   * reads typos only when nothing starts with what was typed, which is when typing went wrong).
   */
  completions(term: string, budget: Budget): Expansion {
    const cached = this.#prefixOnly.get(term);
    if (cached !== undefined) return cached;
    const weights = new Map<number, number>();
    const exactId = this.idOf(term);
    if (exactId >= 0) weights.set(exactId, 1);
    this.#completions(
      term,
      term.length <= 2 ? PREFIX_KEEP_SHORT : PREFIX_KEEP,
      (id, weight) => {
        if ((weights.get(id) ?? 0) < weight) weights.set(id, weight);
      },
      budget,
    );
    const ids = Int32Array.from(weights.keys());
    const expansion: Expansion = { ids, weights: Float32Array.from(ids, (id) => weights.get(id)!) };
    this.#prefixOnly.set(term, expansion);
    return expansion;
  }

  /**
   * Ways to read `term` as words run together, each a run of exact terms weighing a little less
   * ("benchpress" -> bench press), fewest parts first; at most a few.
   */
  splits(term: string, budget: Budget): readonly (readonly Expansion[])[] {
    const cached = this.#splits.get(term);
    if (cached !== undefined) return cached;
    const found: number[][] = [];
    if (term.length >= 4 && term.length <= MAX_COMPOUND_LENGTH) {
      const walk = (start: number, parts: number[]): void => {
        if (found.length >= 4) return;
        if (start === term.length) {
          if (parts.length >= 1) found.push([...parts]);
          return;
        }
        if (parts.length === MAX_COMPOUND_PARTS) return;
        // Longest part first: "kettlebellswing" is kettlebell + swing before kettle + bell + swing.
        for (let end = term.length; end > start; end--) {
          const length = end - start;
          if (length === 1 && start !== 0) continue;
          if (start === 0 && end === term.length) continue;
          const part = term.slice(start, end);
          budget.spend(1);
          // A function word inside ("goodmorning", "toestobar") is read and dropped, like a typed one.
          if (length >= 2 && this.#index.rules.isFunctionWord(part)) {
            walk(end, parts);
            continue;
          }
          const id = this.idOf(part);
          if (id < 0) continue;
          parts.push(id);
          walk(end, parts);
          parts.pop();
        }
      };
      walk(0, []);
      found.sort((a, b) => a.length - b.length);
    }
    const splits = found.map((parts) => parts.map((id): Expansion => ({ ids: Int32Array.of(id), weights: Float32Array.of(SPLIT_WEIGHT) })));
    this.#splits.set(term, splits);
    return splits;
  }

  #typos(term: string, offer: (id: number, weight: number) => void, budget: Budget): void {
    this.#typosWithin(term, term.length >= FUZZY_TWO_EDITS_LENGTH ? 2 : 1, offer, budget);
    // A word of 6 or 7 letters that is no word of the catalog even one edit away may be two edits
    // from one ("dumbel" -> dumbbell).
    if (this.#offered === 0 && term.length >= FUZZY_TWO_EDITS_FALLBACK_LENGTH && term.length < FUZZY_TWO_EDITS_LENGTH) {
      // Two edits in a short word reach unrelated words ("karate" -> karani): only words the typed
      // one is missing letters of.
      this.#typosWithin(
        term,
        2,
        (id, weight) => {
          if (isSubsequence(term, this.#index.terms[id]!)) offer(id, weight);
        },
        budget,
      );
    }
  }

  /** How many candidates the last #typosWithin offered. */
  #offered = 0;

  #typosWithin(term: string, limit: number, offer: (id: number, weight: number) => void, budget: Budget): void {
    this.#offered = 0;
    const consider = (candidate: string, id: number): void => {
      // Typos seldom touch a word's first letter, and allowing it reaches unrelated words ("warm" -> arm).
      if (candidate.length < 3 || candidate.charCodeAt(0) !== term.charCodeAt(0)) return;
      const distance = damerauDistance(term, candidate, limit);
      if (distance > limit) return;
      offer(id, FUZZY_WEIGHT[distance]!);
      this.#offered++;
    };
    forEachWithin(this.#index.vocabulary, term, limit, (id) => consider(this.#index.terms[id]!, id));
    budget.check();
    // A swap of two letters is two Levenshtein edits: look each swapped spelling up on its own.
    for (let i = 0; i + 1 < term.length; i++) {
      if (term[i] === term[i + 1]) continue;
      const swapped = term.slice(0, i) + term[i + 1] + term[i] + term.slice(i + 2);
      if (limit === 1) {
        const id = this.idOf(swapped);
        if (id >= 0) consider(this.#index.terms[id]!, id);
      } else {
        forEachWithin(this.#index.vocabulary, swapped, 1, (id) => consider(this.#index.terms[id]!, id));
        budget.check();
      }
    }
  }

  #completions(term: string, keep: number, offer: (id: number, weight: number) => void, budget: Budget): void {
    const { docFrequency } = this.#index;
    const best: number[] = [];
    let scanned = 0;
    const rank = (x: number) => docFrequency[x]! * 64 - this.#index.terms[x]!.length;
    forEachWithPrefix(this.#index.vocabulary, term, (id) => {
      if (++scanned > PREFIX_SCAN_LIMIT) return false;
      if ((scanned & 255) === 0) budget.check();
      if (this.#index.terms[id]!.length === term.length) return true;
      // Keep the `keep` most frequent completions (ties: shorter, then found first), in a small sorted array.
      if (best.length === keep && rank(id) <= rank(best[best.length - 1]!)) return true;
      let at = best.length;
      while (at > 0 && rank(best[at - 1]!) < rank(id)) at--;
      best.splice(at, 0, id);
      if (best.length > keep) best.pop();
      return true;
    });
    const typed = term.length;
    for (const id of best) {
      const length = this.#index.terms[id]!.length;
      offer(id, typed <= 2 ? 0.3 : 0.35 + (0.45 * typed) / length);
    }
  }
}
