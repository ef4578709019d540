/**
 * Signals sent to `npm start`'s PID, as a process manager sends them (docs/operations.md#signals-through-npm): SIGTERM
 * and SIGINT reach the server (npm forwards them to the process `exec` made its direct child), which
 * drains, writes usage and exits 0. npm forwards nothing else and dies of SIGHUP and SIGKILL; the server
 * then sees its parent gone and drains, writes and exits rather than serve on as an orphan.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { describe, it } from 'node:test';
import { loadShards } from '../../src/limits/usage-sink.ts';
import { SHARD_COUNT } from '../../src/limits/usage-shards.ts';
import { MemoryUsageStore } from '../../src/limits/usage-store.ts';
import { onJsonLines } from '../helpers/json-lines.ts';
import { eventually, issueKey, ROOT, serviceFolders } from '../helpers/service.ts';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function startWithNpm() {
  const env = { ...serviceFolders('exlib-npm-').env, FLUSH_INTERVAL_MS: '600000' };
  const { id, key } = await issueKey(env, 'pro');
  const npm = spawn('npm', ['start'], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const lines: Record<string, unknown>[] = [];
  onJsonLines(npm.stderr!, (entry) => lines.push(entry));
  const npmExited = new Promise<void>((resolve) => npm.on('exit', () => resolve()));
  const loaded = await eventually(() => lines.find((e) => e.message === 'catalog loaded'), 20_000);
  assert.ok(loaded);
  const listening = lines.find((e) => e.message === 'listening')!;
  const url = `http://127.0.0.1:${String(listening.port)}`;
  const serverPid = Number(listening.pid);
  assert.notEqual(serverPid, npm.pid, "the server is its own process, npm's child");
  for (let i = 0; i < 3; i++) assert.equal((await fetch(`${url}/v1/stats`, { headers: { 'X-API-Key': key } })).status, 200);
  const persisted = () => {
    const shards = loadShards(env.STATE_DIR, SHARD_COUNT);
    assert.ok(shards.ok);
    let total = 0;
    for (const byKey of new MemoryUsageStore(shards.value).usageByDay().values()) total += byKey.get(id)?.requests ?? 0;
    return total;
  };
  return { npm, npmExited, serverPid, lines, persisted };
}

describe('signals sent to npm start', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`${signal} reaches the server: it drains, writes usage and exits`, async () => {
      const run = await startWithNpm();
      run.npm.kill(signal);
      await eventually(() => (isRunning(run.serverPid) ? undefined : true), 10_000);
      await run.npmExited;
      assert.ok(run.lines.some((e) => e.message === 'stopping: draining requests and writing usage' && e.reason === signal));
      assert.equal(run.persisted(), 3, 'the usage of the last second was written at shutdown');
    });
  }

  for (const signal of ['SIGHUP', 'SIGKILL'] as const) {
    it(`${signal} ends npm; the server sees its parent gone, drains, writes and exits`, async () => {
      const run = await startWithNpm();
      run.npm.kill(signal);
      await run.npmExited;
      await eventually(() => (isRunning(run.serverPid) ? undefined : true), 10_000);
      assert.ok(
        run.lines.some(
          (e) => e.message === 'stopping: draining requests and writing usage' && e.reason === 'npm, the parent process, is gone',
        ),
      );
      assert.equal(run.persisted(), 3);
    });
  }
});
