/**
 * The snapshot file format (docs/operations.md#snapshot-files) as valibot schemas, plus the
 * cross-reference rules a schema cannot express. Every problem names the exercise id and field.
 */
import * as v from 'valibot';

export const CATEGORIES = [
  'strength', 'yoga', 'mobility', 'physical_therapy', 'stretching', 'pilates',
  'calisthenics', 'plyometrics', 'conditioning', 'olympic_weightlifting', 'powerlifting', 'strongman',
] as const;
export const LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export const FORCES = ['push', 'pull', 'static'] as const;
export const MECHANICS = ['compound', 'isolation'] as const;

export type Category = (typeof CATEGORIES)[number];
export type Level = (typeof LEVELS)[number];
export type Force = (typeof FORCES)[number];
export type Mechanic = (typeof MECHANICS)[number];

/**
 * The hosted catalog's own id alphabet (docs/api.md#ids): a capital or a digit, then letters,
 * digits, `_` and `-`, at most 100 characters (`Barbell_Bench_Press_-_Medium_Grip`, `3_4_Sit-Up`).
 */
export const ID_PATTERN = /^[A-Z0-9][A-Za-z0-9_-]{0,99}$/;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const MS_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const text = v.string();
const idText = v.pipe(v.string(), v.regex(ID_PATTERN, 'must be a capital or digit, then letters, digits, _ and -, at most 100 characters'));
const nonEmptyText = v.pipe(v.string(), v.trim(), v.nonEmpty('must not be empty'));
const textList = v.array(nonEmptyText);

export const VideoSchema = v.object({
  url: v.pipe(v.string(), v.url('must be an absolute URL')),
  format: nonEmptyText,
  resolution: v.pipe(v.string(), v.regex(/^\d+x\d+$/, 'must be <width>x<height>')),
  aspectRatio: v.pipe(v.string(), v.regex(/^\d+:\d+$/, 'must be <w>:<h>')),
  durationSeconds: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(5, 'clips last at most 5 seconds')),
  generatedWith: text,
  generatedAt: v.pipe(v.string(), v.isoTimestamp('must be an ISO 8601 timestamp')),
});

/** One exercise as stored in a snapshot. Unknown keys (internal fields such as `source`) are allowed and dropped. */
export const ExerciseSchema = v.object({
  id: idText,
  name: nonEmptyText,
  keywords: textList,
  primaryMuscles: v.pipe(textList, v.minLength(1, 'must name at least one muscle')),
  secondaryMuscles: textList,
  equipment: v.nullable(nonEmptyText),
  force: v.nullable(v.picklist(FORCES, `must be one of ${FORCES.join(', ')} or null`)),
  level: v.picklist(LEVELS, `must be one of ${LEVELS.join(', ')}`),
  mechanic: v.nullable(v.picklist(MECHANICS, `must be one of ${MECHANICS.join(', ')} or null`)),
  category: v.picklist(CATEGORIES, `must be one of ${CATEGORIES.join(', ')}`),
  instructions: textList,
  exerciseTips: textList,
  commonMistakes: textList,
  safetyInfo: text,
  overview: text,
  variations: textList,
  images: v.array(v.string()),
  videos: v.array(VideoSchema),
});
export type Exercise = v.InferOutput<typeof ExerciseSchema>;
export type Video = v.InferOutput<typeof VideoSchema>;

export const MuscleGroupSchema = v.object({
  displayGroup: nonEmptyText,
  muscles: v.pipe(v.array(nonEmptyText), v.minLength(1, 'must list at least one muscle')),
});
export type MuscleGroup = v.InferOutput<typeof MuscleGroupSchema>;

export const CategoryInfoSchema = v.object({
  category: v.picklist(CATEGORIES, `must be one of ${CATEGORIES.join(', ')}`),
  description: nonEmptyText,
});
export type CategoryInfo = v.InferOutput<typeof CategoryInfoSchema>;

/**
 * Optional additions to the search engine's shipped dictionary (README "Search"): groups of phrases
 * that mean the same, and more names for muscles and equipment in filters. Targets must exist.
 */
export const SearchDictionarySchema = v.object({
  synonyms: v.optional(v.array(v.pipe(v.array(nonEmptyText), v.minLength(2, 'a synonym group needs at least two phrases')))),
  muscleAliases: v.optional(v.record(nonEmptyText, v.pipe(v.array(nonEmptyText), v.minLength(1, 'must name at least one muscle or group')))),
  equipmentAliases: v.optional(v.record(nonEmptyText, v.pipe(v.array(v.nullable(nonEmptyText)), v.minLength(1, 'must name at least one equipment (null: none)')))),
});
export type SearchDictionary = v.InferOutput<typeof SearchDictionarySchema>;

const SnapshotShape = v.object({
  dataVersion: v.pipe(v.string(), v.regex(DATE_PATTERN, 'must be YYYY-MM-DD')),
  lastUpdated: v.pipe(v.string(), v.regex(MS_TIMESTAMP, 'must be an ISO 8601 UTC timestamp with milliseconds')),
  categories: v.array(CategoryInfoSchema),
  muscleGroups: v.pipe(v.array(MuscleGroupSchema), v.minLength(1, 'must hold at least one group')),
  equipment: v.array(nonEmptyText),
  // Exercises are checked one by one below, so that one bad record names itself instead of hiding the rest.
  exercises: v.pipe(v.array(v.unknown()), v.minLength(1, 'must hold at least one exercise')),
  search: v.optional(SearchDictionarySchema),
  aliases: v.optional(v.record(idText, idText)),
});

export interface Snapshot {
  dataVersion: string;
  lastUpdated: string;
  categories: CategoryInfo[];
  muscleGroups: MuscleGroup[];
  equipment: string[];
  exercises: Exercise[];
  search?: SearchDictionary;
  /**
   * Ids that were merged or renamed, each mapped to the id that now carries the exercise (docs/api.md#id-aliases):
   * an id once served never stops resolving.
   */
  aliases?: Record<string, string>;
}

export type SnapshotCheck =
  | { ok: true; snapshot: Snapshot }
  | { ok: false; problems: string[] };

function describeIssues(where: string, issues: readonly v.BaseIssue<unknown>[]): string[] {
  return issues.map((issue) => {
    const path = v.getDotPath(issue);
    const field = path ? `${where}${where ? '.' : ''}${path}` : where || '(root)';
    return `${field}: ${issue.message}`;
  });
}

/**
 * Validates a parsed snapshot: shape, then every exercise, then the cross-references of the contract.
 * `expectedVersion` is the date in the file name, when the snapshot came from a file.
 */
export function checkSnapshot(raw: unknown, expectedVersion?: string): SnapshotCheck {
  const shape = v.safeParse(SnapshotShape, raw);
  if (!shape.success) return { ok: false, problems: describeIssues('', shape.issues) };
  const problems: string[] = [];
  const top = shape.output;

  if (expectedVersion !== undefined && top.dataVersion !== expectedVersion) {
    problems.push(`dataVersion: "${top.dataVersion}" does not match the file name's date ${expectedVersion}`);
  }
  const seenCategories = new Set<string>();
  for (const info of top.categories) {
    if (seenCategories.has(info.category)) problems.push(`categories: "${info.category}" is listed twice`);
    seenCategories.add(info.category);
  }
  for (const category of CATEGORIES) {
    if (!seenCategories.has(category)) problems.push(`categories: "${category}" is missing (all twelve are required)`);
  }

  const muscleNames = new Map<string, string>();
  const groupNames = new Set<string>();
  for (const group of top.muscleGroups) {
    const groupKey = group.displayGroup.toLowerCase();
    if (groupNames.has(groupKey)) problems.push(`muscleGroups: "${group.displayGroup}" is listed twice`);
    groupNames.add(groupKey);
    for (const muscle of group.muscles) muscleNames.set(muscle.toLowerCase(), group.displayGroup);
  }
  const equipmentNames = new Set<string>();
  for (const name of top.equipment) {
    if (equipmentNames.has(name.toLowerCase())) problems.push(`equipment: "${name}" is listed twice`);
    equipmentNames.add(name.toLowerCase());
  }

  for (const [alias, targets] of Object.entries(top.search?.muscleAliases ?? {})) {
    for (const target of targets) {
      if (!muscleNames.has(target.toLowerCase()) && !groupNames.has(target.toLowerCase())) {
        problems.push(`search.muscleAliases.${alias}: "${target}" is neither a muscle nor a display group`);
      }
    }
  }
  for (const [alias, targets] of Object.entries(top.search?.equipmentAliases ?? {})) {
    for (const target of targets) {
      if (target !== null && !equipmentNames.has(target.toLowerCase())) problems.push(`search.equipmentAliases.${alias}: "${target}" is not in the equipment list`);
    }
  }

  const exercises: Exercise[] = [];
  const ids = new Set<string>();
  top.exercises.forEach((item, index) => {
    const idGuess =
      typeof item === 'object' && item !== null && typeof (item as { id?: unknown }).id === 'string'
        ? (item as { id: string }).id
        : `#${index}`;
    const where = `exercises[${idGuess}]`;
    const parsed = v.safeParse(ExerciseSchema, item);
    if (!parsed.success) {
      problems.push(...describeIssues(where, parsed.issues));
      return;
    }
    const exercise = parsed.output;
    if (ids.has(exercise.id)) problems.push(`${where}.id: duplicate id`);
    ids.add(exercise.id);
    for (const field of ['primaryMuscles', 'secondaryMuscles'] as const) {
      for (const muscle of exercise[field]) {
        if (!muscleNames.has(muscle.toLowerCase())) {
          problems.push(`${where}.${field}: "${muscle}" belongs to no muscle group`);
        }
      }
    }
    if (exercise.equipment !== null && !equipmentNames.has(exercise.equipment.toLowerCase())) {
      problems.push(`${where}.equipment: "${exercise.equipment}" is not in the equipment list`);
    }
    exercise.images.forEach((image, i) => {
      if (!image.startsWith(`${exercise.id}/`)) problems.push(`${where}.images[${i}]: "${image}" must start with "${exercise.id}/"`);
    });
    exercises.push(exercise);
  });

  if (top.aliases !== undefined) {
    for (const [alias, canonical] of Object.entries(top.aliases)) {
      if (ids.has(alias)) problems.push(`aliases.${alias}: is the id of a live exercise; an alias may not shadow one`);
      if (!ids.has(canonical)) problems.push(`aliases.${alias}: "${canonical}" is the id of no exercise`);
    }
  }

  if (problems.length > 0) return { ok: false, problems };
  const { aliases, ...rest } = top;
  return { ok: true, snapshot: { ...rest, exercises, ...(aliases === undefined ? {} : { aliases }) } };
}
