/**
 * A query as slots to match: each slot is one thing the person typed (a word, or a phrase the
 * dictionary knows), with the alternative ways an exercise can match it. A slot matches when any
 * alternative does; an alternative is a run of atoms that must all match (a phrase, a split word);
 * an atom is one typed term's expansion (term-expansion.ts).
 *
 * - Function words are dropped (text-normalize.ts): "how to squat" is "squat".
 * - A phrase in the synonym dictionary ("rdl", "ohp", "adho mukha svanasana") also matches the
 *   phrases of its group, on any catalog.
 * - Joined words ("benchpress") also match their parts; split words ("kettle bell") also match the
 *   joined word, when the catalog's own vocabulary has it.
 * - A query whose every slot names a muscle ("lats", "rear delts") is muscle-led (ranking.ts).
 */
import type { Budget } from './search-budget.ts';
import type { SynonymEntry, SynonymTable } from './synonyms.ts';
import type { Expansion, TermExpander } from './term-expansion.ts';
import { contentTerms } from './text-normalize.ts';

/** At most this many slots (the rest of a very long query is ignored): slot sets are 32-bit masks. */
export const MAX_SLOTS = 24;

export type Alternative = readonly Expansion[];

export interface Slot {
  /** What was typed, as terms. */
  readonly typed: readonly string[];
  /** The typed form and its split or joined readings first, then the dictionary's phrases. */
  readonly alternatives: readonly Alternative[];
  /** How many of `alternatives` read what was typed (the rest are synonyms, which rank after). */
  readonly typedCount: number;
}

export interface QueryPlan {
  /** The normalized query: equal keys mean equal plans (the ranking cache key). */
  readonly key: string;
  readonly slots: readonly Slot[];
  /** Muscle keys when every slot names a muscle, else undefined. */
  readonly muscles: readonly string[] | undefined;
}

export interface PlanContext {
  readonly expander: TermExpander;
  readonly synonyms: SynonymTable;
  /** Content keys of every muscle name, display group and muscle alias. */
  readonly muscleWords: ReadonlySet<string>;
  readonly maxMuscleWordTerms: number;
}

/** The terms of a query that take part in matching (also the ranking cache key). */
export function queryKey(query: string): string {
  return [...new Set(contentTerms(query))].slice(0, MAX_SLOTS * 2).join(' ');
}

/** Length of the longest phrase of `words` starting at `terms[i]`, or 0. */
function longestPhraseAt(terms: readonly string[], i: number, maxLength: number, isPhrase: (key: string) => boolean): number {
  for (let length = Math.min(maxLength, terms.length - i); length >= 1; length--) {
    if (isPhrase(terms.slice(i, i + length).join(' '))) return length;
  }
  return 0;
}

export function planQuery(query: string, context: PlanContext, budget: Budget): QueryPlan {
  const key = queryKey(query);
  const terms = key === '' ? [] : key.split(' ');
  const { expander, synonyms } = context;
  const slots: Slot[] = [];
  const muscles: string[] = [];
  let isMuscleLed = terms.length > 0;
  const expandAt = (i: number): Expansion => expander.expand(terms[i]!, i === terms.length - 1, budget);
  const exactAll = (phrase: readonly string[]): Alternative | undefined => {
    const atoms = phrase.map((term) => expander.exact(term));
    return atoms.every((atom) => atom.ids.length > 0) ? atoms : undefined;
  };

  const synonymAt = (at: number): SynonymEntry | undefined =>
    synonyms.byFirstTerm.get(terms[at] ?? '')?.find((entry) => entry.terms.every((term, k) => terms[at + k] === term));
  const synonymsOf = (entry: SynonymEntry): Alternative[] =>
    entry.alternatives.map(exactAll).filter((alternative): alternative is Alternative => alternative !== undefined);

  let i = 0;
  while (i < terms.length && slots.length < MAX_SLOTS) {
    budget.spend(16);
    const muscleLength = longestPhraseAt(terms, i, context.maxMuscleWordTerms, (k) => context.muscleWords.has(k));
    const entry = synonymAt(i);
    let typedAlternatives: Alternative[] = [];
    let synonymAlternatives: Alternative[] = [];
    let length: number;
    if (entry !== undefined && entry.terms.length >= 2 && entry.terms.length >= muscleLength) {
      length = entry.terms.length;
      typedAlternatives.push(terms.slice(i, i + length).map((_, k) => expandAt(i + k)));
      // The phrase written as one word ("pull up" -> "Pullups") is a spelling of it, not a synonym.
      const joined = expander.exact(entry.terms.join(''));
      if (joined.ids.length > 0) typedAlternatives.push([joined]);
      synonymAlternatives = synonymsOf(entry);
    } else if (muscleLength >= 2) {
      length = muscleLength;
      typedAlternatives.push(terms.slice(i, i + length).map((_, k) => expandAt(i + k)));
    } else {
      length = 1;
      const term = terms[i]!;
      typedAlternatives.push([expandAt(i)]);
      for (const parts of expander.splits(term, budget)) typedAlternatives.push(parts.map((id) => ({ ids: Int32Array.of(id), weights: Float32Array.of(0.9) })));
      if (entry !== undefined) synonymAlternatives = synonymsOf(entry);
      // A split word ("kettle bell", "hyper extension") also matches the joined word when the catalog
      // has it, unless the next word starts a phrase of its own.
      const next = terms[i + 1];
      const isNextPhrase = (synonymAt(i + 1)?.terms.length ?? 0) >= 2 || longestPhraseAt(terms, i + 1, context.maxMuscleWordTerms, (k) => context.muscleWords.has(k)) >= 2;
      if (next !== undefined && !isNextPhrase) {
        const joined = expander.exact(term + next);
        if (joined.ids.length > 0) {
          length = 2;
          const nextAtom = expandAt(i + 1);
          typedAlternatives = [...typedAlternatives.map((alternative) => [...alternative, nextAtom]), [joined]];
          synonymAlternatives = synonymAlternatives.map((alternative) => [...alternative, nextAtom]);
        }
      }
    }
    const typed = terms.slice(i, i + length);
    const phraseKey = typed.join(' ');
    if (muscleLength === length && context.muscleWords.has(phraseKey)) muscles.push(phraseKey);
    else isMuscleLed = false;
    const usable = typedAlternatives.filter((alternative) => alternative.every((atom) => atom.ids.length > 0));
    slots.push({ typed, alternatives: [...usable, ...synonymAlternatives], typedCount: usable.length });
    i += length;
  }
  return { key, slots, muscles: isMuscleLed ? muscles : undefined };
}
