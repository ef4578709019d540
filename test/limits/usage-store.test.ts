import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { shardOf } from '../../src/limits/usage-shards.ts';
import { MemoryUsageStore } from '../../src/limits/usage-store.ts';
import { defaultTiers, TestClock } from '../helpers/service.ts';
import { describeUsageStore } from '../helpers/usage-store-cases.ts';

const starter = defaultTiers().get('starter')!;

describeUsageStore('MemoryUsageStore', {
  make: async () => {
    const store = new MemoryUsageStore();
    return { store, usageByDay: () => store.usageByDay() };
  },
  // Synchronous and in memory: every tier runs at full size, a million requests for business's cap.
  maxAdmitsPerCase: Number.MAX_SAFE_INTEGER,
});

describe('MemoryUsageStore shards', () => {
  it('spreads keys over the shards', () => {
    assert.ok(new Set(Array.from({ length: 40 }, (_, i) => shardOf(`key_${i}`))).size > 8, '40 keys land in more than 8 shards');
  });
});

describe('MemoryUsageStore as the sink sees it', () => {
  it('reports a changed shard until it is marked written', () => {
    const store = new MemoryUsageStore();
    const shard = shardOf('key_a');
    assert.equal(store.changedShard(shard), undefined);
    store.admit('key_a', starter, new TestClock().now());
    assert.deepEqual([...store.changedShard(shard)!.current.keys()], ['key_a']);
    store.markWritten(shard);
    assert.equal(store.changedShard(shard), undefined);
  });

  it("closes a day that has ended into its shard's ended days, and forgets it once archived", () => {
    const store = new MemoryUsageStore();
    const clock = new TestClock('2026-11-20T23:59:00.000Z');
    store.admit('key_a', starter, clock.now());
    store.markWritten(shardOf('key_a'));
    clock.set('2026-11-21T00:00:01.000Z');
    store.closeEndedDays(clock.now());
    const ended = new Map([['key_a', { requests: 1, overageRequests: 0, overageCostMicros: 0 }]]);
    assert.deepEqual(store.endedDays(), new Map([['2026-11-20', ended]]));
    assert.equal(store.changedShard(shardOf('key_a'))!.current.size, 0);
    store.markWritten(shardOf('key_a'));
    store.forgetEndedDay('2026-11-20', ended);
    assert.deepEqual(store.endedDays(), new Map());
    assert.notEqual(store.changedShard(shardOf('key_a')), undefined, 'the shard is written again without the day');
  });
});
