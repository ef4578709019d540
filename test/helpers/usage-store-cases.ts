/**
 * The counter-store interface as a specification, run against every implementation (in the manner of
 * Hono's shared router cases): every tier, minute edges, midnight UTC, the 80% warning, overage, the
 * safety cap, release, a clock stepped back, and random traffic against a plain map. Each runner file
 * calls `describeUsageStore` with a factory; nothing here knows which store it drives.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { Decision } from '../../src/limits/admission.ts';
import { formatUsd } from '../../src/limits/money.ts';
import { rateHeaders } from '../../src/limits/rate-headers.ts';
import type { Tier } from '../../src/limits/tiers.ts';
import type { DayUsage, UsageByDay } from '../../src/limits/usage-shards.ts';
import type { Ticket, UsageStore } from '../../src/limits/usage-store.ts';
import { dayString } from '../../src/limits/windows.ts';
import { seededRandom } from './random.ts';
import { defaultTiers, TestClock } from './service.ts';

export interface StoreUnderTest {
  store: UsageStore;
  /** Every key's totals per UTC day, as the usage report reads them. */
  usageByDay(): Promise<UsageByDay> | UsageByDay;
}

export interface StoreFactory {
  /** A fresh, empty store for one case. */
  make(): Promise<StoreUnderTest>;
  /**
   * Requests a single case may send to one key. A tier whose safety cap needs more runs with its
   * daily limit scaled down to fit (the decision is the same arithmetic at any size).
   */
  maxAdmitsPerCase: number;
  /** Runs once after every case of the file (closing connections). */
  close?(): Promise<void>;
}

type Admitted = { decision: Decision; ticket?: Ticket };

/**
 * Admits `count` requests in order, the i-th at `nowAt(i)`. Requests go out in batches without
 * waiting for each answer (a Redis connection keeps them in order), so large counts stay quick.
 */
export async function admitSeries(
  store: UsageStore,
  keyId: string,
  tier: Tier,
  count: number,
  nowAt: (i: number) => number,
): Promise<Admitted[]> {
  const results: Admitted[] = [];
  const BATCH = 1000;
  for (let start = 0; start < count; start += BATCH) {
    const batch: (Admitted | Promise<Admitted>)[] = [];
    for (let i = start; i < Math.min(count, start + BATCH); i++) batch.push(store.admit(keyId, tier, nowAt(i)));
    results.push(...(await Promise.all(batch)));
  }
  return results;
}

/** How many decisions of each kind: a failed comparison names what came instead of `admit`. */
export function kindCounts(admitted: readonly Admitted[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { decision } of admitted) counts[decision.kind] = (counts[decision.kind] ?? 0) + 1;
  return counts;
}

async function admitOne(store: UsageStore, keyId: string, tier: Tier, nowMs: number): Promise<Decision> {
  return (await store.admit(keyId, tier, nowMs)).decision;
}

async function dayUsage(subject: StoreUnderTest, date: string, keyId: string): Promise<DayUsage | undefined> {
  return (await subject.usageByDay()).get(date)?.get(keyId);
}

export function describeUsageStore(name: string, factory: StoreFactory): void {
  const tiers = defaultTiers();
  const free = tiers.get('free')!;
  const starter = tiers.get('starter')!;

  describe(`${name}: the counter-store interface`, () => {
    after(async () => factory.close?.());

    describe('per-minute limit', () => {
      // The operator tier has none: its own case below.
      for (const tier of [...tiers.values()].filter((t) => Number.isFinite(t.perMinute))) {
        it(`${tier.name}: admits exactly ${tier.perMinute} in one minute, then 429 until the next whole minute`, async () => {
          const { store } = await factory.make();
          const clock = new TestClock('2026-11-21T12:00:00.000Z');
          const generous = { ...tier, dailyRequests: 1_000_000 };
          const admitted = await admitSeries(store, 'k', generous, tier.perMinute, (i) => clock.ms + 10 * (i + 1));
          for (const [i, { decision }] of admitted.entries()) assert.equal(decision.kind, 'admit', `request ${i + 1}`);
          clock.set('2026-11-21T12:00:59.999Z');
          assert.deepEqual(await admitOne(store, 'k', generous, clock.now()), {
            kind: 'minute-limit',
            limit: tier.perMinute,
            resetMs: Date.parse('2026-11-21T12:01:00.000Z'),
          });
          clock.set('2026-11-21T12:01:00.000Z');
          assert.equal((await admitOne(store, 'k', generous, clock.now())).kind, 'admit');
        });
      }

      it('operator: no minute or daily limit, and every request still counted', async () => {
        const { store } = await factory.make();
        const operator = tiers.get('operator')!;
        const admitted = await admitSeries(store, 'k', operator, 300, (i) => Date.parse('2026-11-21T12:00:00.000Z') + i);
        assert.ok(admitted.every(({ decision }) => decision.kind === 'admit'));
        const last = admitted.at(-1)!.decision;
        assert.equal(last.kind === 'admit' && last.dayRequests, 300);
      });

      it('windows are fixed on the UTC clock: 60 just before and 60 just after a minute edge are all admitted', async () => {
        const { store } = await factory.make();
        const tier = { ...free, dailyRequests: 1000 };
        const before = await admitSeries(store, 'k', tier, 60, () => Date.parse('2026-11-21T12:00:59.900Z'));
        assert.deepEqual(kindCounts(before), { admit: 60 });
        const afterEdge = await admitSeries(store, 'k', tier, 61, () => Date.parse('2026-11-21T12:01:00.100Z'));
        assert.deepEqual(
          afterEdge.map(({ decision }) => decision.kind),
          [...Array<string>(60).fill('admit'), 'minute-limit'],
        );
      });
    });

    describe('free tier daily limit', () => {
      it('hard-blocks at 100% of the daily limit with window day, until 00:00 UTC', async () => {
        const { store } = await factory.make();
        const start = Date.parse('2026-11-21T10:00:00.000Z');
        // 30 a minute, under the per-minute limit.
        const admitted = await admitSeries(store, 'k', free, 100, (i) => start + 2000 * (i + 1));
        assert.deepEqual(kindCounts(admitted), { admit: 100 });
        assert.deepEqual(await admitOne(store, 'k', free, start + 200_000), {
          kind: 'daily-limit',
          limit: 100,
          resetMs: Date.parse('2026-11-22T00:00:00.000Z'),
        });
        assert.equal((await admitOne(store, 'k', free, Date.parse('2026-11-21T23:59:59.999Z'))).kind, 'daily-limit');
        const next = await admitOne(store, 'k', free, Date.parse('2026-11-22T00:00:00.000Z'));
        assert.equal(next.kind, 'admit');
        assert.equal(next.kind === 'admit' && next.dayRequests, 1);
      });

      it('never bills overage', async () => {
        const subject = await factory.make();
        const decisions = (
          await admitSeries(subject.store, 'k', { ...free, perMinute: 1000 }, 150, () => Date.parse('2026-11-21T12:00:00.000Z'))
        ).map((a) => a.decision);
        assert.equal(decisions.filter((d) => d.kind === 'admit').length, 100);
        assert.ok(
          decisions.every((d) => d.kind !== 'admit' || (!d.isOverage && d.overage === undefined)),
          'no admitted request is overage',
        );
        assert.deepEqual(await dayUsage(subject, '2026-11-21', 'k'), { requests: 100, overageRequests: 0, overageCostMicros: 0 });
      });
    });

    describe('paid tiers: overage and the safety cap', () => {
      for (const tierName of ['starter', 'pro', 'business'] as const) {
        const full = { ...tiers.get(tierName)!, perMinute: Number.MAX_SAFE_INTEGER };
        const isScaled = full.dailyRequests * full.safetyCapMultiple > factory.maxAdmitsPerCase;
        const tier = isScaled ? { ...full, dailyRequests: Math.floor(factory.maxAdmitsPerCase / full.safetyCapMultiple) } : full;
        const scaled = isScaled ? ` (daily limit scaled to ${tier.dailyRequests} for this store)` : '';
        it(`${tierName}: serves overage past the daily quota and blocks past 10x with OVERAGE_CAP_EXCEEDED${scaled}`, async () => {
          const subject = await factory.make();
          const nowMs = Date.parse('2026-11-21T08:00:00.000Z');
          const cap = tier.dailyRequests * 10;
          const admitted = await admitSeries(subject.store, 'k', tier, cap + 1, () => nowMs);
          let overage = 0;
          for (let i = 1; i <= cap; i++) {
            const decision = admitted[i - 1]!.decision;
            assert.equal(decision.kind, 'admit');
            if (decision.kind !== 'admit') return;
            assert.equal(decision.isOverage, i > tier.dailyRequests, `request ${i}`);
            if (decision.isOverage) overage++;
            assert.deepEqual(decision.overage, { count: overage, capRemaining: cap - i });
          }
          const blocked = admitted[cap]!.decision;
          assert.deepEqual(blocked, {
            kind: 'overage-cap',
            dailyLimit: tier.dailyRequests,
            safetyCap: cap,
            dayRequests: cap,
            overageRequests: cap - tier.dailyRequests,
            overageCostMicros: (cap - tier.dailyRequests) * 2000,
            resetMs: Date.parse('2026-11-22T00:00:00.000Z'),
          });
          assert.equal(
            formatUsd(blocked.kind === 'overage-cap' ? blocked.overageCostMicros : 0),
            `$${((cap - tier.dailyRequests) * 0.002).toFixed(2)}`,
          );
          assert.equal((await admitOne(subject.store, 'k', tier, Date.parse('2026-11-22T00:00:00.000Z'))).kind, 'admit');
          assert.deepEqual(await dayUsage(subject, '2026-11-21', 'k'), {
            requests: cap,
            overageRequests: cap - tier.dailyRequests,
            overageCostMicros: (cap - tier.dailyRequests) * 2000,
          });
        });
      }

      it('per-minute limits stay hard 429s on paid tiers', async () => {
        const { store } = await factory.make();
        const decisions = await admitSeries(store, 'k', starter, 121, () => Date.parse('2026-11-21T12:00:00.000Z'));
        assert.equal(decisions.at(-1)!.decision.kind, 'minute-limit');
      });

      it('honours a configured price and cap multiple', async () => {
        const tier = { ...starter, dailyRequests: 10, perMinute: 1000, overagePriceUsd: 0.01, safetyCapMultiple: 3 };
        const { store } = await factory.make();
        const decisions = (await admitSeries(store, 'k', tier, 31, () => Date.parse('2026-11-21T12:00:00.000Z'))).map((a) => a.decision);
        assert.equal(decisions.filter((d) => d.kind === 'admit').length, 30);
        const last = decisions.at(-1)!;
        assert.equal(last.kind === 'overage-cap' && formatUsd(last.overageCostMicros), '$0.20');
      });
    });

    describe('release', () => {
      it('gives back the count, minute and overage of a request that was not served', async () => {
        const subject = await factory.make();
        const { store } = subject;
        const nowMs = Date.parse('2026-11-21T12:00:00.000Z');
        const tier = { ...starter, dailyRequests: 1, perMinute: 2 };
        await store.admit('k', tier, nowMs);
        const second = await store.admit('k', tier, nowMs);
        assert.ok(
          second.decision.kind === 'admit' && second.decision.isOverage,
          `the second request is overage: ${JSON.stringify(second.decision)}`,
        );
        await store.release(second.ticket!);
        assert.deepEqual(await dayUsage(subject, '2026-11-21', 'k'), { requests: 1, overageRequests: 0, overageCostMicros: 0 });
        const third = await admitOne(store, 'k', tier, nowMs);
        assert.ok(third.kind === 'admit' && third.dayRequests === 2 && third.overage!.count === 1, 'the minute had room again');
        assert.equal((await admitOne(store, 'k', tier, nowMs)).kind, 'minute-limit');
      });

      it('gives back the day but not a minute that has passed', async () => {
        const subject = await factory.make();
        const tier = { ...free, perMinute: 1 };
        const first = await subject.store.admit('k', tier, Date.parse('2026-11-21T12:00:10.000Z'));
        assert.equal((await admitOne(subject.store, 'k', tier, Date.parse('2026-11-21T12:01:10.000Z'))).kind, 'admit');
        await subject.store.release(first.ticket!);
        assert.equal((await admitOne(subject.store, 'k', tier, Date.parse('2026-11-21T12:01:20.000Z'))).kind, 'minute-limit');
        assert.equal((await dayUsage(subject, '2026-11-21', 'k'))!.requests, 1);
      });

      it('leaves a finished day alone', async () => {
        const subject = await factory.make();
        const admitted = await subject.store.admit('k', starter, Date.parse('2026-11-21T23:59:59.000Z'));
        await subject.store.admit('k', starter, Date.parse('2026-11-22T00:00:01.000Z'));
        await subject.store.release(admitted.ticket!);
        assert.equal((await dayUsage(subject, '2026-11-21', 'k'))!.requests, 1);
        assert.equal((await dayUsage(subject, '2026-11-22', 'k'))!.requests, 1);
      });
    });

    describe('clock steps backwards', () => {
      it('never resets a minute count', async () => {
        const { store } = await factory.make();
        await admitSeries(store, 'k', free, 60, () => Date.parse('2026-11-22T00:00:30.000Z'));
        assert.equal((await admitOne(store, 'k', free, Date.parse('2026-11-21T23:59:50.000Z'))).kind, 'minute-limit');
      });

      it('counts into the newer day when a request arrives with a clock behind midnight', async () => {
        const subject = await factory.make();
        const tier = { ...starter, perMinute: 1000 };
        await subject.store.admit('k', tier, Date.parse('2026-11-22T00:00:00.500Z'));
        const late = await subject.store.admit('k', tier, Date.parse('2026-11-21T23:59:59.800Z'));
        assert.ok(
          late.decision.kind === 'admit' && late.decision.dayRequests === 2,
          `counted as the day's second: ${JSON.stringify(late.decision)}`,
        );
        assert.equal(late.ticket!.day, Date.parse('2026-11-22T00:00:00.000Z') / 86_400_000);
        assert.equal(await dayUsage(subject, '2026-11-21', 'k'), undefined);
        assert.equal((await dayUsage(subject, '2026-11-22', 'k'))!.requests, 2);
      });
    });

    describe('the 80% warning and headers', () => {
      for (const tier of [free, { ...starter, perMinute: 10_000 }]) {
        it(`${tier.name}: warns from the request that takes daily usage to 80%`, async () => {
          const { store } = await factory.make();
          const start = Date.parse('2026-11-21T12:00:00.000Z');
          const nowAt = (i: number) => start + 1000 * (i + 1);
          const admitted = await admitSeries(store, 'k', { ...tier, perMinute: 10_000 }, tier.dailyRequests, nowAt);
          const threshold = tier.dailyRequests * 0.8;
          admitted.forEach(({ decision }, i) => {
            const warning = rateHeaders(decision, nowAt(i)).find(([header]) => header === 'X-RateLimit-Warning');
            assert.equal(warning?.[1], i + 1 >= threshold ? 'approaching' : undefined, `${tier.name} request ${i + 1}`);
          });
        });
      }

      it('reports the daily window on success', async () => {
        const { store } = await factory.make();
        const nowMs = Date.parse('2026-11-21T12:00:30.000Z');
        assert.deepEqual(rateHeaders(await admitOne(store, 'k', free, nowMs), nowMs), [
          ['X-RateLimit-Limit', '100'],
          ['X-RateLimit-Remaining', '99'],
          ['X-RateLimit-Reset', String(Date.parse('2026-11-22T00:00:00.000Z') / 1000)],
        ]);
      });

      it('paid responses carry the overage count and the room left under the cap', async () => {
        const { store } = await factory.make();
        const nowMs = Date.parse('2026-11-21T12:00:00.000Z');
        const [first, , third] = await admitSeries(store, 'k', { ...starter, dailyRequests: 2, perMinute: 100 }, 3, () => nowMs);
        assert.deepEqual(rateHeaders(first!.decision, nowMs).slice(3), [
          ['X-Overage-Count', '0'],
          ['X-Overage-Cap', '19'],
        ]);
        assert.deepEqual(rateHeaders(third!.decision, nowMs).slice(3), [
          ['X-RateLimit-Warning', 'approaching'],
          ['X-Overage', 'true'],
          ['X-Overage-Count', '1'],
          ['X-Overage-Cap', '17'],
        ]);
      });
    });

    describe('counters vs a plain map (seeded)', () => {
      it('agree on every key and day under random traffic across keys, minutes and midnights', async () => {
        const subject = await factory.make();
        const random = seededRandom(99);
        const reference = new Map<string, number>();
        const tier = { ...starter, perMinute: 1_000_000, dailyRequests: 1_000_000 };
        const count = Math.min(20_000, factory.maxAdmitsPerCase);
        let nowMs = Date.parse('2026-11-20T22:00:00.000Z');
        const times: number[] = [];
        const keyIds: string[] = [];
        for (let i = 0; i < count; i++) {
          nowMs += Math.floor(random() * 30_000);
          times.push(nowMs);
          keyIds.push(`key_${Math.floor(random() * 40)}`);
        }
        for (let i = 0; i < count; i++) {
          const ref = `${dayString(Math.floor(times[i]! / 86_400_000))}/${keyIds[i]}`;
          reference.set(ref, (reference.get(ref) ?? 0) + 1);
        }
        const admitted: Admitted[] = [];
        for (let start = 0; start < count; start += 1000) {
          const batch: (Admitted | Promise<Admitted>)[] = [];
          for (let i = start; i < Math.min(count, start + 1000); i++) batch.push(subject.store.admit(keyIds[i]!, tier, times[i]!));
          admitted.push(...(await Promise.all(batch)));
        }
        assert.deepEqual(kindCounts(admitted), { admit: count });
        const actual = new Map<string, number>();
        for (const [date, byKey] of await subject.usageByDay())
          for (const [keyId, usage] of byKey) actual.set(`${date}/${keyId}`, usage.requests);
        assert.deepEqual(actual, reference);
      });
    });

    describe('an admission charged as several requests (GET /v1/export)', () => {
      const at = Date.parse('2026-11-21T12:00:00.000Z');
      const date = '2026-11-21';

      it('a tier without overage admits a count only while the day holds all of it', async () => {
        const subject = await factory.make();
        const tier = { ...free, dailyRequests: 10, perMinute: 1000 };
        assert.equal((await subject.store.admit('k', tier, at, 8)).decision.kind, 'admit');
        assert.deepEqual((await subject.store.admit('k', tier, at, 3)).decision, {
          kind: 'daily-limit',
          limit: 10,
          resetMs: Date.parse('2026-11-22T00:00:00.000Z'),
        });
        const two = (await subject.store.admit('k', tier, at, 2)).decision;
        assert.ok(two.kind === 'admit' && two.dayRequests === 10 && two.count === 2, JSON.stringify(two));
        assert.equal((await subject.store.admit('k', tier, at)).decision.kind, 'daily-limit');
        assert.equal((await dayUsage(subject, date, 'k'))?.requests, 10);
      });

      it('the minute window needs room to start, then counts all of it', async () => {
        const subject = await factory.make();
        const tier = { ...starter, perMinute: 5 };
        assert.equal((await subject.store.admit('k', tier, at, 7)).decision.kind, 'admit');
        assert.equal((await subject.store.admit('k', tier, at + 1)).decision.kind, 'minute-limit');
        assert.equal((await subject.store.admit('k', tier, at + 60_000)).decision.kind, 'admit');
      });

      it('a paid tier bills the part past the daily quota as overage, and the cap must hold the whole count', async () => {
        const subject = await factory.make();
        const tier = { ...starter, dailyRequests: 10, perMinute: 1000 }; // safety cap 100
        const first = (await subject.store.admit('k', tier, at, 8)).decision;
        assert.ok(first.kind === 'admit' && !first.isOverage && first.overageCount === 0, JSON.stringify(first));
        const second = (await subject.store.admit('k', tier, at, 5)).decision;
        assert.ok(
          second.kind === 'admit' &&
            second.isOverage &&
            second.overageCount === 3 &&
            second.overage?.count === 3 &&
            second.overage.capRemaining === 87,
          JSON.stringify(second),
        );
        assert.deepEqual(await dayUsage(subject, date, 'k'), { requests: 13, overageRequests: 3, overageCostMicros: 3 * 2000 });
        assert.equal((await subject.store.admit('k', tier, at, 85)).decision.kind, 'admit');
        assert.equal((await subject.store.admit('k', tier, at, 3)).decision.kind, 'overage-cap');
        assert.equal((await subject.store.admit('k', tier, at, 2)).decision.kind, 'admit');
      });

      it('release gives the whole count back, overage included', async () => {
        const subject = await factory.make();
        const tier = { ...starter, dailyRequests: 10, perMinute: 1000 };
        await subject.store.admit('k', tier, at, 8);
        const { ticket } = await subject.store.admit('k', tier, at, 5);
        await subject.store.release(ticket!);
        assert.deepEqual(await dayUsage(subject, date, 'k'), { requests: 8, overageRequests: 0, overageCostMicros: 0 });
        const next = (await subject.store.admit('k', tier, at)).decision;
        assert.ok(next.kind === 'admit' && next.dayRequests === 9, JSON.stringify(next));
      });
    });
  });
}
