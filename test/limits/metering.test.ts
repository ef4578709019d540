import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { releasedDecision } from '../../src/limits/admission.ts';
import { settle } from '../../src/limits/metering.ts';
import { MemoryUsageStore } from '../../src/limits/usage-store.ts';
import { defaultTiers, TestClock } from '../helpers/service.ts';

const starter = defaultTiers().get('starter')!;
const DATE = '2026-11-21';
const neverCalled = (error: unknown): void => assert.fail(`unexpected release failure: ${String(error)}`);

function dayRequests(store: MemoryUsageStore): number | undefined {
  return store.usageByDay().get(DATE)?.get('key_a')?.requests;
}

describe('settle', () => {
  it('keeps the count and the decision of a request served (status below 500)', () => {
    const store = new MemoryUsageStore();
    const clock = new TestClock();
    const admission = store.admit('key_a', starter, clock.now(), 2);
    assert.equal(settle(store, admission, 404, neverCalled), admission.decision);
    assert.equal(dayRequests(store), 2);
  });

  it("gives a 5xx's count back and returns the decision after the release", () => {
    const store = new MemoryUsageStore();
    const clock = new TestClock();
    store.admit('key_a', starter, clock.now());
    const admission = store.admit('key_a', starter, clock.now(), 2);
    assert.ok(admission.decision.kind === 'admit');
    assert.deepEqual(settle(store, admission, 503, neverCalled), releasedDecision(admission.decision));
    assert.equal(dayRequests(store), 1);
  });

  it('leaves an unmetered or refused request as it was', () => {
    const store = new MemoryUsageStore();
    const unmetered = { decision: { kind: 'unmetered' as const } };
    assert.equal(settle(store, unmetered, 500, neverCalled), unmetered.decision);
  });

  it('hands a failed asynchronous release to onError instead of rejecting', async () => {
    const store = new MemoryUsageStore();
    const admission = store.admit('key_a', starter, new TestClock().now());
    const failing = { admit: () => admission, release: () => Promise.reject(new Error('redis gone')), status: () => 'error' as const };
    const errors: unknown[] = [];
    settle(failing, admission, 500, (error) => errors.push(error));
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(
      errors.map((error) => (error as Error).message),
      ['redis gone'],
    );
  });
});
