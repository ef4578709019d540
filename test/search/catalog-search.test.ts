/**
 * Search quality on the bundled catalog: what people actually type (common names, abbreviations,
 * typos, prefixes, Sanskrit names) finds the exercise they mean near the top.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { join } from 'node:path';
import { buildCatalog, findExercisePosition } from '../../src/catalog/catalog.ts';
import { listSnapshotFiles, readSnapshotFile } from '../../src/catalog/snapshot-files.ts';
import { formatProblems } from '../../src/problems.ts';
import { findPage } from '../../src/search/page-query.ts';
import { buildSearchIndexNow } from '../../src/search/search-index.ts';
import { ROOT } from '../helpers/service.ts';

const file = join(ROOT, 'data', listSnapshotFiles(join(ROOT, 'data'))[0]!);
const result = readSnapshotFile(file);
assert.ok(result.ok, `the bundled snapshot is valid: ${result.ok ? '' : formatProblems(result.problems.slice(0, 5)).join('; ')}`);
const catalog = buildCatalog(result.value, file);
const index = buildSearchIndexNow(catalog);

function top(q: string, n: number): string[] {
  const page = findPage(
    index,
    { q, filters: [], random: false, limit: n, offset: 0 },
    { deadline: Number.POSITIVE_INFINITY, now: () => 0, random: Math.random },
  );
  assert.ok(typeof page === 'object');
  return page.positions.map((p) => catalog.exercises[p]!.name);
}

// [query, id (of 2026-11-21: merged ones resolve through the snapshot's aliases) it must find, within the top N]
const TABLE: [string, string, number][] = [
  ['bench press', 'Barbell_Bench_Press', 1],
  ['benchh pres', 'Barbell_Bench_Press', 1],
  ['BENCH PRESS', 'Barbell_Bench_Press', 1],
  ['bench', 'Barbell_Bench_Press', 5],
  ['kettleb swing', 'Kettlebell_Swing', 3],
  ['kb swing', 'Kettlebell_Swing', 1],
  ['ohp', 'Barbell_Overhead_Press', 1],
  ['military press', 'Barbell_Overhead_Press', 1],
  ['overhead press', 'Barbell_Overhead_Press', 1],
  ['rdl', 'Romanian_Deadlift', 1],
  ['romanain deadlift', 'Romanian_Deadlift', 1],
  ['db curl', 'Dumbbell_Curl', 1],
  ['db row', 'Single_Arm_Dumbbell_Row', 3],
  ['pullup', 'Pull_Up', 1],
  ['pull up', 'Pull_Up', 1],
  ['chin up', 'Chin_Up', 1],
  ['pushup', 'Push_Up', 1],
  ['press up', 'Push_Up', 3],
  ['squat', 'Barbell_Back_Squat', 3],
  ['back squat', 'Barbell_Back_Squat', 1],
  ['deadlift', 'Barbell_Deadlift', 1],
  ['deadlfit', 'Barbell_Deadlift', 3],
  ['downward dog', 'Downward_Facing_Dog', 1],
  ['adho mukha svanasana', 'Downward_Facing_Dog', 1],
  ['burpees', 'Burpee', 1],
  ['lat pulldown', 'Lat_Pulldown', 1],
  ['skull crusher', 'EZ_Bar_Skull_Crusher', 3],
  ['hip thrust', 'Barbell_Hip_Thrust', 1],
  ['face pull', 'Face_Pull', 1],
  ['plank', 'Forearm_Plank', 3],
  ['clean and jerk', 'Clean_And_Jerk', 1],
  ['snatch', 'Snatch', 1],
  ['atlas stone', 'Atlas_Stone_Load', 3],
  ['farmers walk', 'Farmers_Walk', 1],
  ['box jump', 'Box_Jump', 1],
  ['hamstring stretch', 'Standing_Hamstring_Stretch', 5],
  ['pigeon', 'Pigeon_Pose', 1],
  ['hundred', 'Pilates_Hundred', 3],
  ['clamshell', 'Clamshell', 1],
  ['jumping jacks', 'Jumping_Jack', 1],
  ['goblet squat', 'Goblet_Squat', 1],
  ['lateral raise', 'Dumbbell_Lateral_Raise', 3],
  ['tricep pushdown', 'Triceps_Pushdown', 3],
  ['leg press', 'Leg_Press', 1],
  ['calf raise', 'Standing_Machine_Calf_Raise', 5],
];

describe('search on the bundled catalog', () => {
  for (const [q, id, within] of TABLE) {
    it(`"${q}" finds ${id} in the top ${within}`, () => {
      const position = findExercisePosition(catalog, id);
      assert.ok(position !== undefined, `${id} resolves`);
      const name = catalog.exercises[position]!.name;
      const found = top(q, within);
      assert.ok(found.includes(name), `top ${within} for "${q}" (${name}): ${found.join(' | ')}`);
    });
  }
});
