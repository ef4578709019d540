/**
 * Converts the public-domain free-exercise-db (`dist/exercises.json`, github.com/yuhonas/free-exercise-db)
 * into a snapshot: its coarse muscles onto our anatomical taxonomy, its equipment and categories onto
 * ours, and the fields it lacks filled with empty values. Ids are kept exactly as they are: they are the
 * hosted API's ids, and clients store them (docs/api.md#ids).
 * Bad input is reported as problems (problems.ts), never thrown.
 */
import * as v from 'valibot';
import { fail, issueProblems, ok, type Problem, problem, type Result } from '../problems.ts';
import { CATEGORY_MAP, COARSE_MUSCLES, EQUIPMENT_MAP, LEVEL_MAP, MUSCLE_MAP, SOURCE_CATEGORIES } from './free-exercise-db-maps.ts';
import { checkSnapshot } from './snapshot-check.ts';
import {
  type Category,
  CategoryInfoSchema,
  type Exercise,
  ID_MESSAGE,
  ID_PATTERN,
  MuscleGroupSchema,
  nonEmptyText,
  oneOf,
  type Snapshot,
} from './snapshot-schema.ts';

const muscleList = v.array(v.picklist(COARSE_MUSCLES, oneOf(COARSE_MUSCLES)), 'must be an array of muscle names');
const textList = v.array(v.string('must be a string'), 'must be an array of strings');

// `force`, `mechanic` and `equipment` are null in the source when unknown; a missing key means the same.
const SourceExerciseSchema = v.object(
  {
    id: nonEmptyText,
    name: nonEmptyText,
    force: v.nullish(v.picklist(['push', 'pull', 'static'], `${oneOf(['push', 'pull', 'static'])} or null`), null),
    level: v.picklist(['beginner', 'intermediate', 'expert'], oneOf(['beginner', 'intermediate', 'expert'])),
    mechanic: v.nullish(v.picklist(['compound', 'isolation'], `${oneOf(['compound', 'isolation'])} or null`), null),
    equipment: v.nullish(v.pipe(v.string('must be a string or null'), v.trim(), v.toLowerCase()), null),
    primaryMuscles: v.pipe(muscleList, v.minLength(1, 'must name at least one muscle')),
    secondaryMuscles: muscleList,
    instructions: textList,
    category: v.picklist(SOURCE_CATEGORIES, oneOf(SOURCE_CATEGORIES)),
    images: textList,
  },
  'must be an object',
);
type SourceExercise = v.InferOutput<typeof SourceExerciseSchema>;

/** The parts of `data/source/taxonomy.json` a snapshot copies. */
export const TaxonomySchema = v.object(
  {
    categories: v.array(CategoryInfoSchema, 'must be an array of categories'),
    muscleGroups: v.array(MuscleGroupSchema, 'must be an array of muscle groups'),
    equipment: v.array(nonEmptyText, 'must be an array of equipment names'),
  },
  'must be an object of categories, muscleGroups and equipment',
);
export type Taxonomy = v.InferOutput<typeof TaxonomySchema>;

export interface ImportOptions {
  /** `YYYY-MM-DD`, also the snapshot's file name. */
  dataVersion: string;
  /** ISO 8601 UTC timestamp with milliseconds. */
  lastUpdated: string;
  taxonomy: Taxonomy;
}

/** A converted snapshot and the lossy steps taken on the way. */
export interface Imported {
  snapshot: Snapshot;
  notes: string[];
}

/** Validates a parsed taxonomy file; problems name `file` and the field. */
export function parseTaxonomy(raw: unknown, file: string): Result<Taxonomy> {
  const parsed = v.safeParse(TaxonomySchema, raw);
  return parsed.success ? ok(parsed.output) : fail(issueProblems(file, parsed.issues));
}

function unique(items: Iterable<string>): string[] {
  return [...new Set(items)];
}

/** `record 3 (id "Squat")`: where a source record is, by index, and by id when it has one. */
function recordWhere(index: number, raw: unknown): string {
  const id = typeof raw === 'object' && raw !== null ? (raw as { id?: unknown }).id : undefined;
  return typeof id === 'string' && id.trim() !== '' ? `record ${index} (id "${id}")` : `record ${index}`;
}

const STOP_WORDS = new Set(['a', 'an', 'and', 'the', 'to', 'of', 'on', 'in', 'with', 'for', 'from', 'at', 'by', 'or']);

/** Lowercase search aliases: the name's words, the coarse muscles, the equipment and the category. */
function keywordsFor(source: SourceExercise, equipment: string | null, category: Category, primary: string[]): string[] {
  const words = source.name
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '' && !STOP_WORDS.has(word));
  const candidates = [
    ...words,
    ...source.primaryMuscles,
    ...source.secondaryMuscles,
    ...(source.equipment !== null && equipment !== null ? [source.equipment, equipment] : []),
    category.replace(/_/g, ' '),
  ];
  const keywords = unique(candidates.map((keyword) => keyword.trim()).filter((keyword) => keyword !== ''));
  // A one-word name that equals its muscle and category would give fewer than three; the anatomical names fill in.
  for (const extra of [...primary, LEVEL_MAP[source.level]]) {
    if (keywords.length >= 3) break;
    if (!keywords.includes(extra)) keywords.push(extra);
  }
  return keywords;
}

interface Indexed {
  index: number;
  source: SourceExercise;
}

/** Every record against the source schema; the problems name the record's index, id and field, and the value found. */
function parseRecords(raw: readonly unknown[]): Result<Indexed[]> {
  const problems: Problem[] = [];
  const records: Indexed[] = [];
  raw.forEach((item: unknown, index) => {
    const parsed = v.safeParse(SourceExerciseSchema, item);
    if (parsed.success) records.push({ index, source: parsed.output });
    else problems.push(...issueProblems('', parsed.issues, { prefix: recordWhere(index, item), isShowingReceived: true }));
  });
  return problems.length > 0 ? fail(problems) : ok(records);
}

/** Ids are kept as they are: one outside the hosted alphabet, or claimed twice, is a problem, never renamed. */
function idProblems(records: readonly Indexed[]): Problem[] {
  const problems: Problem[] = [];
  const firstIndexById = new Map<string, number>();
  for (const { index, source } of records) {
    const where = `${recordWhere(index, source)}.id`;
    if (!ID_PATTERN.test(source.id)) {
      problems.push(problem('', where, ID_MESSAGE));
      continue;
    }
    const first = firstIndexById.get(source.id);
    if (first === undefined) firstIndexById.set(source.id, index);
    else problems.push(problem('', where, `is also the id of record ${first}`));
  }
  return problems;
}

/** The taxonomy's name for a source equipment name (null: none, or not in the taxonomy, which `unknown` collects). */
function equipmentFor(source: SourceExercise, known: ReadonlyMap<string, string>, unknown: Map<string, string[]>): string | null {
  if (source.equipment === null) return null;
  const wanted = Object.hasOwn(EQUIPMENT_MAP, source.equipment) ? EQUIPMENT_MAP[source.equipment]! : source.equipment;
  if (wanted === null) return null;
  const equipment = known.get(wanted) ?? null;
  if (equipment === null) unknown.set(source.equipment, [...(unknown.get(source.equipment) ?? []), source.id]);
  return equipment;
}

/** One source record as an exercise of ours; images outside its folder and empty steps are dropped with a note. */
function convertRecord(source: SourceExercise, equipment: string | null, notes: string[]): Exercise {
  const { id } = source;
  const primary = unique(source.primaryMuscles.flatMap((muscle) => MUSCLE_MAP[muscle]));
  const secondary = unique(source.secondaryMuscles.flatMap((muscle) => MUSCLE_MAP[muscle])).filter((m) => !primary.includes(m));
  const category = CATEGORY_MAP[source.category];
  const images: string[] = [];
  for (const image of source.images) {
    if (image.startsWith(`${id}/`) && image.length > id.length + 1) images.push(image);
    else notes.push(`${id}: image "${image}" dropped (it must start with "${id}/")`);
  }
  const instructions: string[] = [];
  source.instructions.forEach((step, i) => {
    if (step.trim() === '') notes.push(`${id}: instruction step ${i + 1} is empty; dropped`);
    else instructions.push(step.trim());
  });
  return {
    id,
    name: source.name,
    keywords: keywordsFor(source, equipment, category, primary),
    primaryMuscles: primary,
    secondaryMuscles: secondary,
    equipment,
    force: source.force,
    level: LEVEL_MAP[source.level],
    mechanic: source.mechanic,
    category,
    instructions,
    exerciseTips: [],
    commonMistakes: [],
    safetyInfo: '',
    overview: '',
    variations: [],
    images,
    videos: [],
  };
}

/**
 * Builds a snapshot from free-exercise-db's `dist/exercises.json`. Either every record converts and the
 * snapshot passes `checkSnapshot`, or the result lists every problem (naming the record's index, id and field).
 * `notes` report lossy steps: unknown equipment, images and empty instruction steps dropped. Problems carry
 * no source: the caller that knows the file fills it in.
 */
export function importFreeExerciseDb(raw: unknown, options: ImportOptions): Result<Imported> {
  if (!Array.isArray(raw)) return fail([problem('', '', 'must be an array of exercises (free-exercise-db dist/exercises.json)')]);
  const records = parseRecords(raw);
  if (!records.ok) return records;
  const badIds = idProblems(records.value);
  if (badIds.length > 0) return fail(badIds);

  const { taxonomy } = options;
  const notes: string[] = [];
  const knownEquipment = new Map(taxonomy.equipment.map((name) => [name.toLowerCase(), name]));
  const unknownEquipment = new Map<string, string[]>();
  const exercises = records.value.map(({ source }) => convertRecord(source, equipmentFor(source, knownEquipment, unknownEquipment), notes));
  for (const [name, exerciseIds] of unknownEquipment) {
    notes.push(`equipment "${name}" is not in the taxonomy; set to null for ${exerciseIds.length} exercise(s): ${exerciseIds.join(', ')}`);
  }
  const check = checkSnapshot(
    {
      dataVersion: options.dataVersion,
      lastUpdated: options.lastUpdated,
      categories: taxonomy.categories,
      muscleGroups: taxonomy.muscleGroups,
      equipment: taxonomy.equipment,
      exercises,
    },
    options.dataVersion,
  );
  return check.ok ? ok({ snapshot: check.value, notes }) : check;
}
