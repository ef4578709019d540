/** StatusHistory: requests, 429s and 5xx per UTC hour over the last 24 hours. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HISTORY_HOURS, StatusHistory } from '../../src/observe/status-history.ts';

describe('StatusHistory', () => {
  it('counts per hour, forgets hours older than a day, and reports 24 hours oldest first', () => {
    let now = Date.parse('2026-11-21T12:30:00.000Z');
    const history = new StatusHistory(() => now);
    for (const status of [200, 429, 503, 500, 404]) history.record({ status });
    now += 3_600_000;
    history.record({ status: 429 });
    let hours = history.hours();
    assert.equal(hours.length, HISTORY_HOURS);
    assert.deepEqual(hours.at(-2), { hourMs: Date.parse('2026-11-21T12:00:00.000Z'), requests: 5, tooMany: 1, failed: 2 });
    assert.deepEqual(hours.at(-1), { hourMs: Date.parse('2026-11-21T13:00:00.000Z'), requests: 1, tooMany: 1, failed: 0 });
    now += 24 * 3_600_000;
    history.record({ status: 200 });
    hours = history.hours();
    assert.equal(
      hours.reduce((sum, h) => sum + h.requests, 0),
      1,
      'the older hours are gone',
    );
  });
});
