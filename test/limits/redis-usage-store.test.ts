/**
 * The Redis counter store against a real redis-server (TEST_REDIS_URL, database 1): the shared
 * counter-store cases, decisions identical to the in-process store under random traffic, key
 * lifetimes, and failing open when Redis cannot be reached.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { runUsageCli } from '../../src/cli/usage.ts';
import type { Decision } from '../../src/limits/admission.ts';
import { readRedisUsage } from '../../src/limits/redis-scripts.ts';
import { BILLING_RETENTION_DAYS, FAILURES_TO_OPEN, RedisUsageStore } from '../../src/limits/redis-usage-store.ts';
import { MemoryUsageStore, type Ticket } from '../../src/limits/usage-store.ts';
import { DAY_MS } from '../../src/limits/windows.ts';
import { createLogger } from '../../src/log.ts';
import { seededRandom } from '../helpers/random.ts';
import { flushDb, freePort, REDIS_SKIP, sharedRedisUrl } from '../helpers/redis.ts';
import { defaultTiers, eventually, tempDir } from '../helpers/service.ts';
import { describeUsageStore } from '../helpers/usage-store-cases.ts';

const DB = 1;
const silent = createLogger('silent');
const opened: RedisUsageStore[] = [];
let cases = 0;

/** A connected store whose keys live under a prefix of their own, so cases never see each other's counts. */
/** The timeout is generous: these cases are about what the store decides, not about how fast (see several-instances). */
async function openStore(prefix = `case${++cases}:`, timeoutMs = 5000): Promise<RedisUsageStore> {
  const store = new RedisUsageStore({ url: sharedRedisUrl(DB), timeoutMs, logger: silent, prefix });
  opened.push(store);
  await store.connected();
  return store;
}

/** Keeps Redis busy for `ms` with a script that spins (DEBUG SLEEP is off by default): nothing else is answered meanwhile. */
/**
 * Stops Redis answering every client for `ms` (CLIENT PAUSE ALL): resolves once the pause has begun, so
 * the next command is certain to wait, with a promise of its end (this client's next reply).
 */
async function pauseRedis(client: Redis, ms: number): Promise<{ ended: Promise<unknown> }> {
  await client.call('CLIENT', 'PAUSE', String(ms), 'ALL');
  return { ended: client.ping() };
}

async function closeAll(): Promise<void> {
  await Promise.all(opened.splice(0).map((store) => store.close()));
}

describe('RedisUsageStore', { skip: REDIS_SKIP }, () => {
  before(() => flushDb(DB));

  describeUsageStore('RedisUsageStore', {
    make: async () => {
      const store = await openStore();
      return { store, usageByDay: () => store.usageByDay() };
    },
    // Over a socket a million requests per case would take minutes: pro's and business's caps run scaled.
    maxAdmitsPerCase: 12_000,
    close: closeAll,
  });

  describe('RedisUsageStore beyond the shared cases', () => {
    after(closeAll);

    it('decides exactly as the in-process store under seeded random traffic, releases and a clock that jitters', async () => {
      const redis = await openStore();
      const memory = new MemoryUsageStore();
      const random = seededRandom(7);
      // The four public tiers, as before the operator tier existed: the walk (and its seed) stays the one it was.
      const tiers = [...defaultTiers().values()]
        .filter((tier) => tier.name !== 'operator')
        .map((tier) => ({
          ...tier,
          dailyRequests: Math.ceil(tier.dailyRequests / 50),
          perMinute: Math.ceil(tier.perMinute / 20),
          safetyCapMultiple: 3,
        }));
      const tickets: { redis: Ticket; memory: Ticket }[] = [];
      let nowMs = Date.parse('2026-11-21T23:40:00.000Z');
      const kinds = new Map<string, number>();
      for (let i = 0; i < 3000; i++) {
        const roll = random();
        // Mostly forward by up to 2 s, sometimes back by up to 5 s (another instance's clock), across midnight.
        nowMs += roll < 0.1 ? -Math.floor(random() * 5000) : Math.floor(random() * 2000);
        const keyId = `key_${Math.floor(random() * 3)}`;
        const tier = tiers[Math.floor(random() * tiers.length)]!;
        if (roll > 0.95 && tickets.length > 0) {
          const pick = tickets.splice(Math.floor(random() * tickets.length), 1)[0]!;
          memory.release(pick.memory);
          await redis.release(pick.redis);
          continue;
        }
        const fromMemory = memory.admit(keyId, tier, nowMs);
        const fromRedis = await redis.admit(keyId, tier, nowMs);
        assert.deepEqual(fromRedis, fromMemory, `step ${i}: ${keyId} ${tier.name} at ${new Date(nowMs).toISOString()}`);
        kinds.set(fromMemory.decision.kind, (kinds.get(fromMemory.decision.kind) ?? 0) + 1);
        if (fromMemory.ticket !== undefined) tickets.push({ memory: fromMemory.ticket, redis: fromRedis.ticket! });
      }
      for (const kind of ['admit', 'minute-limit', 'daily-limit', 'overage-cap'] satisfies Decision['kind'][]) {
        assert.ok((kinds.get(kind) ?? 0) > 10, `the walk reaches ${kind} often (${JSON.stringify([...kinds])})`);
      }
      assert.deepEqual(await redis.usageByDay(), memory.usageByDay());
    });

    it('expires the live windows at the end of the day and keeps billing totals 40 days past it', async () => {
      const store = await openStore('ttl:');
      const nowMs = Date.parse('2026-11-21T18:00:00.000Z');
      await store.admit('key_ttl', defaultTiers().get('starter')!, nowMs);
      const client = new Redis(sharedRedisUrl(DB));
      try {
        const toMidnight = Date.parse('2026-11-22T00:00:00.000Z') - nowMs;
        const liveTtl = await client.pttl('ttl:live:{key_ttl}');
        const dayTtl = await client.pttl('ttl:usage:{key_ttl}:2026-11-21');
        assert.ok(liveTtl <= toMidnight && liveTtl > toMidnight - 5000, `live ${liveTtl} ms`);
        assert.ok(
          dayTtl <= toMidnight + BILLING_RETENTION_DAYS * DAY_MS && dayTtl > toMidnight + BILLING_RETENTION_DAYS * DAY_MS - 5000,
          `day ${dayTtl} ms`,
        );
        assert.deepEqual(await client.hgetall('ttl:usage:{key_ttl}:2026-11-21'), { r: '1' });
        assert.deepEqual(
          await readRedisUsage(client, 'ttl:'),
          new Map([['2026-11-21', new Map([['key_ttl', { requests: 1, overageRequests: 0, overageCostMicros: 0 }]])]]),
        );
      } finally {
        client.disconnect();
      }
    });

    it('one slow reply is not an outage: that request alone is served unmetered, the circuit stays closed', async () => {
      const lines: string[] = [];
      const store = new RedisUsageStore({
        url: sharedRedisUrl(DB),
        timeoutMs: 50,
        logger: createLogger('info', (line) => lines.push(line)),
        prefix: `slow${++cases}:`,
      });
      opened.push(store);
      await store.connected();
      const tier = defaultTiers().get('starter')!;
      const sleeper = new Redis(sharedRedisUrl(DB));
      try {
        const pause = await pauseRedis(sleeper, 200); // Redis answers nothing for 200 ms
        assert.deepEqual(await store.admit('key_slow', tier, Date.now()), { decision: { kind: 'unmetered' } });
        await pause.ended;
        assert.equal(store.status(), 'ok');
        const next = await store.admit('key_slow', tier, Date.now());
        assert.equal(next.decision.kind, 'admit');
        assert.equal(store.status(), 'ok');
        assert.deepEqual(
          lines.map((line) => JSON.parse(line).message),
          ['redis counter store connected', 'redis counter store: a count failed; that request was served unmetered'],
        );
      } finally {
        sleeper.disconnect();
      }
    });

    it(`opens the circuit after ${FAILURES_TO_OPEN} counts in a row fail, and closes it once Redis answers`, async () => {
      const lines: string[] = [];
      const store = new RedisUsageStore({
        url: sharedRedisUrl(DB),
        timeoutMs: 30,
        logger: createLogger('info', (line) => lines.push(line)),
        prefix: `stall${++cases}:`,
        probeIntervalMs: 20,
      });
      opened.push(store);
      await store.connected();
      const tier = defaultTiers().get('starter')!;
      const sleeper = new Redis(sharedRedisUrl(DB));
      try {
        const pause = await pauseRedis(sleeper, 400);
        for (let i = 1; i < FAILURES_TO_OPEN; i++) {
          await store.admit('key_stall', tier, Date.now());
          assert.equal(store.status(), 'ok', `after ${i} failed count(s)`);
        }
        await store.admit('key_stall', tier, Date.now());
        assert.equal(store.status(), 'error');
        const started = performance.now();
        assert.deepEqual(await store.admit('key_stall', tier, Date.now()), { decision: { kind: 'unmetered' } });
        assert.ok(performance.now() - started < 30, 'an open circuit does not wait');
        await pause.ended;
        await eventually(() => store.status() === 'ok' || undefined, 2000, 20);
        assert.equal((await store.admit('key_stall', tier, Date.now())).decision.kind, 'admit');
        assert.ok(lines.some((line) => line.includes('redis counter store answers again: counting resumed')));
      } finally {
        sleeper.disconnect();
      }
    });

    it('the usage report adds up a key whose day holds both the names before the hash tag and after', async () => {
      const client = new Redis(sharedRedisUrl(DB));
      try {
        await client.hset('both:usage:key_old:2026-11-21', 'r', '3', 'o', '1', 'c', '2000');
        await client.hset('both:usage:{key_old}:2026-11-21', 'r', '2');
        assert.deepEqual(
          await readRedisUsage(client, 'both:'),
          new Map([['2026-11-21', new Map([['key_old', { requests: 5, overageRequests: 1, overageCostMicros: 2000 }]])]]),
        );
      } finally {
        client.disconnect();
      }
    });

    it('serves unmetered at once, and says error, when nothing answers on the port', async () => {
      const port = await freePort();
      let logged: (line: string) => void = () => undefined;
      const firstLine = new Promise<string>((resolve) => (logged = resolve));
      const store = new RedisUsageStore({
        url: `redis://127.0.0.1:${port}/0`,
        timeoutMs: 50,
        logger: createLogger('info', (line) => logged(line)),
        probeIntervalMs: 20,
      });
      try {
        const started = performance.now();
        const admitted = await store.admit('key_x', defaultTiers().get('free')!, Date.now());
        assert.deepEqual(admitted, { decision: { kind: 'unmetered' } });
        assert.ok(performance.now() - started < 50, 'no waiting on a dead server');
        assert.equal(store.status(), 'error');
        assert.equal(
          store.release({ keyId: 'key_x', day: 1, minuteStartMs: 0, isOverage: false, overagePriceMicros: 0, count: 1, overageCount: 0 }),
          undefined,
        );
        assert.match(await firstLine, /redis counter store failing: requests are served unmetered/);
      } finally {
        await store.close();
      }
    });
  });

  describe('the usage report (npm run usage) with COUNTER_STORE=redis://', () => {
    after(closeAll);

    async function report(args: string[], counterStore: string): Promise<{ code: number; out: string; err: string }> {
      let out = '';
      let err = '';
      const env = { ...process.env, COUNTER_STORE: counterStore, KEYS_FILE: `${tempDir()}/keys.json` };
      const code = await runUsageCli(
        args,
        env,
        (text) => (out = text),
        (text) => (err = text),
      );
      return { code, out, err };
    }

    it('prints every key and day Redis holds, filtered by date and key', async () => {
      await flushDb(3);
      const store = new RedisUsageStore({ url: `${sharedRedisUrl(3)}`, timeoutMs: 5000, logger: silent });
      opened.push(store);
      await store.connected();
      const tier = { ...defaultTiers().get('starter')!, dailyRequests: 2 };
      for (let i = 0; i < 3; i++) await store.admit('key_alpha', tier, Date.parse('2026-11-20T10:00:00.000Z'));
      await store.admit('key_beta', tier, Date.parse('2026-11-21T10:00:00.000Z'));
      const all = await report(['--json'], sharedRedisUrl(3));
      assert.equal(all.code, 0);
      assert.deepEqual(JSON.parse(all.out), [
        { date: '2026-11-20', keyId: 'key_alpha', tier: null, label: null, requests: 3, overageRequests: 1, overageCost: '$0.002' },
        { date: '2026-11-21', keyId: 'key_beta', tier: null, label: null, requests: 1, overageRequests: 0, overageCost: '$0.00' },
      ]);
      const table = await report(['--date', '2026-11-20', '--key', 'key_alpha'], sharedRedisUrl(3));
      assert.equal(table.out.split('\n')[1], '2026-11-20  key_alpha         ?                 3        1  $0.002');
    });

    it('says which Redis it cannot reach and exits 1', async () => {
      const port = await freePort();
      const { code, err } = await report([], `redis://:secret@127.0.0.1:${port}/0`);
      assert.equal(code, 1);
      assert.match(err, new RegExp(`^redis://:\\*\\*\\*@127\\.0\\.0\\.1:${port}/0: cannot read usage from Redis \\(`));
      assert.equal(err.includes('secret'), false);
    });
  });
});
