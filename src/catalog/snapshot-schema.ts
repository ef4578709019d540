/**
 * The snapshot file format (docs/operations.md#snapshot-files) as valibot schemas; snapshot-check.ts
 * adds the cross-reference rules a schema cannot express.
 */
import * as v from 'valibot';
import { DateSchema } from '../dates.ts';

export const CATEGORIES = [
  'strength',
  'yoga',
  'mobility',
  'physical_therapy',
  'stretching',
  'pilates',
  'calisthenics',
  'plyometrics',
  'conditioning',
  'olympic_weightlifting',
  'powerlifting',
  'strongman',
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
export const ID_MESSAGE = 'must be a capital or digit, then letters, digits, _ and -, at most 100 characters';
const MS_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const MS_TIMESTAMP_MESSAGE = 'must be an ISO 8601 UTC timestamp with milliseconds';
const TIMESTAMP_MESSAGE = 'must be an ISO 8601 timestamp';
const URL_MESSAGE = 'must be an absolute URL';

/** The message of a picklist: its allowed values, in order. */
export const oneOf = (values: readonly string[]) => `must be one of ${values.join(', ')}`;
const text = v.string('must be a string');
const idText = v.pipe(v.string(ID_MESSAGE), v.regex(ID_PATTERN, ID_MESSAGE));
export const nonEmptyText = v.pipe(v.string('must be a non-empty string'), v.trim(), v.nonEmpty('must not be empty'));
const nullableText = v.nullable(v.pipe(v.string('must be a non-empty string or null'), v.trim(), v.nonEmpty('must not be empty')));
const textList = v.array(nonEmptyText, 'must be an array of strings');
const wholeNumber = v.pipe(v.number('must be a number'), v.integer('must be a whole number'));
const pattern = (regex: RegExp, message: string) => v.pipe(v.string(message), v.regex(regex, message));

export const VideoSchema = v.object(
  {
    url: v.pipe(v.string(URL_MESSAGE), v.url(URL_MESSAGE)),
    format: nonEmptyText,
    resolution: pattern(/^\d+x\d+$/, 'must be <width>x<height>'),
    aspectRatio: pattern(/^\d+:\d+$/, 'must be <w>:<h>'),
    durationSeconds: v.pipe(wholeNumber, v.minValue(1, 'must be at least 1 second'), v.maxValue(5, 'clips last at most 5 seconds')),
    generatedWith: text,
    generatedAt: v.pipe(v.string(TIMESTAMP_MESSAGE), v.isoTimestamp(TIMESTAMP_MESSAGE)),
  },
  'must be a video object',
);

/**
 * One exercise as stored in a snapshot, its fields in the order of the spec's Exercise table (the
 * order served: EXERCISE_FIELDS). Unknown keys (internal fields such as `source`) are allowed and dropped.
 */
export const ExerciseSchema = v.object(
  {
    id: idText,
    name: nonEmptyText,
    keywords: textList,
    primaryMuscles: v.pipe(textList, v.minLength(1, 'must name at least one muscle')),
    secondaryMuscles: textList,
    equipment: nullableText,
    force: v.nullable(v.picklist(FORCES, `${oneOf(FORCES)} or null`)),
    level: v.picklist(LEVELS, oneOf(LEVELS)),
    mechanic: v.nullable(v.picklist(MECHANICS, `${oneOf(MECHANICS)} or null`)),
    category: v.picklist(CATEGORIES, oneOf(CATEGORIES)),
    instructions: textList,
    exerciseTips: textList,
    commonMistakes: textList,
    safetyInfo: text,
    overview: text,
    variations: textList,
    images: v.array(text, 'must be an array of image paths'),
    videos: v.array(VideoSchema, 'must be an array of videos'),
  },
  'must be an exercise object',
);
export type Exercise = v.InferOutput<typeof ExerciseSchema>;
export type Video = v.InferOutput<typeof VideoSchema>;
export type ExerciseField = keyof Exercise;

/** The public fields of an exercise in the spec's order, as ExerciseSchema declares them; anything else is internal. */
export const EXERCISE_FIELDS: readonly ExerciseField[] = Object.keys(ExerciseSchema.entries) as ExerciseField[];

/** The public fields of `record` in EXERCISE_FIELDS order (internal fields left out): the order served and written. */
export function inFieldOrder<T extends Record<ExerciseField, unknown>>(record: T): Pick<T, ExerciseField> {
  const ordered: Partial<Pick<T, ExerciseField>> = {};
  for (const field of EXERCISE_FIELDS) ordered[field] = record[field];
  return ordered as Pick<T, ExerciseField>;
}

export const MuscleGroupSchema = v.object(
  {
    displayGroup: nonEmptyText,
    muscles: v.pipe(textList, v.minLength(1, 'must list at least one muscle')),
  },
  'must be a muscle group object',
);
export type MuscleGroup = v.InferOutput<typeof MuscleGroupSchema>;

export const CategoryInfoSchema = v.object(
  {
    category: v.picklist(CATEGORIES, oneOf(CATEGORIES)),
    description: nonEmptyText,
  },
  'must be a category object',
);
export type CategoryInfo = v.InferOutput<typeof CategoryInfoSchema>;

/**
 * Optional additions to the search engine's shipped dictionary (docs/api.md#snapshot-dictionary): groups of phrases
 * that mean the same, and more names for muscles and equipment in filters. Targets must exist.
 */
export const SearchDictionarySchema = v.object(
  {
    synonyms: v.optional(
      v.array(v.pipe(textList, v.minLength(2, 'a synonym group needs at least two phrases')), 'must be an array of synonym groups'),
    ),
    muscleAliases: v.optional(
      v.record(
        nonEmptyText,
        v.pipe(textList, v.minLength(1, 'must name at least one muscle or group')),
        'must be an object of name -> muscles',
      ),
    ),
    equipmentAliases: v.optional(
      v.record(
        nonEmptyText,
        v.pipe(
          v.array(nullableText, 'must be an array of equipment names'),
          v.minLength(1, 'must name at least one equipment (null: none)'),
        ),
        'must be an object of name -> equipment',
      ),
    ),
  },
  'must be an object of synonyms, muscleAliases and equipmentAliases',
);
export type SearchDictionary = v.InferOutput<typeof SearchDictionarySchema>;

/** A translation of the catalog (catalog/translations.ts checks it against the English). */
export const LANGUAGE_PATTERN = /^[a-z]{2}$/;
export const LANGUAGE_MESSAGE = 'must be a two-letter ISO 639-1 language code in lower case';

/** The fields of an exercise a translation carries. */
export const TRANSLATED_FIELDS = ['name', 'keywords', 'overview', 'instructions', 'exerciseTips', 'commonMistakes', 'safetyInfo'] as const;
export type TranslatedField = (typeof TRANSLATED_FIELDS)[number];
const translatedList = v.pipe(v.array(nonEmptyText, 'must be an array of strings'), v.minLength(1, 'must not be empty'));

export const ExerciseTextSchema = v.strictObject(
  {
    name: v.optional(nonEmptyText),
    keywords: v.optional(translatedList),
    overview: v.optional(nonEmptyText),
    instructions: v.optional(translatedList),
    exerciseTips: v.optional(translatedList),
    commonMistakes: v.optional(translatedList),
    safetyInfo: v.optional(nonEmptyText),
  },
  'must be an object of translated fields',
);
export type ExerciseText = v.InferOutput<typeof ExerciseTextSchema>;

export const TranslationSchema = v.object(
  {
    // Entries are checked one by one (checkTranslations), so one bad entry does not hide the others.
    exercises: v.record(v.pipe(v.string(), v.regex(ID_PATTERN, ID_MESSAGE)), v.unknown(), 'must be an object of id -> translated fields'),
    categories: v.optional(
      v.record(
        v.picklist(CATEGORIES, `must be one of ${CATEGORIES.join(', ')}`),
        nonEmptyText,
        'must be an object of category -> description',
      ),
    ),
    muscleGroups: v.optional(v.record(nonEmptyText, nonEmptyText, 'must be an object of display group -> name')),
    equipment: v.optional(v.record(nonEmptyText, nonEmptyText, 'must be an object of equipment name -> name')),
  },
  'must be an object of exercises, categories, muscleGroups and equipment',
);

export interface Translation {
  exercises: Record<string, ExerciseText>;
  categories?: Partial<Record<(typeof CATEGORIES)[number], string>>;
  muscleGroups?: Record<string, string>;
  equipment?: Record<string, string>;
}

export const TranslationsSchema = v.record(
  v.pipe(v.string(), v.regex(LANGUAGE_PATTERN, LANGUAGE_MESSAGE), v.notValue('en', 'must not be en: English is the snapshot itself')),
  TranslationSchema,
  'must be an object of language -> translation',
);

/** The snapshot's shape, before snapshot-check.ts checks its exercises one by one and its references. */
export const SnapshotShape = v.object(
  {
    dataVersion: DateSchema,
    lastUpdated: pattern(MS_TIMESTAMP, MS_TIMESTAMP_MESSAGE),
    categories: v.array(CategoryInfoSchema, 'must be an array of categories'),
    muscleGroups: v.pipe(v.array(MuscleGroupSchema, 'must be an array of muscle groups'), v.minLength(1, 'must hold at least one group')),
    equipment: textList,
    // Exercises are checked one by one below, so that one bad record names itself instead of hiding the rest.
    exercises: v.pipe(v.array(v.unknown(), 'must be an array of exercises'), v.minLength(1, 'must hold at least one exercise')),
    search: v.optional(SearchDictionarySchema),
    aliases: v.optional(v.record(idText, idText, 'must be an object of old id -> id')),
    translations: v.optional(TranslationsSchema),
  },
  'must be a snapshot object',
);

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
  /** language -> the catalog's text in it (catalog/translations.ts; docs/api.md#languages). */
  translations?: Record<string, Translation>;
}

export type SnapshotShape = v.InferOutput<typeof SnapshotShape>;
