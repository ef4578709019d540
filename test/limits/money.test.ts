import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatUsd, toMicros } from '../../src/limits/money.ts';

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
