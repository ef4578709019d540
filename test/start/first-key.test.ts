import assert from 'node:assert/strict';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { readConfig } from '../../src/config.ts';
import { hashKey } from '../../src/keys/api-key.ts';
import { KeyAdmin } from '../../src/keys/key-admin.ts';
import { createKey, EMPTY_STORE, readKeyStore, writeKeyStore } from '../../src/keys/key-store.ts';
import { createLogger } from '../../src/log.ts';
import { loadTierTable } from '../../src/limits/tiers.ts';
import { openKeys, persistFirstKey } from '../../src/start/first-key.ts';
import { defaultTiers, tempDir } from '../helpers/service.ts';

function configFor(keysFile: string) {
  const config = readConfig({ KEYS_FILE: keysFile });
  assert.ok(config.ok);
  return config.value;
}

function adminOf(file: string): KeyAdmin {
  return new KeyAdmin({ file, tiers: defaultTiers(), afterWrite: () => undefined, now: Date.now });
}

describe('openKeys', () => {
  it('makes one operator-tier key when there is no KEYS_FILE, and writes its hash only when asked (once listening)', async () => {
    const file = join(tempDir('exlib-start-'), 'keys.json');
    const { keyRing, firstKey } = openKeys(configFor(file), defaultTiers(), createLogger('silent'));
    assert.ok(firstKey !== undefined);
    assert.equal(firstKey.tier, 'operator');
    assert.equal(existsSync(file), false, 'nothing on disk before the server listens');
    assert.equal(keyRing.byHash().get(hashKey(firstKey.key))?.tier, 'operator', 'the key works from the first request');
    assert.equal(await persistFirstKey(firstKey, adminOf(file)), true);
    assert.match(firstKey.key, /^exlib_[A-Za-z0-9]{32}$/);
    const stored = readKeyStore(file);
    assert.ok(stored.ok);
    assert.equal(stored.value.store.keys.length, 1);
    assert.equal(stored.value.store.keys[0]!.hash, hashKey(firstKey.key));
    assert.equal(JSON.stringify(stored.value.store).includes(firstKey.key), false, 'the key itself is never written');
  });

  it('keeps a store that appeared while the server was starting, and says no first key was written', async () => {
    const file = join(tempDir('exlib-start-'), 'keys.json');
    const { firstKey } = openKeys(configFor(file), defaultTiers(), createLogger('silent'));
    assert.ok(firstKey !== undefined);
    // The keys CLI writes a store after openKeys found none, before the server listens.
    const theirs = createKey(EMPTY_STORE, 'pro', 'made meanwhile', new Date('2026-11-28T00:00:00.000Z'));
    writeKeyStore(file, theirs.store);
    assert.equal(await persistFirstKey(firstKey, adminOf(file)), false);
    const stored = readKeyStore(file);
    assert.ok(stored.ok);
    assert.deepEqual(stored.value.store, theirs.store, 'their store is not overwritten');
    assert.equal(existsSync(`${file}.lock`), false, 'the lock is released');
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

  it('gives the first key the built-in operator tier when a TIERS_FILE does not define one', () => {
    const dir = tempDir('exlib-start-');
    const tiersFile = join(dir, 'tiers.json');
    writeFileSync(tiersFile, JSON.stringify({ gold: { dailyRequests: 5, perMinute: 5, maxResults: 10, overage: false } }));
    const tiers = loadTierTable(tiersFile);
    assert.ok(tiers.ok);
    const { firstKey } = openKeys(configFor(join(dir, 'keys.json')), tiers.value, createLogger('silent'));
    assert.equal(firstKey?.tier, 'operator');
    const operator = tiers.value.get('operator')!;
    assert.equal(operator.dailyRequests, Number.POSITIVE_INFINITY);
    assert.equal(operator.perMinute, Number.POSITIVE_INFINITY);
    assert.equal(operator.maxResults, 100);
  });
});
