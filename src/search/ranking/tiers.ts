/**
 * The tiers text search ranks by before scores (ranking/ranker.ts): whether the typed words are an exercise's
 * whole name, a whole alias, a phrase of its name, or all somewhere in its name, each first as typed
 * and then through the dictionary's synonyms. Read from the name's and aliases' term ids in order.
 */
import type { Slot } from '../text/query-plan.ts';
import type { Expansion } from '../text/term-expansion.ts';
import { FIELD_KEYWORDS, FIELD_NAME, type TermIndex } from '../text/term-index.ts';

export const TIER_SCALE = 1e6;
/** Tiers as typed; the same match through a synonym ranks SYNONYM_DROP lower (below every typed phrase). */
export const TIER_WHOLE_NAME = 8;
export const TIER_WHOLE_ALIAS = 7;
export const TIER_PHRASE = 6;
const SYNONYM_DROP = 3;
/** Every slot in the name in any order: as typed, or through synonyms. */
const TIER_ALL_IN_NAME_TYPED = 2;
const TIER_ALL_IN_NAME = 1;

function contains(ids: Int32Array, id: number): boolean {
  for (let i = 0; i < ids.length; i++) if (ids[i] === id) return true;
  return false;
}

/**
 * Whether `atom` matches term `id` as typed: a word the catalog has matches itself only (its typos and
 * completions rank with synonyms: "row" is the row, not "Rowing, Stationary"); a word it lacks matches
 * through its typos and completions ("kettleb").
 */
function matchesTyped(atom: Expansion, id: number): boolean {
  const { ids, weights } = atom;
  let hasExact = false;
  for (let i = 0; i < ids.length; i++) {
    if (weights[i] !== 1) continue;
    if (ids[i] === id) return true;
    hasExact = true;
  }
  return !hasExact && contains(ids, id);
}

/**
 * Whether slots[s..] match tokens[pos..end) consecutively, in order (and, with `toEnd`, use every
 * token up to `end`); with `isTypedOnly`, through the typed readings only.
 */
function matchesFrom(
  tokens: Int32Array,
  end: number,
  slots: readonly Slot[],
  s: number,
  pos: number,
  toEnd: boolean,
  isTypedOnly: boolean,
): boolean {
  if (s === slots.length) return !toEnd || pos === end;
  const slot = slots[s]!;
  const count = isTypedOnly ? slot.typedCount : slot.alternatives.length;
  for (let a = 0; a < count; a++) {
    const alternative = slot.alternatives[a]!;
    if (pos + alternative.length > end) continue;
    let isMatch = true;
    for (let k = 0; k < alternative.length && isMatch; k++)
      isMatch = isTypedOnly ? matchesTyped(alternative[k]!, tokens[pos + k]!) : contains(alternative[k]!.ids, tokens[pos + k]!);
    if (isMatch && matchesFrom(tokens, end, slots, s + 1, pos + alternative.length, toEnd, isTypedOnly)) return true;
  }
  return false;
}

function isPhraseIn(tokens: Int32Array, start: number, end: number, slots: readonly Slot[], isTypedOnly: boolean): boolean {
  for (let at = start; at < end; at++) if (matchesFrom(tokens, end, slots, 0, at, false, isTypedOnly)) return true;
  return false;
}

function isWholeAlias(index: TermIndex, p: number, slots: readonly Slot[], isTypedOnly: boolean): boolean {
  const { aliasDocStart, aliasStart, aliasTerms } = index;
  for (let a = aliasDocStart[p]!; a < aliasDocStart[p + 1]!; a++) {
    if (matchesFrom(aliasTerms, aliasStart[a + 1]!, slots, 0, aliasStart[a]!, true, isTypedOnly)) return true;
  }
  return false;
}

/** Whether every slot has a typed reading all of whose atoms are somewhere in tokens[start..end). */
function isTypedInName(tokens: Int32Array, start: number, end: number, slots: readonly Slot[]): boolean {
  for (const slot of slots) {
    let isFound = false;
    for (let a = 0; a < slot.typedCount && !isFound; a++) {
      const alternative = slot.alternatives[a]!;
      let hasAll = true;
      for (let k = 0; k < alternative.length && hasAll; k++) {
        let hasAtom = false;
        for (let t = start; t < end && !hasAtom; t++) hasAtom = matchesTyped(alternative[k]!, tokens[t]!);
        hasAll = hasAtom;
      }
      isFound = hasAll;
    }
    if (!isFound) return false;
  }
  return true;
}

/**
 * Whether the name is the typed words in another order, one word a slot ("kniebeuge langhantel" and
 * "Langhantel-Kniebeuge"): German and Spanish put the equipment before or after the movement, so a
 * query's order says little, and the plain name should not rank below a longer one that happens to hold
 * the words in the typed order ("Sprungkniebeuge mit Langhantel"). Names of up to 4 terms.
 */
function isWholeNameReordered(tokens: Int32Array, start: number, end: number, slots: readonly Slot[], isTypedOnly: boolean): boolean {
  const length = end - start;
  if (length !== slots.length || length < 2 || length > 4) return false;
  let used = 0;
  const place = (s: number): boolean => {
    if (s === slots.length) return true;
    const slot = slots[s]!;
    const count = isTypedOnly ? slot.typedCount : slot.alternatives.length;
    for (let t = 0; t < length; t++) {
      if ((used & (1 << t)) !== 0) continue;
      for (let a = 0; a < count; a++) {
        const alternative = slot.alternatives[a]!;
        if (alternative.length !== 1) continue;
        const token = tokens[start + t]!;
        if (!(isTypedOnly ? matchesTyped(alternative[0]!, token) : contains(alternative[0]!.ids, token))) continue;
        used |= 1 << t;
        if (place(s + 1)) return true;
        used &= ~(1 << t);
      }
    }
    return false;
  };
  return place(0);
}

/** The fewest and most name terms a whole-name match of `slots` can span. */
export function wholeSpan(slots: readonly Slot[]): [number, number] {
  let fewest = 0;
  let most = 0;
  for (const slot of slots) {
    let low = Number.MAX_SAFE_INTEGER;
    let high = 0;
    for (const alternative of slot.alternatives) {
      low = Math.min(low, alternative.length);
      high = Math.max(high, alternative.length);
    }
    fewest += low;
    most += high;
  }
  return [fewest, most];
}

/** The tier of exercise `p` for `slots`, given the fields every slot matched in (FIELD_NAME, FIELD_KEYWORDS). */
export function tierOf(index: TermIndex, p: number, fields: number, slots: readonly Slot[]): number {
  const isAllInName = (fields & FIELD_NAME) !== 0;
  const isAllInKeywords = (fields & FIELD_KEYWORDS) !== 0;
  if (!isAllInName && !isAllInKeywords) return 0;
  const { nameTerms } = index;
  const start = index.nameStart[p]!;
  const end = index.nameStart[p + 1]!;
  for (let pass = 0; pass < 2; pass++) {
    const isTypedOnly = pass === 0;
    const drop = isTypedOnly ? 0 : SYNONYM_DROP;
    if (isAllInName && matchesFrom(nameTerms, end, slots, 0, start, true, isTypedOnly)) return TIER_WHOLE_NAME - drop;
    // A whole alias counts fully when the name also holds what was typed; an alias alone ("hamstring
    // stretch" written on a yoga pose) ranks with the names that hold the phrase.
    if (isAllInKeywords && isWholeAlias(index, p, slots, isTypedOnly)) return (isAllInName ? TIER_WHOLE_ALIAS : TIER_PHRASE) - drop;
    if (
      isAllInName &&
      (isPhraseIn(nameTerms, start, end, slots, isTypedOnly) || isWholeNameReordered(nameTerms, start, end, slots, isTypedOnly))
    ) {
      return TIER_PHRASE - drop;
    }
  }
  if (!isAllInName) return 0;
  return isTypedInName(nameTerms, start, end, slots) ? TIER_ALL_IN_NAME_TYPED : TIER_ALL_IN_NAME;
}

/** Whether exercise `p` has an alias of `fewest` to `most` terms (only such an alias can match whole). */
export function hasAliasSpanning(index: TermIndex, p: number, fewest: number, most: number): boolean {
  const { aliasDocStart, aliasStart } = index;
  for (let a = aliasDocStart[p]!; a < aliasDocStart[p + 1]!; a++) {
    const length = aliasStart[a + 1]! - aliasStart[a]!;
    if (length >= fewest && length <= most) return true;
  }
  return false;
}
