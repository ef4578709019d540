import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decide } from '../../src/limits/admission.ts';
import { formatUsd, toMicros } from '../../src/limits/money.ts';
import { MemoryUsageStore, shardOf } from '../../src/limits/usage-store.ts';
import { dayString, secondsUntil } from '../../src/limits/windows.ts';
import { rateHeaders } from '../../src/limits/rate-headers.ts';
import { defaultTiers, TestClock } from '../helpers/service.ts';
import { seededRandom } from '../helpers/random.ts';

const tiers = defaultTiers();
const free = tiers.get('free')!;
const starter = tiers.get('starter')!;

/** Admits `n` requests at the clock's time and returns the decision kinds in order. */
function admitMany(store: MemoryUsageStore, keyId: string, tier = starter, n = 1, clock = new TestClock()) {
  return Array.from({ length: n }, () => store.admit(keyId, tier, clock.now()).decision);
}

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

describe('per-minute limit', () => {
  for (const tier of tiers.values()) {
    it(`${tier.name}: admits exactly ${tier.perMinute} in one minute, then 429 until the next whole minute`, () => {
      const store = new MemoryUsageStore();
      const clock = new TestClock('2026-11-21T12:00:00.000Z');
      const generous = { ...tier, dailyRequests: 1_000_000 };
      for (let i = 0; i < tier.perMinute; i++) {
        clock.advance(10);
        assert.equal(store.admit('k', generous, clock.now()).decision.kind, 'admit', `request ${i + 1}`);
      }
      clock.set('2026-11-21T12:00:59.999Z');
      const refused = store.admit('k', generous, clock.now()).decision;
      assert.deepEqual(refused, { kind: 'minute-limit', limit: tier.perMinute, resetMs: Date.parse('2026-11-21T12:01:00.000Z') });
      clock.set('2026-11-21T12:01:00.000Z');
      assert.equal(store.admit('k', generous, clock.now()).decision.kind, 'admit');
    });
  }

  it('windows are fixed on the UTC clock: 60 just before and 60 just after a minute edge are all admitted', () => {
    const store = new MemoryUsageStore();
    const clock = new TestClock('2026-11-21T12:00:59.900Z');
    const tier = { ...free, dailyRequests: 1000 };
    assert.ok(admitMany(store, 'k', tier, 60, clock).every((d) => d.kind === 'admit'));
    clock.set('2026-11-21T12:01:00.100Z');
    assert.ok(admitMany(store, 'k', tier, 60, clock).every((d) => d.kind === 'admit'));
    assert.equal(admitMany(store, 'k', tier, 1, clock)[0]!.kind, 'minute-limit');
  });
});

describe('free tier daily limit', () => {
  it('hard-blocks at 100% of the daily limit with window day, until 00:00 UTC', () => {
    const store = new MemoryUsageStore();
    const clock = new TestClock('2026-11-21T10:00:00.000Z');
    for (let i = 0; i < 100; i++) {
      clock.advance(2000); // 30 a minute, under the per-minute limit
      assert.equal(store.admit('k', free, clock.now()).decision.kind, 'admit');
    }
    const refused = store.admit('k', free, clock.now()).decision;
    assert.deepEqual(refused, { kind: 'daily-limit', limit: 100, resetMs: Date.parse('2026-11-22T00:00:00.000Z') });
    clock.set('2026-11-21T23:59:59.999Z');
    assert.equal(store.admit('k', free, clock.now()).decision.kind, 'daily-limit');
    clock.set('2026-11-22T00:00:00.000Z');
    const next = store.admit('k', free, clock.now()).decision;
    assert.equal(next.kind, 'admit');
    assert.equal(next.kind === 'admit' && next.dayRequests, 1);
  });

  it('never bills overage', () => {
    const store = new MemoryUsageStore();
    const clock = new TestClock();
    const decisions = admitMany(store, 'k', { ...free, perMinute: 1000 }, 150, clock);
    assert.equal(decisions.filter((d) => d.kind === 'admit').length, 100);
    assert.ok(decisions.every((d) => d.kind !== 'admit' || (!d.isOverage && d.overage === undefined)));
    assert.equal(store.usageByDay().get('2026-11-21')!.get('k')!.overageRequests, 0);
  });
});

describe('paid tiers: overage and the safety cap', () => {
  for (const name of ['starter', 'pro', 'business'] as const) {
    const tier = { ...tiers.get(name)!, perMinute: Number.MAX_SAFE_INTEGER };
    it(`${name}: serves overage past the daily quota and blocks past 10x with OVERAGE_CAP_EXCEEDED`, () => {
      const store = new MemoryUsageStore();
      const clock = new TestClock('2026-11-21T08:00:00.000Z');
      const cap = tier.dailyRequests * 10;
      let overage = 0;
      for (let i = 1; i <= cap; i++) {
        const decision = store.admit('k', tier, clock.now()).decision;
        assert.equal(decision.kind, 'admit');
        if (decision.kind !== 'admit') return;
        assert.equal(decision.isOverage, i > tier.dailyRequests, `request ${i}`);
        if (decision.isOverage) overage++;
        assert.deepEqual(decision.overage, { count: overage, capRemaining: cap - i });
      }
      const blocked = store.admit('k', tier, clock.now()).decision;
      assert.deepEqual(blocked, {
        kind: 'overage-cap',
        dailyLimit: tier.dailyRequests,
        safetyCap: cap,
        dayRequests: cap,
        overageRequests: cap - tier.dailyRequests,
        overageCostMicros: (cap - tier.dailyRequests) * 2000,
        resetMs: Date.parse('2026-11-22T00:00:00.000Z'),
      });
      assert.equal(formatUsd(blocked.kind === 'overage-cap' ? blocked.overageCostMicros : 0), `$${((cap - tier.dailyRequests) * 0.002).toFixed(2)}`);
      clock.set('2026-11-22T00:00:00.000Z');
      assert.equal(store.admit('k', tier, clock.now()).decision.kind, 'admit');
      const yesterday = store.usageByDay().get('2026-11-21')!.get('k')!;
      assert.deepEqual(yesterday, { requests: cap, overageRequests: cap - tier.dailyRequests, overageCostMicros: (cap - tier.dailyRequests) * 2000 });
    });
  }

  it('per-minute limits stay hard 429s on paid tiers', () => {
    const store = new MemoryUsageStore();
    const decisions = admitMany(store, 'k', starter, 121);
    assert.equal(decisions.at(-1)!.kind, 'minute-limit');
  });

  it('honours a configured price and cap multiple', () => {
    const tier = { ...starter, dailyRequests: 10, perMinute: 1000, overagePriceUsd: 0.01, safetyCapMultiple: 3 };
    const store = new MemoryUsageStore();
    const decisions = admitMany(store, 'k', tier, 31);
    assert.equal(decisions.filter((d) => d.kind === 'admit').length, 30);
    const last = decisions.at(-1)!;
    assert.equal(last.kind === 'overage-cap' && formatUsd(last.overageCostMicros), '$0.20');
  });
});

describe('release', () => {
  it('gives back the count, minute and overage of a request that was not served', () => {
    const store = new MemoryUsageStore();
    const clock = new TestClock();
    const tier = { ...starter, dailyRequests: 1 };
    store.admit('k', tier, clock.now());
    const second = store.admit('k', tier, clock.now());
    assert.ok(second.decision.kind === 'admit' && second.decision.isOverage);
    store.release(second.ticket!);
    const usage = store.usageByDay().get('2026-11-21')!.get('k')!;
    assert.deepEqual(usage, { requests: 1, overageRequests: 0, overageCostMicros: 0 });
    const third = store.admit('k', tier, clock.now()).decision;
    assert.ok(third.kind === 'admit' && third.dayRequests === 2 && third.overage!.count === 1);
  });

  it('leaves a finished day alone', () => {
    const store = new MemoryUsageStore();
    const clock = new TestClock('2026-11-21T23:59:59.000Z');
    const admitted = store.admit('k', starter, clock.now());
    clock.set('2026-11-22T00:00:01.000Z');
    store.admit('k', starter, clock.now());
    store.release(admitted.ticket!);
    assert.equal(store.usageByDay().get('2026-11-21')!.get('k')!.requests, 1);
    assert.equal(store.usageByDay().get('2026-11-22')!.get('k')!.requests, 1);
  });
});

describe('clock steps backwards', () => {
  it('never resets a count', () => {
    const store = new MemoryUsageStore();
    const clock = new TestClock('2026-11-22T00:00:30.000Z');
    admitMany(store, 'k', free, 60, clock);
    clock.set('2026-11-21T23:59:50.000Z');
    assert.equal(store.admit('k', free, clock.now()).decision.kind, 'minute-limit');
  });
});

describe('the 80% warning and headers', () => {
  it('warns from the request that takes daily usage to 80%, on free and paid tiers alike', () => {
    for (const tier of [free, { ...starter, perMinute: 10_000 }]) {
      const store = new MemoryUsageStore();
      const clock = new TestClock();
      const threshold = tier.dailyRequests * 0.8;
      for (let i = 1; i <= tier.dailyRequests; i++) {
        clock.advance(1000);
        const { decision } = store.admit('k', { ...tier, perMinute: 10_000 }, clock.now());
        const warning = rateHeaders(decision, clock.now()).find(([name]) => name === 'X-RateLimit-Warning');
        assert.equal(warning?.[1], i >= threshold ? 'approaching' : undefined, `${tier.name} request ${i}`);
      }
    }
  });

  it('reports the daily window on success and the exceeded window on a 429', () => {
    const clock = new TestClock('2026-11-21T12:00:30.000Z');
    const store = new MemoryUsageStore();
    const ok = store.admit('k', free, clock.now()).decision;
    assert.deepEqual(rateHeaders(ok, clock.now()), [
      ['X-RateLimit-Limit', '100'],
      ['X-RateLimit-Remaining', '99'],
      ['X-RateLimit-Reset', String(Date.parse('2026-11-22T00:00:00.000Z') / 1000)],
    ]);
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

  it('paid responses carry the overage count and the room left under the cap', () => {
    const tier = { ...starter, dailyRequests: 2, perMinute: 100 };
    const store = new MemoryUsageStore();
    const clock = new TestClock();
    const [first, , third] = admitMany(store, 'k', tier, 3, clock);
    assert.deepEqual(rateHeaders(first!, clock.now()).slice(3), [['X-Overage-Count', '0'], ['X-Overage-Cap', '19']]);
    assert.deepEqual(rateHeaders(third!, clock.now()).slice(3), [['X-RateLimit-Warning', 'approaching'], ['X-Overage', 'true'], ['X-Overage-Count', '1'], ['X-Overage-Cap', '17']]);
  });
});

describe('counters vs a plain map (seeded)', () => {
  it('agree on every key and day under random traffic across keys, minutes and midnights', () => {
    const random = seededRandom(99);
    const store = new MemoryUsageStore();
    const reference = new Map<string, number>();
    const clock = new TestClock('2026-11-20T22:00:00.000Z');
    const tier = { ...starter, perMinute: 1_000_000, dailyRequests: 1_000_000 };
    for (let i = 0; i < 20_000; i++) {
      clock.advance(Math.floor(random() * 30_000));
      const keyId = `key_${Math.floor(random() * 40)}`;
      const { decision } = store.admit(keyId, tier, clock.now());
      assert.equal(decision.kind, 'admit');
      const ref = `${dayString(Math.floor(clock.now() / 86_400_000))}/${keyId}`;
      reference.set(ref, (reference.get(ref) ?? 0) + 1);
    }
    const actual = new Map<string, number>();
    for (const [date, byKey] of store.usageByDay()) for (const [keyId, usage] of byKey) actual.set(`${date}/${keyId}`, usage.requests);
    assert.deepEqual(actual, reference);
    assert.ok(new Set(Array.from({ length: 40 }, (_, i) => shardOf(`key_${i}`))).size > 8, 'keys spread over shards');
  });
});
