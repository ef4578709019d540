/**
 * Snapshots and free-exercise-db records for the catalog and snapshot CLI tests: a tiny valid snapshot
 * on the real taxonomy, a deep one meeting the depth rules, and source records to import.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importFreeExerciseDb, parseTaxonomy, type Taxonomy } from '../../src/catalog/free-exercise-db.ts';
import type { Exercise, Snapshot } from '../../src/catalog/snapshot-schema.ts';
import { formatProblems } from '../../src/problems.ts';

const TAXONOMY_URL = new URL('../../data/source/taxonomy.json', import.meta.url);
export const readJson = (url: URL): unknown => JSON.parse(readFileSync(url, 'utf8'));
export const TAXONOMY: Taxonomy = (() => {
  const parsed = parseTaxonomy(readJson(TAXONOMY_URL), TAXONOMY_URL.pathname);
  if (!parsed.ok) throw new Error(formatProblems(parsed.problems).join('; '));
  return parsed.value;
})();
export const SAMPLE = readJson(new URL('../fixtures/free-exercise-db-sample.json', import.meta.url));
export const BAD = readJson(new URL('../fixtures/free-exercise-db-bad.json', import.meta.url));
export const SAMPLE_FILE = new URL('../fixtures/free-exercise-db-sample.json', import.meta.url).pathname;
export const BAD_FILE = new URL('../fixtures/free-exercise-db-bad.json', import.meta.url).pathname;
/** The whole of free-exercise-db (facts only, see search-catalogs.ts). */
export const FULL_FEDB_FILE = new URL('../fixtures/free-exercise-db.json', import.meta.url).pathname;

export const IMPORT_OPTIONS = { dataVersion: '2026-02-01', lastUpdated: '2026-02-01T06:00:00.000Z', taxonomy: TAXONOMY };

export function exercise(id: string, name: string, fields: Partial<Exercise> = {}): Exercise {
  return {
    id,
    name,
    keywords: [name.toLowerCase(), 'strength', 'gym'],
    primaryMuscles: ['pectoralis major'],
    secondaryMuscles: ['triceps brachii', 'anterior deltoid'],
    equipment: 'barbell',
    force: 'push',
    level: 'intermediate',
    mechanic: 'compound',
    category: 'strength',
    instructions: ['Lie on the bench.', 'Lower the bar to the chest.', 'Press it back up.'],
    exerciseTips: ['Keep the shoulder blades pinned.'],
    commonMistakes: ['Bouncing the bar off the chest.'],
    safetyInfo: 'Use a spotter or safety arms.',
    overview: 'A horizontal press for the chest.',
    variations: [],
    images: [`${id}/0.jpg`, `${id}/1.jpg`],
    videos: [],
    ...fields,
  };
}

/** A tiny valid snapshot: three exercises with every field of the spec, on the real taxonomy. */
export function tinySnapshot(dataVersion = '2026-01-01'): Snapshot {
  return structuredClone({
    dataVersion,
    lastUpdated: `${dataVersion}T06:00:00.000Z`,
    categories: TAXONOMY.categories,
    muscleGroups: TAXONOMY.muscleGroups,
    equipment: TAXONOMY.equipment,
    exercises: [
      exercise('Barbell_Bench_Press', 'Barbell Bench Press', { variations: ['Pull Up'] }),
      exercise('Pull_Up', 'Pull Up', {
        primaryMuscles: ['latissimus dorsi'],
        secondaryMuscles: ['biceps brachii'],
        equipment: 'pull-up bar',
        force: 'pull',
        category: 'calisthenics',
        videos: [
          {
            url: 'https://media.example.com/Pull_Up/0.mp4',
            format: 'mp4',
            resolution: '496x864',
            aspectRatio: '9:16',
            durationSeconds: 5,
            generatedWith: 'studio capture',
            generatedAt: '2025-12-01T10:00:00.000Z',
          },
        ],
      }),
      exercise('Ab_Wheel_Rollout', 'Ab Wheel Rollout', {
        primaryMuscles: ['rectus abdominis'],
        secondaryMuscles: [],
        equipment: 'ab wheel',
        force: null,
        mechanic: null,
        level: 'advanced',
      }),
    ],
  });
}

/** Text fields meeting every depth rule: 5 keywords, 4 steps, 3 tips, 2 mistakes, a 25+ word overview, a safety note. */
function depthFields(name: string): Partial<Exercise> {
  const word = name.toLowerCase();
  return {
    keywords: [`${word} one`, `${word} two`, `${word} three`, `${word} four`, `${word} five`],
    instructions: [
      'Set up in the start position.',
      'Brace before the first repetition.',
      'Move through the full range.',
      'Return under control.',
    ],
    exerciseTips: [`Film a set of the ${word} from the side.`, 'Exhale through the hardest part.', 'Pause briefly where the effort peaks.'],
    commonMistakes: ['Cutting the range short.', 'Rushing the lowering phase.'],
    safetyInfo: `Stop the ${word} at once if a joint hurts sharply, and lower the load before trying again.`,
    overview:
      `The ${word} is a staple of this tiny test catalog, written out at length here so that its overview clears ` +
      'the twenty-five word minimum the depth rules demand of every record.',
  };
}

/** tinySnapshot plus a fourth exercise, every record at depth, each naming the three others as variations. */
export function deepSnapshot(dataVersion = '2026-01-01'): Snapshot {
  const snapshot = tinySnapshot(dataVersion);
  snapshot.exercises.push(exercise('Goblet_Squat', 'Goblet Squat', { equipment: 'kettlebell', primaryMuscles: ['vastus lateralis'] }));
  const names = snapshot.exercises.map((e) => e.name);
  snapshot.exercises = snapshot.exercises.map((e) => ({ ...e, ...depthFields(e.name), variations: names.filter((n) => n !== e.name) }));
  return snapshot;
}

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'exlib-snapshot-tools-'));
}

export function writeSnapshot(dir: string, snapshot: unknown, name = `${(snapshot as Snapshot).dataVersion}.json`): string {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(snapshot, null, 2));
  return file;
}

export function importSample(raw: unknown = SAMPLE, taxonomy: Taxonomy = TAXONOMY) {
  const result = importFreeExerciseDb(raw, { ...IMPORT_OPTIONS, taxonomy });
  if (!result.ok) throw new Error(`import failed: ${formatProblems(result.problems).join('; ')}`);
  return result.value;
}

/** One free-exercise-db record with sensible defaults, for the branches the fixture does not cover. */
export function sourceRecord(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Atlas Stones',
    force: 'pull',
    level: 'expert',
    mechanic: 'compound',
    equipment: 'other',
    primaryMuscles: ['lower back'],
    secondaryMuscles: ['glutes'],
    instructions: ['Straddle the stone.', 'Lap it.', 'Stand and load it onto the platform.'],
    category: 'strongman',
    images: ['Atlas_Stones/0.jpg'],
    id: 'Atlas_Stones',
    ...fields,
  };
}
