/**
 * How suggest.ts reads what was typed: each word becomes a slot (the vocabulary's words it may be,
 * with weights), the query as typed is the first reading, and dictionary phrases in place of an
 * abbreviation give further readings. Built on the search engine's expander and dictionary.
 */
import type { Budget } from '../structures/budget.ts';
import type { PlanContext } from '../text/query-plan.ts';
import type { Expansion } from '../text/term-expansion.ts';

/** What reading a query needs of a search index: its expander and dictionary (a SearchIndex has them). */
export interface ReadingSources {
  readonly planContext: Pick<PlanContext, 'expander' | 'synonyms' | 'rules'>;
}

/** A dictionary alternative (db -> dumbbell) weighs a little less than the word as typed. */
const DICTIONARY_WEIGHT = 0.9;
const TRAILING_SEPARATOR = /[^\p{L}\p{N}]$/u;

/** term id -> weight, for one typed word: what it may match. */
export type Slot = Map<number, number>;

function slotOf(expansion: Expansion): Slot {
  const slot: Slot = new Map();
  for (let i = 0; i < expansion.ids.length; i++) slot.set(expansion.ids[i]!, expansion.weights[i]!);
  return slot;
}

/**
 * The dictionary's readings of a whole word: a one-word alternative joins the word's slot (db ->
 * dumbbell); a phrase (rdl -> romanian deadlift) is returned, to be read in the word's place.
 */
function addDictionary(index: ReadingSources, term: string, slot: Slot): (readonly string[])[] {
  const { expander, synonyms } = index.planContext;
  const phrases: (readonly string[])[] = [];
  for (const entry of synonyms.byFirstTerm.get(term) ?? []) {
    if (entry.terms.length !== 1) continue;
    for (const alternative of entry.alternatives) {
      if (alternative.length > 1) {
        phrases.push(alternative);
        continue;
      }
      const id = expander.idOf(alternative[0]!);
      if (id >= 0 && !slot.has(id)) slot.set(id, DICTIONARY_WEIGHT);
    }
  }
  return phrases;
}

/** At most this many readings of one query: as typed, then by dictionary phrases. */
const MAX_READINGS = 4;

/**
 * The typed words as slots (every one must match; joined words become several), and further readings
 * with a dictionary phrase in place of an abbreviation. The first reading is the query as typed.
 */
export function readingsOf(index: ReadingSources, q: string, shortPrefixes: ReadonlyMap<string, Slot>, budget: Budget): Slot[][] {
  const { expander, rules } = index.planContext;
  const terms = rules.tokenize(q);
  const isLastComplete = TRAILING_SEPARATOR.test(q);
  const typed: Slot[] = [];
  const phrased: { at: number; phrase: readonly string[] }[] = [];
  terms.forEach((term, i) => {
    const isLast = i === terms.length - 1 && !isLastComplete;
    if (!isLast && rules.isFunctionWord(term)) return;
    // While the first letters of a word are typed, they are a prefix, not a word: "b" is not the letter b.
    const isShortPrefix = isLast && term.length <= 2;
    // The word being typed completes; only when nothing starts with it are typos read ("sqaut").
    let slot = isShortPrefix
      ? (shortPrefixes.get(term) ?? new Map<number, number>())
      : slotOf(isLast ? expander.completions(term, budget) : expander.expand(term, false, budget));
    if (isLast && slot.size === 0) slot = slotOf(expander.expand(term, true, budget));
    if (!isShortPrefix) for (const phrase of addDictionary(index, term, slot)) phrased.push({ at: typed.length, phrase });
    if (slot.size > 0) {
      typed.push(slot);
      return;
    }
    if (!isLast) {
      // Joined words: "benchpress" is bench + press.
      const split = expander.splits(term, budget)[0];
      if (split !== undefined) for (const part of split) typed.push(slotOf(part));
      else typed.push(slot); // nothing reads this word: no suggestion as typed
      return;
    }
    typed.push(...lastWordSlots(index, term, budget));
  });
  const readings = [typed];
  for (const { at, phrase } of phrased.slice(0, MAX_READINGS - 1)) {
    const words = phrase.map((word): Slot => new Map([...slotOf(expander.exact(word)).keys()].map((id) => [id, DICTIONARY_WEIGHT])));
    readings.push([...typed.slice(0, at), ...words, ...typed.slice(at + 1)]);
  }
  return readings;
}

/**
 * The word being typed, when nothing in the vocabulary starts with it: a known word run together with
 * the start of the next ("benchpr" -> bench + pr...), else its longest start that some word has (a typo
 * while typing, "dumbe" on the way to "dumbell", keeps the suggestions of "dumb").
 */
function lastWordSlots(index: ReadingSources, term: string, budget: Budget): Slot[] {
  const { expander } = index.planContext;
  for (let cut = term.length - 1; cut >= 3; cut--) {
    if (expander.idOf(term.slice(0, cut)) < 0) continue;
    const rest = slotOf(expander.completions(term.slice(cut), budget));
    if (rest.size > 0) return [slotOf(expander.exact(term.slice(0, cut))), rest];
  }
  for (let end = term.length - 1; end >= 2; end--) {
    const slot = slotOf(expander.completions(term.slice(0, end), budget));
    if (slot.size > 0) return [slot];
  }
  return [new Map()];
}
