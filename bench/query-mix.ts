/**
 * The 200 distinct searches the scaling suite times, drawn (seeded) from the catalog itself so that
 * they mean something on any catalog: 60 exercise names, 50 two-word searches as people type them,
 * 40 names with a typo (a swap, a missing, doubled or wrong letter), 49 prefixes (a name cut off
 * mid-word, as typed into a search-as-you-type box) and one 10-word query.
 */
import type { Snapshot } from '../src/catalog/snapshot-schema.ts';
import { seededRandom } from '../test/helpers/random.ts';

const TWO_WORD = [
  'bench press',
  'romanian deadlift',
  'pull up',
  'push up',
  'front squat',
  'goblet squat',
  'hip thrust',
  'glute bridge',
  'lat pulldown',
  'face pull',
  'overhead press',
  'military press',
  'arnold press',
  'lateral raise',
  'bicep curl',
  'hammer curl',
  'preacher curl',
  'tricep extension',
  'skull crusher',
  'tricep dip',
  'chest fly',
  'cable crossover',
  'incline bench',
  'dumbell row',
  'walking lunge',
  'calf raise',
  'leg press',
  'leg curl',
  'leg extension',
  'good morning',
  'side plank',
  'russian twist',
  'ab wheel',
  'mountain climber',
  'box jump',
  'kettlebell swing',
  'power clean',
  'farmers walk',
  'upright row',
  'hamstring stretch',
  'hip flexor',
  'chin up',
  'muscle up',
  'pec deck',
  'hack squat',
  'sumo deadlift',
  'rack pull',
  'pendlay row',
  'landmine press',
  'zottman curl',
  'cable kickback',
  'donkey kick',
];
const TEN_WORDS = 'slow paused wide grip barbell bench press with a long eccentric';
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

export function queryMix(snapshot: Snapshot, seed = 20261122): string[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const names = snapshot.exercises.map((exercise) => exercise.name.toLowerCase());
  const seen = new Set<string>();
  const out: string[] = [];
  const add = (query: string, quota: number, into: string[]): void => {
    if (into.length >= quota || seen.has(query) || query.trim() === '') return;
    seen.add(query);
    into.push(query);
  };
  const take = (quota: number, make: () => string | undefined): void => {
    const batch: string[] = [];
    for (let tries = 0; batch.length < quota && tries < quota * 50; tries++) {
      const query = make();
      if (query !== undefined) add(query, quota, batch);
    }
    out.push(...batch);
  };
  take(60, () => pick(names));
  take(50, () => pick(TWO_WORD));
  take(40, () => {
    const words = pick(names).split(' ');
    const at = words.findIndex((word) => word.length >= 5);
    if (at < 0) return undefined;
    const word = words[at]!;
    const i = 1 + Math.floor(random() * (word.length - 2));
    const edits = [
      () => word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2),
      () => word.slice(0, i) + word.slice(i + 1),
      () => word.slice(0, i) + word[i] + word.slice(i),
      () => word.slice(0, i) + pick([...LETTERS]) + word.slice(i + 1),
    ];
    words[at] = pick(edits)();
    return words.join(' ');
  });
  take(49, () => {
    const words = pick(names).split(' ');
    const cut = Math.floor(random() * words.length);
    const last = words[cut]!;
    const keep = Math.min(last.length, 2 + Math.floor(random() * 5));
    return [...words.slice(0, cut), last.slice(0, keep)].join(' ');
  });
  out.push(TEN_WORDS);
  return out;
}

/** A 200-character search made of one-letter words and fragments: the worst case for term expansion. */
export function worstCaseQuery(variant: number): string {
  const letters = [...LETTERS].map((_, i) => LETTERS[(i + variant) % 26]!);
  return `${letters.join(' ')} ${letters.join(' ')} ${letters.map((l) => l + l).join(' ')} squat press row curl`.slice(0, 200);
}
