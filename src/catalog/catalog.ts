/**
 * The immutable, in-memory catalog built from one validated snapshot: exercises in default order,
 * the id map, each exercise's response bytes, filter bitsets, the text index and the metadata bodies.
 * A new snapshot builds a new Catalog beside the live one; nothing here is ever mutated after build.
 */
import { LRUCache } from 'lru-cache';
import { buildFacetIndex, type FacetIndex } from '../search/facet-index.ts';
import { buildTextIndex, type TextIndex } from '../search/text-index.ts';
import { CATEGORIES, type Category, type Exercise, type MuscleGroup, type Snapshot } from './snapshot-schema.ts';

export interface Catalog {
  readonly dataVersion: string;
  readonly lastUpdated: string;
  /** Where the snapshot came from (a file name), for logs and reload decisions. */
  readonly source: string;
  /** Exercises in default order: name (case-insensitive), then id. Positions index every array below. */
  readonly exercises: readonly Exercise[];
  readonly positionById: ReadonlyMap<string, number>;
  /** `{"data":<exercise>}` per exercise (internal fields dropped): the whole body of GET /v1/exercises/:id. */
  readonly exerciseBodies: readonly Buffer[];
  /**
   * The UTF-8 JSON of each exercise, ready to splice into a page: views into exerciseBodies, so pages
   * are assembled from bytes with no per-request encoding (a 20-item page is ~33 KB of text).
   */
  readonly exerciseBytes: readonly Buffer[];
  readonly muscleGroups: readonly MuscleGroup[];
  readonly facets: FacetIndex;
  readonly text: TextIndex;
  /** Recent text rankings by normalized query; valid for this catalog's lifetime only. */
  readonly rankings: LRUCache<string, Int32Array>;
  readonly categoryCounts: Readonly<Record<Category, number>>;
  readonly bodies: {
    readonly muscles: Buffer;
    readonly equipment: Buffer;
    readonly categories: Buffer;
    readonly stats: Buffer;
  };
}

/** The order of the spec's Exercise table; anything else in the snapshot is internal and never served. */
const PUBLIC_FIELDS = [
  'id', 'name', 'keywords', 'primaryMuscles', 'secondaryMuscles', 'equipment', 'force', 'level', 'mechanic',
  'category', 'instructions', 'exerciseTips', 'commonMistakes', 'safetyInfo', 'overview', 'variations', 'images', 'videos',
] as const satisfies readonly (keyof Exercise)[];

export function compareDefaultOrder(a: Exercise, b: Exercise): number {
  const an = a.name.toLowerCase();
  const bn = b.name.toLowerCase();
  if (an !== bn) return an < bn ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function dataBody(payload: unknown): Buffer {
  return Buffer.from(JSON.stringify({ data: payload }));
}

export function buildCatalog(snapshot: Snapshot, source: string): Catalog {
  const exercises = [...snapshot.exercises].sort(compareDefaultOrder);
  const positionById = new Map(exercises.map((exercise, position) => [exercise.id, position]));
  const exerciseBodies = exercises.map((exercise) =>
    Buffer.from(`{"data":${JSON.stringify(Object.fromEntries(PUBLIC_FIELDS.map((field) => [field, exercise[field]])))}}`),
  );
  const DATA_PREFIX_BYTES = '{"data":'.length;
  const categoryCounts = Object.fromEntries(CATEGORIES.map((c) => [c, 0])) as Record<Category, number>;
  for (const exercise of exercises) categoryCounts[exercise.category] += 1;
  return {
    dataVersion: snapshot.dataVersion,
    lastUpdated: snapshot.lastUpdated,
    source,
    exercises,
    positionById,
    exerciseBodies,
    exerciseBytes: exerciseBodies.map((body) => body.subarray(DATA_PREFIX_BYTES, body.length - 1)),
    muscleGroups: snapshot.muscleGroups,
    facets: buildFacetIndex(exercises, snapshot.muscleGroups),
    text: buildTextIndex(exercises, snapshot.muscleGroups),
    rankings: new LRUCache<string, Int32Array>({ max: 2000 }),
    categoryCounts,
    bodies: {
      muscles: dataBody(snapshot.muscleGroups),
      equipment: dataBody(snapshot.equipment),
      categories: dataBody(
        snapshot.categories.map((info) => ({ category: info.category, count: categoryCounts[info.category], description: info.description })),
      ),
      stats: dataBody({
        totalExercises: exercises.length,
        categories: categoryCounts,
        lastUpdated: snapshot.lastUpdated,
        dataVersion: snapshot.dataVersion,
      }),
    },
  };
}
