/**
 * Suggestions for a search box (GET /v1/suggest): names of exercises as the user types, best first.
 * It reads the search engine's own structures: the vocabulary and its expander (completions of the
 * word being typed, typos in longer words, joined words), the dictionary (abbreviations such as `db`
 * or `rdl`), and the postings of names and aliases only, so a suggestion always has every typed word
 * in its name or one of its aliases. The last word is read as a prefix, even a function word (`do`
 * on its way to `downward dog`); earlier ones as words.
 */
import { BoundedCache } from './structures/bounded-cache.ts';
import type { CacheKind } from './structures/index-caches.ts';
import { Budget, type TIMED_OUT, timedOut } from './structures/budget.ts';
import type { SearchIndex } from './search-index.ts';
import { merged, NOTHING, rank, type Ranked } from './suggest/ranking.ts';
import { readingsOf, type Slot } from './suggest/readings.ts';
import { rankFromHeads } from './suggest/large/head-ranking.ts';
import { MAX_SUGGESTIONS } from './suggest/weights.ts';

/** How many names a suggest answers at most (GET /v1/suggest's `limit`). */
export { MAX_SUGGESTIONS };

const CACHE_SIZE = 10_000;
const TRAILING_SEPARATOR = /[^\p{L}\p{N}]$/u;

/** Answers by typed text (lower-cased), per search index. */
const ANSWERS: CacheKind<BoundedCache<string, Int32Array>, unknown> = {
  name: 'suggest answers by typed text',
  make: () => new BoundedCache(CACHE_SIZE),
};

/**
 * The up to MAX_SUGGESTIONS best positions for `q` worked out from the index (no answer kept or
 * precomputed one read); throws SearchTimedOut past the budget. Exported to check the precomputed answers.
 */
export function rankSuggestions(index: SearchIndex, q: string, budget: Budget): Int32Array {
  const readings = readingsOf(index, q, index.shortPrefixes.slots, budget);
  budget.check();
  return merged(
    readings.map((slots) => rankReading(index, slots, budget)),
    MAX_SUGGESTIONS,
  );
}

/**
 * One reading's best MAX_SUGGESTIONS: in a large catalog from its words' best postings when they settle it,
 * else from all of them.
 */
export function rankReading(index: SearchIndex, slots: readonly Slot[], budget: Budget): Ranked {
  if (slots.length === 0) return NOTHING;
  const fromHeads = index.large === undefined ? undefined : rankFromHeads(index.large, slots, MAX_SUGGESTIONS, budget);
  return fromHeads ?? rank(index, slots, MAX_SUGGESTIONS, budget);
}

/** The precomputed answer when `q` is one word of one or two letters still being typed that some word starts with. */
function shortPrefixAnswer(index: SearchIndex, q: string): Int32Array | undefined {
  if (TRAILING_SEPARATOR.test(q)) return undefined;
  const terms = index.planContext.rules.tokenize(q);
  return terms.length === 1 && terms[0]!.length <= 2 ? index.shortPrefixes.answers.get(terms[0]!) : undefined;
}

/**
 * Up to `limit` (at most MAX_SUGGESTIONS) positions whose names best complete `q`, best first; or
 * TIMED_OUT past the deadline. One- and two-letter words are answered from the index's
 * precomputed lists; every answer is kept per index by typed text.
 */
export function suggest(index: SearchIndex, q: string, limit: number, deadline: number, now: () => number): Int32Array | typeof TIMED_OUT {
  const key = q.toLowerCase();
  const answers = index.caches.of(ANSWERS);
  const cached = answers.get(key);
  if (cached !== undefined) return cached.subarray(0, limit);
  const short = shortPrefixAnswer(index, q);
  if (short !== undefined) {
    answers.set(key, short);
    return short.subarray(0, limit);
  }
  try {
    const positions = rankSuggestions(index, q, new Budget(deadline, now));
    answers.set(key, positions);
    return positions.subarray(0, limit);
  } catch (error) {
    return timedOut(error);
  }
}
