import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decide } from '../../src/limits/admission.ts';
import { formatUsd, toMicros } from '../../src/limits/money.ts';
import { rateHeaders } from '../../src/limits/rate-headers.ts';
import { shardOf } from '../../src/limits/usage-shards.ts';
import { MemoryUsageStore } from '../../src/limits/usage-store.ts';
import { secondsUntil } from '../../src/limits/windows.ts';
import { defaultTiers, TestClock } from '../helpers/service.ts';
import { describeUsageStore } from '../helpers/usage-store-cases.ts';

const free = defaultTiers().get('free')!;

describeUsageStore('MemoryUsageStore', {
  make: async () => {
    const store = new MemoryUsageStore();
    return { store, usageByDay: () => store.usageByDay() };
  },
  // Synchronous and in memory: every tier runs at full size, a million requests for business's cap.
  maxAdmitsPerCase: Number.MAX_SAFE_INTEGER,
});

describe('money', () => {
  it('formats micro-dollars with at least two decimals', () => {
    assert.equal(formatUsd(0), '$0.00');
    assert.equal(formatUsd(toMicros(0.002) * 90), '$0.18');
    assert.equal(formatUsd(toMicros(0.002) * 9), '$0.018');
    assert.equal(formatUsd(toMicros(0.002) * 9000), '$18.00');
    assert.equal(formatUsd(toMicros(0.002) * 1), '$0.002');
    assert.equal(formatUsd(toMicros(0.002) * 4_500_123), '$9000.246');
  });
});

describe('windows', () => {
  it('Retry-After is whole seconds to the reset, at least 1', () => {
    assert.equal(secondsUntil(60_000, 0), 60);
    assert.equal(secondsUntil(60_000, 59_001), 1);
    assert.equal(secondsUntil(60_000, 59_999), 1);
    assert.equal(secondsUntil(60_000, 60_000), 1);
    assert.equal(secondsUntil(60_000, 58_500), 2);
  });
});

describe('rate headers of refusals and of an unreachable store', () => {
  it('report the exceeded window on a 429 and -1 when unmetered', () => {
    const clock = new TestClock('2026-11-21T12:00:30.000Z');
    const minute = decide({ minuteRequests: 60, dayRequests: 60, overageRequests: 0, overageCostMicros: 0 }, free, clock.now());
    assert.deepEqual(rateHeaders(minute, clock.now()), [
      ['X-RateLimit-Limit', '60'],
      ['X-RateLimit-Remaining', '0'],
      ['X-RateLimit-Reset', String(Date.parse('2026-11-21T12:01:00.000Z') / 1000)],
      ['Retry-After', '30'],
    ]);
    assert.deepEqual(rateHeaders({ kind: 'unmetered' }, clock.now()), [
      ['X-RateLimit-Limit', '-1'],
      ['X-RateLimit-Remaining', '-1'],
      ['X-RateLimit-Reset', '-1'],
    ]);
  });
});

describe('MemoryUsageStore shards', () => {
  it('spreads keys over the shards', () => {
    assert.ok(new Set(Array.from({ length: 40 }, (_, i) => shardOf(`key_${i}`))).size > 8, '40 keys land in more than 8 shards');
  });
});
