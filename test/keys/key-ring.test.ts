import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { hashKey } from '../../src/keys/api-key.ts';
import { KeyRing, loadKeyStore } from '../../src/keys/key-ring.ts';
import { createKey, EMPTY_STORE, revokeKey, writeKeyStore } from '../../src/keys/key-store.ts';
import { createLogger } from '../../src/log.ts';
import { defaultTiers, tempDir } from '../helpers/service.ts';

const tiers = defaultTiers();
const NOW = new Date('2026-11-21T12:00:00.000Z');

/** A key store file with one starter key, and a ring loaded from it that logs into `lines`. */
function setup() {
  const file = join(tempDir('exlib-ring-'), 'keys.json');
  const first = createKey(EMPTY_STORE, 'starter', 'first', NOW);
  writeKeyStore(file, first.store);
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger('debug', (line) => lines.push(JSON.parse(line) as Record<string, unknown>));
  const ring = new KeyRing(file, tiers, first.store, logger);
  return { file, first, ring, lines };
}

describe('loadKeyStore', () => {
  it('refuses a store whose key names a tier the tier table does not have, naming the file and field', () => {
    const file = join(tempDir('exlib-ring-'), 'keys.json');
    writeKeyStore(file, createKey(EMPTY_STORE, 'gold', '', NOW).store);
    assert.deepEqual(loadKeyStore(file, tiers), {
      ok: false,
      problems: [
        { source: file, path: 'keys.0.tier', message: '"gold" is not a tier of the tier table (operator, free, starter, pro, business)' },
      ],
    });
  });

  it('reads a missing file as an empty store that does not exist yet', () => {
    assert.deepEqual(loadKeyStore(join(tempDir('exlib-ring-'), 'none.json'), tiers), {
      ok: true,
      value: { exists: false, store: EMPTY_STORE },
    });
  });
});

describe('KeyRing', () => {
  it('finds a loaded key by the hash of the key, never by the key', () => {
    const { first, ring } = setup();
    assert.deepEqual(ring.byHash().get(hashKey(first.key)), first.record);
    assert.equal(ring.byHash().get(first.key), undefined);
    assert.equal(ring.byHash().size, 1);
  });

  it('reloads when the file changes: a new key works, a revoked one stops', () => {
    const { file, first, ring, lines } = setup();
    const second = createKey(first.store, 'pro', 'second', NOW);
    writeKeyStore(file, revokeKey(second.store, first.record.id, NOW)!);
    ring.reload();
    assert.equal(ring.byHash().get(hashKey(second.key))?.tier, 'pro');
    assert.equal(ring.byHash().get(hashKey(first.key)), undefined);
    assert.deepEqual(
      lines.map((line) => [line.message, line.keys]),
      [['key store reloaded', 1]],
    );
  });

  it('does nothing while the file is unchanged', () => {
    const { ring, lines } = setup();
    const before = ring.byHash();
    ring.reload();
    assert.equal(ring.byHash(), before);
    assert.deepEqual(lines, []);
  });

  it('keeps the keys already loaded when the new file is refused, and logs the problems', () => {
    const { file, first, ring, lines } = setup();
    writeKeyStore(file, createKey(first.store, 'gold', '', NOW).store);
    ring.reload();
    assert.deepEqual(ring.byHash().get(hashKey(first.key)), first.record);
    assert.equal(ring.byHash().size, 1);
    assert.equal(lines.length, 1);
    assert.equal(lines[0]!.message, 'key store refused; the keys already loaded stay in force');
    assert.deepEqual(lines[0]!.problems, [
      `${file}: keys.1.tier: "gold" is not a tier of the tier table (operator, free, starter, pro, business)`,
    ]);
  });

  it('keeps the keys already loaded when the file disappears', () => {
    const { file, first, ring, lines } = setup();
    rmSync(file);
    ring.reload();
    assert.deepEqual(ring.byHash().get(hashKey(first.key)), first.record);
    assert.deepEqual(lines, []);
  });

  it('watches the file on a timer until stopped', async () => {
    const { file, first, ring } = setup();
    ring.watch(5);
    try {
      const second = createKey(first.store, 'free', '', NOW);
      writeKeyStore(file, second.store);
      for (let i = 0; i < 200 && ring.byHash().size < 2; i++) await sleep(5);
      assert.equal(ring.byHash().get(hashKey(second.key))?.tier, 'free');
    } finally {
      ring.stop();
    }
    writeKeyStore(file, EMPTY_STORE);
    await sleep(30);
    assert.equal(ring.byHash().size, 2, 'a stopped ring reloads no more');
  });
});
