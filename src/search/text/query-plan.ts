/**
 * A query as slots to match: each slot is one thing the person typed (a word, or a phrase the
 * dictionary knows), with the alternative ways an exercise can match it. A slot matches when any
 * alternative does; an alternative is a run of atoms that must all match (a phrase, a split word);
 * an atom is one typed term's expansion (text/term-expansion.ts).
 *
 * - Function words are dropped (text/normalize.ts): "how to squat" is "squat".
 * - A phrase in the synonym dictionary ("rdl", "ohp", "adho mukha svanasana") also matches the
 *   phrases of its group, on any catalog.
 * - Joined words ("benchpress") also match their parts; split words ("kettle bell") also match the
 *   joined word, when the catalog's own vocabulary has it.
 * - A query whose every slot names a muscle ("lats", "rear delts") is muscle-led (ranking/ranker.ts).
 */
import type { Budget } from '../structures/budget.ts';
import type { SynonymEntry, SynonymTable } from './synonyms.ts';
import type { Expansion, TermExpander } from './term-expansion.ts';
import { contentTerms, ENGLISH, type TextRules } from './normalize.ts';

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
  /** What the alternatives are a function of (the typed terms, and whether the last is among them): a cache key. */
  readonly key: string;
}

export interface QueryPlan {
  /** The normalized query: equal keys mean equal plans (the ranking cache key). */
  readonly key: string;
  readonly slots: readonly Slot[];
  /** Muscle keys when every slot names a muscle, else undefined. */
  readonly muscles: readonly string[] | undefined;
}

export interface PlanContext {
  /** How the catalog's language reads a query (search/languages/). */
  readonly rules: TextRules;
  readonly expander: TermExpander;
  readonly synonyms: SynonymTable;
  /** Content keys of every muscle name, display group and muscle alias. */
  readonly muscleWords: ReadonlySet<string>;
  /** First term -> the lengths (in terms) of the muscle names starting with it, longest first. */
  readonly muscleWordLengths: ReadonlyMap<string, readonly number[]>;
  /** Each dictionary entry's other phrases the catalog has every word of (filled as entries are met). */
  readonly synonymAlternatives: WeakMap<SynonymEntry, readonly Alternative[]>;
}

/** The muscle-name lookup of a PlanContext. */
export function muscleWordLengths(muscleWords: ReadonlySet<string>): Map<string, number[]> {
  const lengths = new Map<string, number[]>();
  for (const word of muscleWords) {
    const terms = word.split(' ');
    const list = lengths.get(terms[0]!) ?? [];
    if (!list.includes(terms.length)) list.push(terms.length);
    lengths.set(
      terms[0]!,
      list.sort((a, b) => b - a),
    );
  }
  return lengths;
}

/** The terms of a query that take part in matching (also the ranking cache key). */
export function queryKey(query: string, rules: TextRules = ENGLISH): string {
  return queryTermsOf(query, rules).join(' ');
}

/** The distinct content terms of a query, in order, at most MAX_SLOTS * 2 of them. */
function queryTermsOf(query: string, rules: TextRules): string[] {
  return [...new Set(contentTerms(query, rules))].slice(0, MAX_SLOTS * 2);
}

/** Whether an expansion matches anything at all. */
function isUsable(atom: Expansion): boolean {
  return atom.ids.length > 0;
}

/** Whether an expansion holds the typed term itself (weight 1), not only typos or completions of it. */
function hasExactTerm(atom: Expansion): boolean {
  for (let i = 0; i < atom.weights.length; i++) if (atom.weights[i] === 1) return true;
  return false;
}

/** Builds the slots of one query; a class so that its helpers are not closures made per query. */
class Planner {
  readonly #terms: readonly string[];
  readonly #context: PlanContext;
  readonly #budget: Budget;
  /** Whether the last term may be incomplete (not when the query names muscles: those are whole words). */
  readonly #isLastOpen: boolean;

  constructor(terms: readonly string[], context: PlanContext, budget: Budget, isLastOpen: boolean) {
    this.#terms = terms;
    this.#context = context;
    this.#budget = budget;
    this.#isLastOpen = isLastOpen;
  }

  /** The expansion of the term at `i` (the last typed term may be incomplete). */
  expandAt(i: number): Expansion {
    return this.#context.expander.expand(this.#terms[i]!, this.#isLastOpen && i === this.#terms.length - 1, this.#budget);
  }

  expandRun(start: number, length: number): Alternative {
    const atoms: Expansion[] = [];
    for (let k = 0; k < length; k++) atoms.push(this.expandAt(start + k));
    return atoms;
  }

  /** The longest dictionary phrase starting at `at`. */
  synonymAt(at: number): SynonymEntry | undefined {
    const entries = this.#context.synonyms.byFirstTerm.get(this.#terms[at] ?? '');
    if (entries === undefined) return undefined;
    for (const entry of entries) {
      let isMatch = true;
      for (let k = 0; k < entry.terms.length && isMatch; k++) isMatch = this.#terms[at + k] === entry.terms[k];
      if (isMatch) return entry;
    }
    return undefined;
  }

  /** Length of the longest muscle name starting at `at`, or 0. */
  muscleAt(at: number): number {
    const lengths = this.#context.muscleWordLengths.get(this.#terms[at] ?? '');
    if (lengths === undefined) return 0;
    for (const length of lengths) {
      if (
        at + length <= this.#terms.length &&
        (length === 1 || this.#context.muscleWords.has(this.#terms.slice(at, at + length).join(' ')))
      )
        return length;
    }
    return 0;
  }

  /** The other phrases of a dictionary entry that the catalog has every word of. */
  synonymsOf(entry: SynonymEntry): Alternative[] {
    const known = this.#context.synonymAlternatives.get(entry);
    if (known !== undefined) return [...known];
    const { expander } = this.#context;
    const out: Alternative[] = [];
    for (const phrase of entry.alternatives) {
      const atoms = phrase.map((term) => expander.exact(term));
      if (atoms.every((atom) => atom.ids.length > 0)) out.push(atoms);
    }
    this.#context.synonymAlternatives.set(entry, out);
    return [...out];
  }

  /** The slot starting at `i` and how many terms it covers. */
  slotAt(i: number): { slot: Slot; length: number; muscleLength: number } {
    const terms = this.#terms;
    const { expander } = this.#context;
    const muscleLength = this.muscleAt(i);
    const entry = this.synonymAt(i);
    let typedAlternatives: Alternative[] = [];
    let synonymAlternatives: Alternative[] = [];
    let length: number;
    if (entry !== undefined && entry.terms.length >= 2 && entry.terms.length >= muscleLength) {
      length = entry.terms.length;
      // The dictionary knows this phrase, so a typo reading of it is not what was meant ("french press"
      // is not "bench press"): as typed, every word must be the catalog's own.
      const typed = this.expandRun(i, length);
      if (typed.every(hasExactTerm)) typedAlternatives.push(typed);
      // The phrase written as one word ("pull up" -> "Pullups") is a spelling of it, not a synonym.
      const joined = expander.exact(entry.terms.join(''));
      if (joined.ids.length > 0) typedAlternatives.push([joined]);
      synonymAlternatives = this.synonymsOf(entry);
    } else if (muscleLength >= 2) {
      length = muscleLength;
      typedAlternatives.push(this.expandRun(i, length));
    } else {
      length = 1;
      const term = terms[i]!;
      typedAlternatives.push([this.expandAt(i)]);
      for (const parts of expander.splits(term, this.#budget)) typedAlternatives.push(parts);
      if (entry !== undefined) synonymAlternatives = this.synonymsOf(entry);
      // A split word ("kettle bell", "hyper extension") also matches the joined word when the catalog
      // has it, unless the next word starts a phrase of its own.
      const next = terms[i + 1];
      if (next !== undefined && (this.synonymAt(i + 1)?.terms.length ?? 0) < 2 && this.muscleAt(i + 1) < 2) {
        const joined = expander.exact(term + next);
        if (joined.ids.length > 0) {
          length = 2;
          const nextAtom = this.expandAt(i + 1);
          typedAlternatives = [...typedAlternatives.map((alternative) => [...alternative, nextAtom]), [joined]];
          synonymAlternatives = synonymAlternatives.map((alternative) => [...alternative, nextAtom]);
        }
      }
    }
    const usable =
      typedAlternatives.length === 1 && typedAlternatives[0]!.every(isUsable)
        ? typedAlternatives
        : typedAlternatives.filter((alternative) => alternative.every(isUsable));
    const typed = length === 1 ? [terms[i]!] : terms.slice(i, i + length);
    const key = `${this.#isLastOpen && i + length === terms.length ? '>' : '='}${typed.join(' ')}`;
    const alternatives = synonymAlternatives.length === 0 ? usable : [...usable, ...synonymAlternatives];
    return { slot: { typed, alternatives, typedCount: usable.length, key }, length, muscleLength };
  }
}

export function planQuery(query: string, context: PlanContext, budget: Budget): QueryPlan {
  const terms = queryTermsOf(query, context.rules);
  const key = terms.join(' ');
  const plan = slotsOf(terms, context, budget, true);
  // A query that names muscles ("back", "lats") ends in a whole word: completing it ("backward") only adds noise.
  return { key, ...(plan.muscles === undefined ? plan : slotsOf(terms, context, budget, false)) };
}

function slotsOf(terms: readonly string[], context: PlanContext, budget: Budget, isLastOpen: boolean): Omit<QueryPlan, 'key'> {
  const planner = new Planner(terms, context, budget, isLastOpen);
  const slots: Slot[] = [];
  const muscles: string[] = [];
  let isMuscleLed = terms.length > 0;
  let i = 0;
  while (i < terms.length && slots.length < MAX_SLOTS) {
    budget.spend(16);
    const { slot, length, muscleLength } = planner.slotAt(i);
    const phrase = slot.typed.join(' ');
    if (muscleLength === length && context.muscleWords.has(phrase)) muscles.push(phrase);
    else isMuscleLed = false;
    slots.push(slot);
    i += length;
  }
  return { slots, muscles: isMuscleLed ? muscles : undefined };
}
