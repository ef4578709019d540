/** KeyAdmin: changes from several writers at once all land in KEYS_FILE, under its lock file. */
import assert from 'node:assert/strict';
import { utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { runKeysCli } from '../../src/cli/keys.ts';
import { KeyAdmin } from '../../src/keys/key-admin.ts';
import { readKeyStore } from '../../src/keys/key-store.ts';
import { defaultTiers, tempDir } from '../helpers/service.ts';

function admins(file: string): { admin: KeyAdmin; writes: number[] } {
  const writes = [0];
  return { admin: new KeyAdmin({ file, tiers: defaultTiers(), afterWrite: () => writes[0]!++, now: Date.now }), writes };
}

describe('KeyAdmin', () => {
  it('loses no change when two writers create, regenerate and revoke at once', async () => {
    const file = join(tempDir('exlib-admin-'), 'keys.json');
    const [a, b] = [admins(file).admin, admins(file).admin];
    const created = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? a : b).create('free', `n${i}`)));
    assert.equal(new Set(created.map((issued) => issued.record.id)).size, 30);
    const renewed = await Promise.all(created.slice(0, 10).map((issued, i) => (i % 2 ? b : a).regenerate(issued.record.id)));
    const revoked = await Promise.all(created.slice(10, 20).map((issued, i) => (i % 2 ? a : b).revoke(issued.record.id)));
    assert.ok(revoked.every(Boolean));
    const read = readKeyStore(file);
    assert.ok(read.ok);
    const byId = new Map(read.value.store.keys.map((record) => [record.id, record]));
    assert.equal(byId.size, 30);
    for (const issued of renewed) assert.equal(byId.get(issued!.record.id)!.hash, issued!.record.hash);
    for (const issued of created.slice(10, 20)) assert.ok(byId.get(issued.record.id)!.revokedAt !== undefined);
  });

  it('shares the lock with the keys CLI, and takes over a lock left by a writer that died', async () => {
    const file = join(tempDir('exlib-admin-'), 'keys.json');
    writeFileSync(`${file}.lock`, '999999');
    const old = new Date(Date.now() - 60_000);
    utimesSync(`${file}.lock`, old, old);
    const { admin, writes } = admins(file);
    const pending = admin.create('pro', 'api');
    let printed = '';
    const code = await runKeysCli(
      ['create', '--tier', 'starter', '--json'],
      { KEYS_FILE: file },
      (t) => (printed = t),
      (t) => (printed = t),
    );
    assert.equal(code, 0, printed);
    await pending;
    assert.equal(writes[0], 1);
    const read = readKeyStore(file);
    assert.ok(read.ok);
    assert.deepEqual(read.value.store.keys.map((record) => record.tier).sort(), ['pro', 'starter']);
  });

  it('updates tier and label, and answers undefined for an id with no live key', async () => {
    const file = join(tempDir('exlib-admin-'), 'keys.json');
    const { admin } = admins(file);
    const issued = await admin.create('free', 'a');
    assert.deepEqual(await admin.update(issued.record.id, { tier: 'pro' }), { ...issued.record, tier: 'pro' });
    assert.equal(await admin.update('key_nosuchthing', { tier: 'pro' }), undefined);
    assert.equal(await admin.regenerate('key_nosuchthing'), undefined);
    assert.equal(await admin.revoke('key_nosuchthing'), false);
  });
});
