/**
 * The relevance table: hit@1 and hit@3 by query class (relevance-queries.ts, and one set per language:
 * relevance-queries-es.ts, relevance-queries-de.ts) on one catalog's search index, with the misses
 * listed so a regression names itself.
 */
import type { Exercise } from '../src/catalog/snapshot-schema.ts';
import { findPage, RANKINGS } from '../src/search/page-query.ts';
import type { SearchIndex } from '../src/search/search-index.ts';
import { RELEVANCE_QUERIES_DE } from './relevance-queries-de.ts';
import { RELEVANCE_QUERIES_ES } from './relevance-queries-es.ts';
import { type Expectation, RELEVANCE_QUERIES } from './relevance-queries.ts';

const SOFT_WORK = /stretch|smr|release|foam roll|massage|mobiliz/i;
const SOFT_CATEGORIES = new Set(['stretching', 'mobility', 'yoga']);

/** A query set: each query's class, text and what a right answer looks like. */
export type QuerySet = readonly { kind: string; q: string; expect: Expectation }[];

/** The query set of each language the bundled catalog is served in. */
export const QUERY_SETS: ReadonlyMap<string, QuerySet> = new Map<string, QuerySet>([
  ['en', RELEVANCE_QUERIES],
  ['es', RELEVANCE_QUERIES_ES],
  ['de', RELEVANCE_QUERIES_DE],
]);

export interface ClassFigures {
  kind: string;
  judged: number;
  hitAt1: number;
  hitAt3: number;
}

export interface RelevanceFigures {
  catalog: string;
  exercises: number;
  queries: number;
  judged: number;
  hitAt1: number;
  hitAt3: number;
  hitAt1Share: number;
  hitAt3Share: number;
  classes: ClassFigures[];
  /** Queries that missed at 3: the query, its class and the top three names. */
  misses: { q: string; kind: string; top: string[] }[];
  /** Queries not judged on this catalog because no exercise there satisfies their predicate. */
  unanswerable: string[];
}

/** Whether `exercise` is a right answer for `expect` (never called for no-answer queries). */
export function satisfies(exercise: Exercise, expect: Exclude<Expectation, { none: true }>): boolean {
  if ('name' in expect) return expect.name.test(exercise.name);
  if ('primary' in expect) {
    const isSoft = SOFT_CATEGORIES.has(exercise.category) || SOFT_WORK.test(exercise.name);
    return !isSoft && exercise.primaryMuscles.some((muscle) => expect.primary.test(muscle));
  }
  return expect.equipment === null ? exercise.equipment === null : exercise.equipment !== null && expect.equipment.test(exercise.equipment);
}

/** Judges `queries` (the English set unless given) on `index`: a name is matched in the index's language. */
export function measureRelevance(label: string, index: SearchIndex, queries: QuerySet = RELEVANCE_QUERIES): RelevanceFigures {
  const exercises = index.catalog.exercises;
  const byClass = new Map<string, ClassFigures>(queries.map(({ kind }) => [kind, { kind, judged: 0, hitAt1: 0, hitAt3: 0 }]));
  const misses: RelevanceFigures['misses'] = [];
  const unanswerable: string[] = [];
  for (const { kind, q, expect } of queries) {
    if (!('none' in expect) && !exercises.some((exercise) => satisfies(exercise, expect))) {
      unanswerable.push(q);
      continue;
    }
    index.caches.of(RANKINGS).clear();
    const page = findPage(
      index,
      { q, filters: [], random: false, limit: 4, offset: 0 },
      { deadline: Number.POSITIVE_INFINITY, now: () => 0, random: Math.random },
    );
    if (typeof page === 'symbol') throw new Error(`"${q}" timed out with no deadline`);
    const top = page.positions.map((p) => exercises[p]!);
    const figures = byClass.get(kind)!;
    figures.judged += 1;
    const isHit = (n: number): boolean =>
      'none' in expect ? page.positions.length <= (n === 1 ? 0 : 3) : top.slice(0, n).some((exercise) => satisfies(exercise, expect));
    if (isHit(1)) figures.hitAt1 += 1;
    if (isHit(3)) figures.hitAt3 += 1;
    else misses.push({ q, kind, top: top.slice(0, 3).map((exercise) => exercise.name) });
  }
  index.caches.of(RANKINGS).clear();
  const classes = [...byClass.values()].filter((figures) => figures.judged > 0);
  const judged = classes.reduce((sum, c) => sum + c.judged, 0);
  const hitAt1 = classes.reduce((sum, c) => sum + c.hitAt1, 0);
  const hitAt3 = classes.reduce((sum, c) => sum + c.hitAt3, 0);
  return {
    catalog: label,
    exercises: exercises.length,
    queries: queries.length,
    judged,
    hitAt1,
    hitAt3,
    hitAt1Share: judged === 0 ? 0 : hitAt1 / judged,
    hitAt3Share: judged === 0 ? 0 : hitAt3 / judged,
    classes,
    misses,
    unanswerable,
  };
}
