/**
 * A fleet that never over-admits (issue 19): bursts over two instances on one Redis while two CPU-bound
 * processes keep the machine busy, each admitting exactly the limit with the default REDIS_TIMEOUT_MS;
 * and Redis killed and started again: fail open (headers -1) while it is gone, exact again once back.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type Busy, busyMachine } from '../helpers/busy.ts';
import {
  BURST,
  burst,
  burstSeries,
  clearOfMinuteEdge,
  isAllUnmetered,
  isExact,
  type Fleet,
  nextLog,
  PER_MINUTE,
  startFleet,
  tally,
} from '../helpers/fleet.ts';
import { flushDb, privateRedis, REDIS_SKIP, sharedRedisUrl } from '../helpers/redis.ts';

const DB = 4;
const RUNS = 20;
const FAILING = 'redis counter store failing: requests are served unmetered (X-RateLimit-* -1) until it answers';
const RESUMED = 'redis counter store answers again: counting resumed';

describe('a fleet on one Redis under load', { skip: REDIS_SKIP }, () => {
  let busy: Busy;
  before(async () => {
    await flushDb(DB);
    busy = await busyMachine(2);
  });
  after(() => busy?.stop());

  it(`${RUNS} bursts of ${BURST} concurrent requests over two instances, two CPU-bound processes running: exactly ${PER_MINUTE} admitted each time`, async (t) => {
    const fleet = await startFleet(sharedRedisUrl(DB), RUNS);
    try {
      const { lines, inexact } = await burstSeries(fleet, RUNS);
      t.diagnostic(lines.join('; '));
      assert.deepEqual(inexact, [], 'bursts that did not admit exactly the limit');
    } finally {
      await fleet.stop();
    }
  });

  it('Redis killed: served unmetered with -1 headers, no 5xx; started again: exact on the first burst after it answers', async () => {
    const redis = await privateRedis();
    let fleet: Fleet | undefined;
    try {
      fleet = await startFleet(redis.url, 5);
      const urls = fleet.services.map((s) => s.url);
      await clearOfMinuteEdge();
      const first = tally(await burst(urls, fleet.keys[0]!));
      assert.ok(isExact(first), JSON.stringify(first));

      const failing = fleet.services.map((s) => nextLog(s, FAILING));
      await redis.kill();
      await Promise.all(failing);
      const during = tally(await burst(urls, fleet.keys[1]!, 100));
      assert.ok(isAllUnmetered(during, 100), JSON.stringify(during));
      for (const service of fleet.services) {
        const health = (await fetch(`${service.url}/v1/health`).then((r) => r.json())) as { status: string; checks: { redis: string } };
        assert.deepEqual([health.status, health.checks.redis], ['degraded', 'error']);
      }

      const resumed = fleet.services.map((s) => nextLog(s, RESUMED));
      await redis.start();
      await Promise.all(resumed);
      for (let run = 1; run <= 3; run++) {
        await clearOfMinuteEdge();
        const counts = tally(await burst(urls, fleet.keys[1 + run]!));
        assert.ok(isExact(counts), `burst ${run} after the restart: ${JSON.stringify(counts)}`);
      }
    } finally {
      await fleet?.stop();
      await redis.stop();
    }
  });
});
