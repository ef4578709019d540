import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decide, releasedDecision } from '../../src/limits/admission.ts';
import { defaultTiers, TestClock } from '../helpers/service.ts';

const free = defaultTiers().get('free')!;
const starter = defaultTiers().get('starter')!;
const clock = new TestClock('2026-11-21T12:00:30.000Z');
const MIDNIGHT = Date.parse('2026-11-22T00:00:00.000Z');

describe('decide', () => {
  it('admits a paid request past the daily quota as overage, counting only the part past it', () => {
    assert.deepEqual(decide({ minuteRequests: 3, dayRequests: 999, overageRequests: 0, overageCostMicros: 0 }, starter, clock.now(), 3), {
      kind: 'admit',
      isOverage: true,
      count: 3,
      overageCount: 2,
      dailyLimit: 1000,
      dayRequests: 1002,
      dailyResetMs: MIDNIGHT,
      overage: { count: 2, capRemaining: 8998 },
    });
  });

  it('refuses a free request that would pass the daily limit, until midnight UTC', () => {
    assert.deepEqual(decide({ minuteRequests: 0, dayRequests: 100, overageRequests: 0, overageCostMicros: 0 }, free, clock.now()), {
      kind: 'daily-limit',
      limit: 100,
      resetMs: MIDNIGHT,
    });
  });

  it('refuses at the minute limit until the next whole minute', () => {
    assert.deepEqual(decide({ minuteRequests: 60, dayRequests: 60, overageRequests: 0, overageCostMicros: 0 }, free, clock.now()), {
      kind: 'minute-limit',
      limit: 60,
      resetMs: Date.parse('2026-11-21T12:01:00.000Z'),
    });
  });
});

describe('releasedDecision', () => {
  it('charges nothing once the count is given back: day counts as before, overage unbilled', () => {
    const admitted = decide({ minuteRequests: 3, dayRequests: 999, overageRequests: 0, overageCostMicros: 0 }, starter, clock.now(), 3);
    assert.ok(admitted.kind === 'admit');
    assert.deepEqual(releasedDecision(admitted), {
      kind: 'admit',
      isOverage: false,
      count: 0,
      overageCount: 0,
      dailyLimit: 1000,
      dayRequests: 999,
      dailyResetMs: MIDNIGHT,
      overage: { count: 0, capRemaining: 9001 },
    });
  });

  it('keeps a free tier without overage figures', () => {
    const admitted = decide({ minuteRequests: 0, dayRequests: 10, overageRequests: 0, overageCostMicros: 0 }, free, clock.now());
    assert.ok(admitted.kind === 'admit');
    assert.equal(releasedDecision(admitted).overage, undefined);
    assert.equal(releasedDecision(admitted).dayRequests, 10);
  });
});
