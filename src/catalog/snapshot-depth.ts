/**
 * The depth rules of the bundled catalog (issue 13: the hosted API's depth or better), beyond what the
 * snapshot contract itself demands. `snapshot check` reports them as warnings, and as errors with
 * `--strict` (a plain free-exercise-db import is thin by nature); the build applies them always. The
 * server does not: a snapshot that meets the contract is served. Every problem names the exercise id and the field.
 */
import { type Problem, problem } from '../problems.ts';
import type { Exercise, Snapshot } from './snapshot-schema.ts';

export const DEPTH_RULES = {
  keywords: { min: 5, max: 10 },
  instructions: { min: 4 },
  exerciseTips: { min: 3 },
  commonMistakes: { min: 2 },
  variations: { min: 3, max: 5 },
  overviewWords: 25,
  safetyInfoWords: 10,
} as const;

/**
 * Words that say where or what, not which exercise: a keyword equal to one of them finds half the
 * catalog and tells search nothing ("legs", "core", "stretch").
 */
export const GENERIC_KEYWORDS: ReadonlySet<string> = new Set([
  'legs',
  'leg',
  'chest',
  'back',
  'arms',
  'arm',
  'shoulders',
  'shoulder',
  'abs',
  'core',
  'glutes',
  'glute',
  'quads',
  'quad',
  'hamstrings',
  'hamstring',
  'calves',
  'calf',
  'biceps',
  'triceps',
  'lats',
  'traps',
  'forearms',
  'obliques',
  'neck',
  'hips',
  'hip',
  'upper body',
  'lower body',
  'full body',
  'cardio',
  'strength',
  'upper back',
  'lower back',
  'delts',
  'pecs',
  'spine',
  'knees',
  'ankles',
  'wrists',
  'mobility',
  'stretch',
  'stretching',
  'yoga',
  'pilates',
  'workout',
  'exercise',
  'fitness',
  'gym',
  'training',
  'flexibility',
  'balance',
  'hiit',
  'warm up',
  'warmup',
  'cool down',
]);

const wordCount = (text: string): number => (text.trim() === '' ? 0 : text.trim().split(/\s+/).length);

/** A depth problem of a snapshot, whose file only the caller knows. */
const at = (path: string, message: string): Problem => problem('', path, message);

function countProblem(where: string, field: string, count: number, rule: { min: number; max?: number }, what: string): Problem | undefined {
  if (count >= rule.min && (rule.max === undefined || count <= rule.max)) return undefined;
  const wanted = rule.max === undefined ? `at least ${rule.min}` : `${rule.min}-${rule.max}`;
  return at(`${where}.${field}`, `needs ${wanted} ${what} (has ${count})`);
}

function exerciseDepthProblems(exercise: Exercise, names: ReadonlySet<string>, bodyParts: ReadonlySet<string>): Problem[] {
  const where = `exercises[${exercise.id}]`;
  const problems: (Problem | undefined)[] = [
    countProblem(where, 'keywords', exercise.keywords.length, DEPTH_RULES.keywords, 'keywords'),
    countProblem(where, 'instructions', exercise.instructions.length, DEPTH_RULES.instructions, 'steps'),
    countProblem(where, 'exerciseTips', exercise.exerciseTips.length, DEPTH_RULES.exerciseTips, 'tips'),
    countProblem(where, 'commonMistakes', exercise.commonMistakes.length, DEPTH_RULES.commonMistakes, 'mistakes'),
    countProblem(where, 'variations', exercise.variations.length, DEPTH_RULES.variations, 'variations'),
  ];
  const seen = new Set<string>();
  for (const keyword of exercise.keywords) {
    const key = keyword.trim().toLowerCase();
    if (GENERIC_KEYWORDS.has(key) || bodyParts.has(key))
      problems.push(at(`${where}.keywords`, `"${keyword}" is a bare body part or generic word, not an alias`));
    if (seen.has(key)) problems.push(at(`${where}.keywords`, `"${keyword}" is listed twice`));
    seen.add(key);
  }
  for (const variation of exercise.variations) {
    if (variation.toLowerCase() === exercise.name.toLowerCase())
      problems.push(at(`${where}.variations`, `"${variation}" is the exercise itself`));
    else if (!names.has(variation.toLowerCase()))
      problems.push(at(`${where}.variations`, `"${variation}" names no exercise in the catalog`));
  }
  const overviewWords = wordCount(exercise.overview);
  if (overviewWords < DEPTH_RULES.overviewWords) {
    problems.push(at(`${where}.overview`, `needs at least ${DEPTH_RULES.overviewWords} words (has ${overviewWords})`));
  }
  const safetyWords = wordCount(exercise.safetyInfo);
  if (safetyWords < DEPTH_RULES.safetyInfoWords) {
    problems.push(
      at(`${where}.safetyInfo`, `needs a real safety note of at least ${DEPTH_RULES.safetyInfoWords} words (has ${safetyWords})`),
    );
  }
  return problems.filter((found): found is Problem => found !== undefined);
}

/**
 * Every depth problem of a (contract-valid) snapshot, in exercise order. A keyword that is a muscle or
 * a display group of the snapshot's own taxonomy ("hip flexors", "rhomboids") is a bare body part too.
 */
export function depthProblems(snapshot: Snapshot): Problem[] {
  const names = new Set(snapshot.exercises.map((exercise) => exercise.name.toLowerCase()));
  const bodyParts = new Set(
    snapshot.muscleGroups.flatMap((group) => [group.displayGroup, ...group.muscles]).map((name) => name.toLowerCase()),
  );
  return snapshot.exercises.flatMap((exercise) => exerciseDepthProblems(exercise, names, bodyParts));
}
