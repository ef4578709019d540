import assert from 'node:assert/strict';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createBatchedDestination } from '../../src/observe/batched-destination.ts';
import { eventually, tempDir } from '../helpers/service.ts';

function target(): { fd: number; read: () => string; close: () => void } {
  const file = join(tempDir('exlib-batch-'), 'access.log');
  const fd = openSync(file, 'w');
  return { fd, read: () => readFileSync(file, 'utf8'), close: () => closeSync(fd) };
}

describe('the batched destination', () => {
  it('writes a full batch on its own, in order, without waiting for the timer', async () => {
    const out = target();
    try {
      const destination = createBatchedDestination(out.fd, { batchLines: 3, flushEveryMs: 60_000 });
      for (const n of [1, 2, 3, 4]) destination.write(`line ${n}\n`);
      assert.equal(await eventually(() => (out.read() === 'line 1\nline 2\nline 3\n' ? true : undefined)), true);
      destination.flushSync();
      assert.equal(out.read(), 'line 1\nline 2\nline 3\nline 4\n');
    } finally {
      out.close();
    }
  });

  it('writes a partial batch when its timer fires', async () => {
    const out = target();
    try {
      const destination = createBatchedDestination(out.fd, { batchLines: 100, flushEveryMs: 20 });
      destination.write('alone\n');
      assert.equal(await eventually(() => (out.read() === 'alone\n' ? true : undefined)), true);
    } finally {
      out.close();
    }
  });

  it('drops lines past its limit and says how many in the next batch', () => {
    const out = target();
    try {
      const destination = createBatchedDestination(out.fd, { batchLines: 100, flushEveryMs: 60_000, maxPendingLines: 2, now: () => 1234 });
      for (const n of [1, 2, 3, 4, 5]) destination.write(`line ${n}\n`);
      destination.flushSync();
      assert.equal(
        out.read(),
        `${JSON.stringify({ level: 40, time: 1234, message: 'access log lines dropped: the output was not being read', dropped: 3 })}` +
          '\nline 1\nline 2\n',
      );
      destination.flushSync();
      assert.equal(out.read().split('\n').length, 4, 'nothing more to write');
    } finally {
      out.close();
    }
  });
});
