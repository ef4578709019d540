import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { secondsUntil } from '../../src/limits/windows.ts';

describe('windows', () => {
  it('Retry-After is whole seconds to the reset, at least 1', () => {
    assert.equal(secondsUntil(60_000, 0), 60);
    assert.equal(secondsUntil(60_000, 59_001), 1);
    assert.equal(secondsUntil(60_000, 59_999), 1);
    assert.equal(secondsUntil(60_000, 60_000), 1);
    assert.equal(secondsUntil(60_000, 58_500), 2);
  });
});
