/** importFreeExerciseDb and parseTaxonomy: free-exercise-db's dist/exercises.json converted into a snapshot. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MUSCLE_MAP } from '../../src/catalog/free-exercise-db-maps.ts';
import { importFreeExerciseDb, parseTaxonomy } from '../../src/catalog/free-exercise-db.ts';
import { checkSnapshot } from '../../src/catalog/snapshot-check.ts';
import type { Exercise } from '../../src/catalog/snapshot-schema.ts';
import { formatProblems, type Result } from '../../src/problems.ts';
import { BAD, IMPORT_OPTIONS, importSample, readJson, SAMPLE, sourceRecord, TAXONOMY } from '../helpers/snapshots.ts';

/** The operator's lines of a refused import (the CLI puts the input file in front of each). */
function refusal(result: Result<unknown>): string[] {
  assert.equal(result.ok, false, 'expected a refusal');
  return result.ok ? [] : formatProblems(result.problems);
}

const ID_RULE = 'must be a capital or digit, then letters, digits, _ and -, at most 100 characters';
const EVERY_FIELD_MISSING = ['id', 'name', 'level', 'primaryMuscles', 'secondaryMuscles', 'instructions', 'category', 'images'];

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
    assert.equal(check.ok, true, check.ok ? '' : formatProblems(check.problems).join('\n'));
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
      [
        'Alternate_Hammer_Curl',
        {
          equipment: 'dumbbell',
          level: 'beginner',
          category: 'strength',
          primaryMuscles: ['biceps brachii'],
          secondaryMuscles: ['wrist flexors'],
        },
      ],
      [
        'Barbell_Squat',
        {
          equipment: 'barbell',
          primaryMuscles: ['rectus femoris', 'vastus lateralis'],
          secondaryMuscles: ['gastrocnemius', 'gluteus maximus', 'biceps femoris', 'erector spinae'],
        },
      ],
      [
        'Pushups',
        {
          equipment: null,
          primaryMuscles: ['pectoralis major'],
          secondaryMuscles: ['anterior deltoid', 'lateral deltoid', 'triceps brachii'],
        },
      ],
      [
        'Kettlebell_One-Legged_Deadlift',
        { equipment: 'kettlebell', primaryMuscles: ['biceps femoris'], secondaryMuscles: ['gluteus maximus', 'erector spinae'] },
      ],
      [
        'Iliotibial_Tract-SMR',
        {
          equipment: 'foam roller',
          category: 'stretching',
          primaryMuscles: ['gluteus medius'],
          images: ['Iliotibial_Tract-SMR/0.jpg', 'Iliotibial_Tract-SMR/1.jpg'],
        },
      ],
      ['EZ-Bar_Curl', { equipment: 'ez curl bar' }],
      [
        'Snatch',
        {
          level: 'advanced',
          category: 'olympic_weightlifting',
          primaryMuscles: ['rectus femoris', 'vastus lateralis'],
          secondaryMuscles: [
            'adductor longus',
            'biceps brachii',
            'gluteus maximus',
            'biceps femoris',
            'erector spinae',
            'anterior deltoid',
            'lateral deltoid',
            'trapezius',
            'triceps brachii',
          ],
        },
      ],
      [
        'Rowing_Stationary',
        {
          equipment: 'machine',
          category: 'conditioning',
          secondaryMuscles: ['biceps brachii', 'gastrocnemius', 'gluteus maximus', 'biceps femoris', 'erector spinae', 'rhomboids'],
        },
      ],
      [
        'Band_Pull_Apart',
        {
          equipment: 'resistance band',
          primaryMuscles: ['anterior deltoid', 'lateral deltoid'],
          secondaryMuscles: ['rhomboids', 'trapezius'],
        },
      ],
      ['Exercise_Ball_Crunch', { equipment: 'stability ball', primaryMuscles: ['rectus abdominis'] }],
      ['Chin_To_Chest_Stretch', { equipment: null, force: 'static', mechanic: null, primaryMuscles: ['sternocleidomastoid'] }],
      [
        'Wide-Grip_Lat_Pulldown',
        {
          equipment: 'cable',
          primaryMuscles: ['latissimus dorsi'],
          secondaryMuscles: ['biceps brachii', 'rhomboids', 'anterior deltoid', 'lateral deltoid'],
        },
      ],
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
    const raw = [
      sourceRecord({
        name: 'Chest',
        id: 'Chest',
        primaryMuscles: ['chest'],
        secondaryMuscles: [],
        equipment: 'body only',
        category: 'strength',
        images: [],
      }),
    ];
    assert.deepEqual(importSample(raw).snapshot.exercises[0]!.keywords, ['chest', 'strength', 'pectoralis major']);
  });

  it('de-duplicates muscles and drops a secondary muscle that is also primary', () => {
    const raw = [
      sourceRecord({ primaryMuscles: ['shoulders', 'shoulders', 'traps'], secondaryMuscles: ['traps', 'shoulders', 'neck', 'neck'] }),
    ];
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
    assert.deepEqual(
      snapshot.exercises.map((e) => e.equipment),
      [null, null, null],
    );
    assert.deepEqual(notes, [
      'equipment "kettlebells" is not in the taxonomy; set to null for 2 exercise(s): Kettlebell_Swing, Kettlebell_Windmill',
      'equipment "hex bar" is not in the taxonomy; set to null for 1 exercise(s): Hex_Bar_Deadlift',
    ]);
  });

  it('keeps only images under the exercise id and notes the dropped ones', () => {
    const raw = [
      sourceRecord({
        id: 'Atlas-Stones',
        images: ['Atlas-Stones/0.jpg', 'Atlas_Stones/1.jpg', 'Other_Exercise/0.jpg', 'https://cdn.example.com/a.jpg', 'Atlas-Stones/'],
      }),
    ];
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
    assert.deepEqual(
      snapshot.exercises.map((e) => e.id),
      ids,
    );
    assert.deepEqual(
      snapshot.exercises.map((e) => e.images),
      ids.map((id) => [`${id}/0.jpg`]),
    );
    assert.deepEqual(notes, []);
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
    assert.deepEqual(
      snapshot.exercises.map((e) => e.id),
      raw.map((e) => e.id),
    );
    assert.deepEqual(
      snapshot.exercises.map((e) => e.images),
      raw.map((e) => e.images),
    );
    for (const id of ['Barbell_Bench_Press_-_Medium_Grip', 'Iliotibial_Tract-SMR', '3_4_Sit-Up', '90_90_Hamstring'])
      assert.ok(
        snapshot.exercises.some((e) => e.id === id),
        id,
      );
  });

  it('imports the real file shape where two records hold an empty step (Barbell_Squat_To_A_Bench, Clean), with a note each', () => {
    // The fixture keeps free-exercise-db's facts only (no sentences may enter the project); these two
    // records carry an empty second step in the real file, which used to refuse the whole import.
    const raw = (readJson(new URL('../fixtures/free-exercise-db.json', import.meta.url)) as { id: string; instructions: string[] }[]).map(
      (record) =>
        record.id === 'Barbell_Squat_To_A_Bench' || record.id === 'Clean'
          ? { ...record, instructions: ['Step one.', '', 'Step three.'] }
          : record,
    );
    const { snapshot, notes } = importSample(raw);
    assert.equal(snapshot.exercises.length, 873);
    assert.deepEqual(
      notes.filter((note) => note.includes('instruction step')),
      ['Barbell_Squat_To_A_Bench: instruction step 2 is empty; dropped', 'Clean: instruction step 2 is empty; dropped'],
    );
    assert.deepEqual(snapshot.exercises.find((e) => e.id === 'Clean')!.instructions, ['Step one.', 'Step three.']);
  });

  it('refuses ids outside the hosted alphabet and ids given twice, naming the records', () => {
    const raw = [
      sourceRecord({ id: 'Sit-Up', images: [] }),
      sourceRecord({ id: 'sit up', images: [] }),
      sourceRecord({ id: '-Hang_Clean', images: [] }),
      sourceRecord({ id: 'Sit-Up', images: [] }),
      sourceRecord({ id: 'A'.repeat(101), images: [] }),
    ];
    assert.deepEqual(refusal(importFreeExerciseDb(raw, IMPORT_OPTIONS)), [
      `record 1 (id "sit up").id: ${ID_RULE}`,
      `record 2 (id "-Hang_Clean").id: ${ID_RULE}`,
      'record 3 (id "Sit-Up").id: is also the id of record 0',
      `record 4 (id "${'A'.repeat(101)}").id: ${ID_RULE}`,
    ]);
  });

  it('reports every bad record by index, id and field, with the value found', () => {
    assert.deepEqual(refusal(importFreeExerciseDb(BAD, IMPORT_OPTIONS)), [
      'record 1 (id "Muscle_Up").level: must be one of beginner, intermediate, expert (received "master")',
      'record 2 (id "Cable_Crossover").primaryMuscles.1: must be one of abdominals, abductors, adductors, biceps, calves, chest, ' +
        'forearms, glutes, hamstrings, lats, lower back, middle back, neck, quadriceps, shoulders, traps, triceps (received "pecs")',
      'record 3 (id "Seated_Hamstring_Stretch").name: is missing',
      'record 4: must be an object (received "Jumping Jacks")',
      'record 5 (id "Burpee").instructions: must be an array of strings (received "Squat, kick back, push up, jump.")',
      'record 5 (id "Burpee").category: must be one of strength, stretching, plyometrics, strongman, powerlifting, cardio, ' +
        'olympic weightlifting (received "crossfit")',
    ]);
  });

  it('returns the problems of checkSnapshot when the result breaks the contract', () => {
    const taxonomy = { ...TAXONOMY, muscleGroups: TAXONOMY.muscleGroups.filter((group) => group.displayGroup !== 'Neck') };
    assert.deepEqual(refusal(importFreeExerciseDb(SAMPLE, { ...IMPORT_OPTIONS, taxonomy })), [
      'exercises[Chin_To_Chest_Stretch].primaryMuscles: "sternocleidomastoid" belongs to no muscle group',
    ]);
    assert.deepEqual(refusal(importFreeExerciseDb(SAMPLE, { ...IMPORT_OPTIONS, lastUpdated: '2026-02-01' })), [
      'lastUpdated: must be an ISO 8601 UTC timestamp with milliseconds',
    ]);
  });

  it('refuses a dataVersion that is no real date (2026-02-30), as the snapshot check does', () => {
    const options = { ...IMPORT_OPTIONS, dataVersion: '2026-02-30', lastUpdated: '2026-02-28T06:00:00.000Z' };
    assert.deepEqual(refusal(importFreeExerciseDb(SAMPLE, options)), ['dataVersion: must be a real date as YYYY-MM-DD']);
  });

  const notAnArray = 'must be an array of exercises (free-exercise-db dist/exercises.json)';
  const malformed: [string, unknown, string[]][] = [
    ['null', null, [notAnArray]],
    ['undefined', undefined, [notAnArray]],
    ['a number', 42, [notAnArray]],
    ['a string', 'exercises', [notAnArray]],
    ['an empty object', {}, [notAnArray]],
    ['an object holding the array', { exercises: [] }, [notAnArray]],
    ['an empty array (a snapshot holds at least one exercise)', [], ['exercises: must hold at least one exercise']],
    ['a null record', [null], ['record 0: must be an object (received null)']],
    ['a number record', [42], ['record 0: must be an object (received 42)']],
    ['an array record', [[]], EVERY_FIELD_MISSING.map((field) => `record 0.${field}: is missing`)],
    ['a record without a prototype', [Object.create(null)], EVERY_FIELD_MISSING.map((field) => `record 0.${field}: is missing`)],
    [
      'a numeric id',
      [{ id: 5 }],
      [
        'record 0.id: must be a non-empty string (received 5)',
        ...EVERY_FIELD_MISSING.slice(1).map((field) => `record 0.${field}: is missing`),
      ],
    ],
    [
      'muscles as a string',
      [sourceRecord({ primaryMuscles: 'chest' })],
      ['record 0 (id "Atlas_Stones").primaryMuscles: must be an array of muscle names (received "chest")'],
    ],
    [
      'no primary muscle',
      [sourceRecord({ primaryMuscles: [] })],
      ['record 0 (id "Atlas_Stones").primaryMuscles: must name at least one muscle'],
    ],
    [
      'numeric image paths',
      [sourceRecord({ images: [1, 2] })],
      [
        'record 0 (id "Atlas_Stones").images.0: must be a string (received 1)',
        'record 0 (id "Atlas_Stones").images.1: must be a string (received 2)',
      ],
    ],
    [
      'numeric equipment',
      [sourceRecord({ equipment: 7 })],
      ['record 0 (id "Atlas_Stones").equipment: must be a string or null (received 7)'],
    ],
    [
      'an id and equipment named after an Object.prototype key',
      [sourceRecord({ id: 'constructor', equipment: 'constructor' })],
      [`record 0 (id "constructor").id: ${ID_RULE}`],
    ],
  ];
  for (const [name, input, lines] of malformed) {
    it(`refuses ${name} without throwing, naming the record and field`, () => {
      assert.deepEqual(refusal(importFreeExerciseDb(input, IMPORT_OPTIONS)), lines);
    });
  }
});

describe('parseTaxonomy', () => {
  it('accepts the shipped taxonomy', () => {
    const file = 'data/source/taxonomy.json';
    const parsed = parseTaxonomy(readJson(new URL('../../data/source/taxonomy.json', import.meta.url)), file);
    assert.deepEqual(parsed, { ok: true, value: TAXONOMY });
  });

  it('names the file and field of each problem', () => {
    const raw = { categories: [{ category: 'cardio', description: '' }], muscleGroups: 'chest', equipment: [''] };
    assert.deepEqual(refusal(parseTaxonomy(raw, 'taxonomy.json')), [
      'taxonomy.json: categories.0.category: must be one of strength, yoga, mobility, physical_therapy, stretching, pilates, ' +
        'calisthenics, plyometrics, conditioning, olympic_weightlifting, powerlifting, strongman',
      'taxonomy.json: categories.0.description: must not be empty',
      'taxonomy.json: muscleGroups: must be an array of muscle groups',
      'taxonomy.json: equipment.0: must not be empty',
    ]);
  });
});
