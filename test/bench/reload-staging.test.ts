/**
 * The reload suite's files (bench/reload.ts stageRounds) change what their labels say: a day's edits
 * change 20 records' bytes against the bundled snapshot, not every record's. Written in another layout
 * than the project's tools write (until stop 56, without indent), the first reload read every record of
 * the file as changed, and the suite timed a reload heavier than the one it named.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { type EditableSnapshot, stageRounds } from '../../bench/reload.ts';
import { DATA_DIR } from '../../bench/settings.ts';
import { DEFAULT_MAX_SNAPSHOT_BYTES, listSnapshotFiles } from '../../src/catalog/snapshot-files.ts';
import { rereadSnapshot } from '../../src/catalog/snapshot-reader.ts';

describe("the reload suite's files", () => {
  const staging = mkdtempSync(join(tmpdir(), 'reload-staging-'));
  after(() => rmSync(staging, { recursive: true, force: true }));
  const bundled = join(DATA_DIR, listSnapshotFiles(DATA_DIR)[0]!);
  const { rounds } = stageRounds(JSON.parse(readFileSync(bundled, 'utf8')) as EditableSnapshot, staging);

  /** The bytes in records that changed when `file` is read after `before`, and `file`'s size. */
  function changedAfter(before: string, file: string): { changedBytes: number; fileBytes: number } {
    const first = rereadSnapshot(before, undefined, DEFAULT_MAX_SNAPSHOT_BYTES, undefined);
    assert.ok(first.ok, `${before} reads`);
    const next = rereadSnapshot(file, undefined, DEFAULT_MAX_SNAPSHOT_BYTES, first.value);
    assert.ok(next.ok, `${file} reads`);
    return next.value;
  }

  it("change a day's records' bytes on the first reload, not the whole file's", () => {
    const { changedBytes, fileBytes } = changedAfter(bundled, rounds[0]!.file.staged);
    assert.ok(changedBytes > 0, 'the edits are read as changes');
    // 20 records of 2,232, each well under 1% of the file's bytes among them.
    assert.ok(changedBytes < fileBytes * 0.02, `a day's edits changed ${changedBytes} of ${fileBytes} bytes`);
  });

  it('change every record when the round says every record', () => {
    const { changedBytes, fileBytes } = changedAfter(rounds[1]!.signal.staged, rounds[2]!.file.staged);
    assert.ok(changedBytes > fileBytes * 0.25, `every record's English changed ${changedBytes} of ${fileBytes} bytes`);
  });
});
