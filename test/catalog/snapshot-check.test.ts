/**
 * checkSnapshot beside a snapshot it already passed (src/catalog/snapshot-check.ts): a record equal to
 * one of that snapshot's is taken as it is, and the answer is the one a check from nothing gives.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkSnapshot } from '../../src/catalog/snapshot-check.ts';
import type { Snapshot } from '../../src/catalog/snapshot-schema.ts';
import { formatProblems, type Result } from '../../src/problems.ts';
import { tinySnapshot } from '../helpers/snapshots.ts';

/** tinySnapshot with a Spanish translation of its first exercise. */
function translated(): Snapshot {
  const snapshot = tinySnapshot();
  const first = snapshot.exercises[0]!;
  return {
    ...snapshot,
    translations: {
      es: { exercises: { [first.id]: { name: 'Un nombre', instructions: first.instructions.map((_, i) => `Paso ${i + 1}.`) } } },
    },
  };
}

function checked(raw: unknown, earlier?: Snapshot): Snapshot {
  const result = checkSnapshot(raw, undefined, earlier);
  assert.ok(result.ok, result.ok ? '' : formatProblems(result.problems).join('\n'));
  return result.value;
}

const refusal = (result: Result<Snapshot>) => (result.ok ? [] : formatProblems(result.problems));

describe('checkSnapshot with the snapshot it passed before', () => {
  const earlier = checked(translated());

  it('takes an unchanged record as the earlier one, in English and in a translation, and answers as a check from nothing', () => {
    const raw = structuredClone(translated());
    raw.exercises[1]!.overview = `${raw.exercises[1]!.overview} Revised.`;
    const again = checked(raw, earlier);
    assert.equal(again.exercises[0], earlier.exercises[0], 'the very record checked before');
    assert.notEqual(again.exercises[1], earlier.exercises[1], 'a changed record is checked anew');
    const id = raw.exercises[0]!.id;
    assert.equal(again.translations!.es!.exercises[id], earlier.translations!.es!.exercises[id]);
    assert.deepEqual(again, checked(structuredClone(raw)));
  });

  it('still refuses a changed record with the id of a checked one', () => {
    const raw = structuredClone(translated()) as unknown as { exercises: Record<string, unknown>[] };
    raw.exercises[0]!.level = 'expert';
    const result = checkSnapshot(raw, undefined, earlier);
    assert.ok(
      refusal(result).some((line) => line.includes('level')),
      refusal(result).join('\n'),
    );
  });

  it("checks an unchanged record's references again: a muscle the taxonomy no longer lists is refused", () => {
    const raw = structuredClone(translated());
    const muscle = raw.exercises[0]!.primaryMuscles[0]!;
    raw.muscleGroups = raw.muscleGroups.map((group) => ({ ...group, muscles: group.muscles.filter((m) => m !== muscle) }));
    const lines = refusal(checkSnapshot(raw, undefined, earlier));
    assert.ok(
      lines.some((line) => line.includes(muscle)),
      lines.join('\n'),
    );
  });

  it('checks an unchanged translation again when its English record changed: the steps must still match', () => {
    const raw = structuredClone(translated());
    raw.exercises[0]!.instructions = [...raw.exercises[0]!.instructions, 'One more step.'];
    const lines = refusal(checkSnapshot(raw, undefined, earlier));
    assert.ok(
      lines.some((line) => line.includes('translations.es') && line.includes('instructions')),
      lines.join('\n'),
    );
  });
});
