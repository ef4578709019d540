/**
 * What a refused start looks like: one `error:` line naming the port, folder, file or variable, exit 1,
 * never a stack trace; and which HTTP engine a start picks.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { oldUwsLoads, uwsLoadFailure } from '../../src/http/engines/engine.ts';
import { freePort } from '../helpers/redis.ts';
import { runToExit, serviceFolders, spawnService } from '../helpers/service.ts';

const folders = () => serviceFolders('exlib-start-');

function assertRefused(result: { code: number | null; stderr: string }, expected: RegExp): void {
  assert.equal(result.code, 1, result.stderr);
  assert.match(result.stderr, expected);
  assert.doesNotMatch(result.stderr, /\n\s+at /, 'no stack trace');
}

describe('one process per port and per STATE_DIR (in-process counters)', () => {
  it('refuses a second start on the same port, naming it', async () => {
    const first = folders();
    const service = await spawnService(first.env);
    try {
      const port = new URL(service.url).port;
      const second = folders();
      assertRefused(
        await runToExit({ ...second.env, PORT: port }),
        new RegExp(`^error: cannot listen on 127\\.0\\.0\\.1:${port}: the port is already in use`, 'm'),
      );
    } finally {
      service.proc.kill('SIGTERM');
      await service.exited;
    }
  });

  it('refuses a second start on the same STATE_DIR, naming the folder and the owner', async () => {
    const f = folders();
    const service = await spawnService(f.env);
    try {
      const owner = String(service.proc.pid);
      assertRefused(await runToExit(f.env), new RegExp(`^error: ${f.env.STATE_DIR}: is in use by another server \\(pid ${owner}\\)`, 'm'));
    } finally {
      service.proc.kill('SIGTERM');
      await service.exited;
    }
  });

  it('takes over a STATE_DIR whose owner died without cleaning up', async () => {
    const f = folders();
    mkdirSync(f.env.STATE_DIR, { recursive: true });
    writeFileSync(join(f.env.STATE_DIR, 'server.pid'), '2147483646\n'); // no such process
    const service = await spawnService(f.env);
    service.proc.kill('SIGTERM');
    assert.equal((await service.exited).code, 0);
  });
});

describe('environment faults', () => {
  it('names a HOST that is not an address or host name', async () => {
    assertRefused(
      await runToExit({ ...folders().env, HOST: 'not a host!' }),
      /^error: environment: HOST: must be an IP address .* or a host name$/m,
    );
  });

  it('says why it cannot listen on a host that does not resolve', async () => {
    assertRefused(
      await runToExit({ ...folders().env, HOST: 'no-such-host.invalid' }),
      /^error: cannot listen on no-such-host\.invalid:0: the host name does not resolve$/m,
    );
  });

  it('names a STATE_DIR below a regular file', async () => {
    const f = folders();
    const file = join(f.root, 'plain-file');
    writeFileSync(file, 'x');
    assertRefused(
      await runToExit({ ...f.env, STATE_DIR: join(file, 'state') }),
      new RegExp(`^error: ${file}/state: cannot be created \\(ENOTDIR: a folder on its path is a regular file\\)$`, 'm'),
    );
  });

  it('names a KEYS_FILE below a regular file', async () => {
    const f = folders();
    const file = join(f.root, 'plain-file');
    writeFileSync(file, 'x');
    assertRefused(
      await runToExit({ ...f.env, KEYS_FILE: join(file, 'keys.json') }),
      new RegExp(`^error: ${file}/keys\\.json: cannot be (read|written) \\(ENOTDIR`, 'm'),
    );
  });

  it('refuses ENGINE=uws where uWebSockets.js cannot load, and names an unknown engine', async (t) => {
    assertRefused(await runToExit({ ...folders().env, ENGINE: 'fast' }), /^error: environment: ENGINE: must be auto, uws or node$/m);
    if ((await uwsLoadFailure()) === undefined || (await oldUwsLoads())) {
      t.diagnostic('a uWebSockets.js build loads on this Node: the ENGINE=uws refusal is exercised on Node 26 in CI');
      return;
    }
    assertRefused(await runToExit({ ...folders().env, ENGINE: 'uws' }), /^error: ENGINE=uws: uWebSockets\.js cannot load on Node v\d+/m);
  });
});

describe('engine choice', () => {
  it('auto serves with uWebSockets.js where it loads, else with node:http and says why once', async () => {
    const failure = await uwsLoadFailure();
    const service = await spawnService({ ...folders().env, ENGINE: 'auto' });
    try {
      const listening = await service.waitForLog((e) => e.message === 'listening');
      assert.equal(listening.engine, failure === undefined ? 'uws' : 'node');
      const fallbacks = service
        .stderr()
        .split('\n')
        .filter((line) => line.includes('cannot load here; serving with node:http'));
      assert.equal(fallbacks.length, failure === undefined ? 0 : 1);
    } finally {
      service.proc.kill('SIGTERM');
      await service.exited;
    }
  });

  it('ENGINE=node serves with node:http on any Node', async () => {
    const service = await spawnService({ ...folders().env, ENGINE: 'node' });
    try {
      assert.equal((await service.waitForLog((e) => e.message === 'listening')).engine, 'node');
      assert.equal((await fetch(`${service.url}/v1/health`)).status, 200);
    } finally {
      service.proc.kill('SIGTERM');
      await service.exited;
    }
  });
});

describe('a fleet whose Redis does not answer at its first start', () => {
  it('refuses the start, naming KEYS_FILE and the Redis copy, and leaves no key store behind', async () => {
    const f = folders();
    const port = await freePort(); // nothing listens there
    const result = await runToExit({ ...f.env, COUNTER_STORE: `redis://127.0.0.1:${port}/0` });
    assertRefused(result, new RegExp(`^error: ${f.env.KEYS_FILE}: cannot be written \\(redis exlib:doc:keys: cannot be changed now`, 'm'));
    assert.equal(existsSync(f.env.KEYS_FILE), false, 'no unprinted key is left behind');
  });
});
