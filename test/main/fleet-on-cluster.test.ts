/**
 * A fleet counting in a Redis Cluster (issue 19): three masters on loopback started by the test, two
 * instances, bursts while two CPU-bound processes run, each admitting exactly the limit; keys spread over
 * the masters (the hash tag keeps one request's keys in one slot); the usage report reads every master.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { runUsageCli } from '../../src/cli/usage.ts';
import { type Busy, busyMachine } from '../helpers/busy.ts';
import { BURST, burst, burstSeries, isAllUnmetered, type Fleet, PER_MINUTE, startFleet, tally } from '../helpers/fleet.ts';
import { REDIS_SKIP } from '../helpers/redis.ts';
import { startCluster, type TestCluster } from '../helpers/redis-cluster.ts';

const RUNS = 20;

describe('a fleet on a three-master Redis Cluster', { skip: REDIS_SKIP }, () => {
  let cluster: TestCluster;
  let busy: Busy;
  let fleet: Fleet;
  before(async () => {
    cluster = await startCluster();
    fleet = await startFleet(cluster.url, RUNS);
    busy = await busyMachine(2);
  });
  after(async () => {
    await busy?.stop();
    await fleet?.stop();
    await cluster?.stop();
  });

  it(`${RUNS} bursts of ${BURST} concurrent requests over two instances, two CPU-bound processes running: exactly ${PER_MINUTE} each time`, async (t) => {
    const { lines, inexact } = await burstSeries(fleet, RUNS);
    t.diagnostic(lines.join('; '));
    assert.deepEqual(inexact, [], 'bursts that did not admit exactly the limit');
    const held = await cluster.keyCounts();
    assert.equal(
      held.reduce((a, b) => a + b, 0),
      RUNS * 2,
      `two keys per API key: ${held.join(', ')}`,
    );
    assert.ok(held.filter((n) => n > 0).length >= 2, `keys spread over the masters: ${held.join(', ')}`);
  });

  it('the usage report reads every master', async () => {
    let printed = '';
    const code = await runUsageCli(
      ['--json'],
      { ...process.env, ...fleet.env },
      (text) => (printed = text),
      (text) => assert.fail(text),
    );
    assert.equal(code, 0);
    const rows = JSON.parse(printed) as { requests: number }[];
    assert.deepEqual(
      rows.map((row) => row.requests),
      Array(RUNS).fill(PER_MINUTE),
    );
  });

  it('a redis:// URL naming a cluster node is refused loudly, not half-used', async () => {
    const plain = await startFleet(`redis://127.0.0.1:${cluster.ports[0]}/0`, 1, 1);
    try {
      const service = plain.services[0]!;
      await service.waitForLog((e) => String(e.message).startsWith('COUNTER_STORE names a node of a Redis Cluster'));
      const health = (await fetch(`${service.url}/v1/health`).then((r) => r.json())) as { checks: { redis: string } };
      assert.equal(health.checks.redis, 'error');
      const counts = tally(await burst([service.url], plain.keys[0]!, 20));
      assert.ok(isAllUnmetered(counts, 20), JSON.stringify(counts));
    } finally {
      await plain.stop();
    }
  });
});
