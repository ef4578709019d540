/** buildCatalog and findExercisePosition: the immutable catalog built from one valid snapshot. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildCatalog, catalogSteps, findExercisePosition } from '../../src/catalog/catalog.ts';
import { runNow } from '../../src/time-slices.ts';
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

describe('a catalog built beside the live one (a reload)', () => {
  /** tinySnapshot with a Spanish name for the pull-up, so the translation's catalog is built too. */
  function withSpanish(dataVersion: string): Snapshot {
    return { ...tinySnapshot(dataVersion), translations: { es: { exercises: { Pull_Up: { name: 'Dominada' } } } } };
  }

  it("keeps the live catalog's bytes for unchanged exercises, in every language, and serializes the changed ones", () => {
    const live = buildCatalog(withSpanish('2026-01-01'), 'a.json');
    const next = withSpanish('2026-01-02');
    next.exercises = next.exercises.map((e) => (e.id === 'Pull_Up' ? { ...e, overview: `${e.overview} Changed.` } : e));
    const reloaded = runNow(catalogSteps(next, 'b.json', undefined, live));
    const fresh = buildCatalog(next, 'b.json');
    for (const catalog of [reloaded, reloaded.languages.get('es')!]) {
      const before = catalog.lang === 'en' ? live : live.languages.get('es')!;
      const expected = catalog.lang === 'en' ? fresh : fresh.languages.get('es')!;
      catalog.exercises.forEach((exercise, position) => {
        const body = catalog.exerciseBodies[position]!;
        assert.deepEqual(body, expected.exerciseBodies[position], `${catalog.lang} ${exercise.id}: the bytes a fresh build makes`);
        assert.deepEqual(
          catalog.exerciseBytes[position],
          expected.exerciseBytes[position],
          `${catalog.lang} ${exercise.id}: its bytes in a list`,
        );
        const wasKept = body === before.exerciseBodies[before.positionById.get(exercise.id)!];
        assert.equal(wasKept, exercise.id !== 'Pull_Up', `${catalog.lang} ${exercise.id}: kept only when unchanged`);
      });
    }
    assert.match(reloaded.exerciseBodies[reloaded.positionById.get('Pull_Up')!]!.toString(), /Changed\./, 'the changed text is served');
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
