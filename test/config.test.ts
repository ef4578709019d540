/** COUNTER_STORE and REDIS_TIMEOUT_MS as the environment gives them (docs/operations.md#environment). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readConfig } from '../src/config.ts';

describe('COUNTER_STORE and REDIS_TIMEOUT_MS', () => {
  it('default to the in-process store and 50 ms', () => {
    const result = readConfig({});
    assert.ok(result.ok, JSON.stringify(result));
    assert.deepEqual(result.config.counterStore, { kind: 'memory' });
    assert.equal(result.config.redisTimeoutMs, 50);
  });

  for (const url of ['redis://127.0.0.1:6379/0', 'redis://redis.internal:6380', 'redis://:secret@10.0.0.5:6379/3', 'redis://localhost/']) {
    it(`accept ${url}`, () => {
      const result = readConfig({ COUNTER_STORE: url, REDIS_TIMEOUT_MS: '120' });
      assert.ok(result.ok, JSON.stringify(result));
      assert.deepEqual(result.config.counterStore, { kind: 'redis', url });
      assert.equal(result.config.redisTimeoutMs, 120);
    });
  }

  for (const [name, env, problem] of [
    ['another scheme', { COUNTER_STORE: 'http://127.0.0.1:6379' }, 'environment COUNTER_STORE: must be memory or redis://host:port/db'],
    ['a database that is not a number', { COUNTER_STORE: 'redis://127.0.0.1:6379/cache' }, 'environment COUNTER_STORE: must be memory or redis://host:port/db'],
    ['no host', { COUNTER_STORE: 'redis://' }, 'environment COUNTER_STORE: must be memory or redis://host:port/db'],
    ['a word', { COUNTER_STORE: 'redis' }, 'environment COUNTER_STORE: must be memory or redis://host:port/db'],
    ['a timeout of 0', { REDIS_TIMEOUT_MS: '0' }, 'environment REDIS_TIMEOUT_MS: must be above 0'],
    ['a timeout that is not a number', { REDIS_TIMEOUT_MS: 'fast' }, 'environment REDIS_TIMEOUT_MS: must be a positive number'],
  ] as const) {
    it(`refuse ${name}, naming the variable`, () => {
      assert.deepEqual(readConfig(env), { ok: false, problems: [problem] });
    });
  }
});
