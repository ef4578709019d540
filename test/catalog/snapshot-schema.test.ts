/** checkSnapshot: the snapshot contract, each problem naming the field (and the exercise id) at fault. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkSnapshot } from '../../src/catalog/snapshot-check.ts';
import { EXERCISE_FIELDS, inFieldOrder, type Snapshot } from '../../src/catalog/snapshot-schema.ts';
import { formatProblems, type Result } from '../../src/problems.ts';
import { tinySnapshot } from '../helpers/snapshots.ts';

/** The operator's lines of a refused snapshot (the reader puts the file in front of each). */
function refusal(result: Result<unknown>): string[] {
  assert.equal(result.ok, false, 'expected a refusal');
  return result.ok ? [] : formatProblems(result.problems);
}

type Raw = Record<string, unknown> & { exercises: Record<string, unknown>[] };
const ID_RULE = 'must be a capital or digit, then letters, digits, _ and -, at most 100 characters';

/** Each case: what is done to a valid snapshot, and every line the check then reports, in order. */
const BROKEN: [string, (raw: Raw) => unknown, string[]][] = [
  ['a snapshot that is not an object', () => 42, ['must be a snapshot object']],
  [
    'a missing dataVersion',
    (raw) => {
      delete raw.dataVersion;
      return raw;
    },
    ['dataVersion: is missing'],
  ],
  [
    'a dataVersion of no real day (2026-02-30)',
    (raw) => ({ ...raw, dataVersion: '2026-02-30' }),
    ['dataVersion: must be a real date as YYYY-MM-DD'],
  ],
  ['a dataVersion not as YYYY-MM-DD', (raw) => ({ ...raw, dataVersion: '2026-1-1' }), ['dataVersion: must be a real date as YYYY-MM-DD']],
  ['a numeric dataVersion', (raw) => ({ ...raw, dataVersion: 20260101 }), ['dataVersion: must be a real date as YYYY-MM-DD']],
  [
    'a lastUpdated without time',
    (raw) => ({ ...raw, lastUpdated: '2026-01-01' }),
    ['lastUpdated: must be an ISO 8601 UTC timestamp with milliseconds'],
  ],
  ['no exercises', (raw) => ({ ...raw, exercises: [] }), ['exercises: must hold at least one exercise']],
  ['exercises that are no array', (raw) => ({ ...raw, exercises: 'all' }), ['exercises: must be an array of exercises']],
  ['no muscle groups', (raw) => ({ ...raw, muscleGroups: [] }), ['muscleGroups: must hold at least one group']],
  ['an empty equipment name', (raw) => ({ ...raw, equipment: [' ', ...(raw.equipment as string[])] }), ['equipment.0: must not be empty']],
  [
    'a category listed twice and one missing',
    (raw) => {
      const categories = raw.categories as { category: string }[];
      return { ...raw, categories: [...categories.slice(0, -1), categories[0]] };
    },
    ['categories: "strength" is listed twice', 'categories: "strongman" is missing (all twelve are required)'],
  ],
  [
    'an unknown category',
    (raw) => {
      raw.exercises[0]!.category = 'cardio';
      return raw;
    },
    [
      'exercises[Barbell_Bench_Press].category: must be one of strength, yoga, mobility, physical_therapy, stretching, pilates, ' +
        'calisthenics, plyometrics, conditioning, olympic_weightlifting, powerlifting, strongman',
    ],
  ],
  [
    'an unknown level',
    (raw) => {
      raw.exercises[1]!.level = 'expert';
      return raw;
    },
    ['exercises[Pull_Up].level: must be one of beginner, intermediate, advanced'],
  ],
  [
    'a missing name',
    (raw) => {
      delete raw.exercises[0]!.name;
      return raw;
    },
    ['exercises[Barbell_Bench_Press].name: is missing'],
  ],
  [
    'a blank name',
    (raw) => {
      raw.exercises[0]!.name = '  ';
      return raw;
    },
    ['exercises[Barbell_Bench_Press].name: must not be empty'],
  ],
  [
    'a numeric name',
    (raw) => {
      raw.exercises[0]!.name = 7;
      return raw;
    },
    ['exercises[Barbell_Bench_Press].name: must be a non-empty string'],
  ],
  [
    'keywords as a string',
    (raw) => {
      raw.exercises[0]!.keywords = 'press';
      return raw;
    },
    ['exercises[Barbell_Bench_Press].keywords: must be an array of strings'],
  ],
  [
    'numeric equipment',
    (raw) => {
      raw.exercises[0]!.equipment = 3;
      return raw;
    },
    ['exercises[Barbell_Bench_Press].equipment: must be a non-empty string or null'],
  ],
  [
    'an unknown force',
    (raw) => {
      raw.exercises[0]!.force = 'press';
      return raw;
    },
    ['exercises[Barbell_Bench_Press].force: must be one of push, pull, static or null'],
  ],
  [
    'no primary muscle',
    (raw) => {
      raw.exercises[0]!.primaryMuscles = [];
      return raw;
    },
    ['exercises[Barbell_Bench_Press].primaryMuscles: must name at least one muscle'],
  ],
  [
    'a muscle of no group',
    (raw) => {
      raw.exercises[0]!.secondaryMuscles = ['pecs'];
      return raw;
    },
    ['exercises[Barbell_Bench_Press].secondaryMuscles: "pecs" belongs to no muscle group'],
  ],
  [
    'a six-second clip with a relative URL',
    (raw) => {
      const [video] = raw.exercises[1]!.videos as Record<string, unknown>[];
      Object.assign(video!, { url: 'Pull_Up/0.mp4', durationSeconds: 6 });
      return raw;
    },
    [
      'exercises[Pull_Up].videos.0.url: must be an absolute URL',
      'exercises[Pull_Up].videos.0.durationSeconds: clips last at most 5 seconds',
    ],
  ],
  [
    'an exercise that is not an object',
    (raw) => {
      (raw.exercises as unknown[]).push('Dip');
      return raw;
    },
    ['exercises[#3]: must be an exercise object'],
  ],
  [
    'an id outside the alphabet',
    (raw) => {
      raw.exercises[2]!.id = 'ab wheel';
      return raw;
    },
    [`exercises[ab wheel].id: ${ID_RULE}`],
  ],
  [
    'an id given twice',
    (raw) => {
      raw.exercises[2]!.id = 'Pull_Up';
      raw.exercises[2]!.images = [];
      return raw;
    },
    ['exercises[Pull_Up].id: duplicate id'],
  ],
  [
    'a synonym group of one phrase',
    (raw) => ({ ...raw, search: { synonyms: [['press']] } }),
    ['search.synonyms.0: a synonym group needs at least two phrases'],
  ],
  [
    'a muscle alias to nothing',
    (raw) => ({ ...raw, search: { muscleAliases: { pecs: ['chest muscles'] } } }),
    ['search.muscleAliases.pecs: "chest muscles" is neither a muscle nor a display group'],
  ],
  ['aliases that are no object', (raw) => ({ ...raw, aliases: 'none' }), ['aliases: must be an object of old id -> id']],
];

describe('checkSnapshot', () => {
  it('accepts a valid snapshot, dropping internal fields of its exercises', () => {
    const raw = tinySnapshot() as unknown as Raw;
    raw.exercises[0]!.source = 'free-exercise-db';
    const check = checkSnapshot(raw, '2026-01-01');
    assert.ok(check.ok);
    assert.deepEqual(check.value, tinySnapshot());
  });

  it("refuses a dataVersion other than the file name's date", () => {
    assert.deepEqual(refusal(checkSnapshot(tinySnapshot(), '2026-01-02')), [
      'dataVersion: "2026-01-01" does not match the file name\'s date 2026-01-02',
    ]);
  });

  for (const [name, breakIt, lines] of BROKEN) {
    it(`refuses ${name}, naming the field`, () => {
      const check = checkSnapshot(breakIt(tinySnapshot() as unknown as Raw));
      assert.deepEqual(refusal(check), lines);
    });
  }
});

describe('EXERCISE_FIELDS', () => {
  it("lists the fields of the spec's Exercise table in its order", () => {
    assert.deepEqual(EXERCISE_FIELDS, [
      'id',
      'name',
      'keywords',
      'primaryMuscles',
      'secondaryMuscles',
      'equipment',
      'force',
      'level',
      'mechanic',
      'category',
      'instructions',
      'exerciseTips',
      'commonMistakes',
      'safetyInfo',
      'overview',
      'variations',
      'images',
      'videos',
    ]);
  });

  it("inFieldOrder puts an exercise's fields in that order and leaves internal ones out", () => {
    const [exercise] = tinySnapshot().exercises;
    const shuffled = Object.fromEntries([...Object.entries(exercise!).reverse(), ['formerIds', ['Old']]]) as typeof exercise & object;
    assert.deepEqual(Object.keys(inFieldOrder(shuffled)), EXERCISE_FIELDS);
  });
});

describe('checkSnapshot aliases', () => {
  function withAliases(aliases: Record<string, string>): Snapshot {
    return { ...tinySnapshot(), aliases };
  }

  it('accepts aliases that point at live exercises, in the hosted id alphabet', () => {
    const check = checkSnapshot(
      withAliases({ 'Barbell_Bench_Press_-_Medium_Grip': 'Barbell_Bench_Press', '3_4_Sit-Up': 'Ab_Wheel_Rollout' }),
    );
    assert.equal(check.ok, true);
    assert.deepEqual(check.ok && check.value.aliases, {
      'Barbell_Bench_Press_-_Medium_Grip': 'Barbell_Bench_Press',
      '3_4_Sit-Up': 'Ab_Wheel_Rollout',
    });
    const without = checkSnapshot(tinySnapshot());
    assert.equal(without.ok && 'aliases' in without.value, false);
  });

  it('refuses an alias to no exercise, an alias shadowing a live id, and ids outside the alphabet', () => {
    const check = checkSnapshot(withAliases({ Old_Press: 'Gone_Press', Pull_Up: 'Barbell_Bench_Press', 'bad id': 'Pull_Up' }));
    assert.deepEqual(refusal(check), ['aliases.bad id: must be a capital or digit, then letters, digits, _ and -, at most 100 characters']);
    const cross = checkSnapshot(withAliases({ Old_Press: 'Gone_Press', Pull_Up: 'Barbell_Bench_Press' }));
    assert.deepEqual(refusal(cross), [
      'aliases.Old_Press: "Gone_Press" is the id of no exercise',
      'aliases.Pull_Up: is the id of a live exercise; an alias may not shadow one',
    ]);
  });
});
