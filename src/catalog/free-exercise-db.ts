/**
 * Converts the public-domain free-exercise-db (`dist/exercises.json`, github.com/yuhonas/free-exercise-db)
 * into a snapshot: its coarse muscles onto our anatomical taxonomy, its equipment and categories onto
 * ours, and the fields it lacks filled with empty values. Ids are kept exactly as they are: they are the
 * hosted API's ids, and clients store them (docs/api.md#ids).
 * Bad input is reported as problems, never thrown.
 */
import * as v from 'valibot';
import {
  type Category,
  CategoryInfoSchema,
  checkSnapshot,
  type Exercise,
  ID_PATTERN,
  type Level,
  MuscleGroupSchema,
  type Snapshot,
} from './snapshot-schema.ts';

export const COARSE_MUSCLES = [
  'abdominals', 'abductors', 'adductors', 'biceps', 'calves', 'chest', 'forearms', 'glutes', 'hamstrings',
  'lats', 'lower back', 'middle back', 'neck', 'quadriceps', 'shoulders', 'traps', 'triceps',
] as const;
type CoarseMuscle = (typeof COARSE_MUSCLES)[number];

const SOURCE_CATEGORIES = [
  'strength', 'stretching', 'plyometrics', 'strongman', 'powerlifting', 'cardio', 'olympic weightlifting',
] as const;
type SourceCategory = (typeof SOURCE_CATEGORIES)[number];

/** Each coarse muscle as the anatomical muscles of our taxonomy it stands for. */
export const MUSCLE_MAP: Readonly<Record<CoarseMuscle, readonly string[]>> = {
  abdominals: ['rectus abdominis'],
  abductors: ['gluteus medius'],
  adductors: ['adductor longus'],
  biceps: ['biceps brachii'],
  calves: ['gastrocnemius'],
  chest: ['pectoralis major'],
  forearms: ['wrist flexors'],
  glutes: ['gluteus maximus'],
  hamstrings: ['biceps femoris'],
  lats: ['latissimus dorsi'],
  'lower back': ['erector spinae'],
  'middle back': ['rhomboids'],
  neck: ['sternocleidomastoid'],
  quadriceps: ['rectus femoris', 'vastus lateralis'],
  shoulders: ['anterior deltoid', 'lateral deltoid'],
  traps: ['trapezius'],
  triceps: ['triceps brachii'],
};

const CATEGORY_MAP: Readonly<Record<SourceCategory, Category>> = {
  strength: 'strength',
  stretching: 'stretching',
  plyometrics: 'plyometrics',
  strongman: 'strongman',
  powerlifting: 'powerlifting',
  cardio: 'conditioning',
  'olympic weightlifting': 'olympic_weightlifting',
};

const LEVEL_MAP: Readonly<Record<'beginner' | 'intermediate' | 'expert', Level>> = {
  beginner: 'beginner',
  intermediate: 'intermediate',
  expert: 'advanced',
};

/** Source equipment names we rename; `null` means "no equipment" in our catalog. Others pass through when in the taxonomy. */
const EQUIPMENT_MAP: Readonly<Record<string, string | null>> = {
  'body only': null,
  other: null,
  kettlebells: 'kettlebell',
  bands: 'resistance band',
  'exercise ball': 'stability ball',
  'foam roll': 'foam roller',
  'e-z curl bar': 'ez curl bar',
};

const listHint = (values: readonly string[]) => `must be one of ${values.join(', ')}`;
const nonEmptyText = (what: string) => v.pipe(v.string(`${what} must be a string`), v.trim(), v.nonEmpty(`${what} must not be empty`));

// `force`, `mechanic` and `equipment` are null in the source when unknown; a missing key means the same.
const SourceExerciseSchema = v.object({
  id: nonEmptyText('id'),
  name: nonEmptyText('name'),
  force: v.nullish(v.picklist(['push', 'pull', 'static'], `${listHint(['push', 'pull', 'static'])} or null`), null),
  level: v.picklist(['beginner', 'intermediate', 'expert'], listHint(['beginner', 'intermediate', 'expert'])),
  mechanic: v.nullish(v.picklist(['compound', 'isolation'], `${listHint(['compound', 'isolation'])} or null`), null),
  equipment: v.nullish(v.pipe(v.string('must be a string or null'), v.trim(), v.toLowerCase()), null),
  primaryMuscles: v.pipe(
    v.array(v.picklist(COARSE_MUSCLES, listHint(COARSE_MUSCLES)), 'must be an array of muscle names'),
    v.minLength(1, 'must name at least one muscle'),
  ),
  secondaryMuscles: v.array(v.picklist(COARSE_MUSCLES, listHint(COARSE_MUSCLES)), 'must be an array of muscle names'),
  instructions: v.array(v.string('must be a string'), 'must be an array of strings'),
  category: v.picklist(SOURCE_CATEGORIES, listHint(SOURCE_CATEGORIES)),
  images: v.array(v.string('must be a string'), 'must be an array of strings'),
}, 'must be an object');
type SourceExercise = v.InferOutput<typeof SourceExerciseSchema>;

/** The parts of `data/source/taxonomy.json` a snapshot copies. */
export const TaxonomySchema = v.object({
  categories: v.array(CategoryInfoSchema),
  muscleGroups: v.array(MuscleGroupSchema),
  equipment: v.array(v.string()),
});
export type Taxonomy = v.InferOutput<typeof TaxonomySchema>;

export interface ImportOptions {
  /** `YYYY-MM-DD`, also the snapshot's file name. */
  dataVersion: string;
  /** ISO 8601 UTC timestamp with milliseconds. */
  lastUpdated: string;
  taxonomy: Taxonomy;
}

export type ImportResult = { ok: true; snapshot: Snapshot; notes: string[] } | { ok: false; problems: string[] };

/** Validates a parsed taxonomy file; problems name the field. */
export function parseTaxonomy(raw: unknown): { ok: true; taxonomy: Taxonomy } | { ok: false; problems: string[] } {
  const parsed = v.safeParse(TaxonomySchema, raw);
  if (parsed.success) return { ok: true, taxonomy: parsed.output };
  return { ok: false, problems: parsed.issues.map((issue) => `${v.getDotPath(issue) ?? '(root)'}: ${issue.message}`) };
}

function unique(items: Iterable<string>): string[] {
  return [...new Set(items)];
}

function describeRecord(index: number, raw: unknown): string {
  const id = typeof raw === 'object' && raw !== null ? (raw as { id?: unknown }).id : undefined;
  return typeof id === 'string' && id.trim() !== '' ? `record ${index} (id "${id}")` : `record ${index}`;
}

const STOP_WORDS = new Set(['a', 'an', 'and', 'the', 'to', 'of', 'on', 'in', 'with', 'for', 'from', 'at', 'by', 'or']);

/** Lowercase search aliases: the name's words, the coarse muscles, the equipment and the category. */
function keywordsFor(source: SourceExercise, equipment: string | null, category: Category, primary: string[]): string[] {
  const words = source.name.toLowerCase().split(/[^a-z0-9]+/).filter((word) => word !== '' && !STOP_WORDS.has(word));
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

/**
 * Builds a snapshot from free-exercise-db's `dist/exercises.json`. Either every record converts and the
 * snapshot passes `checkSnapshot`, or the result lists every problem (naming the record's index, id and field).
 * `notes` report lossy steps: unknown equipment, images and empty instruction steps dropped.
 */
export function importFreeExerciseDb(raw: unknown, options: ImportOptions): ImportResult {
  if (!Array.isArray(raw)) {
    return { ok: false, problems: ['(root): must be an array of exercises (free-exercise-db dist/exercises.json)'] };
  }
  const problems: string[] = [];
  const sources: { index: number; source: SourceExercise }[] = [];
  raw.forEach((item: unknown, index) => {
    const parsed = v.safeParse(SourceExerciseSchema, item);
    if (parsed.success) {
      sources.push({ index, source: parsed.output });
      return;
    }
    for (const issue of parsed.issues) {
      const path = v.getDotPath(issue);
      // valibot reports a missing key as an issue of the enclosing object, carrying the key's path.
      const isMissingKey = issue.type === 'object' && path !== null;
      const what = isMissingKey ? 'is missing' : `${issue.message} (received ${issue.received})`;
      problems.push(`${describeRecord(index, item)}: ${path === null ? '' : `${path}: `}${what}`);
    }
  });
  if (problems.length > 0) return { ok: false, problems };

  const { taxonomy } = options;
  const notes: string[] = [];
  const knownEquipment = new Map(taxonomy.equipment.map((name) => [name.toLowerCase(), name]));
  const unknownEquipment = new Map<string, string[]>();

  // Ids are kept as they are: one outside the hosted alphabet, or claimed twice, is a problem, never renamed.
  const firstIndexById = new Map<string, number>();
  for (const { index, source } of sources) {
    if (!ID_PATTERN.test(source.id)) {
      problems.push(`record ${index} (id "${source.id}"): id: must be a capital or digit, then letters, digits, _ and -, at most 100 characters`);
      continue;
    }
    const first = firstIndexById.get(source.id);
    if (first === undefined) firstIndexById.set(source.id, index);
    else problems.push(`record ${index} (id "${source.id}"): id: is also the id of record ${first}`);
  }
  if (problems.length > 0) return { ok: false, problems };

  const exercises: Exercise[] = [];
  for (const { source } of sources) {
    const { id } = source;
    let equipment: string | null = null;
    if (source.equipment !== null) {
      const wanted = Object.hasOwn(EQUIPMENT_MAP, source.equipment) ? EQUIPMENT_MAP[source.equipment]! : source.equipment;
      if (wanted !== null) {
        equipment = knownEquipment.get(wanted) ?? null;
        if (equipment === null) unknownEquipment.set(source.equipment, [...(unknownEquipment.get(source.equipment) ?? []), id]);
      }
    }
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

    exercises.push({
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
    });
  }
  for (const [name, exerciseIds] of unknownEquipment) {
    notes.push(`equipment "${name}" is not in the taxonomy; set to null for ${exerciseIds.length} exercise(s): ${exerciseIds.join(', ')}`);
  }
  const snapshot: Snapshot = {
    dataVersion: options.dataVersion,
    lastUpdated: options.lastUpdated,
    categories: taxonomy.categories,
    muscleGroups: taxonomy.muscleGroups,
    equipment: taxonomy.equipment,
    exercises,
  };
  const check = checkSnapshot(snapshot, options.dataVersion);
  if (!check.ok) return { ok: false, problems: check.problems };
  return { ok: true, snapshot: check.snapshot, notes };
}
