/**
 * Full-text ranking over name and keywords (and, weakly, equipment and muscles) with MiniSearch.
 *
 * MiniSearch runs one query term at a time so that the search budget can be checked between terms:
 * a query that runs past its deadline is abandoned instead of holding the event loop. Per-term scores
 * are combined the way MiniSearch combines an OR query (sum of scores times the number of query terms
 * matched). Then exactness lifts a hit: the query being the exercise's whole name, or one of its authored
 * aliases (compared without spaces or punctuation, so `pushup` meets "Push-Up" and `ohp` the overhead
 * press), or a phrase inside its name (so `bench press` puts the "... Bench Press ..." exercises first).
 */
import MiniSearch, { type SearchOptions } from 'minisearch';
import type { Exercise, MuscleGroup } from '../catalog/snapshot-schema.ts';

/** What `rank` returns when the deadline passed before the ranking was complete. */
export const TIMED_OUT = Symbol('search timed out');

export interface TextIndex {
  /** Positions matching the query's terms (see queryTerms), best first, ties in default order; or TIMED_OUT. */
  rank(terms: readonly string[], deadline: number, now: () => number): Int32Array | typeof TIMED_OUT;
}

interface IndexedDocument {
  position: number;
  name: string;
  keywords: string;
  tags: string;
}

const tokenize = MiniSearch.getDefault('tokenize') as (text: string) => string[];

/** Lowercases and folds accents, so "Café" and "cafe" meet. */
function normalizeTerm(term: string): string | null {
  const folded = term.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();
  return folded.length > 0 ? folded : null;
}

export function queryTerms(query: string): string[] {
  const seen = new Set<string>();
  for (const token of tokenize(query)) {
    const term = normalizeTerm(token);
    if (term !== null) seen.add(term);
  }
  return [...seen];
}

function normalizePhrase(text: string): string {
  return queryTerms(text).join(' ');
}

/** Terms run together: "Push-Up", "push up" and "pushup" all become "pushup". */
function compact(text: string): string {
  return queryTerms(text).join('');
}

const SEARCH_OPTIONS: SearchOptions = {
  boost: { name: 3, keywords: 2, tags: 0.5 },
  prefix: true,
  // Short terms get no typo tolerance: a one-letter edit of "row" matches half the catalog.
  fuzzy: (term) => (term.length >= 4 ? 0.2 : false),
  combineWith: 'OR',
};
/** How much more a hit is worth when the query is its whole name, one of its aliases, or a phrase in its name. */
const EXACT_NAME_BONUS = 4;
const ALIAS_BONUS = 3;
const PHRASE_BONUS = 2;

export function buildTextIndex(exercises: readonly Exercise[], muscleGroups: readonly MuscleGroup[]): TextIndex {
  const groupOf = new Map<string, string>();
  for (const group of muscleGroups) for (const muscle of group.muscles) groupOf.set(muscle.toLowerCase(), group.displayGroup);
  const miniSearch = new MiniSearch<IndexedDocument>({
    idField: 'position',
    fields: ['name', 'keywords', 'tags'],
    storeFields: [],
    processTerm: normalizeTerm,
    searchOptions: SEARCH_OPTIONS,
  });
  const phrases = exercises.map((exercise) => normalizePhrase(exercise.name));
  const compactNames = exercises.map((exercise) => compact(exercise.name));
  const compactAliases = exercises.map((exercise) => new Set(exercise.keywords.map(compact)));
  miniSearch.addAll(
    exercises.map((exercise, position) => ({
      position,
      name: exercise.name,
      keywords: exercise.keywords.join(' '),
      tags: [
        exercise.equipment ?? '',
        exercise.category.replace(/_/g, ' '),
        ...exercise.primaryMuscles,
        ...exercise.primaryMuscles.map((m) => groupOf.get(m.toLowerCase()) ?? ''),
      ].join(' '),
    })),
  );

  return {
    rank(terms, deadline, now) {
      const scores = new Map<number, number>();
      const matchedTerms = new Map<number, number>();
      for (const term of terms) {
        for (const result of miniSearch.search(term)) {
          const position = result.id as number;
          scores.set(position, (scores.get(position) ?? 0) + result.score);
          matchedTerms.set(position, (matchedTerms.get(position) ?? 0) + 1);
        }
        if (now() > deadline) return TIMED_OUT;
      }
      const phrase = terms.join(' ');
      const whole = terms.join('');
      const ranked = new Int32Array(scores.size);
      const finalScore = new Float64Array(exercises.length);
      let n = 0;
      for (const [position, score] of scores) {
        const bonus =
          compactNames[position] === whole ? EXACT_NAME_BONUS
          : compactAliases[position]!.has(whole) ? ALIAS_BONUS
          : terms.length > 1 && phrases[position]!.includes(phrase) ? PHRASE_BONUS
          : 1;
        finalScore[position] = score * matchedTerms.get(position)! * bonus;
        ranked[n++] = position;
      }
      // Positions are in default order, so the tie-breaker (name, then id) is the position itself.
      ranked.sort((a, b) => finalScore[b]! - finalScore[a]! || a - b);
      if (now() > deadline) return TIMED_OUT;
      return ranked;
    },
  };
}
