/** diffSnapshots and formatDiff: what changed between two snapshots, as a maintainer reads it. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { diffSnapshots, formatDiff } from '../../src/catalog/snapshot-diff.ts';
import type { Snapshot } from '../../src/catalog/snapshot-schema.ts';
import { exercise, tinySnapshot } from '../helpers/snapshots.ts';

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
      translations: [],
    });
    assert.equal(
      formatDiff(diff),
      'dataVersion 2026-01-01 -> 2026-01-01\n' +
        'exercises 3 -> 3 (+0): 0 added, 0 removed, 0 renamed, 0 changed\n' +
        'no changes to exercises, equipment, muscles or translations',
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
    assert.deepEqual(diff.added, [
      { id: 'Dip', name: 'Dip' },
      { id: 'Goblet_Squat', name: 'Goblet Squat' },
    ]);
    assert.deepEqual(diff.removed, [{ id: 'Ab_Wheel_Rollout', name: 'Ab Wheel Rollout' }]);
    assert.deepEqual(diff.renamed, [{ id: 'Barbell_Bench_Press', oldName: 'Barbell Bench Press', newName: 'Flat Barbell Bench Press' }]);
    assert.deepEqual(diff.changed, [{ id: 'Pull_Up', fields: ['level', 'videos'] }]);
  });

  it('shows translation changes per language: entries added, removed and changed by field, and taxonomy names', () => {
    const old = tinySnapshot();
    old.translations = {
      es: { exercises: { Pull_Up: { name: 'Dominada' }, Ab_Wheel_Rollout: { name: 'Rueda abdominal' } }, equipment: { barbell: 'barra' } },
    };
    const next = structuredClone(old);
    next.translations!.es!.exercises = {
      Pull_Up: { name: 'Dominadas', overview: 'Una dominada.' },
      Barbell_Bench_Press: { name: 'Press de banca' },
    };
    next.translations!.es!.equipment = { barbell: 'barra olímpica', 'pull-up bar': 'barra de dominadas' };
    next.translations!.de = { exercises: { Pull_Up: { name: 'Klimmzug' } } };
    const diff = diffSnapshots(old, next);
    assert.deepEqual(diff.translations, [
      { lang: 'de', added: ['Pull_Up'], removed: [], changed: [], names: [] },
      {
        lang: 'es',
        added: ['Barbell_Bench_Press'],
        removed: ['Ab_Wheel_Rollout'],
        changed: [{ id: 'Pull_Up', fields: ['name', 'overview'] }],
        names: ['equipment.barbell: "barra" -> "barra olímpica"', 'equipment.pull-up bar: null -> "barra de dominadas"'],
      },
    ]);
    const report = formatDiff(diff);
    assert.match(
      report,
      /translation es: 1 added, 1 removed, 1 changed, 2 taxonomy names changed\n {2}added Barbell_Bench_Press\n {2}removed Ab_Wheel_Rollout\n {2}changed Pull_Up: name, overview\n/,
    );
    assert.match(report, /no changes to the English exercises, equipment or muscles$/);
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
    next.exercises = [
      exercise('Barbell_Bench_Press', 'Flat Barbell Bench Press', { level: 'beginner', variations: ['Pull Up'] }),
      exercise('Pullup', 'Pull Up'),
    ];
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
    assert.match(
      formatDiff(diffSnapshots(tinySnapshot(), next)),
      /^WARNING: 1 id vanished; clients holding them will get 404 NOT_FOUND:\n {2}Ab_Wheel_Rollout {2}"Ab Wheel Rollout"\n\n/,
    );
  });

  it('reports an id merged away through an alias as a rename, and only an id that vanishes unaliased as removed', () => {
    const old = tinySnapshot();
    const next: Snapshot = { ...tinySnapshot('2026-02-01'), aliases: { Pull_Up: 'Chin_Up' } };
    next.exercises = [next.exercises[0]!, exercise('Chin_Up', 'Chin-Up')];
    const diff = diffSnapshots(old, next);
    assert.deepEqual(diff.renamed, [{ id: 'Pull_Up', oldName: 'Pull Up', newName: 'Chin-Up', newId: 'Chin_Up' }]);
    assert.deepEqual(diff.removed, [{ id: 'Ab_Wheel_Rollout', name: 'Ab Wheel Rollout' }]);
    const report = formatDiff(diff);
    assert.ok(
      report.startsWith('WARNING: 1 id vanished; clients holding them will get 404 NOT_FOUND:\n  Ab_Wheel_Rollout  "Ab Wheel Rollout"\n'),
      report,
    );
    assert.match(report, /\nexercises 3 -> 2 \(-1\): 1 added, 1 removed, 1 renamed, 0 changed\n/);
    assert.ok(report.endsWith('\nrenamed (1):\n  Pull_Up -> Chin_Up (alias): "Pull Up" -> "Chin-Up"'), report);
  });

  it("follows the old snapshot's aliases: kept, moved to another record, or lost", () => {
    const old: Snapshot = {
      ...tinySnapshot(),
      aliases: { Old_Pull_Up: 'Pull_Up', Old_Bench: 'Barbell_Bench_Press', Old_Rollout: 'Ab_Wheel_Rollout' },
    };
    const next: Snapshot = { ...tinySnapshot('2026-02-01'), aliases: { Old_Pull_Up: 'Pull_Up', Old_Bench: 'Ab_Wheel_Rollout' } };
    const diff = diffSnapshots(old, next);
    assert.deepEqual(diff.renamed, [
      { id: 'Old_Bench', oldName: 'Barbell Bench Press', newName: 'Ab Wheel Rollout', newId: 'Ab_Wheel_Rollout' },
    ]);
    assert.deepEqual(diff.removed, [{ id: 'Old_Rollout', name: 'Ab Wheel Rollout' }]);
  });
});
