/**
 * Suggestions for a search box (GET /v1/suggest): names of exercises as the user types, best first.
 * It reads the search engine's own structures: the vocabulary and its expander (completions of the
 * word being typed, typos in longer words, joined words), the dictionary (abbreviations such as `db`
 * or `rdl`), and the postings of names and aliases only, so a suggestion always has every typed word
 * in its name or one of its aliases. The last word is read as a prefix, even a function word (`do`
 * on its way to `downward dog`); earlier ones as words.
 */
import { BoundedCache } from './bounded-cache.ts';
import { Budget, SearchTimedOut } from './search-budget.ts';
import type { SearchIndex } from './search-index.ts';
import { readingsOf, shortPrefixSlots, type Slot } from './suggest-readings.ts';
import { FIELD_KEYWORDS, FIELD_NAME } from './term-index.ts';

/** What `suggest` returns when the deadline passed first. */
export const SUGGEST_TIMED_OUT = Symbol('suggest timed out');

export const MAX_SUGGESTIONS = 20;
/**
 * A word matched in the name counts more than in an alias, and both add up (the exercise an alias
 * names is the one people mean); a name that starts with the typed text counts more still.
 */
const NAME_WEIGHT = 3;
const ALIAS_WEIGHT = 1;
const NAME_START_BONUS = 2;
/** Among equal matches, shorter names first: "Bench Press" before "Close-Grip Paused Bench Press". */
const PER_NAME_TERM = 0.05;
const CACHE_SIZE = 10_000;

/** Per search index: scratch arrays sized to the catalog (no allocation per request) and answers by typed text. */
interface SuggestState {
  /** Completions of every one- and two-letter prefix (see shortPrefixSlots). */
  readonly shortPrefixes: ReadonlyMap<string, Slot>;
  readonly matched: Uint8Array;
  readonly score: Float32Array;
  readonly slotBest: Float32Array;
  readonly candidates: Int32Array;
  readonly answers: BoundedCache<string, Int32Array>;
}

const states = new WeakMap<SearchIndex, SuggestState>();

function stateOf(index: SearchIndex): SuggestState {
  let state = states.get(index);
  if (state === undefined) {
    const n = index.terms.docCount;
    state = { shortPrefixes: shortPrefixSlots(index), matched: new Uint8Array(n), score: new Float32Array(n), slotBest: new Float32Array(n), candidates: new Int32Array(n), answers: new BoundedCache(CACHE_SIZE) };
    states.set(index, state);
  }
  return state;
}

/** The best `limit` of the candidates that matched every slot, by score, ties by position (default order). */
function topPositions(candidates: Int32Array, count: number, isMatch: (p: number) => boolean, score: Float32Array, limit: number): Int32Array {
  const best: number[] = [];
  for (let i = 0; i < count; i++) {
    const p = candidates[i]!;
    if (!isMatch(p)) continue;
    const s = score[p]!;
    if (best.length === limit && s <= score[best[limit - 1]!]!) continue;
    let at = best.length;
    while (at > 0 && (score[best[at - 1]!]! < s || (score[best[at - 1]!]! === s && best[at - 1]! > p))) at--;
    best.splice(at, 0, p);
    if (best.length > limit) best.pop();
  }
  return Int32Array.from(best);
}

/** Postings a slot's words hold: what reading it by postings costs. */
function postingsOf(index: SearchIndex, slot: Slot): number {
  let total = 0;
  for (const id of slot.keys()) total += index.terms.postingStart[id + 1]! - index.terms.postingStart[id]!;
  return total;
}

/** About how many name and alias words one exercise has: reading a candidate's own words costs this much. */
const WORDS_PER_EXERCISE = 24;

/** What a slot is worth in exercise `p`, read from its own name and alias words (weight x field weights). */
function valueInExercise(index: SearchIndex, p: number, slot: Slot): number {
  const { nameStart, nameTerms, aliasDocStart, aliasStart, aliasTerms } = index.terms;
  let inName = 0;
  for (let t = nameStart[p]!; t < nameStart[p + 1]!; t++) inName = Math.max(inName, slot.get(nameTerms[t]!) ?? 0);
  let inAlias = 0;
  for (let t = aliasStart[aliasDocStart[p]!]!; t < aliasStart[aliasDocStart[p + 1]!]!; t++) inAlias = Math.max(inAlias, slot.get(aliasTerms[t]!) ?? 0);
  return inName * NAME_WEIGHT + inAlias * ALIAS_WEIGHT;
}

/**
 * The best `limit` exercises that match every slot. The slot with the fewest postings goes first and
 * makes the candidates; each later one is read from its postings, or, when the candidates are far
 * fewer than its postings (a one-letter prefix at 100x the catalog), from the candidates' own words.
 */
/** A reading's best exercises, best first, with their scores (readings are merged by score). */
interface Ranked {
  positions: Int32Array;
  scores: Float32Array;
}

const NOTHING: Ranked = { positions: new Int32Array(0), scores: new Float32Array(0) };

function rank(index: SearchIndex, slots: readonly Slot[], limit: number, budget: Budget): Ranked {
  const { postingStart, postingDoc, postingFields, nameStart, nameTerms } = index.terms;
  const { matched, score, slotBest, candidates } = stateOf(index);
  const costs = slots.map((slot) => postingsOf(index, slot));
  const order = slots.map((_, s) => s).sort((a, b) => costs[a]! - costs[b]!);
  let count = 0;
  try {
    for (let k = 0; k < order.length; k++) {
      const slot = slots[order[k]!]!;
      if (k > 0 && costs[order[k]!]! > count * WORDS_PER_EXERCISE) {
        budget.spend(count * WORDS_PER_EXERCISE);
        for (let i = 0; i < count; i++) {
          const p = candidates[i]!;
          if (matched[p] === k) slotBest[p] = valueInExercise(index, p, slot);
        }
      } else {
        for (const [id, weight] of slot) {
          const end = postingStart[id + 1]!;
          budget.spend(end - postingStart[id]!);
          for (let j = postingStart[id]!; j < end; j++) {
            const fields = postingFields[j]!;
            if ((fields & (FIELD_NAME | FIELD_KEYWORDS)) === 0) continue;
            const p = postingDoc[j]!;
            if (matched[p] !== k) continue;
            // The first slot's postings make the candidates; later slots only score them.
            if (k === 0 && slotBest[p] === 0) candidates[count++] = p;
            const value = weight * (((fields & FIELD_NAME) !== 0 ? NAME_WEIGHT : 0) + ((fields & FIELD_KEYWORDS) !== 0 ? ALIAS_WEIGHT : 0));
            if (value > slotBest[p]!) slotBest[p] = value;
          }
        }
      }
      for (let i = 0; i < count; i++) {
        const p = candidates[i]!;
        if (slotBest[p]! > 0) {
          matched[p] = k + 1;
          score[p]! += slotBest[p]!;
          slotBest[p] = 0;
        }
      }
    }
    const first = slots[0]!;
    const all = slots.length;
    for (let i = 0; i < count; i++) {
      const p = candidates[i]!;
      if (matched[p] !== all) continue;
      const nameLength = nameStart[p + 1]! - nameStart[p]!;
      score[p]! += (nameLength > 0 && first.has(nameTerms[nameStart[p]!]!) ? NAME_START_BONUS : 0) - PER_NAME_TERM * nameLength;
    }
    const positions = topPositions(candidates, count, (p) => matched[p] === all, score, limit);
    return { positions, scores: Float32Array.from(positions, (p) => score[p]!) };
  } finally {
    // Only what this call touched is reset, so the scratch costs nothing per request at any catalog size.
    for (let i = 0; i < count; i++) {
      const p = candidates[i]!;
      matched[p] = 0;
      score[p] = 0;
      slotBest[p] = 0;
    }
  }
}

/**
 * The readings' suggestions merged by score, each position once (its best reading), at most
 * MAX_SUGGESTIONS: "rdl" typed as an alias of several exercises ranks below its dictionary reading
 * "romanian deadlift" matched in names. Ties: default order.
 */
function merged(lists: readonly Ranked[]): Int32Array {
  if (lists.length === 1) return lists[0]!.positions;
  const best = new Map<number, number>();
  for (const { positions, scores } of lists) {
    positions.forEach((p, i) => {
      if ((best.get(p) ?? -Infinity) < scores[i]!) best.set(p, scores[i]!);
    });
  }
  return Int32Array.from([...best].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, MAX_SUGGESTIONS).map(([p]) => p));
}

/**
 * Up to `limit` (at most MAX_SUGGESTIONS) positions whose names best complete `q`, best first; or
 * SUGGEST_TIMED_OUT past the deadline. Answers are kept per index by typed text.
 */
export function suggest(index: SearchIndex, q: string, limit: number, deadline: number, now: () => number): Int32Array | typeof SUGGEST_TIMED_OUT {
  const key = `${q.toLowerCase()}`;
  const state = stateOf(index);
  const cached = state.answers.get(key);
  if (cached !== undefined) return cached.subarray(0, limit);
  const budget = new Budget(deadline, now);
  try {
    const readings = readingsOf(index, q, state.shortPrefixes, budget);
    budget.check();
    const positions = merged(readings.map((slots) => (slots.length === 0 ? NOTHING : rank(index, slots, MAX_SUGGESTIONS, budget))));
    state.answers.set(key, positions);
    return positions.subarray(0, limit);
  } catch (error) {
    if (error instanceof SearchTimedOut) return SUGGEST_TIMED_OUT;
    throw error;
  }
}
