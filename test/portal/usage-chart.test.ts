/** The portal's usage chart and attempt limits, without a socket. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AttemptLimiter } from '../../src/portal/attempts.ts';
import { CHART_DAYS, lastDays, usageChart } from '../../src/portal/usage-chart.ts';
import { defaultTiers } from '../helpers/service.ts';

const NOW = Date.parse('2026-11-21T12:00:00.000Z');

describe('usage chart', () => {
  const byDay = new Map([
    ['2026-11-21', new Map([['key_a', { requests: 1500, overageRequests: 500, overageCostMicros: 1_000_000 }]])],
    ['2026-10-01', new Map([['key_a', { requests: 9, overageRequests: 0, overageCostMicros: 0 }]])],
  ]);

  it('covers the last 30 days, oldest first, today last, zero where there was no use', () => {
    const days = lastDays(byDay, 'key_a', NOW);
    assert.equal(days.length, CHART_DAYS);
    assert.equal(days[0]!.date, '2026-10-23');
    assert.equal(days.at(-1)!.date, '2026-11-21');
    assert.equal(days.at(-1)!.usage.requests, 1500);
    assert.equal(days[5]!.usage.requests, 0);
  });

  it("draws the tier's daily limit, overage in its own colour, and the numbers as a table", () => {
    const html = usageChart(lastDays(byDay, 'key_a', NOW), defaultTiers().get('starter')!);
    assert.match(html, /data-testid="usage-chart"/);
    assert.match(html, /class="limit"/);
    assert.match(html, /daily limit 1000/);
    assert.match(html, /<rect class="over"/);
    assert.match(html, /<title>2026-11-21: 1500 requests, 500 overage<\/title>/);
    assert.match(html, /<tr><td>2026-11-21<\/td><td>1500<\/td><td>500<\/td><\/tr>/);
  });

  it('has no limit line for a tier without a daily limit', () => {
    const html = usageChart(lastDays(new Map(), 'key_a', NOW), defaultTiers().get('operator')!);
    assert.doesNotMatch(html, /class="limit"/);
    assert.match(html, /no daily limit/);
    assert.match(html, /No requests yet/);
  });
});

describe('AttemptLimiter', () => {
  it('refuses past the limit until the window ends, and forgets a cleared key', () => {
    let now = NOW;
    const limiter = new AttemptLimiter(2, 60_000, () => now);
    limiter.record('a');
    assert.equal(limiter.retryAfterMs('a'), 0);
    limiter.record('a');
    assert.equal(limiter.retryAfterMs('a'), 60_000);
    now += 45_000;
    assert.equal(limiter.retryAfterMs('a'), 15_000);
    now += 15_000;
    assert.equal(limiter.retryAfterMs('a'), 0, 'a new window');
    limiter.record('b');
    limiter.record('b');
    limiter.clear('b');
    assert.equal(limiter.retryAfterMs('b'), 0);
  });
});
