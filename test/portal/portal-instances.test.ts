/**
 * Two service processes sharing KEYS_FILE and ACCOUNTS_FILE (each with its own port and STATE_DIR):
 * 50 sign-ups and 10 admin key creations at once, spread over both, then their 10 regenerations at once; no
 * write is lost (the lock files serialise writers), and every key works on both instances within 2 s.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { everywhere, regenerateAtOnce, signUpsAndCreationsAtOnce } from '../helpers/instances.ts';
import { type ChildService, serviceFolders, spawnService } from '../helpers/service.ts';

const ADMIN_TOKEN = 'instances-admin-token-0123456789ab';
const PASSWORD = 'two instances, one store';
let services: ChildService[] = [];
let keysFile = '';
let accountsFile = '';

before(async () => {
  const shared = serviceFolders('exlib-two-');
  keysFile = shared.env.KEYS_FILE;
  accountsFile = join(shared.root, 'var/accounts.json');
  const common = { DATA_DIR: shared.dataDir, KEYS_FILE: keysFile, PORTAL: 'on', ADMIN_TOKEN, PORTAL_SIGNUPS_PER_HOUR: '1000' };
  // The first start writes the key store; the second opens it.
  services = [await spawnService({ ...common, STATE_DIR: join(shared.root, 'state-a') })];
  services.push(await spawnService({ ...common, STATE_DIR: join(shared.root, 'state-b') }));
});
after(async () => {
  for (const service of services) service.proc.kill('SIGTERM');
  await Promise.all(services.map((service) => service.exited));
});

describe('two instances writing accounts and keys at once', () => {
  it('loses no sign-up, key creation or regeneration, and every key works on both within 2 s', async () => {
    const { portalKeys, created } = await signUpsAndCreationsAtOnce(services, ADMIN_TOKEN, PASSWORD, 'user');

    const accounts = JSON.parse(readFileSync(accountsFile, 'utf8')) as { accounts: { email: string; keyId: string }[] };
    assert.equal(accounts.accounts.length, 50, 'every sign-up is in ACCOUNTS_FILE');
    const store = JSON.parse(readFileSync(keysFile, 'utf8')) as { keys: { id: string }[] };
    assert.equal(store.keys.length, 1 + 50 + 10, 'the first key, 50 sign-ups and 10 admin keys');
    const ids = new Set(store.keys.map((record) => record.id));
    for (const account of accounts.accounts) assert.ok(ids.has(account.keyId), `${account.email}'s key is in KEYS_FILE`);

    await everywhere(services, [...portalKeys, ...created.map((answer) => answer.body.key)], 200);
    await regenerateAtOnce(services, ADMIN_TOKEN, created);
  });
});
