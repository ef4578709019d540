/**
 * The real service as a process: what an operator sees on a first run, reloads, signals, restarts and
 * a failing state folder. Each test starts `src/main.ts` on a free port with its own folders.
 */
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { runKeysCli } from '../../src/cli/keys.ts';
import { loadShards } from '../../src/limits/usage-sink.ts';
import { SHARD_COUNT } from '../../src/limits/usage-shards.ts';
import { MemoryUsageStore } from '../../src/limits/usage-store.ts';
import { eventually, FIXTURE_FILE, get, runToExit, spawnService, tempDir } from '../helpers/service.ts';

interface Folders {
  dataDir: string;
  keysFile: string;
  stateDir: string;
  env: Record<string, string>;
}

function folders(withCatalog = true): Folders {
  const root = tempDir('exlib-proc-');
  const dataDir = join(root, 'data');
  mkdirSync(dataDir);
  if (withCatalog) copyFileSync(FIXTURE_FILE, join(dataDir, '2026-01-15.json'));
  const keysFile = join(root, 'var/keys.json');
  const stateDir = join(root, 'var/state');
  return {
    dataDir,
    keysFile,
    stateDir,
    env: { DATA_DIR: dataDir, KEYS_FILE: keysFile, STATE_DIR: stateDir, RELOAD_INTERVAL_MS: '200', FLUSH_INTERVAL_MS: '200' },
  };
}

async function createKeyFor(f: Folders, tier: string): Promise<{ id: string; key: string }> {
  let printed = '';
  const code = await runKeysCli(
    ['create', '--tier', tier, '--json'],
    { ...process.env, ...f.env },
    (t) => (printed = t),
    () => undefined,
  );
  assert.equal(code, 0);
  return JSON.parse(printed) as { id: string; key: string };
}

function dayRequests(stateDir: string, keyId: string): number {
  const shards = loadShards(stateDir, SHARD_COUNT);
  assert.ok(shards.ok);
  let total = 0;
  for (const byKey of new MemoryUsageStore(shards.value).usageByDay().values()) total += byKey.get(keyId)?.requests ?? 0;
  return total;
}

async function stop(service: Awaited<ReturnType<typeof spawnService>>): Promise<number | null> {
  service.proc.kill('SIGTERM');
  return (await service.exited).code;
}

describe('the service process', () => {
  it('on a first run creates a key store with one operator key, prints it once, and the key works without limits', async () => {
    const f = folders();
    const first = await spawnService(f.env);
    try {
      await first.waitForLog((e) => e.message === 'catalog loaded');
      const key = /exlib_[A-Za-z0-9]{32}/.exec(first.stdout())?.[0];
      assert.ok(key, `a key is printed: ${first.stdout()}`);
      const { status, headers, body } = await get(`${first.url}/v1/exercises?limit=100`, key);
      assert.equal(status, 200);
      assert.equal(body.limit, 100, 'the operator tier serves 100 results per request');
      assert.equal(headers.get('x-ratelimit-limit'), '-1', 'no daily limit');
      assert.match(first.stdout(), /operator tier/);
      const store = readFileSync(f.keysFile, 'utf8');
      assert.equal(store.includes(key), false, 'the store holds a hash, not the key');
      assert.equal(first.stderr().includes(key), false, 'the key is never logged');
    } finally {
      assert.equal(await stop(first), 0);
    }
    const second = await spawnService(f.env);
    // The catalog and its search index are built in slices after the server listens (503 until then).
    await second.waitForLog((e) => e.message === 'catalog loaded');
    try {
      assert.equal(/exlib_/.test(second.stdout()), false, 'no new key on later runs');
    } finally {
      await stop(second);
    }
  });

  it('a first start that cannot listen writes no key store, and the next start makes and prints a key', async () => {
    const f = folders();
    const blocker = await spawnService(folders().env);
    try {
      const port = new URL(blocker.url).port;
      const failed = await runToExit({ ...f.env, PORT: port });
      assert.equal(failed.code, 1, failed.stderr);
      assert.equal(/exlib_/.test(failed.stdout), false, 'nothing printed');
      assert.equal(existsSync(f.keysFile), false, 'no key store holding a key nobody saw');
    } finally {
      await stop(blocker);
    }
    const next = await spawnService(f.env);
    try {
      const key = /exlib_[A-Za-z0-9]{32}/.exec(next.stdout())?.[0];
      assert.ok(key, `the next start prints a key: ${next.stdout()}`);
      assert.equal((await get(`${next.url}/v1/stats`, key)).status, 200);
    } finally {
      await stop(next);
    }
  });

  it('listens before a catalog exists, then serves the first valid snapshot that appears', async () => {
    const f = folders(false);
    const service = await spawnService(f.env);
    try {
      const { key } = await createKeyFor(f, 'pro');
      await service.waitForLog((e) => e.message === 'key store reloaded');
      const health = await get(`${service.url}/v1/health`);
      assert.equal(health.status, 503);
      assert.equal(health.body.status, 'unavailable');
      const data = await get(`${service.url}/v1/categories`, key);
      assert.equal(data.status, 503);
      assert.equal(data.body.error.code, 'SERVICE_UNAVAILABLE');
      copyFileSync(FIXTURE_FILE, join(f.dataDir, '2026-01-15.json'));
      await service.waitForLog((e) => e.message === 'catalog loaded');
      assert.equal((await get(`${service.url}/v1/health`)).status, 200);
      const served = await get(`${service.url}/v1/categories`, key);
      assert.equal(served.status, 200);
      assert.equal(served.headers.get('x-ratelimit-remaining'), '9999', 'the 503 was not counted');
    } finally {
      await stop(service);
    }
  });

  it('swaps in a newer snapshot on SIGHUP, and refuses a broken one while the live one keeps serving', async () => {
    const f = folders();
    const { key } = await createKeyFor(f, 'pro');
    // No polling: only SIGHUP may bring a new snapshot in.
    const service = await spawnService({ ...f.env, RELOAD_INTERVAL_MS: '600000' });
    try {
      await service.waitForLog((e) => e.message === 'catalog loaded');
      const snapshot = JSON.parse(readFileSync(FIXTURE_FILE, 'utf8'));
      snapshot.exercises[0].level = 'expert';
      writeFileSync(join(f.dataDir, '2026-02-01.json'), JSON.stringify({ ...snapshot, dataVersion: '2026-02-01' }));
      service.proc.kill('SIGHUP');
      const refused = await service.waitForLog((e) => e.message === 'snapshot refused; the live catalog keeps serving');
      assert.match(JSON.stringify(refused.problems), new RegExp(`exercises\\[${snapshot.exercises[0].id}\\]\\.level`));
      assert.equal((await get(`${service.url}/v1/health`)).body.dataVersion, '2026-01-15');

      snapshot.exercises[0].level = 'advanced';
      writeFileSync(join(f.dataDir, '2026-03-01.json'), JSON.stringify({ ...snapshot, dataVersion: '2026-03-01' }));
      service.proc.kill('SIGHUP');
      await service.waitForLog((e) => e.message === 'catalog loaded' && e.dataVersion === '2026-03-01');
      await eventually(async () => ((await get(`${service.url}/v1/health`)).body.dataVersion === '2026-03-01' ? true : undefined));
      const { body } = await get(`${service.url}/v1/exercises/${snapshot.exercises[0].id}`, key);
      assert.equal(body.data.level, 'advanced');
    } finally {
      await stop(service);
    }
  });

  it('sees created, regenerated and revoked keys without a restart, and regeneration keeps the usage', async () => {
    const f = folders();
    const service = await spawnService(f.env);
    try {
      await service.waitForLog((e) => e.message === 'catalog loaded');
      const created = await createKeyFor(f, 'starter');
      await service.waitForLog((e) => e.message === 'key store reloaded');
      const first = await get(`${service.url}/v1/stats`, created.key);
      assert.equal(first.status, 200);
      assert.equal(first.headers.get('x-ratelimit-remaining'), '999');

      let printed = '';
      assert.equal(
        await runKeysCli(
          ['regenerate', created.id, '--json'],
          { ...process.env, ...f.env },
          (t) => (printed = t),
          () => undefined,
        ),
        0,
      );
      const regenerated = JSON.parse(printed) as { id: string; key: string };
      assert.equal(regenerated.id, created.id);
      await service.waitForLog((e) => e.message === 'key store reloaded', 2000, 2);
      assert.equal((await get(`${service.url}/v1/stats`, created.key)).status, 401);
      const renewed = await get(`${service.url}/v1/stats`, regenerated.key);
      assert.equal(renewed.status, 200);
      assert.equal(renewed.headers.get('x-ratelimit-remaining'), '998', 'usage carried over');

      assert.equal(
        await runKeysCli(
          ['revoke', created.id],
          { ...process.env, ...f.env },
          () => undefined,
          () => undefined,
        ),
        0,
      );
      await service.waitForLog((e) => e.message === 'key store reloaded', 2000, 3);
      assert.equal((await get(`${service.url}/v1/stats`, regenerated.key)).status, 401);
    } finally {
      await stop(service);
    }
  });

  it('on SIGTERM writes every count and exits 0; a restart resumes the day exactly', async () => {
    const f = folders();
    const first = await spawnService({ ...f.env, FLUSH_INTERVAL_MS: '600000' });
    const { id, key } = await createKeyFor(f, 'pro');
    await first.waitForLog((e) => e.message === 'key store reloaded');
    await Promise.all(Array.from({ length: 37 }, () => get(`${first.url}/v1/muscles`, key)));
    assert.equal(await stop(first), 0);
    assert.equal(dayRequests(f.stateDir, id), 37);
    const second = await spawnService(f.env);
    // The catalog and its search index are built in slices after the server listens (503 until then).
    await second.waitForLog((e) => e.message === 'catalog loaded');
    try {
      const { headers } = await get(`${second.url}/v1/muscles`, key);
      assert.equal(headers.get('x-ratelimit-remaining'), String(10000 - 38));
    } finally {
      await stop(second);
    }
  });

  it('after kill -9 loses at most the requests of the last flush interval', async () => {
    const f = folders();
    const first = await spawnService(f.env);
    const { id, key } = await createKeyFor(f, 'pro');
    await first.waitForLog((e) => e.message === 'key store reloaded');
    for (let i = 0; i < 25; i++) await get(`${first.url}/v1/equipment`, key);
    await eventually(() => (dayRequests(f.stateDir, id) === 25 ? true : undefined), 5000);
    await Promise.all(Array.from({ length: 10 }, () => get(`${first.url}/v1/equipment`, key)));
    first.proc.kill('SIGKILL');
    assert.equal((await first.exited).signal, 'SIGKILL');
    const persisted = dayRequests(f.stateDir, id);
    assert.ok(
      persisted >= 25 && persisted <= 35,
      `persisted ${persisted}: nothing written before the kill is lost, nothing is double-counted`,
    );
    const second = await spawnService(f.env);
    // The catalog and its search index are built in slices after the server listens (503 until then).
    await second.waitForLog((e) => e.message === 'catalog loaded');
    try {
      const { headers } = await get(`${second.url}/v1/equipment`, key);
      assert.equal(headers.get('x-ratelimit-remaining'), String(10000 - persisted - 1));
    } finally {
      await stop(second);
    }
  });

  it('when the state folder fails: keeps enforcing, turns health degraded, then writes everything once it works again', async () => {
    const f = folders();
    const service = await spawnService(f.env);
    try {
      const { id, key } = await createKeyFor(f, 'pro');
      await service.waitForLog((e) => e.message === 'key store reloaded');
      await get(`${service.url}/v1/stats`, key);
      await eventually(() => (dayRequests(f.stateDir, id) === 1 ? true : undefined));
      renameSync(f.stateDir, `${f.stateDir}-away`);
      for (let i = 0; i < 5; i++) assert.equal((await get(`${service.url}/v1/stats`, key)).status, 200);
      await service.waitForLog(
        (e) => e.message === 'usage sink failing: counting goes on in memory and will be written once the sink works',
      );
      const degraded = await get(`${service.url}/v1/health`);
      assert.equal(degraded.status, 200);
      assert.equal(degraded.body.status, 'degraded');
      assert.equal(degraded.body.checks.redis, 'error');
      const counted = await get(`${service.url}/v1/stats`, key);
      assert.equal(counted.headers.get('x-ratelimit-remaining'), String(10000 - 7), 'still counting in memory');

      renameSync(`${f.stateDir}-away`, f.stateDir);
      await service.waitForLog((e) => e.message === 'usage sink recovered: all usage written');
      assert.equal((await get(`${service.url}/v1/health`)).body.status, 'ok');
      assert.equal(dayRequests(f.stateDir, id), 7);
      const failures = service
        .stderr()
        .split('\n')
        .filter((l) => l.includes('usage sink failing'));
      assert.equal(failures.length, 1, 'logged once, not per flush');
    } finally {
      await stop(service);
    }
  });

  for (const [name, setup, expected] of [
    [
      'a tier table that fails validation',
      (f: Folders) => {
        const file = join(f.dataDir, '..', 'tiers.json');
        writeFileSync(file, JSON.stringify({ free: { dailyRequests: 100, perMinute: -1, maxResults: 20, overage: false } }));
        return { TIERS_FILE: file };
      },
      /tiers\.json: free\.perMinute: must be at least 1/,
    ],
    [
      'a key store that fails validation',
      (f: Folders) => {
        mkdirSync(join(f.keysFile, '..'), { recursive: true });
        writeFileSync(
          f.keysFile,
          JSON.stringify({
            version: 1,
            keys: [{ id: 'key_abc', hash: 'nothex', hint: 'abcd', tier: 'free', label: '', createdAt: '2026-01-01T00:00:00.000Z' }],
          }),
        );
        return {};
      },
      /keys\.json: keys\.0\.hash: must be a SHA-256 hex digest/,
    ],
    ['a bad environment value', () => ({ PORT: 'eighty' }), /environment: PORT: must be a whole number/],
  ] as const) {
    it(`refuses to start with ${name}, naming the file and field`, async () => {
      const f = folders();
      const extra = setup(f);
      await assert.rejects(spawnService({ ...f.env, ...extra }), (error: Error) => {
        assert.match(error.message, expected);
        return true;
      });
    });
  }
});
