import assert from 'node:assert/strict';
import { request as httpRequest, Agent } from 'node:http';
import { describe, it } from 'node:test';
import { parseTierTable } from '../../src/limits/tiers.ts';
import { MemoryUsageStore } from '../../src/limits/usage-store.ts';
import { get, startTestServer } from '../helpers/service.ts';

/** A small tier table so limits are reached in a few requests. */
function smallTiers() {
  const result = parseTierTable(
    {
      free: { dailyRequests: 10, perMinute: 6, maxResults: 20, paginationDepth: 500, overage: false },
      starter: { dailyRequests: 5, perMinute: 1000, maxResults: 50, overage: true },
      pro: { dailyRequests: 10000, perMinute: 1000, maxResults: 100, overage: true },
      business: { dailyRequests: 100000, perMinute: 2000, maxResults: 100, overage: true },
    },
    'test tiers',
  );
  assert.ok(result.ok);
  return result.value;
}

const MIDNIGHT = String(Date.parse('2026-11-22T00:00:00.000Z') / 1000);

describe('metering over the wire', () => {
  it('reports the daily window on success, and the minute window with Retry-After on a minute 429', async () => {
    const server = await startTestServer({ tiers: smallTiers() });
    try {
      server.clock.set('2026-11-21T12:00:15.000Z');
      for (let i = 1; i <= 6; i++) {
        const { status, headers } = await get(`${server.url}/v1/stats`, server.keys.free);
        assert.equal(status, 200);
        assert.equal(headers.get('x-ratelimit-limit'), '10');
        assert.equal(headers.get('x-ratelimit-remaining'), String(10 - i));
        assert.equal(headers.get('x-ratelimit-reset'), MIDNIGHT);
        assert.equal(headers.get('retry-after'), null);
        assert.equal(headers.get('x-ratelimit-warning'), null);
      }
      const { status, headers, body } = await get(`${server.url}/v1/stats`, server.keys.free);
      assert.equal(status, 429);
      assert.equal(headers.get('x-ratelimit-limit'), '6');
      assert.equal(headers.get('x-ratelimit-remaining'), '0');
      assert.equal(headers.get('x-ratelimit-reset'), String(Date.parse('2026-11-21T12:01:00.000Z') / 1000));
      assert.equal(headers.get('retry-after'), '45');
      assert.deepEqual(body.error.details, {
        upgrade_url: 'https://example.test/upgrade',
        current_tier: 'free',
        limit: 6,
        window: 'minute',
        resets_at: '2026-11-21T12:01:00.000Z',
      });
      assert.equal(body.error.code, 'RATE_LIMIT_EXCEEDED');
      assert.equal(body.error.docs_url, 'https://docs.example.test/errors#RATE_LIMIT_EXCEEDED');
    } finally {
      await server.close();
    }
  });

  it('free tier: warns from 80% of the day, then blocks at 100% with window day', async () => {
    const server = await startTestServer({ tiers: smallTiers() });
    try {
      server.clock.set('2026-11-21T20:00:00.000Z');
      for (let i = 1; i <= 10; i++) {
        server.clock.advance(60_000);
        const { status, headers } = await get(`${server.url}/v1/muscles`, server.keys.free);
        assert.equal(status, 200);
        assert.equal(headers.get('x-ratelimit-warning'), i >= 8 ? 'approaching' : null, `request ${i}`);
        assert.equal(headers.get('x-overage'), null);
      }
      const { status, headers, body } = await get(`${server.url}/v1/muscles`, server.keys.free);
      assert.equal(status, 429);
      assert.equal(body.error.details.window, 'day');
      assert.equal(body.error.details.limit, 10);
      assert.equal(body.error.details.resets_at, '2026-11-22T00:00:00.000Z');
      assert.equal(headers.get('x-ratelimit-limit'), '10');
      assert.equal(headers.get('x-ratelimit-reset'), MIDNIGHT);
      assert.equal(headers.get('retry-after'), String((Date.parse('2026-11-22T00:00:00.000Z') - server.clock.ms) / 1000));
      server.clock.set('2026-11-22T00:00:00.000Z');
      assert.equal((await get(`${server.url}/v1/muscles`, server.keys.free)).status, 200);
    } finally {
      await server.close();
    }
  });

  it('paid tier: overage headers past the quota, then OVERAGE_CAP_EXCEEDED with every details field', async () => {
    const server = await startTestServer({ tiers: smallTiers() });
    try {
      server.clock.set('2026-11-21T09:30:00.000Z');
      for (let i = 1; i <= 50; i++) {
        const { status, headers } = await get(`${server.url}/v1/equipment`, server.keys.starter);
        assert.equal(status, 200, `request ${i}`);
        assert.equal(headers.get('x-overage'), i > 5 ? 'true' : null, `request ${i}`);
        assert.equal(headers.get('x-overage-count'), String(Math.max(0, i - 5)));
        assert.equal(headers.get('x-overage-cap'), String(50 - i));
        assert.equal(headers.get('x-ratelimit-remaining'), String(Math.max(0, 5 - i)));
      }
      const { status, headers, body } = await get(`${server.url}/v1/equipment`, server.keys.starter);
      assert.equal(status, 429);
      assert.equal(headers.get('retry-after'), String(14.5 * 3600));
      assert.deepEqual(body.error.details, {
        upgrade_url: 'https://example.test/upgrade',
        current_tier: 'starter',
        daily_limit: 5,
        safety_cap: 50,
        total_requests_today: 50,
        overage_requests_today: 45,
        overage_cost_today: '$0.09',
        resets_at: '2026-11-22T00:00:00.000Z',
      });
      assert.equal(body.error.code, 'OVERAGE_CAP_EXCEEDED');
    } finally {
      await server.close();
    }
  });

  it('counts 2xx and 4xx, not 429s, 401s or 5xx', async () => {
    const server = await startTestServer({ tiers: smallTiers(), searchBudgetMs: 0.000001 });
    try {
      const key = server.keys.free!;
      assert.equal((await get(`${server.url}/v1/exercises?level=expert`, key)).status, 400);
      assert.equal((await get(`${server.url}/v1/exercises/Nope`, key)).status, 404);
      assert.equal((await get(`${server.url}/v1/exercises?offset=600`, key)).status, 403);
      const timedOut = await get(`${server.url}/v1/exercises?q=squat%20press%20curl`, key);
      assert.equal(timedOut.status, 503);
      assert.equal(timedOut.headers.get('x-ratelimit-remaining'), '7', 'the 503 was given back');
      assert.equal((await get(`${server.url}/v1/exercises`, `exlib_${'x'.repeat(32)}`)).status, 401);
      const fourth = await get(`${server.url}/v1/stats`, key);
      assert.equal(fourth.headers.get('x-ratelimit-remaining'), '6', 'three 4xx and this one counted');
      for (let i = 0; i < 2; i++) await get(`${server.url}/v1/stats`, key);
      const refused = await get(`${server.url}/v1/stats`, key);
      assert.equal(refused.status, 429);
      server.clock.advance(60_000);
      const after = await get(`${server.url}/v1/stats`, key);
      assert.equal(after.headers.get('x-ratelimit-remaining'), '3', 'the 429 did not count');
    } finally {
      await server.close();
    }
  });

  it('checks the key, then limits, then parameters: a bad parameter past the limit is a 429', async () => {
    const server = await startTestServer({ tiers: smallTiers() });
    try {
      for (let i = 0; i < 6; i++) await get(`${server.url}/v1/stats`, server.keys.free);
      assert.equal((await get(`${server.url}/v1/exercises?limit=0`, server.keys.free)).status, 429);
      assert.equal((await get(`${server.url}/v1/exercises?limit=0`)).status, 401);
    } finally {
      await server.close();
    }
  });

  it('admits exactly the limit under 1,000 concurrent requests on one key', async () => {
    const tiers = smallTiers();
    const server = await startTestServer({ tiers: new Map([...tiers, ['pro', { ...tiers.get('pro')!, perMinute: 137 }]]) });
    const agent = new Agent({ keepAlive: true, maxSockets: 200 });
    try {
      const { port } = new URL(server.url);
      const one = () =>
        new Promise<number>((resolve, reject) => {
          const req = httpRequest(
            { host: '127.0.0.1', port, path: '/v1/stats', agent, headers: { 'X-API-Key': server.keys.pro! } },
            (res) => {
              res.resume();
              res.on('end', () => resolve(res.statusCode!));
            },
          );
          req.on('error', reject);
          req.end();
        });
      const statuses = await Promise.all(Array.from({ length: 1000 }, one));
      assert.equal(statuses.filter((s) => s === 200).length, 137);
      assert.equal(statuses.filter((s) => s === 429).length, 863);
    } finally {
      agent.destroy();
      await server.close();
    }
  });

  it('a store that cannot be reached fails open with -1 headers', async () => {
    const server = await startTestServer({
      usage: {
        admit: () => Promise.reject(new Error('connection refused')),
        release: () => undefined,
        status: () => 'error',
      },
    });
    try {
      const { status, headers } = await get(`${server.url}/v1/stats`, server.keys.free);
      assert.equal(status, 200);
      assert.equal(headers.get('x-ratelimit-limit'), '-1');
      assert.equal(headers.get('x-ratelimit-remaining'), '-1');
      assert.equal(headers.get('x-ratelimit-reset'), '-1');
      const health = await get(`${server.url}/v1/health`);
      assert.equal(health.body.status, 'degraded');
      assert.equal(health.body.checks.redis, 'error');
    } finally {
      await server.close();
    }
  });

  it('serves through an asynchronous store', async () => {
    const memory = new MemoryUsageStore();
    const wrapped = await startTestServer({
      usage: {
        admit: (keyId, tier, now) => Promise.resolve(memory.admit(keyId, tier, now)),
        release: (ticket) => memory.release(ticket),
        status: () => 'ok',
      },
    });
    try {
      const { status, headers, body } = await get(`${wrapped.url}/v1/stats`, wrapped.keys.free);
      assert.equal(status, 200);
      assert.equal(headers.get('x-ratelimit-remaining'), '99');
      assert.equal(typeof body.data.totalExercises, 'number');
    } finally {
      await wrapped.close();
    }
  });
});
