/**
 * A fleet: two service processes that share nothing but Redis (each its own KEYS_FILE, ACCOUNTS_FILE
 * and folders, as on two machines). Keys and accounts live in Redis and are mirrored into each
 * instance's files: 50 sign-ups and 10 admin key creations at once, spread over both, then their
 * regenerations; nothing is lost, every key works on both within 2 s, a session from one instance
 * is accepted by the other, log-in lockout counts over both, and with Redis gone keys still
 * authenticate from the local copies.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { FormBrowser } from '../helpers/form-browser.ts';
import { adminCall, everywhere, regenerateAtOnce, signUpsAndCreationsAtOnce } from '../helpers/instances.ts';
import { flushDb, privateRedis, REDIS_SKIP, sharedRedisUrl } from '../helpers/redis.ts';
import { type ChildService, eventually, serviceFolders, spawnService } from '../helpers/service.ts';

const DB = 4;
const ADMIN_TOKEN = 'fleet-admin-token-0123456789abcdef';
const PASSWORD = 'two machines, one redis';
let services: ChildService[] = [];
const machines: { keysFile: string; accountsFile: string }[] = [];

async function startMachine(redisUrl: string): Promise<ChildService> {
  const folders = serviceFolders('exlib-fleet-');
  const accountsFile = join(folders.root, 'var/accounts.json');
  machines.push({ keysFile: folders.env.KEYS_FILE, accountsFile });
  return spawnService({
    ...folders.env,
    ACCOUNTS_FILE: accountsFile,
    COUNTER_STORE: redisUrl,
    REDIS_TIMEOUT_MS: '1000',
    PORTAL: 'on',
    ADMIN_TOKEN,
    PORTAL_SIGNUPS_PER_HOUR: '1000',
  });
}

function admin(service: ChildService, path: string, method: string, body?: unknown) {
  return adminCall(service, ADMIN_TOKEN, path, method, body);
}

function firstKeyPrinted(service: ChildService): string | undefined {
  return /^ {2}(exlib_[A-Za-z0-9]{32})$/m.exec(service.stdout())?.[1];
}

describe('a fleet: keys and accounts in Redis', { skip: REDIS_SKIP }, () => {
  before(async () => {
    await flushDb(DB);
    services = [await startMachine(sharedRedisUrl(DB))];
    // The first start of the fleet prints its key once the store is in Redis; the second finds it there.
    await eventually(() => firstKeyPrinted(services[0]!), 5000);
    services.push(await startMachine(sharedRedisUrl(DB)));
  });
  after(async () => {
    for (const service of services) service.proc.kill('SIGTERM');
    await Promise.all(services.map((service) => service.exited));
  });

  it("prints one first key for the fleet, and the second machine takes the fleet's store instead of making its own", async () => {
    assert.equal(firstKeyPrinted(services[1]!), undefined, 'the second machine makes no key');
    const first = firstKeyPrinted(services[0]!)!;
    await everywhere(services, [first], 200);
    const redis = new Redis(sharedRedisUrl(DB));
    try {
      const stored = JSON.parse((await redis.hget('exlib:doc:keys', 'text'))!) as { keys: { tier: string }[] };
      assert.deepEqual(
        stored.keys.map((k) => k.tier),
        ['operator'],
      );
    } finally {
      redis.disconnect();
    }
  });

  it('loses no sign-up, key creation or regeneration, and every key works on both within 2 s', async () => {
    const { portalKeys, created } = await signUpsAndCreationsAtOnce(services, ADMIN_TOKEN, PASSWORD, 'fleet');
    await everywhere(services, [...portalKeys, ...created.map((answer) => answer.body.key)], 200);
    // Both machines' local copies converge on the whole store.
    await eventually(() => {
      for (const machine of machines) {
        const accounts = JSON.parse(readFileSync(machine.accountsFile, 'utf8')) as { accounts: { keyId: string }[] };
        const store = JSON.parse(readFileSync(machine.keysFile, 'utf8')) as { keys: { id: string }[] };
        if (accounts.accounts.length !== 50 || store.keys.length !== 1 + 50 + 10) return undefined;
        const ids = new Set(store.keys.map((record) => record.id));
        assert.ok(
          accounts.accounts.every((account) => ids.has(account.keyId)),
          "every account's key is in the same machine's key store",
        );
      }
      return true;
    }, 2000);

    await regenerateAtOnce(services, ADMIN_TOKEN, created);
  });

  it('locks an account after 5 failed log-ins counted over both machines together', async () => {
    assert.equal((await new FormBrowser(services[0]!.url, PASSWORD).signUp('locked@example.com')).status, 201);
    for (let i = 0; i < 5; i++) {
      const failed = await new FormBrowser(services[i % 2]!.url, PASSWORD).logIn('locked@example.com', 'not the password');
      assert.equal(failed.status, 401, `failure ${i + 1}`);
    }
    // Each machine saw at most 3 failures: only a shared count locks the account.
    for (const service of services) {
      const refused = await new FormBrowser(service.url, PASSWORD).logIn('locked@example.com', PASSWORD);
      assert.equal(refused.status, 429);
      assert.match(refused.text, /Too many failed log-ins/);
    }
  });

  it('accepts a session made on one machine on the other', async () => {
    const browser = new FormBrowser(services[0]!.url, PASSWORD);
    assert.equal((await browser.signUp('roaming@example.com')).status, 201);
    const other = new FormBrowser(services[1]!.url, PASSWORD);
    other.cookies = browser.cookies;
    // The account reaches the second machine's copy within the sync interval.
    const page = await eventually(async () => {
      const answer = await other.request('/portal/account');
      return answer.status === 200 ? answer : undefined;
    }, 2000);
    assert.match(page.text, /roaming@example\.com/);
  });
});

describe('a fleet whose Redis goes away', { skip: REDIS_SKIP }, () => {
  it('keeps authenticating from the local copy, refuses changes with 503 (nothing changed), and takes them again once Redis is back', async () => {
    const redis = await privateRedis();
    const service = await startMachine(redis.url);
    try {
      const created = await admin(service, '/keys', 'POST', { tier: 'pro', label: 'before the outage' });
      assert.equal(created.status, 201);

      // A broken copy in Redis is refused, naming where and which field; the local copy serves on.
      const client = new Redis(redis.url);
      await client.hset('exlib:doc:keys', 'version', '99', 'text', '{"version":1,"keys":[{"id":"nope"}]}');
      const refusal = await service.waitForLog((e) => e.message === 'shared document not synced; the local copy serves on');
      assert.match(String(refusal.error), /^redis exlib:doc:keys: keys\.0\.id: /);
      assert.equal((await fetch(`${service.url}/v1/categories`, { headers: { 'X-API-Key': created.body.key } })).status, 200);
      assert.equal((await admin(service, '/keys', 'POST', { tier: 'pro', label: 'onto a broken copy' })).status, 503);
      // Mended by removing it: the next sync seeds the fleet's copy from this machine's file again.
      await client.del('exlib:doc:keys');
      await eventually(async () => ((await client.hget('exlib:doc:keys', 'version')) === null ? undefined : true), 5000);
      client.disconnect();
      await redis.stop();

      const served = await fetch(`${service.url}/v1/categories`, { headers: { 'X-API-Key': created.body.key } });
      assert.equal(served.status, 200, 'the key still works from the local copy');
      const refused = await admin(service, '/keys', 'POST', { tier: 'pro', label: 'during the outage' });
      assert.equal(refused.status, 503);
      assert.equal(refused.body.error?.code, 'SERVICE_UNAVAILABLE');
      const signUp = await new FormBrowser(service.url, PASSWORD).signUp('outage@example.com');
      assert.equal(signUp.status, 503);
      assert.match(signUp.text, /nothing was changed/);
      const machine = machines.at(-1)!;
      const local = JSON.parse(readFileSync(machine.keysFile, 'utf8')) as { keys: { label: string }[] };
      assert.deepEqual(
        local.keys.map((k) => k.label),
        ['operator (first start)', 'before the outage'],
      );

      await redis.start();
      const after = await eventually(async () => {
        const answer = await admin(service, '/keys', 'POST', { tier: 'pro', label: 'after the outage' });
        return answer.status === 201 ? answer : undefined;
      }, 10_000);
      await everywhere([service], [after.body.key], 200);
    } finally {
      service.proc.kill('SIGTERM');
      await service.exited;
      await redis.stop();
    }
  });
});
