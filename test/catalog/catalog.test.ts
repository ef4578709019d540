/** buildCatalog and findExercisePosition: the immutable catalog built from one valid snapshot. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildCatalog, findExercisePosition } from '../../src/catalog/catalog.ts';
import { EXERCISE_FIELDS, type Snapshot } from '../../src/catalog/snapshot-schema.ts';
import { tinySnapshot } from '../helpers/snapshots.ts';

function withAliases(aliases: Record<string, string>): Snapshot {
  return { ...tinySnapshot(), aliases };
}

describe('buildCatalog', () => {
  it('orders exercises by name, then id', () => {
    const catalog = buildCatalog(tinySnapshot(), 'test.json');
    assert.deepEqual(
      catalog.exercises.map((e) => e.id),
      ['Ab_Wheel_Rollout', 'Barbell_Bench_Press', 'Pull_Up'],
    );
    assert.deepEqual(
      [...catalog.positionById],
      [
        ['Ab_Wheel_Rollout', 0],
        ['Barbell_Bench_Press', 1],
        ['Pull_Up', 2],
      ],
    );
  });

  it("serves each exercise with the public fields in the spec's order, internal fields left out", () => {
    const snapshot = tinySnapshot();
    const [bench] = snapshot.exercises;
    const reversed = Object.fromEntries([...Object.entries(bench!).reverse(), ['source', 'free-exercise-db']]) as typeof bench & object;
    snapshot.exercises[0] = reversed;
    const catalog = buildCatalog(snapshot, 'test.json');
    const position = catalog.positionById.get('Barbell_Bench_Press')!;
    const body = JSON.parse(catalog.exerciseBodies[position]!.toString()) as { data: Record<string, unknown> };
    assert.deepEqual(Object.keys(body.data), EXERCISE_FIELDS);
    assert.equal(catalog.exerciseBytes[position]!.toString(), JSON.stringify(body.data));
  });

  it('counts exercises by category in the stats body', () => {
    const stats = JSON.parse(buildCatalog(tinySnapshot(), 'test.json').bodies.stats.toString()) as { data: Record<string, unknown> };
    assert.equal(stats.data.totalExercises, 3);
    assert.deepEqual((stats.data.categories as Record<string, number>).strength, 2);
    assert.deepEqual((stats.data.categories as Record<string, number>).calisthenics, 1);
    assert.equal(stats.data.lastUpdated, '2026-01-01T06:00:00.000Z');
    assert.equal(stats.data.dataVersion, '2026-01-01');
  });
});

describe('findExercisePosition', () => {
  it('resolves an alias to the canonical record in the catalog; an unknown id resolves to nothing', () => {
    const catalog = buildCatalog(withAliases({ Old_Pull_Up: 'Pull_Up' }), 'test.json');
    const position = findExercisePosition(catalog, 'Old_Pull_Up');
    assert.equal(catalog.exercises[position!]!.id, 'Pull_Up');
    assert.equal(findExercisePosition(catalog, 'Pull_Up'), position);
    assert.equal(findExercisePosition(catalog, 'Old_Push_Up'), undefined);
    assert.equal(buildCatalog(tinySnapshot(), 'test.json').aliases.size, 0);
  });
});
