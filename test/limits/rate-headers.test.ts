import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decide, releasedDecision } from '../../src/limits/admission.ts';
import { rateHeaders } from '../../src/limits/rate-headers.ts';
import { loadTierTable } from '../../src/limits/tiers.ts';
import { defaultTiers, TestClock } from '../helpers/service.ts';

const free = defaultTiers().get('free')!;
const starter = defaultTiers().get('starter')!;
const RESET = String(Date.parse('2026-11-22T00:00:00.000Z') / 1000);

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

describe('rate headers of an admitted request', () => {
  const clock = new TestClock('2026-11-21T12:00:30.000Z');
  const admitted = decide({ minuteRequests: 3, dayRequests: 999, overageRequests: 0, overageCostMicros: 0 }, starter, clock.now(), 3);
  assert.ok(admitted.kind === 'admit');

  it('bill the overage the request charged', () => {
    assert.deepEqual(rateHeaders(admitted, clock.now()), [
      ['X-RateLimit-Limit', '1000'],
      ['X-RateLimit-Remaining', '0'],
      ['X-RateLimit-Reset', RESET],
      ['X-RateLimit-Warning', 'approaching'],
      ['X-Overage', 'true'],
      ['X-Overage-Count', '2'],
      ['X-Overage-Cap', '8998'],
    ]);
  });

  it('describe the counts before the request once a 5xx gave its count back', () => {
    assert.deepEqual(rateHeaders(releasedDecision(admitted), clock.now()), [
      ['X-RateLimit-Limit', '1000'],
      ['X-RateLimit-Remaining', '1'],
      ['X-RateLimit-Reset', RESET],
      ['X-RateLimit-Warning', 'approaching'],
      ['X-Overage-Count', '0'],
      ['X-Overage-Cap', '9001'],
    ]);
  });
});

describe('rateHeaders for a tier without limits (operator)', () => {
  it('admits past any count and says -1 for limit and remaining, with no warning', () => {
    const tiers = loadTierTable(undefined);
    assert.ok(tiers.ok);
    const operator = tiers.value.get('operator')!;
    const now = Date.parse('2026-11-21T12:00:00.000Z');
    const decision = decide(
      { minuteRequests: 1_000_000, dayRequests: 50_000_000, overageRequests: 0, overageCostMicros: 0 },
      operator,
      now,
    );
    assert.equal(decision.kind, 'admit');
    assert.deepEqual(rateHeaders(decision, now), [
      ['X-RateLimit-Limit', '-1'],
      ['X-RateLimit-Remaining', '-1'],
      ['X-RateLimit-Reset', String(Date.parse('2026-11-22T00:00:00.000Z') / 1000)],
    ]);
  });
});
