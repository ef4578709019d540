import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { readConfig } from '../../src/config.ts';
import { hashKey } from '../../src/keys/api-key.ts';
import { createKey, EMPTY_STORE, readKeyStore, writeKeyStore } from '../../src/keys/key-store.ts';
import { createLogger } from '../../src/log.ts';
import { openKeys } from '../../src/start/first-key.ts';
import { defaultTiers, tempDir } from '../helpers/service.ts';

function configFor(keysFile: string) {
  const config = readConfig({ KEYS_FILE: keysFile });
  assert.ok(config.ok);
  return config.value;
}

describe('openKeys', () => {
  it('creates KEYS_FILE with one free-tier key when there is none, stored only as its hash', () => {
    const file = join(tempDir('exlib-start-'), 'keys.json');
    const { keyRing, firstKey } = openKeys(configFor(file), defaultTiers(), createLogger('silent'));
    assert.ok(firstKey !== undefined);
    assert.equal(firstKey.tier, 'free');
    assert.match(firstKey.key, /^exlib_[A-Za-z0-9]{32}$/);
    const stored = readKeyStore(file);
    assert.ok(stored.ok);
    assert.equal(stored.value.store.keys.length, 1);
    assert.equal(stored.value.store.keys[0]!.hash, hashKey(firstKey.key));
    assert.equal(JSON.stringify(stored.value.store).includes(firstKey.key), false, 'the key itself is never written');
    assert.equal(keyRing.byHash().get(hashKey(firstKey.key))?.tier, 'free');
  });

  it('opens an existing store as it is and makes no key', () => {
    const file = join(tempDir('exlib-start-'), 'keys.json');
    const issued = createKey(EMPTY_STORE, 'pro', 'mine', new Date('2026-11-22T00:00:00.000Z'));
    writeKeyStore(file, issued.store);
    const { keyRing, firstKey } = openKeys(configFor(file), defaultTiers(), createLogger('silent'));
    assert.equal(firstKey, undefined);
    assert.deepEqual(keyRing.byHash().get(hashKey(issued.key)), issued.record);
    assert.equal(keyRing.byHash().size, 1);
  });

  it('gives the first key the first tier of a table without a free tier', () => {
    const file = join(tempDir('exlib-start-'), 'keys.json');
    const tiers = new Map([...defaultTiers()].filter(([name]) => name !== 'free'));
    const { firstKey } = openKeys(configFor(file), tiers, createLogger('silent'));
    assert.equal(firstKey?.tier, 'starter');
    assert.ok(existsSync(file));
  });
});
