/**
 * The data maintainer's tools: `snapshot diff`, the free-exercise-db importer, and the
 * `npm run snapshot` verbs (check, diff, import-free-exercise-db) driven through runSnapshotCli.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import {
  importFreeExerciseDb,
  MUSCLE_MAP,
  parseTaxonomy,
  type Taxonomy,
} from '../../src/catalog/free-exercise-db.ts';
import { buildCatalog, findExercisePosition } from '../../src/catalog/catalog.ts';
import { depthProblems } from '../../src/catalog/snapshot-depth.ts';
import { diffSnapshots, formatDiff } from '../../src/catalog/snapshot-diff.ts';
import { aspectRatio, type Prober, type Probe, scanMedia } from '../../src/catalog/snapshot-media.ts';
import { checkSnapshot, type Exercise, type Snapshot } from '../../src/catalog/snapshot-schema.ts';
import { runSnapshotCli } from '../../src/cli/snapshot.ts';

const readJson = (url: URL): unknown => JSON.parse(readFileSync(url, 'utf8'));
const TAXONOMY: Taxonomy = (() => {
  const parsed = parseTaxonomy(readJson(new URL('../../data/source/taxonomy.json', import.meta.url)));
  if (!parsed.ok) throw new Error(parsed.problems.join('; '));
  return parsed.taxonomy;
})();
const SAMPLE = readJson(new URL('../fixtures/free-exercise-db-sample.json', import.meta.url));
const BAD = readJson(new URL('../fixtures/free-exercise-db-bad.json', import.meta.url));
const SAMPLE_FILE = new URL('../fixtures/free-exercise-db-sample.json', import.meta.url).pathname;
const BAD_FILE = new URL('../fixtures/free-exercise-db-bad.json', import.meta.url).pathname;

const IMPORT_OPTIONS = { dataVersion: '2026-02-01', lastUpdated: '2026-02-01T06:00:00.000Z', taxonomy: TAXONOMY };

function exercise(id: string, name: string, fields: Partial<Exercise> = {}): Exercise {
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
function tinySnapshot(dataVersion = '2026-01-01'): Snapshot {
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
        videos: [{
          url: 'https://media.example.com/Pull_Up/0.mp4',
          format: 'mp4',
          resolution: '496x864',
          aspectRatio: '9:16',
          durationSeconds: 5,
          generatedWith: 'studio capture',
          generatedAt: '2025-12-01T10:00:00.000Z',
        }],
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
    instructions: ['Set up in the start position.', 'Brace before the first repetition.', 'Move through the full range.', 'Return under control.'],
    exerciseTips: [`Film a set of the ${word} from the side.`, 'Exhale through the hardest part.', 'Pause briefly where the effort peaks.'],
    commonMistakes: ['Cutting the range short.', 'Rushing the lowering phase.'],
    safetyInfo: `Stop the ${word} at once if a joint hurts sharply, and lower the load before trying again.`,
    overview: `The ${word} is a staple of this tiny test catalog, written out at length here so that its overview clears the twenty-five word minimum the depth rules demand of every record.`,
  };
}

/** tinySnapshot plus a fourth exercise, every record at depth, each naming the three others as variations. */
function deepSnapshot(dataVersion = '2026-01-01'): Snapshot {
  const snapshot = tinySnapshot(dataVersion);
  snapshot.exercises.push(exercise('Goblet_Squat', 'Goblet Squat', { equipment: 'kettlebell', primaryMuscles: ['vastus lateralis'] }));
  const names = snapshot.exercises.map((e) => e.name);
  snapshot.exercises = snapshot.exercises.map((e) => ({ ...e, ...depthFields(e.name), variations: names.filter((n) => n !== e.name) }));
  return snapshot;
}

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'exlib-snapshot-tools-'));
}

function writeSnapshot(dir: string, snapshot: unknown, name = `${(snapshot as Snapshot).dataVersion}.json`): string {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(snapshot, null, 2));
  return file;
}

async function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runSnapshotCli(args, (text) => out.push(text), (text) => err.push(text));
  return { code, out: out.join('\n'), err: err.join('\n') };
}

function importSample(raw: unknown = SAMPLE, taxonomy: Taxonomy = TAXONOMY) {
  const result = importFreeExerciseDb(raw, { ...IMPORT_OPTIONS, taxonomy });
  if (!result.ok) throw new Error(`import failed: ${result.problems.join('; ')}`);
  return result;
}

/** One free-exercise-db record with sensible defaults, for the branches the fixture does not cover. */
function sourceRecord(fields: Record<string, unknown> = {}): Record<string, unknown> {
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

describe('diffSnapshots', () => {
  it('reports no changes for identical snapshots', () => {
    const diff = diffSnapshots(tinySnapshot(), tinySnapshot());
    assert.deepEqual(diff, {
      dataVersion: { old: '2026-01-01', next: '2026-01-01' },
      exerciseCount: { old: 3, next: 3 },
      added: [],
      removed: [],
      renamed: [],
      changed: [],
      equipment: { added: [], removed: [] },
      muscles: { added: [], removed: [] },
    });
    assert.equal(
      formatDiff(diff),
      'dataVersion 2026-01-01 -> 2026-01-01\n' +
        'exercises 3 -> 3 (+0): 0 added, 0 removed, 0 renamed, 0 changed\n' +
        'no changes to exercises, equipment or muscles',
    );
  });

  it('finds added, removed, renamed and changed exercises, sorted by id', () => {
    const old = tinySnapshot();
    const next = tinySnapshot('2026-02-01');
    next.exercises = next.exercises.filter((e) => e.id !== 'Ab_Wheel_Rollout');
    next.exercises[0]!.name = 'Flat Barbell Bench Press';
    next.exercises[1]!.level = 'advanced';
    next.exercises[1]!.videos = [];
    next.exercises.push(exercise('Goblet_Squat', 'Goblet Squat'), exercise('Dip', 'Dip'));

    const diff = diffSnapshots(old, next);
    assert.deepEqual(diff.dataVersion, { old: '2026-01-01', next: '2026-02-01' });
    assert.deepEqual(diff.exerciseCount, { old: 3, next: 4 });
    assert.deepEqual(diff.added, [{ id: 'Dip', name: 'Dip' }, { id: 'Goblet_Squat', name: 'Goblet Squat' }]);
    assert.deepEqual(diff.removed, [{ id: 'Ab_Wheel_Rollout', name: 'Ab Wheel Rollout' }]);
    assert.deepEqual(diff.renamed, [{ id: 'Barbell_Bench_Press', oldName: 'Barbell Bench Press', newName: 'Flat Barbell Bench Press' }]);
    assert.deepEqual(diff.changed, [{ id: 'Pull_Up', fields: ['level', 'videos'] }]);
  });

  it('compares values exactly: reordered lists and whitespace count as changes', () => {
    const next = tinySnapshot();
    next.exercises[0]!.secondaryMuscles.reverse();
    next.exercises[2]!.safetyInfo = 'Use a spotter or safety arms. ';
    assert.deepEqual(diffSnapshots(tinySnapshot(), next).changed, [
      { id: 'Ab_Wheel_Rollout', fields: ['safetyInfo'] },
      { id: 'Barbell_Bench_Press', fields: ['secondaryMuscles'] },
    ]);
  });

  it('points out a vanished id whose name now belongs to a new id', () => {
    const next = tinySnapshot();
    next.exercises[1] = exercise('Pullup', 'Pull Up');
    const diff = diffSnapshots(tinySnapshot(), next);
    assert.deepEqual(diff.removed, [{ id: 'Pull_Up', name: 'Pull Up', nameNowUsedBy: 'Pullup' }]);
    assert.deepEqual(diff.added, [{ id: 'Pullup', name: 'Pull Up' }]);
  });

  it('reports equipment and muscle names added to or removed from the taxonomy', () => {
    const next = tinySnapshot();
    next.equipment = [...next.equipment.filter((name) => name !== 'lacrosse ball'), 'hex bar'];
    next.muscleGroups[0]!.muscles = ['pectoralis major', 'pectoralis minor', 'serratus anterior', 'subclavius'];
    const diff = diffSnapshots(tinySnapshot(), next);
    assert.deepEqual(diff.equipment, { added: ['hex bar'], removed: ['lacrosse ball'] });
    assert.deepEqual(diff.muscles, { added: ['subclavius'], removed: [] });
  });

  it('formats a report that opens with the vanished-id warning', () => {
    const old = tinySnapshot();
    const next = tinySnapshot('2026-02-01');
    next.exercises = [exercise('Barbell_Bench_Press', 'Flat Barbell Bench Press', { level: 'beginner', variations: ['Pull Up'] }), exercise('Pullup', 'Pull Up')];
    assert.equal(
      formatDiff(diffSnapshots(old, next)),
      [
        'WARNING: 2 ids vanished; clients holding them will get 404 NOT_FOUND:',
        '  Ab_Wheel_Rollout  "Ab Wheel Rollout"',
        '  Pull_Up  "Pull Up" (its name is now used by Pullup)',
        '',
        'dataVersion 2026-01-01 -> 2026-02-01',
        'exercises 3 -> 2 (-1): 1 added, 2 removed, 1 renamed, 1 changed',
        '',
        'added (1):',
        '  Pullup  "Pull Up"',
        '',
        'removed (2):',
        '  Ab_Wheel_Rollout  "Ab Wheel Rollout"',
        '  Pull_Up  "Pull Up"',
        '',
        'renamed (1):',
        '  Barbell_Bench_Press: "Barbell Bench Press" -> "Flat Barbell Bench Press"',
        '',
        'changed (1):',
        '  Barbell_Bench_Press: keywords, level',
      ].join('\n'),
    );
  });

  it('says "1 id" for a single vanished id', () => {
    const next = tinySnapshot();
    next.exercises.pop();
    assert.match(formatDiff(diffSnapshots(tinySnapshot(), next)), /^WARNING: 1 id vanished; clients holding them will get 404 NOT_FOUND:\n {2}Ab_Wheel_Rollout {2}"Ab Wheel Rollout"\n\n/);
  });
});

describe('importFreeExerciseDb', () => {
  it('converts the sample into a snapshot that passes checkSnapshot, with the taxonomy copied in', () => {
    const { snapshot, notes } = importSample();
    assert.deepEqual(notes, []);
    assert.equal(snapshot.exercises.length, 12);
    assert.equal(snapshot.dataVersion, '2026-02-01');
    assert.equal(snapshot.lastUpdated, '2026-02-01T06:00:00.000Z');
    assert.deepEqual(snapshot.categories, TAXONOMY.categories);
    assert.deepEqual(snapshot.muscleGroups, TAXONOMY.muscleGroups);
    assert.deepEqual(snapshot.equipment, TAXONOMY.equipment);
    const check = checkSnapshot(JSON.parse(JSON.stringify(snapshot)), '2026-02-01');
    assert.equal(check.ok, true, check.ok ? '' : check.problems.join('\n'));
  });

  it('fills every field the source lacks and keeps ids and image paths as they are', () => {
    const ezBar = importSample().snapshot.exercises.find((e) => e.id === 'EZ-Bar_Curl');
    assert.deepEqual(ezBar, {
      id: 'EZ-Bar_Curl',
      name: 'EZ-Bar Curl',
      keywords: ['ez', 'bar', 'curl', 'biceps', 'e-z curl bar', 'ez curl bar', 'strength'],
      primaryMuscles: ['biceps brachii'],
      secondaryMuscles: [],
      equipment: 'ez curl bar',
      force: 'pull',
      level: 'beginner',
      mechanic: 'isolation',
      category: 'strength',
      instructions: [
        'Stand up straight holding an EZ curl bar at the wide outer handles, palms forward and elbows close to the torso.',
        'Keeping the upper arms stationary, exhale and curl the bar up while contracting the biceps.',
        'Squeeze the biceps at shoulder level for a moment, then inhale and slowly lower the bar.',
      ],
      exerciseTips: [],
      commonMistakes: [],
      safetyInfo: '',
      overview: '',
      variations: [],
      images: ['EZ-Bar_Curl/0.jpg', 'EZ-Bar_Curl/1.jpg'],
      videos: [],
    });
  });

  it('maps levels, categories, equipment and muscles of every fixture record', () => {
    const byId = new Map(importSample().snapshot.exercises.map((e) => [e.id, e]));
    const expected: [string, Partial<Exercise>][] = [
      ['Alternate_Hammer_Curl', { equipment: 'dumbbell', level: 'beginner', category: 'strength', primaryMuscles: ['biceps brachii'], secondaryMuscles: ['wrist flexors'] }],
      ['Barbell_Squat', { equipment: 'barbell', primaryMuscles: ['rectus femoris', 'vastus lateralis'], secondaryMuscles: ['gastrocnemius', 'gluteus maximus', 'biceps femoris', 'erector spinae'] }],
      ['Pushups', { equipment: null, primaryMuscles: ['pectoralis major'], secondaryMuscles: ['anterior deltoid', 'lateral deltoid', 'triceps brachii'] }],
      ['Kettlebell_One-Legged_Deadlift', { equipment: 'kettlebell', primaryMuscles: ['biceps femoris'], secondaryMuscles: ['gluteus maximus', 'erector spinae'] }],
      ['Iliotibial_Tract-SMR', { equipment: 'foam roller', category: 'stretching', primaryMuscles: ['gluteus medius'], images: ['Iliotibial_Tract-SMR/0.jpg', 'Iliotibial_Tract-SMR/1.jpg'] }],
      ['EZ-Bar_Curl', { equipment: 'ez curl bar' }],
      ['Snatch', {
        level: 'advanced',
        category: 'olympic_weightlifting',
        primaryMuscles: ['rectus femoris', 'vastus lateralis'],
        secondaryMuscles: ['adductor longus', 'biceps brachii', 'gluteus maximus', 'biceps femoris', 'erector spinae', 'anterior deltoid', 'lateral deltoid', 'trapezius', 'triceps brachii'],
      }],
      ['Rowing_Stationary', { equipment: 'machine', category: 'conditioning', secondaryMuscles: ['biceps brachii', 'gastrocnemius', 'gluteus maximus', 'biceps femoris', 'erector spinae', 'rhomboids'] }],
      ['Band_Pull_Apart', { equipment: 'resistance band', primaryMuscles: ['anterior deltoid', 'lateral deltoid'], secondaryMuscles: ['rhomboids', 'trapezius'] }],
      ['Exercise_Ball_Crunch', { equipment: 'stability ball', primaryMuscles: ['rectus abdominis'] }],
      ['Chin_To_Chest_Stretch', { equipment: null, force: 'static', mechanic: null, primaryMuscles: ['sternocleidomastoid'] }],
      ['Wide-Grip_Lat_Pulldown', { equipment: 'cable', primaryMuscles: ['latissimus dorsi'], secondaryMuscles: ['biceps brachii', 'rhomboids', 'anterior deltoid', 'lateral deltoid'] }],
    ];
    assert.deepEqual([...byId.keys()].sort(), expected.map(([id]) => id).sort());
    for (const [id, fields] of expected) {
      const actual = byId.get(id)!;
      for (const [field, value] of Object.entries(fields)) {
        assert.deepEqual(actual[field as keyof Exercise], value, `${id}.${field}`);
      }
    }
  });

  it('maps every coarse muscle onto muscles of the taxonomy', () => {
    const known = new Set(TAXONOMY.muscleGroups.flatMap((group) => group.muscles));
    for (const [coarse, muscles] of Object.entries(MUSCLE_MAP)) {
      for (const muscle of muscles) assert.ok(known.has(muscle), `${coarse} -> ${muscle}`);
    }
  });

  it('gives every exercise at least three unique lowercase keywords', () => {
    for (const e of importSample().snapshot.exercises) {
      assert.ok(e.keywords.length >= 3, e.id);
      assert.equal(new Set(e.keywords).size, e.keywords.length, e.id);
      for (const keyword of e.keywords) assert.equal(keyword, keyword.toLowerCase(), e.id);
    }
  });

  it('fills keywords up to three from the anatomical muscles when the name, muscle and category coincide', () => {
    const raw = [sourceRecord({ name: 'Chest', id: 'Chest', primaryMuscles: ['chest'], secondaryMuscles: [], equipment: 'body only', category: 'strength', images: [] })];
    assert.deepEqual(importSample(raw).snapshot.exercises[0]!.keywords, ['chest', 'strength', 'pectoralis major']);
  });

  it('de-duplicates muscles and drops a secondary muscle that is also primary', () => {
    const raw = [sourceRecord({ primaryMuscles: ['shoulders', 'shoulders', 'traps'], secondaryMuscles: ['traps', 'shoulders', 'neck', 'neck'] })];
    const [only] = importSample(raw).snapshot.exercises;
    assert.deepEqual(only!.primaryMuscles, ['anterior deltoid', 'lateral deltoid', 'trapezius']);
    assert.deepEqual(only!.secondaryMuscles, ['sternocleidomastoid']);
  });

  it('maps "other" to no equipment, keeps the remaining categories, and takes a missing force as null', () => {
    const { force: _force, ...withoutForce } = sourceRecord();
    const raw = [
      withoutForce,
      sourceRecord({ id: 'Box_Jump', name: 'Box Jump', category: 'plyometrics', equipment: 'medicine ball', images: [] }),
      sourceRecord({ id: 'Box_Squat', name: 'Box Squat', category: 'powerlifting', equipment: null, level: 'intermediate', images: [] }),
    ];
    const [atlas, boxJump, boxSquat] = importSample(raw).snapshot.exercises;
    assert.deepEqual([atlas!.equipment, atlas!.force, atlas!.category, atlas!.level], [null, null, 'strongman', 'advanced']);
    assert.deepEqual([boxJump!.equipment, boxJump!.category], ['medicine ball', 'plyometrics']);
    assert.deepEqual([boxSquat!.equipment, boxSquat!.category, boxSquat!.level], [null, 'powerlifting', 'intermediate']);
  });

  it('sets equipment missing from the taxonomy to null, with one note per name', () => {
    const taxonomy = { ...TAXONOMY, equipment: TAXONOMY.equipment.filter((name) => name !== 'kettlebell') };
    const raw = [
      sourceRecord({ id: 'Kettlebell_Swing', name: 'Kettlebell Swing', equipment: 'kettlebells', images: [] }),
      sourceRecord({ id: 'Kettlebell_Windmill', name: 'Kettlebell Windmill', equipment: 'kettlebells', images: [] }),
      sourceRecord({ id: 'Hex_Bar_Deadlift', name: 'Hex Bar Deadlift', equipment: 'Hex Bar', images: [] }),
    ];
    const { snapshot, notes } = importSample(raw, taxonomy);
    assert.deepEqual(snapshot.exercises.map((e) => e.equipment), [null, null, null]);
    assert.deepEqual(notes, [
      'equipment "kettlebells" is not in the taxonomy; set to null for 2 exercise(s): Kettlebell_Swing, Kettlebell_Windmill',
      'equipment "hex bar" is not in the taxonomy; set to null for 1 exercise(s): Hex_Bar_Deadlift',
    ]);
  });

  it('keeps only images under the exercise id and notes the dropped ones', () => {
    const raw = [sourceRecord({
      id: 'Atlas-Stones',
      images: ['Atlas-Stones/0.jpg', 'Atlas_Stones/1.jpg', 'Other_Exercise/0.jpg', 'https://cdn.example.com/a.jpg', 'Atlas-Stones/'],
    })];
    const { snapshot, notes } = importSample(raw);
    assert.deepEqual(snapshot.exercises[0]!.images, ['Atlas-Stones/0.jpg']);
    assert.deepEqual(notes, [
      'Atlas-Stones: image "Atlas_Stones/1.jpg" dropped (it must start with "Atlas-Stones/")',
      'Atlas-Stones: image "Other_Exercise/0.jpg" dropped (it must start with "Atlas-Stones/")',
      'Atlas-Stones: image "https://cdn.example.com/a.jpg" dropped (it must start with "Atlas-Stones/")',
      'Atlas-Stones: image "Atlas-Stones/" dropped (it must start with "Atlas-Stones/")',
    ]);
  });

  it('keeps every id exactly as it is, in the hosted alphabet (no renaming)', () => {
    const ids = ['Barbell_Bench_Press_-_Medium_Grip', 'A-Skip', '3_4_Sit-Up', '90_90_Hip_Stretch', 'Sit-Up', 'Sit_Up'];
    const raw = ids.map((id) => sourceRecord({ id, name: id.replace(/[_-]+/g, ' '), images: [`${id}/0.jpg`] }));
    const { snapshot, notes } = importSample(raw);
    assert.deepEqual(snapshot.exercises.map((e) => e.id), ids);
    assert.deepEqual(snapshot.exercises.map((e) => e.images), ids.map((id) => [`${id}/0.jpg`]));
    assert.deepEqual(notes, []);
  });

  it('refuses ids outside the hosted alphabet and ids given twice, naming the records', () => {
    const raw = [
      sourceRecord({ id: 'Sit-Up', images: [] }),
      sourceRecord({ id: 'sit up', images: [] }),
      sourceRecord({ id: '-Hang_Clean', images: [] }),
      sourceRecord({ id: 'Sit-Up', images: [] }),
      sourceRecord({ id: 'A'.repeat(101), images: [] }),
    ];
    assert.deepEqual(importFreeExerciseDb(raw, IMPORT_OPTIONS), {
      ok: false,
      problems: [
        'record 1 (id "sit up"): id: must be a capital or digit, then letters, digits, _ and -, at most 100 characters',
        'record 2 (id "-Hang_Clean"): id: must be a capital or digit, then letters, digits, _ and -, at most 100 characters',
        'record 3 (id "Sit-Up"): id: is also the id of record 0',
        `record 4 (id "${'A'.repeat(101)}"): id: must be a capital or digit, then letters, digits, _ and -, at most 100 characters`,
      ],
    });
  });

  it('drops empty instruction steps with a note instead of refusing the record', () => {
    const raw = [sourceRecord({ instructions: ['  Straddle the stone. ', '', '   ', 'Lap it.'] })];
    const { snapshot, notes } = importSample(raw);
    assert.deepEqual(snapshot.exercises[0]!.instructions, ['Straddle the stone.', 'Lap it.']);
    assert.deepEqual(notes, ['Atlas_Stones: instruction step 2 is empty; dropped', 'Atlas_Stones: instruction step 3 is empty; dropped']);
  });

  it('imports the real free-exercise-db file: 873 of 873 ids kept as they are, with their images', () => {
    const raw = readJson(new URL('../fixtures/free-exercise-db.json', import.meta.url)) as { id: string; images: string[] }[];
    const { snapshot } = importSample(raw);
    assert.equal(raw.length, 873);
    assert.deepEqual(snapshot.exercises.map((e) => e.id), raw.map((e) => e.id));
    assert.deepEqual(snapshot.exercises.map((e) => e.images), raw.map((e) => e.images));
    for (const id of ['Barbell_Bench_Press_-_Medium_Grip', 'Iliotibial_Tract-SMR', '3_4_Sit-Up', '90_90_Hamstring']) assert.ok(snapshot.exercises.some((e) => e.id === id), id);
  });

  it('imports the real file shape where two records hold an empty step (Barbell_Squat_To_A_Bench, Clean), with a note each', () => {
    // The fixture keeps free-exercise-db's facts only (no sentences may enter the project); these two
    // records carry an empty second step in the real file, which used to refuse the whole import.
    const raw = (readJson(new URL('../fixtures/free-exercise-db.json', import.meta.url)) as { id: string; instructions: string[] }[]).map((record) =>
      record.id === 'Barbell_Squat_To_A_Bench' || record.id === 'Clean' ? { ...record, instructions: ['Step one.', '', 'Step three.'] } : record,
    );
    const { snapshot, notes } = importSample(raw);
    assert.equal(snapshot.exercises.length, 873);
    assert.deepEqual(notes.filter((note) => note.includes('instruction step')), [
      'Barbell_Squat_To_A_Bench: instruction step 2 is empty; dropped',
      'Clean: instruction step 2 is empty; dropped',
    ]);
    assert.deepEqual(snapshot.exercises.find((e) => e.id === 'Clean')!.instructions, ['Step one.', 'Step three.']);
  });

  it('reports every bad record by index, id and field', () => {
    assert.deepEqual(importFreeExerciseDb(BAD, IMPORT_OPTIONS), {
      ok: false,
      problems: [
        'record 1 (id "Muscle_Up"): level: must be one of beginner, intermediate, expert (received "master")',
        'record 2 (id "Cable_Crossover"): primaryMuscles.1: must be one of abdominals, abductors, adductors, biceps, calves, chest, forearms, glutes, hamstrings, lats, lower back, middle back, neck, quadriceps, shoulders, traps, triceps (received "pecs")',
        'record 3 (id "Seated_Hamstring_Stretch"): name: is missing',
        'record 4: must be an object (received "Jumping Jacks")',
        'record 5 (id "Burpee"): instructions: must be an array of strings (received "Squat, kick back, push up, jump.")',
        'record 5 (id "Burpee"): category: must be one of strength, stretching, plyometrics, strongman, powerlifting, cardio, olympic weightlifting (received "crossfit")',
      ],
    });
  });

  it('returns the problems of checkSnapshot when the result breaks the contract', () => {
    const taxonomy = { ...TAXONOMY, muscleGroups: TAXONOMY.muscleGroups.filter((group) => group.displayGroup !== 'Neck') };
    const result = importFreeExerciseDb(SAMPLE, { ...IMPORT_OPTIONS, taxonomy });
    assert.deepEqual(result, {
      ok: false,
      problems: ['exercises[Chin_To_Chest_Stretch].primaryMuscles: "sternocleidomastoid" belongs to no muscle group'],
    });
    assert.deepEqual(importFreeExerciseDb(SAMPLE, { ...IMPORT_OPTIONS, lastUpdated: '2026-02-01' }), {
      ok: false,
      problems: ['lastUpdated: must be an ISO 8601 UTC timestamp with milliseconds'],
    });
  });

  it('never throws on malformed input', () => {
    const inputs: unknown[] = [
      null, undefined, 42, 'exercises', {}, { exercises: [] }, [null], [[]], [42], [{ id: 5 }],
      [{ ...sourceRecord(), primaryMuscles: 'chest' }], [{ ...sourceRecord(), images: [1, 2] }],
      [{ ...sourceRecord(), equipment: 7 }], [{ ...sourceRecord(), id: 'constructor', equipment: 'constructor' }],
      [Object.create(null)], [{ ...sourceRecord(), primaryMuscles: [] }],
    ];
    for (const input of inputs) {
      const result = importFreeExerciseDb(input, IMPORT_OPTIONS);
      assert.equal(typeof result.ok, 'boolean');
    }
    assert.deepEqual(importFreeExerciseDb({}, IMPORT_OPTIONS), {
      ok: false,
      problems: ['(root): must be an array of exercises (free-exercise-db dist/exercises.json)'],
    });
    assert.deepEqual(importFreeExerciseDb([{ ...sourceRecord(), primaryMuscles: [] }], IMPORT_OPTIONS), {
      ok: false,
      problems: ['record 0 (id "Atlas_Stones"): primaryMuscles: must name at least one muscle (received 0)'],
    });
  });

  it('refuses an empty array: a snapshot holds at least one exercise', () => {
    const result = importFreeExerciseDb([], IMPORT_OPTIONS);
    assert.deepEqual(result, { ok: false, problems: ['exercises: must hold at least one exercise'] });
  });
});

describe('snapshot CLI', () => {
  describe('check', () => {
    it('prints the summary of a valid snapshot and exits 0', async () => {
      const file = writeSnapshot(tempDir(), tinySnapshot());
      const { code, out, err } = await run(['check', '--schema-only', file]);
      assert.equal(code, 0);
      assert.equal(err, '');
      assert.ok(out.startsWith(`${file}: ok\ndataVersion 2026-01-01, lastUpdated 2026-01-01T06:00:00.000Z\n3 exercises,`), out);
      assert.ok(out.endsWith('\ndepth rules: not checked (--schema-only)'), out);
    });

    it('applies the depth rules by default: a deep snapshot passes, a thin one fails naming id and field', async () => {
      const dir = tempDir();
      const deep = await run(['check', writeSnapshot(dir, deepSnapshot())]);
      assert.equal(deep.code, 0, deep.err);
      assert.ok(deep.out.endsWith('\ndepth rules: met by all 4 exercises'), deep.out);
      const file = writeSnapshot(dir, tinySnapshot());
      const thin = await run(['check', file]);
      assert.equal(thin.code, 1);
      assert.equal(thin.out, '');
      const lines = thin.err.split('\n');
      assert.equal(lines[0], `${file}: exercises[Barbell_Bench_Press].keywords: needs 5-10 keywords (has 3)`);
      assert.ok(lines.includes(`${file}: exercises[Barbell_Bench_Press].keywords: "strength" is a bare body part or generic word, not an alias`));
      assert.ok(lines.includes(`${file}: exercises[Pull_Up].variations: needs 3-5 variations (has 0)`));
      assert.equal(lines.at(-1), `${lines.length - 2} problem(s) in ${file}`);
    });

    it('lists every problem, each naming the exercise id and field, and exits 1', async () => {
      const snapshot = tinySnapshot() as unknown as { exercises: Record<string, unknown>[] };
      // A record failing the schema is not cross-checked, so the cross-reference faults sit on another one.
      snapshot.exercises[0]!.equipment = 'rope';
      snapshot.exercises[0]!.images = ['Bench_Press/0.jpg'];
      snapshot.exercises[1]!.level = 'expert';
      delete snapshot.exercises[2]!.overview;
      const file = writeSnapshot(tempDir(), snapshot, '2026-01-01.json');
      const { code, out, err } = await run(['check', file]);
      assert.equal(code, 1);
      assert.equal(out, '');
      const lines = err.split('\n');
      assert.deepEqual(lines, [
        `${file}: exercises[Barbell_Bench_Press].equipment: "rope" is not in the equipment list`,
        `${file}: exercises[Barbell_Bench_Press].images[0]: "Bench_Press/0.jpg" must start with "Barbell_Bench_Press/"`,
        `${file}: exercises[Pull_Up].level: must be one of beginner, intermediate, advanced`,
        `${file}: exercises[Ab_Wheel_Rollout].overview: Invalid key: Expected "overview" but received undefined`,
        '',
        `4 problem(s) in ${file}`,
      ]);
      for (const line of lines.slice(0, -2)) assert.match(line, /: exercises\[[A-Z][A-Za-z_]+\]\.[a-zA-Z]+(\[\d+\])?: /);
    });

    it('exits 2 with the usage without exactly one file', async () => {
      const { code, err } = await run(['check']);
      assert.equal(code, 2);
      assert.match(err, /^usage: npm run snapshot -- <verb>/);
    });
  });

  describe('diff', () => {
    it('prints the report, warning first about vanished ids, and exits 0', async () => {
      const dir = tempDir();
      const next = tinySnapshot('2026-02-01');
      next.exercises.pop();
      const { code, out, err } = await run(['diff', writeSnapshot(dir, tinySnapshot()), writeSnapshot(dir, next)]);
      assert.equal(code, 0);
      assert.equal(err, '');
      assert.ok(out.startsWith('WARNING: 1 id vanished; clients holding them will get 404 NOT_FOUND:\n  Ab_Wheel_Rollout  "Ab Wheel Rollout"\n'), out);
      assert.match(out, /\ndataVersion 2026-01-01 -> 2026-02-01\nexercises 3 -> 2 \(-1\): 0 added, 1 removed, 0 renamed, 0 changed\n/);
    });

    it('exits 1 with the problems of an invalid or unreadable snapshot', async () => {
      const dir = tempDir();
      const good = writeSnapshot(dir, tinySnapshot());
      const broken = tinySnapshot('2026-02-01') as unknown as { exercises: Record<string, unknown>[] };
      broken.exercises[0]!.category = 'cardio';
      const bad = writeSnapshot(dir, broken);
      const missing = join(dir, '2026-03-01.json');
      const { code, out, err } = await run(['diff', good, bad]);
      assert.equal(code, 1);
      assert.equal(out, '');
      assert.ok(err.startsWith(`${bad}: exercises[Barbell_Bench_Press].category: must be one of strength,`), err);
      assert.ok(err.endsWith('1 problem(s); nothing compared'), err);
      const unreadable = await run(['diff', missing, good]);
      assert.equal(unreadable.code, 1);
      assert.ok(unreadable.err.startsWith(`${missing}: cannot be read (ENOENT`), unreadable.err);
    });

    it('exits 2 with the usage without exactly two files', async () => {
      assert.equal((await run(['diff', 'a.json'])).code, 2);
      assert.equal((await run(['diff', 'a.json', 'b.json', 'c.json'])).code, 2);
    });
  });

  describe('import-free-exercise-db', () => {
    it('writes DIR/<today>.json that check accepts, and prints a summary', async () => {
      const dir = tempDir();
      const before = new Date().toISOString().slice(0, 10);
      const { code, out, err } = await run(['import-free-exercise-db', SAMPLE_FILE, '--out', dir]);
      const after = new Date().toISOString().slice(0, 10);
      assert.equal(code, 0, err);
      assert.equal(err, '');
      const names = readdirSync(dir);
      assert.equal(names.length, 1);
      const dataVersion = names[0]!.slice(0, 10);
      assert.ok(dataVersion === before || dataVersion === after, names[0]);
      const file = join(dir, names[0]!);
      assert.equal(out, `wrote ${file}: 12 exercises from ${SAMPLE_FILE}, dataVersion ${dataVersion}, 0 note(s)`);
      const written = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
      assert.equal(written.dataVersion, dataVersion);
      assert.match(written.lastUpdated, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      const check = await run(['check', '--schema-only', file]);
      assert.equal(check.code, 0, check.err);
    });

    it('prints the notes before the summary', async () => {
      const dir = tempDir();
      const input = join(dir, 'exercises.json');
      writeFileSync(input, JSON.stringify([sourceRecord({ images: ['Elsewhere/0.jpg'] })]));
      const outDir = mkdtempSync(join(dir, 'out-'));
      const { code, out } = await run(['import-free-exercise-db', input, '--out', outDir]);
      assert.equal(code, 0);
      const lines = out.split('\n');
      assert.equal(lines[0], 'note: Atlas_Stones: image "Elsewhere/0.jpg" dropped (it must start with "Atlas_Stones/")');
      assert.match(lines[1]!, /^wrote .*: 1 exercises from .*exercises\.json, dataVersion \d{4}-\d{2}-\d{2}, 1 note\(s\)$/);
    });

    it('refuses to overwrite an existing snapshot and exits 1', async () => {
      const dir = tempDir();
      assert.equal((await run(['import-free-exercise-db', SAMPLE_FILE, '--out', dir])).code, 0);
      const [name] = readdirSync(dir);
      const file = join(dir, name!);
      const before = readFileSync(file, 'utf8');
      const { code, out, err } = await run(['import-free-exercise-db', SAMPLE_FILE, '--out', dir]);
      assert.equal(code, 1);
      assert.equal(out, '');
      assert.equal(err, `${file} already exists; refusing to overwrite it (move it away or pass --out DIR)`);
      assert.equal(readFileSync(file, 'utf8'), before);
    });

    it('names an unreadable input file and exits 1', async () => {
      const missing = join(tempDir(), 'nope.json');
      const { code, err } = await run(['import-free-exercise-db', missing]);
      assert.equal(code, 1);
      assert.ok(err.startsWith(`${missing}: cannot be read (ENOENT`), err);
    });

    it('names an input file that is not JSON and exits 1', async () => {
      const file = join(tempDir(), 'exercises.json');
      writeFileSync(file, '[{"name": "Squat",');
      const { code, err } = await run(['import-free-exercise-db', file]);
      assert.equal(code, 1);
      assert.equal(err, `${file}: is not valid JSON (at character 18)`);
    });

    it('lists the bad records, writes nothing and exits 1', async () => {
      const dir = tempDir();
      const { code, err } = await run(['import-free-exercise-db', BAD_FILE, '--out', dir]);
      assert.equal(code, 1);
      assert.deepEqual(readdirSync(dir), []);
      const lines = err.split('\n');
      assert.equal(lines[0], 'record 1 (id "Muscle_Up"): level: must be one of beginner, intermediate, expert (received "master")');
      assert.equal(lines.at(-1), `6 problem(s) in ${BAD_FILE}; nothing written`);
    });

    it('exits 1 when the output folder does not exist', async () => {
      const dir = join(tempDir(), 'missing');
      const { code, err } = await run(['import-free-exercise-db', SAMPLE_FILE, '--out', dir]);
      assert.equal(code, 1);
      assert.ok(err.startsWith(`cannot write ${dir}/`), err);
      assert.equal(existsSync(dir), false);
    });

    it('exits 2 with the usage on a missing file argument or an unknown option', async () => {
      for (const args of [[], ['a.json', 'b.json'], ['a.json', '--force'], ['a.json', '--out']]) {
        const { code, err } = await run(['import-free-exercise-db', ...args]);
        assert.equal(code, 2, args.join(' '));
        assert.match(err, /usage: npm run snapshot -- <verb>/);
      }
    });
  });

  it('exits 2 with the usage on an unknown verb', async () => {
    const { code, err } = await run(['publish']);
    assert.equal(code, 2);
    assert.match(err, /^usage: /);
  });
});

describe('aliases', () => {
  function withAliases(aliases: Record<string, string>): Snapshot {
    return { ...tinySnapshot(), aliases };
  }

  it('accepts aliases that point at live exercises, in the hosted id alphabet', () => {
    const check = checkSnapshot(withAliases({ 'Barbell_Bench_Press_-_Medium_Grip': 'Barbell_Bench_Press', '3_4_Sit-Up': 'Ab_Wheel_Rollout' }));
    assert.equal(check.ok, true);
    assert.deepEqual(check.ok && check.snapshot.aliases, { 'Barbell_Bench_Press_-_Medium_Grip': 'Barbell_Bench_Press', '3_4_Sit-Up': 'Ab_Wheel_Rollout' });
    const without = checkSnapshot(tinySnapshot());
    assert.equal(without.ok && 'aliases' in without.snapshot, false);
  });

  it('refuses an alias to no exercise, an alias shadowing a live id, and ids outside the alphabet', () => {
    const check = checkSnapshot(withAliases({ Old_Press: 'Gone_Press', Pull_Up: 'Barbell_Bench_Press', 'bad id': 'Pull_Up' }));
    assert.equal(check.ok, false);
    assert.deepEqual(!check.ok && check.problems, ['aliases.bad id: must be a capital or digit, then letters, digits, _ and -, at most 100 characters']);
    const cross = checkSnapshot(withAliases({ Old_Press: 'Gone_Press', Pull_Up: 'Barbell_Bench_Press' }));
    assert.deepEqual(!cross.ok && cross.problems, [
      'aliases.Old_Press: "Gone_Press" is the id of no exercise',
      'aliases.Pull_Up: is the id of a live exercise; an alias may not shadow one',
    ]);
  });

  it('resolves an alias to the canonical record in the catalog; an unknown id resolves to nothing', () => {
    const catalog = buildCatalog(withAliases({ Old_Pull_Up: 'Pull_Up' }), 'test.json');
    const position = findExercisePosition(catalog, 'Old_Pull_Up');
    assert.equal(catalog.exercises[position!]!.id, 'Pull_Up');
    assert.equal(findExercisePosition(catalog, 'Pull_Up'), position);
    assert.equal(findExercisePosition(catalog, 'Old_Push_Up'), undefined);
    assert.equal(buildCatalog(tinySnapshot(), 'test.json').aliases.size, 0);
  });

  it('diff reports an id merged away through an alias as a rename, and only an id that vanishes unaliased as removed', () => {
    const old = tinySnapshot();
    const next: Snapshot = { ...tinySnapshot('2026-02-01'), aliases: { Pull_Up: 'Chin_Up' } };
    next.exercises = [next.exercises[0]!, exercise('Chin_Up', 'Chin-Up')];
    const diff = diffSnapshots(old, next);
    assert.deepEqual(diff.renamed, [{ id: 'Pull_Up', oldName: 'Pull Up', newName: 'Chin-Up', newId: 'Chin_Up' }]);
    assert.deepEqual(diff.removed, [{ id: 'Ab_Wheel_Rollout', name: 'Ab Wheel Rollout' }]);
    const report = formatDiff(diff);
    assert.ok(report.startsWith('WARNING: 1 id vanished; clients holding them will get 404 NOT_FOUND:\n  Ab_Wheel_Rollout  "Ab Wheel Rollout"\n'), report);
    assert.match(report, /\nexercises 3 -> 2 \(-1\): 1 added, 1 removed, 1 renamed, 0 changed\n/);
    assert.ok(report.endsWith('\nrenamed (1):\n  Pull_Up -> Chin_Up (alias): "Pull Up" -> "Chin-Up"'), report);
  });

  it('diff follows the old snapshot\'s aliases: kept, moved to another record, or lost', () => {
    const old: Snapshot = { ...tinySnapshot(), aliases: { Old_Pull_Up: 'Pull_Up', Old_Bench: 'Barbell_Bench_Press', Old_Rollout: 'Ab_Wheel_Rollout' } };
    const next: Snapshot = { ...tinySnapshot('2026-02-01'), aliases: { Old_Pull_Up: 'Pull_Up', Old_Bench: 'Ab_Wheel_Rollout' } };
    const diff = diffSnapshots(old, next);
    assert.deepEqual(diff.renamed, [{ id: 'Old_Bench', oldName: 'Barbell Bench Press', newName: 'Ab Wheel Rollout', newId: 'Ab_Wheel_Rollout' }]);
    assert.deepEqual(diff.removed, [{ id: 'Old_Rollout', name: 'Ab Wheel Rollout' }]);
  });
});

describe('depth rules', () => {
  it('finds nothing in a snapshot at depth', () => {
    assert.deepEqual(depthProblems(deepSnapshot()), []);
  });

  it('names the id and field of every rule broken', () => {
    const snapshot = deepSnapshot();
    const [bench, pull, wheel, goblet] = snapshot.exercises as [Exercise, Exercise, Exercise, Exercise];
    bench.keywords = ['bench', 'flat bench', 'legs', 'Core', 'bench', 'Hip Flexors', 'pectoralis major'];
    bench.instructions = bench.instructions.slice(0, 3);
    pull.exerciseTips = pull.exerciseTips.slice(0, 2);
    pull.commonMistakes = pull.commonMistakes.slice(0, 1);
    wheel.variations = ['Ab Wheel Rollout', 'Dragon Flag', 'Pull Up'];
    wheel.overview = 'Too short to teach anything.';
    goblet.safetyInfo = 'Be careful.';
    goblet.keywords = Array.from({ length: 11 }, (_, i) => `goblet ${i}`);
    goblet.variations = [...goblet.variations, 'Pull Up', 'Pull Up', 'Pull Up'];
    assert.deepEqual(depthProblems(snapshot), [
      'exercises[Barbell_Bench_Press].instructions: needs at least 4 steps (has 3)',
      'exercises[Barbell_Bench_Press].keywords: "legs" is a bare body part or generic word, not an alias',
      'exercises[Barbell_Bench_Press].keywords: "Core" is a bare body part or generic word, not an alias',
      'exercises[Barbell_Bench_Press].keywords: "bench" is listed twice',
      'exercises[Barbell_Bench_Press].keywords: "Hip Flexors" is a bare body part or generic word, not an alias',
      'exercises[Barbell_Bench_Press].keywords: "pectoralis major" is a bare body part or generic word, not an alias',
      'exercises[Pull_Up].exerciseTips: needs at least 3 tips (has 2)',
      'exercises[Pull_Up].commonMistakes: needs at least 2 mistakes (has 1)',
      'exercises[Ab_Wheel_Rollout].variations: "Ab Wheel Rollout" is the exercise itself',
      'exercises[Ab_Wheel_Rollout].variations: "Dragon Flag" names no exercise in the catalog',
      'exercises[Ab_Wheel_Rollout].overview: needs at least 25 words (has 5)',
      'exercises[Goblet_Squat].keywords: needs 5-10 keywords (has 11)',
      'exercises[Goblet_Squat].variations: needs 3-5 variations (has 6)',
      'exercises[Goblet_Squat].safetyInfo: needs a real safety note of at least 10 words (has 2)',
    ]);
  });

  it('treats an empty overview as zero words', () => {
    const snapshot = deepSnapshot();
    snapshot.exercises[0]!.overview = '   ';
    assert.deepEqual(depthProblems(snapshot), ['exercises[Barbell_Bench_Press].overview: needs at least 25 words (has 0)']);
  });
});

describe('snapshot media', () => {
  const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-v', 'error', '-y', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  /** A silent test-pattern clip of `seconds` at `size`, made with Debian's ffmpeg. */
  const makeClip = (file: string, size: string, seconds: number, withAudio = false) =>
    ffmpeg(
      '-f', 'lavfi', '-i', `testsrc=size=${size}:rate=10`,
      ...(withAudio ? ['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=8000'] : []),
      '-t', String(seconds), '-pix_fmt', 'yuv420p', ...(withAudio ? ['-shortest'] : []), file,
    );

  /** A media folder holding every image of tinySnapshot, and a snapshot file beside it. */
  function mediaFixture(): { dir: string; media: string; file: string } {
    const dir = tempDir();
    const media = join(dir, 'media');
    const still = join(dir, 'still.jpg');
    ffmpeg('-f', 'lavfi', '-i', 'color=c=gray:s=16x16', '-frames:v', '1', still);
    for (const e of tinySnapshot().exercises) {
      mkdirSync(join(media, e.id), { recursive: true });
      for (const image of e.images) copyFileSync(still, join(media, image));
    }
    const file = writeSnapshot(mkdtempSync(join(dir, 'data-')), tinySnapshot());
    return { dir, media, file };
  }

  it('writes video metadata read from real clips (9:16 and 16:9) into the snapshot, in clip order', async () => {
    const { media, file } = mediaFixture();
    makeClip(join(media, 'Pull_Up', 'demo-2.mp4'), '256x144', 1);
    makeClip(join(media, 'Pull_Up', 'demo-1.mp4'), '144x256', 1);
    const { code, out, err } = await run(['media', file, media, '--media-base', 'https://cdn.example.org/clips', '--generated-with', 'studio capture']);
    assert.equal(code, 0, err);
    assert.equal(out, `6 image(s) found in ${media}; 2 clip(s) for 1 exercise(s); wrote ${file}`);
    const written = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
    const videos = written.exercises.find((e) => e.id === 'Pull_Up')!.videos;
    assert.deepEqual(videos.map(({ generatedAt: _, ...clip }) => clip), [
      { url: 'https://cdn.example.org/clips/Pull_Up/demo-1.mp4', format: 'mp4', resolution: '144x256', aspectRatio: '9:16', durationSeconds: 1, generatedWith: 'studio capture' },
      { url: 'https://cdn.example.org/clips/Pull_Up/demo-2.mp4', format: 'mp4', resolution: '256x144', aspectRatio: '16:9', durationSeconds: 1, generatedWith: 'studio capture' },
    ]);
    for (const video of videos) assert.match(video.generatedAt, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    assert.deepEqual(written.exercises.filter((e) => e.id !== 'Pull_Up').map((e) => e.videos), [[], []]);
    assert.equal((await run(['check', '--schema-only', file])).code, 0);
  });

  it('refuses a clip over 5 seconds, writing nothing', async () => {
    const { media, file } = mediaFixture();
    makeClip(join(media, 'Pull_Up', 'demo-1.mp4'), '144x256', 1);
    makeClip(join(media, 'Ab_Wheel_Rollout', 'demo-1.mp4'), '256x144', 6);
    const before = readFileSync(file, 'utf8');
    const { code, out, err } = await run(['media', file, media]);
    assert.equal(code, 1);
    assert.equal(out, '');
    assert.match(err, /^Ab_Wheel_Rollout\/demo-1\.mp4: lasts 6\.\d\d s; clips last at most 5 s \(refused\)\n\n1 problem\(s\); nothing written$/);
    assert.equal(readFileSync(file, 'utf8'), before);
  });

  it('names every image missing from the folder, clips of no exercise and clips with sound', async () => {
    const { media, file } = mediaFixture();
    unlinkSync(join(media, 'Pull_Up', '1.jpg'));
    mkdirSync(join(media, 'Old_Exercise'));
    makeClip(join(media, 'Old_Exercise', 'demo-1.mp4'), '144x256', 1);
    makeClip(join(media, 'Barbell_Bench_Press', 'demo-1.mp4'), '144x256', 1, true);
    writeFileSync(join(media, 'Barbell_Bench_Press', 'notes.txt'), 'not a clip');
    const { code, err } = await run(['media', file, media]);
    assert.equal(code, 1);
    assert.deepEqual(err.split('\n'), [
      `exercises[Pull_Up].images[1]: "Pull_Up/1.jpg" is not a file in ${media}`,
      'Barbell_Bench_Press/demo-1.mp4: has an audio track; clips are silent',
      'Old_Exercise/: holds clips, but no exercise has the id "Old_Exercise"',
      '',
      '3 problem(s); nothing written',
    ]);
  });

  it('--videos-json writes the clips in the build\'s videos.json format and leaves the snapshot alone', async () => {
    const { dir, media, file } = mediaFixture();
    makeClip(join(media, 'Pull_Up', 'demo-1.mp4'), '144x256', 1);
    const before = readFileSync(file, 'utf8');
    const target = join(dir, 'videos.json');
    const { code, out } = await run(['media', file, media, '--videos-json', target]);
    assert.equal(code, 0);
    assert.equal(out, `6 image(s) found in ${media}; 1 clip(s) for 1 exercise(s); wrote ${target}`);
    assert.equal(readFileSync(file, 'utf8'), before);
    const sources = JSON.parse(readFileSync(target, 'utf8')) as Record<string, Record<string, unknown>[]>;
    assert.deepEqual(Object.keys(sources), ['Pull_Up']);
    assert.deepEqual(Object.keys(sources.Pull_Up![0]!), ['path', 'format', 'resolution', 'aspectRatio', 'durationSeconds', 'generatedWith', 'generatedAt']);
    assert.equal(sources.Pull_Up![0]!.path, 'Pull_Up/demo-1.mp4');
    assert.equal(typeof sources.Pull_Up![0]!.generatedWith, 'string');
  });

  it('exits 1 on an invalid snapshot or an unwritable target, 2 on bad arguments', async () => {
    const { dir, media, file } = mediaFixture();
    assert.equal((await run(['media', join(dir, '2026-01-01.json'), media])).code, 1);
    const unwritable = await run(['media', file, media, '--videos-json', join(dir, 'missing', 'videos.json')]);
    assert.equal(unwritable.code, 1);
    assert.match(unwritable.err, /videos\.json: cannot be written \(ENOENT/);
    for (const args of [[file], [file, media, 'extra'], [file, media, '--force'], [file, media, '--media-base', 'not a url']]) {
      assert.equal((await run(['media', ...args])).code, 2, args.join(' '));
    }
  });

  it('reports what ffprobe cannot tell, from a stand-in prober', () => {
    const dir = tempDir();
    for (const id of ['Pull_Up', 'Barbell_Bench_Press', 'Ab_Wheel_Rollout']) mkdirSync(join(dir, id));
    for (const name of ['Pull_Up/demo-1.mp4', 'Pull_Up/demo-2.webm', 'Pull_Up/demo-3.mov', 'Barbell_Bench_Press/demo-1.mp4', 'Ab_Wheel_Rollout/demo-1.mp4']) {
      writeFileSync(join(dir, name), '');
    }
    const probes: Record<string, Probe | Error> = {
      'Pull_Up/demo-1.mp4': { format: { format_name: 'mov,mp4,m4a', duration: '2.4', tags: { encoder: 'Lavf59', creation_time: '2026-10-02T09:00:00.000000Z' } }, streams: [{ codec_type: 'video', width: 496, height: 864 }] },
      'Pull_Up/demo-2.webm': { format: { format_name: 'matroska,webm', duration: 'N/A' }, streams: [{ codec_type: 'video', width: 864, height: 496 }] },
      'Pull_Up/demo-3.mov': { format: { format_name: 'mov,mp4,m4a', duration: '1' }, streams: [{ codec_type: 'audio' }] },
      'Barbell_Bench_Press/demo-1.mp4': { format: { format_name: 'matroska,webm', duration: '1' }, streams: [] },
      'Ab_Wheel_Rollout/demo-1.mp4': Object.assign(new Error('spawn ffprobe ENOENT'), { code: 'ENOENT' }),
    };
    const probe: Prober = (file) => {
      const answer = probes[file.slice(dir.length + 1)]!;
      if (answer instanceof Error) throw answer;
      return answer;
    };
    const snapshot = tinySnapshot();
    for (const e of snapshot.exercises) e.images = [];
    const scan = scanMedia(snapshot, dir, { mediaBase: 'https://media.example.com', probe });
    assert.deepEqual(scan.problems, [
      'Ab_Wheel_Rollout/demo-1.mp4: ffprobe is not installed (apt-get install ffmpeg)',
      'Barbell_Bench_Press/demo-1.mp4: is not a mp4 file (ffprobe reads "matroska,webm")',
      'Pull_Up/demo-2.webm: has no readable duration',
      'Pull_Up/demo-3.mov: holds no video stream',
    ]);
    assert.deepEqual(scan.videos.get('Pull_Up')!.map((clip) => clip.video), [{
      url: 'https://media.example.com/Pull_Up/demo-1.mp4', format: 'mp4', resolution: '496x864', aspectRatio: '9:16',
      durationSeconds: 2, generatedWith: 'Lavf59', generatedAt: '2026-10-02T09:00:00.000Z',
    }]);
    assert.deepEqual(scanMedia(snapshot, join(dir, 'missing'), { mediaBase: 'https://media.example.com', probe }), { problems: [], imageCount: 0, videos: new Map() });
    const unreadable: Prober = () => { throw new Error('Invalid data found when processing input'); };
    assert.deepEqual(scanMedia(snapshot, dir, { mediaBase: 'https://m.example.com/', probe: unreadable }).problems[0], 'Ab_Wheel_Rollout/demo-1.mp4: ffprobe cannot read it');
  });

  it('names aspect ratios as people do, within 3%, else as the reduced fraction', () => {
    assert.deepEqual(
      [[496, 864], [864, 496], [1080, 1920], [1920, 1080], [500, 500], [100, 37], [1200, 1000]].map(([w, h]) => aspectRatio(w!, h!)),
      ['9:16', '16:9', '9:16', '16:9', '1:1', '100:37', '6:5'],
    );
  });
});
