/**
 * The immutable, in-memory catalog built from one validated snapshot: exercises in default order,
 * the id map, each exercise's response bytes, the taxonomy and the metadata bodies. It knows nothing
 * of search: search/ builds its indexes from a Catalog. A new snapshot builds a new Catalog beside the
 * live one; nothing here is ever mutated after build.
 */
import { runInSlices, runNow, sortedOrder, type Steps } from '../time-slices.ts';
import { isSameRecord } from './same-record.ts';
import { type LocalizedSnapshot, localizeSnapshotSteps } from './translations.ts';
import {
  CATEGORIES,
  type Category,
  type Exercise,
  inFieldOrder,
  type MuscleGroup,
  type SearchDictionary,
  type Snapshot,
} from './snapshot-schema.ts';

export interface Catalog {
  /** The language of its text: `en`, the snapshot's own, or one of its translations (docs/api.md#languages). */
  readonly lang: string;
  /** The English catalog's translations, each a whole Catalog of its own (empty in a translation). */
  readonly languages: ReadonlyMap<string, Catalog>;
  /** In a translation: what search reads beside its text (the English words of each position; the taxonomy's names). */
  readonly translated: TranslatedSearch | undefined;
  readonly dataVersion: string;
  readonly lastUpdated: string;
  /** Where the snapshot came from (a file name), for logs and reload decisions. */
  readonly source: string;
  /** Exercises in default order: name (case-insensitive), then id. Positions index every array below. */
  readonly exercises: readonly Exercise[];
  readonly positionById: ReadonlyMap<string, number>;
  /** Old id -> canonical id, for ids merged or renamed away (docs/api.md#ids). */
  readonly aliases: ReadonlyMap<string, string>;
  /** `{"data":<exercise>}` per exercise (internal fields dropped): the whole body of GET /v1/exercises/:id. */
  readonly exerciseBodies: readonly Buffer[];
  /**
   * The UTF-8 JSON of each exercise, ready to splice into a page: views into exerciseBodies, so pages
   * are assembled from bytes with no per-request encoding (a 20-item page is ~33 KB of text).
   */
  readonly exerciseBytes: readonly Buffer[];
  readonly muscleGroups: readonly MuscleGroup[];
  /** Canonical equipment names. */
  readonly equipment: readonly string[];
  /** The snapshot's additions to the search dictionary (snapshot field `search`), if any. */
  readonly searchDictionary: SearchDictionary | undefined;
  readonly categoryCounts: Readonly<Record<Category, number>>;
  readonly bodies: {
    readonly muscles: Buffer;
    readonly equipment: Buffer;
    readonly categories: Buffer;
    readonly stats: Buffer;
  };
}

/** What a translation's search needs of the English: gyms say "hip thrust" everywhere, and filters take both names. */
export interface TranslatedSearch {
  /** position -> the English name and keywords of that exercise. */
  readonly englishWords: readonly (readonly string[])[];
  /** English display group -> its name in the language. */
  readonly groupNames: ReadonlyMap<string, string>;
  /** English equipment name -> its name in the language. */
  readonly equipmentNames: ReadonlyMap<string, string>;
}

export function compareDefaultOrder(a: Exercise, b: Exercise): number {
  const an = a.name.toLowerCase();
  const bn = b.name.toLowerCase();
  if (an !== bn) return an < bn ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * The position of the exercise an id names: its own id, or an alias of it (an id once served keeps
 * answering, with the canonical record). Undefined when the id names nothing.
 */
export function findExercisePosition(catalog: Catalog, id: string): number | undefined {
  const position = catalog.positionById.get(id);
  if (position !== undefined) return position;
  const canonical = catalog.aliases.get(id);
  return canonical === undefined ? undefined : catalog.positionById.get(canonical);
}

function dataBody(payload: unknown): Buffer {
  return Buffer.from(JSON.stringify({ data: payload }));
}

const EXERCISES_PER_STEP = 16;

/**
 * Builds the catalog step by step (see time-slices.ts): sorting and serializing 100x the catalog takes
 * seconds. The English catalog builds each of the snapshot's translations after itself. With `previous`
 * (the live catalog, on a reload), an exercise whose record is unchanged keeps the live record and its
 * response bytes instead of being serialized again: comparing is about a sixth of the cost (7 against
 * 40 ms for the bundled 2,233), and serializing was the largest part of building a catalog (issue 19).
 */
export function* catalogSteps(
  snapshot: Snapshot,
  source: string,
  translation?: { lang: string; view: LocalizedSnapshot },
  previous?: Catalog,
): Steps<Catalog> {
  const sortKeys: string[] = [];
  for (const exercise of snapshot.exercises) {
    sortKeys.push(exercise.name.toLowerCase());
    if (sortKeys.length % 4096 === 0) yield;
  }
  const order = yield* sortedOrder(snapshot.exercises.length, (a, b) => {
    const an = sortKeys[a]!;
    const bn = sortKeys[b]!;
    if (an !== bn) return an < bn ? -1 : 1;
    const ai = snapshot.exercises[a]!.id;
    const bi = snapshot.exercises[b]!.id;
    return ai < bi ? -1 : ai > bi ? 1 : 0;
  });
  const exercises = Array.from(order, (i) => snapshot.exercises[i]!);
  const positionById = new Map<string, number>();
  const exerciseBodies: Buffer[] = [];
  const exerciseBytes: Buffer[] = [];
  const DATA_PREFIX_BYTES = '{"data":'.length;
  const categoryCounts = Object.fromEntries(CATEGORIES.map((c) => [c, 0])) as Record<Category, number>;
  for (let position = 0; position < exercises.length; position++) {
    const exercise = exercises[position]!;
    positionById.set(exercise.id, position);
    const before = previous?.positionById.get(exercise.id);
    if (before !== undefined && isSameRecord(previous!.exercises[before], exercise)) {
      // The live record itself, not its equal (a translation's records are localized anew every reload):
      // the new copy dies young instead of being promoted beside the live one by the reload's collections.
      exercises[position] = previous!.exercises[before]!;
      exerciseBodies.push(previous!.exerciseBodies[before]!);
      exerciseBytes.push(previous!.exerciseBytes[before]!);
    } else {
      const body = Buffer.from(`{"data":${JSON.stringify(inFieldOrder(exercise))}}`);
      exerciseBodies.push(body);
      exerciseBytes.push(body.subarray(DATA_PREFIX_BYTES, body.length - 1));
    }
    categoryCounts[exercise.category] += 1;
    if ((position + 1) % EXERCISES_PER_STEP === 0) yield;
  }
  const languages = new Map<string, Catalog>();
  if (translation === undefined) {
    for (const lang of Object.keys(snapshot.translations ?? {}).sort()) {
      const view = yield* localizeSnapshotSteps(snapshot, lang);
      languages.set(lang, yield* catalogSteps(view.snapshot, source, { lang, view }, previous?.languages.get(lang)));
    }
  }
  let translated: TranslatedSearch | undefined;
  if (translation !== undefined) {
    const englishWords: (readonly string[])[] = [];
    for (const exercise of exercises) {
      englishWords.push(translation.view.englishWords.get(exercise.id) ?? []);
      if (englishWords.length % (EXERCISES_PER_STEP * 8) === 0) yield;
    }
    translated = { englishWords, groupNames: translation.view.groupNames, equipmentNames: translation.view.equipmentNames };
  }
  return {
    lang: translation?.lang ?? 'en',
    languages,
    translated,
    dataVersion: snapshot.dataVersion,
    lastUpdated: snapshot.lastUpdated,
    source,
    exercises,
    positionById,
    aliases: new Map(Object.entries(snapshot.aliases ?? {})),
    exerciseBodies,
    exerciseBytes,
    muscleGroups: snapshot.muscleGroups,
    equipment: snapshot.equipment,
    searchDictionary: snapshot.search,
    categoryCounts,
    bodies: {
      muscles: dataBody(snapshot.muscleGroups),
      equipment: dataBody(snapshot.equipment),
      categories: dataBody(
        snapshot.categories.map((info) => ({
          category: info.category,
          count: categoryCounts[info.category],
          description: info.description,
        })),
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

/** Builds the catalog at once (tests, tools). */
export function buildCatalog(snapshot: Snapshot, source: string): Catalog {
  return runNow(catalogSteps(snapshot, source));
}

/**
 * Builds the catalog in slices of a quarter of a millisecond, so that serving goes on meanwhile (the loader awaits this),
 * reusing the response bytes of `previous`'s unchanged exercises.
 */
export function loadCatalog(snapshot: Snapshot, source: string, sliceMs?: number, previous?: Catalog): Promise<Catalog> {
  return runInSlices(catalogSteps(snapshot, source, undefined, previous), sliceMs);
}
