/** The search texts scenario e sends: typed queries, generated phrases, and the request path for one search. */
import { queryKey } from '../src/search/text/query-plan.ts';
import { seededRandom } from '../test/helpers/random.ts';

/** Realistic searches, typos and prefixes included, as people type them into a search box. */
const TYPED_QUERIES = [
  'bench press',
  'benchh pres',
  'kettleb',
  'romanian deadlift',
  'pull up',
  'push up',
  'pushup',
  'squat',
  'front squat',
  'goblet squat',
  'bulgarian split squat',
  'hip thrust',
  'glute bridge',
  'lat pulldown',
  'seated cable row',
  'face pull',
  'overhead press',
  'ohp',
  'military press',
  'arnold press',
  'lateral raise',
  'rear delt fly',
  'bicep curl',
  'hammer curl',
  'preacher curl',
  'tricep extension',
  'skull crusher',
  'tricep dip',
  'chest fly',
  'cable crossover',
  'incline bench',
  'decline bench press',
  'dumbell row',
  'deadlfit',
  'sqaut',
  'lunges',
  'walking lunge',
  'calf raise',
  'leg press',
  'leg curl',
  'leg extension',
  'good morning',
  'hyperextension',
  'plank',
  'side plank',
  'crunch',
  'russian twist',
  'hanging leg raise',
  'ab wheel',
  'mountain climber',
  'burpee',
  'box jump',
  'kettlebell swing',
  'turkish get up',
  'clean and jerk',
  'power clean',
  'snatch',
  'farmers walk',
  'shrug',
  'upright row',
  'hamstring stretch',
  'hip flexor stretch',
  'chin up',
  'muscle up',
  'pec deck',
  'smith machine squat',
  'hack squat',
  'sumo deadlift',
  'trap bar deadlift',
  'rack pull',
  'pendlay row',
  't bar row',
  'landmine press',
  'zottman curl',
  'cable kickback',
  'donkey kick',
  'band pull apart',
  'reverse fly',
  'wrist curl',
  'stiff leg deadlift',
  'single leg rdl',
  'pistol squat',
  'nordic curl',
  'handstand push up',
  'pike push up',
  'diamond push up',
  'close grip bench',
  'floor press',
  'spider curl',
  'concentration curl',
  'cable curl',
  'rope pushdown',
  'overhead tricep',
  'dumbbell pullover',
  'glute ham raise',
  'step up',
  'sled push',
  'jump rope',
  'dead bug',
  'bird dog',
  'superman',
  'cat cow',
  'pigeon stretch',
  'wall sit',
  'hip adduction',
  'hip abduction',
  'seated calf',
  'kettlebel clean',
  'barbel curl',
  'dumbel fly',
  'tricep pushdwn',
  'latt pulldown',
  'shoulde press',
  'hamstrng curl',
  'abs',
  'chest',
  'back',
  'biceps',
  'triceps',
  'shoulders',
  'quads',
  'glutes',
  'hamstrings',
  'calves',
  'forearms',
  'lats',
  'traps',
  'lower back',
  'middle back',
  'obliques',
  'neck',
  'cardio',
  'stretching',
  'plyometrics',
  'powerlifting',
  'olympic weightlifting',
  'strongman',
  'bodyweight',
  'medicine ball',
  'exercise ball',
  'foam roller',
  'ez bar',
  'kett',
  'dumb',
  'barb',
];
const MODIFIERS = [
  'incline',
  'decline',
  'seated',
  'standing',
  'lying',
  'single arm',
  'one leg',
  'reverse grip',
  'close grip',
  'wide grip',
  'bent over',
  'alternating',
  'kneeling',
  'split',
  'sumo',
  'front',
  'overhead',
  'hanging',
  'weighted',
  'isometric',
];
const EQUIPMENT_TERMS = [
  'barbell',
  'dumbbell',
  'cable',
  'kettlebell',
  'band',
  'machine',
  'smith machine',
  'ez bar',
  'bodyweight',
  'medicine ball',
];
const MOVEMENTS = [
  'press',
  'curl',
  'row',
  'squat',
  'deadlift',
  'lunge',
  'raise',
  'fly',
  'extension',
  'pulldown',
  'pullover',
  'shrug',
  'crunch',
  'twist',
  'stretch',
  'swing',
  'snatch',
  'clean',
  'thrust',
  'bridge',
  'plank',
  'dip',
  'push up',
  'pull up',
  'kickback',
  'step up',
  'good morning',
  'calf raise',
  'jump',
  'hold',
];
const MUSCLE_TERMS = [
  'chest',
  'shoulder',
  'hamstring',
  'quad',
  'glute',
  'bicep',
  'tricep',
  'lat',
  'calf',
  'ab',
  'oblique',
  'lower back',
  'trap',
  'forearm',
  'hip',
  'neck',
];

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/**
 * At least `count` searches that are distinct after the service's own normalization (so each is a
 * separate ranking-cache key and page-cache key): the typed ones, then generated "modifier equipment
 * movement" and "modifier muscle movement" style phrases (about 17,000 in all).
 */
export function distinctQueries(count: number): string[] {
  const generated: string[] = [];
  for (const e of EQUIPMENT_TERMS) for (const m of MOVEMENTS) generated.push(`${e} ${m}`);
  for (const x of MODIFIERS) for (const m of MOVEMENTS) generated.push(`${x} ${m}`);
  for (const muscle of MUSCLE_TERMS) for (const m of MOVEMENTS) generated.push(`${muscle} ${m}`);
  for (const x of MODIFIERS) for (const e of EQUIPMENT_TERMS) for (const m of MOVEMENTS) generated.push(`${x} ${e} ${m}`);
  for (const x of MODIFIERS) for (const muscle of MUSCLE_TERMS) for (const m of MOVEMENTS) generated.push(`${x} ${muscle} ${m}`);
  // Seeded (mulberry32), so every run sends the same queries in the same order.
  const random = seededRandom(20261121);
  const seen = new Set<string>();
  const queries: string[] = [];
  for (const query of [...TYPED_QUERIES, ...shuffled(generated, random)]) {
    const key = queryKey(query);
    if (seen.has(key)) continue;
    seen.add(key);
    queries.push(query);
    if (queries.length >= count) break;
  }
  return shuffled(queries, random);
}

/** The service path of a 20-result search for `query`. */
export function searchPath(query: string): string {
  return `/v1/exercises?q=${encodeURIComponent(query)}&limit=20`;
}
