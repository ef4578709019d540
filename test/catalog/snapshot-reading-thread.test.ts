/**
 * Reading snapshots in the kept worker (src/catalog/snapshot-reading-thread.ts): after a first read,
 * the worker sends only the records that changed, and the main thread takes the rest from the snapshot
 * it last received; what it assembles is always the file's snapshot, also after a refused read.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_MAX_SNAPSHOT_BYTES, readSnapshotFile } from '../../src/catalog/snapshot-files.ts';
import { readSnapshotOffThread } from '../../src/catalog/snapshot-reading-thread.ts';
import type { Snapshot } from '../../src/catalog/snapshot-schema.ts';
import { formatProblems, type Result } from '../../src/problems.ts';
import { tempDir, tinySnapshot, writeSnapshot } from '../helpers/snapshots.ts';

/** tinySnapshot with Spanish names for every exercise. */
function withSpanish(dataVersion: string): Snapshot {
  const snapshot = tinySnapshot(dataVersion);
  snapshot.translations = {
    es: { exercises: Object.fromEntries(snapshot.exercises.map((e) => [e.id, { name: `${e.name} (es)` }])) },
  };
  return snapshot;
}

function value(result: Result<Snapshot>): Snapshot {
  assert.ok(result.ok, result.ok ? '' : formatProblems(result.problems).join('\n'));
  return result.value;
}

async function readInWorker(dir: string, snapshot: unknown, name?: string): Promise<{ file: string; snapshot: Snapshot }> {
  const file = writeSnapshot(dir, snapshot, name);
  return { file, snapshot: value(await readSnapshotOffThread(file, dir, DEFAULT_MAX_SNAPSHOT_BYTES)) };
}

describe('the reading thread', () => {
  it('sends only changed records after a first read; the rest are the last read objects, and the whole equals the file', async () => {
    const dir = tempDir();
    const first = await readInWorker(dir, withSpanish('2026-01-01'));
    const next = withSpanish('2026-01-02');
    next.exercises[0] = { ...next.exercises[0]!, overview: `${next.exercises[0]!.overview} Revised.` };
    const movedId = next.exercises[1]!.id;
    next.exercises.push(next.exercises.splice(1, 1)[0]!);
    const changedText = next.exercises.at(-2)!.id;
    next.translations!.es!.exercises[changedText] = { name: 'Otro nombre' };
    const second = await readInWorker(dir, next);

    assert.deepEqual(second.snapshot, value(readSnapshotFile(second.file)), 'assembled from changes, the snapshot is the file');
    const before = new Map(first.snapshot.exercises.map((e) => [e.id, e]));
    const changedId = next.exercises[0]!.id;
    for (const exercise of second.snapshot.exercises) {
      const isChanged: boolean = exercise.id === changedId;
      assert.equal(exercise === before.get(exercise.id), !isChanged, `${exercise.id}: reused unless changed`);
    }
    assert.ok(
      second.snapshot.exercises.some((e) => e.id === movedId),
      'a record moved in the file is found by id',
    );
    const textsBefore = first.snapshot.translations!.es!.exercises;
    for (const [id, text] of Object.entries(second.snapshot.translations!.es!.exercises)) {
      assert.equal(text === textsBefore[id], id !== changedText, `es ${id}: reused unless changed`);
    }
  });

  it('a refused read leaves the last good one as what the next read is compared with', async () => {
    const dir = tempDir();
    const first = await readInWorker(dir, withSpanish('2026-01-01'));
    const broken = join(dir, '2026-01-02.json');
    writeFileSync(broken, '{"dataVersion": "2026-01-02", "exercises": [');
    assert.equal((await readSnapshotOffThread(broken, dir, DEFAULT_MAX_SNAPSHOT_BYTES)).ok, false);
    const next = withSpanish('2026-01-03');
    next.exercises[2] = { ...next.exercises[2]!, overview: 'A different overview of the same exercise, long enough to pass.' };
    const third = await readInWorker(dir, next);
    assert.deepEqual(third.snapshot, value(readSnapshotFile(third.file)));
    assert.equal(third.snapshot.exercises[0], first.snapshot.exercises[0], 'unchanged: the first read object');
    assert.notEqual(third.snapshot.exercises[2], first.snapshot.exercises[2], 'changed: sent anew');
  });
});
