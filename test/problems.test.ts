/**
 * problems.ts, and the promise it keeps across the project: every reader of operator input reports
 * `<file>: <field.path>: <message>` in the project's words, and no valibot default message
 * (`Invalid type: Expected string but received 5`) ever reaches an operator.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as v from 'valibot';
import { importFreeExerciseDb, parseTaxonomy } from '../src/catalog/free-exercise-db.ts';
import { checkSnapshot } from '../src/catalog/snapshot-check.ts';
import { readConfig } from '../src/config.ts';
import { parseKeyStore } from '../src/keys/key-store.ts';
import { parseTierTable } from '../src/limits/tiers.ts';
import { fail, formatProblem, formatProblems, issueProblems, problem, type Result, withSource } from '../src/problems.ts';
import { IMPORT_OPTIONS, sourceRecord, TAXONOMY, tinySnapshot } from './helpers/snapshots.ts';

describe('formatProblem', () => {
  it('writes <file>: <field.path>: <message>, leaving out what is empty', () => {
    assert.deepEqual(
      [
        problem('keys.json', 'keys.0.id', 'duplicate id'),
        problem('keys.json', '', 'is not valid JSON'),
        problem('', 'dataVersion', 'is missing'),
      ].map(formatProblem),
      ['keys.json: keys.0.id: duplicate id', 'keys.json: is not valid JSON', 'dataVersion: is missing'],
    );
  });
});

describe('withSource', () => {
  it('fills in the file where a problem has none, and keeps one it has', () => {
    const problems = [problem('', 'dataVersion', 'is missing'), problem('other.json', '', 'cannot be read (ENOENT)')];
    assert.deepEqual(formatProblems(withSource(problems, 'data/2026-01-01.json')), [
      'data/2026-01-01.json: dataVersion: is missing',
      'other.json: cannot be read (ENOENT)',
    ]);
  });
});

describe('fail', () => {
  it('throws on an empty list: a failure without a problem is a bug', () => {
    assert.throws(() => fail([]), { message: 'fail() needs at least one problem' });
  });
});

describe('issueProblems', () => {
  const Schema = v.strictObject(
    { name: v.string('must be a string'), size: v.optional(v.number('must be a number')) },
    'must be an object',
  );

  it("names a missing field and an unknown one instead of repeating the object's message", () => {
    const parsed = v.safeParse(Schema, { size: 'big', colour: 'red' });
    assert.ok(!parsed.success);
    assert.deepEqual(formatProblems(issueProblems('thing.json', parsed.issues)), [
      'thing.json: name: is missing',
      'thing.json: size: must be a number',
      'thing.json: colour: is not a known field',
    ]);
  });

  it('puts paths under a prefix and adds the value found only when asked', () => {
    const parsed = v.safeParse(Schema, { name: 5 });
    assert.ok(!parsed.success);
    assert.deepEqual(formatProblems(issueProblems('', parsed.issues, { prefix: 'items[3]' })), ['items[3].name: must be a string']);
    assert.deepEqual(formatProblems(issueProblems('', parsed.issues, { isShowingReceived: true })), [
      'name: must be a string (received 5)',
    ]);
    const root = v.safeParse(Schema, 'thing');
    assert.ok(!root.success);
    assert.deepEqual(formatProblems(issueProblems('thing.json', root.issues)), ['thing.json: must be an object']);
  });
});

/** What each reader says about bad input, exactly, as the operator reads it. */
const CASES: [string, () => Result<unknown>, string[]][] = [
  ['config: an empty DATA_DIR', () => readConfig({ DATA_DIR: '' }), ['environment: DATA_DIR: must not be empty']],
  ['config: a PORT in words', () => readConfig({ PORT: 'eighty' }), ['environment: PORT: must be a whole number']],
  ['config: an unknown ENGINE', () => readConfig({ ENGINE: 'fast' }), ['environment: ENGINE: must be auto, uws or node']],
  ['config: a relative UPGRADE_URL', () => readConfig({ UPGRADE_URL: '/pricing' }), ['environment: UPGRADE_URL: must be an absolute URL']],
  ['tiers: not an object', () => parseTierTable(7, 'tiers.json'), ['tiers.json: must be an object of tiers by name']],
  [
    'tiers: a limit as text',
    () => parseTierTable({ free: { dailyRequests: 'many', perMinute: 1, maxResults: 1, overage: false } }, 'tiers.json'),
    ['tiers.json: free.dailyRequests: must be a number'],
  ],
  [
    'tiers: a missing and an unknown field',
    () => parseTierTable({ free: { dailyRequests: 1, perMinute: 1, maxResults: 1, burst: 2 } }, 'tiers.json'),
    ['tiers.json: free.overage: is missing', 'tiers.json: free.burst: is not a known field'],
  ],
  ['keys: a store that is no object', () => parseKeyStore('[]', 'keys.json'), ['keys.json: must be an object holding version and keys']],
  [
    'keys: keys that are no array',
    () => parseKeyStore({ version: 1, keys: 'none' }, 'keys.json'),
    ['keys.json: keys: must be an array of key records'],
  ],
  [
    'keys: a record of wrong types',
    () => parseKeyStore({ version: 1, keys: [{ id: 1, hash: 2, hint: 3, tier: 4, label: 5, createdAt: 6 }] }, 'keys.json'),
    [
      'keys.json: keys.0.id: must look like key_xxxxxxxxxxxx',
      'keys.json: keys.0.hash: must be a SHA-256 hex digest',
      'keys.json: keys.0.hint: must be the last four characters of the key',
      'keys.json: keys.0.tier: must name a tier',
      'keys.json: keys.0.label: must be a string',
      'keys.json: keys.0.createdAt: must be an ISO 8601 timestamp',
    ],
  ],
  ['snapshot: not an object', () => checkSnapshot('snapshot'), ['must be a snapshot object']],
  [
    'snapshot: wrong types at the top',
    () => checkSnapshot({ ...tinySnapshot(), categories: {}, muscleGroups: 'all', equipment: [1], search: 'none' }),
    [
      'categories: must be an array of categories',
      'muscleGroups: must be an array of muscle groups',
      'equipment.0: must be a non-empty string',
      'search: must be an object of synonyms, muscleAliases and equipmentAliases',
    ],
  ],
  [
    'snapshot: an exercise of wrong types',
    () => {
      const snapshot = tinySnapshot() as unknown as { exercises: Record<string, unknown>[] };
      Object.assign(snapshot.exercises[1]!, {
        images: 'one.jpg',
        videos: [{ url: 1, durationSeconds: 2.5 }],
        overview: null,
        mechanic: 'both',
      });
      return checkSnapshot(snapshot);
    },
    [
      'exercises[Pull_Up].mechanic: must be one of compound, isolation or null',
      'exercises[Pull_Up].overview: must be a string',
      'exercises[Pull_Up].images: must be an array of image paths',
      'exercises[Pull_Up].videos.0.url: must be an absolute URL',
      'exercises[Pull_Up].videos.0.format: is missing',
      'exercises[Pull_Up].videos.0.resolution: is missing',
      'exercises[Pull_Up].videos.0.aspectRatio: is missing',
      'exercises[Pull_Up].videos.0.durationSeconds: must be a whole number',
      'exercises[Pull_Up].videos.0.generatedWith: is missing',
      'exercises[Pull_Up].videos.0.generatedAt: is missing',
    ],
  ],
  [
    'taxonomy: not an object',
    () => parseTaxonomy(null, 'taxonomy.json'),
    ['taxonomy.json: must be an object of categories, muscleGroups and equipment'],
  ],
  [
    'taxonomy: a muscle group of wrong types',
    () => parseTaxonomy({ ...TAXONOMY, muscleGroups: [{ displayGroup: 3, muscles: [] }] }, 'taxonomy.json'),
    [
      'taxonomy.json: muscleGroups.0.displayGroup: must be a non-empty string',
      'taxonomy.json: muscleGroups.0.muscles: must list at least one muscle',
    ],
  ],
  [
    'import: a record of wrong types',
    () => importFreeExerciseDb([sourceRecord({ force: 'shove', instructions: [1], secondaryMuscles: 'neck' })], IMPORT_OPTIONS),
    [
      'record 0 (id "Atlas_Stones").force: must be one of push, pull, static or null (received "shove")',
      'record 0 (id "Atlas_Stones").secondaryMuscles: must be an array of muscle names (received "neck")',
      'record 0 (id "Atlas_Stones").instructions.0: must be a string (received 1)',
    ],
  ],
  [
    'import: an unknown mechanic and a blank name',
    () => importFreeExerciseDb([sourceRecord({ mechanic: 'both', name: ' ' })], IMPORT_OPTIONS),
    [
      'record 0 (id "Atlas_Stones").name: must not be empty',
      'record 0 (id "Atlas_Stones").mechanic: must be one of compound, isolation or null (received "both")',
    ],
  ],
];

const VALIBOT_DEFAULT = /Invalid (type|length|key|value)|Expected .* but received/;

describe('operator messages', () => {
  for (const [name, read, lines] of CASES) {
    it(`${name}: says exactly what is wrong, in the project's words`, () => {
      const result = read();
      assert.equal(result.ok, false);
      const found = result.ok ? [] : formatProblems(result.problems);
      assert.deepEqual(found, lines);
      for (const line of found) assert.doesNotMatch(line, VALIBOT_DEFAULT);
    });
  }
});
