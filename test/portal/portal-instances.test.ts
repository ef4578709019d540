/**
 * Two service processes sharing KEYS_FILE and ACCOUNTS_FILE (each with its own port and STATE_DIR):
 * 50 sign-ups and 10 admin key creations at once, spread over both, then their 10 regenerations at once; no
 * write is lost (the lock files serialise writers), and every key works on both instances within 2 s.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { FormBrowser, keyIn } from '../helpers/form-browser.ts';
import { type ChildService, eventually, serviceFolders, spawnService } from '../helpers/service.ts';

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

async function admin(service: ChildService, path: string, method: string, body?: unknown) {
  const response = await fetch(`${service.url}/admin/v1${path}`, {
    method,
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { id: string; key: string } };
}

/** Resolves once every key answers `status` on every instance; fails after 2 s. */
async function everywhere(keys: string[], status: number): Promise<void> {
  await eventually(
    async () => {
      for (const service of services) {
        for (const key of keys) {
          const answer = await fetch(`${service.url}/v1/categories`, { headers: { 'X-API-Key': key } });
          if (answer.status !== status) return undefined;
        }
      }
      return true;
    },
    2000,
    50,
  );
}

describe('two instances writing accounts and keys at once', () => {
  it('loses no sign-up, key creation or regeneration, and every key works on both within 2 s', async () => {
    const signUps = Array.from({ length: 50 }, async (_, i) => {
      const browser = new FormBrowser(services[i % 2]!.url, PASSWORD);
      const answer = await browser.signUp(`user${i}@example.com`);
      assert.equal(answer.status, 201, answer.text.slice(0, 300));
      return keyIn(answer.text)!;
    });
    const creations = Array.from({ length: 10 }, (_, i) => admin(services[i % 2]!, '/keys', 'POST', { tier: 'starter', label: `n${i}` }));
    const [portalKeys, created] = await Promise.all([Promise.all(signUps), Promise.all(creations)]);
    assert.equal(new Set(portalKeys).size, 50);
    assert.ok(created.every((answer) => answer.status === 201));

    const accounts = JSON.parse(readFileSync(accountsFile, 'utf8')) as { accounts: { email: string; keyId: string }[] };
    assert.equal(accounts.accounts.length, 50, 'every sign-up is in ACCOUNTS_FILE');
    const store = JSON.parse(readFileSync(keysFile, 'utf8')) as { keys: { id: string }[] };
    assert.equal(store.keys.length, 1 + 50 + 10, 'the first key, 50 sign-ups and 10 admin keys');
    const ids = new Set(store.keys.map((record) => record.id));
    for (const account of accounts.accounts) assert.ok(ids.has(account.keyId), `${account.email}'s key is in KEYS_FILE`);

    await everywhere([...portalKeys, ...created.map((answer) => answer.body.key)], 200);

    const regenerated = await Promise.all(
      created.map((answer, i) => admin(services[(i + 1) % 2]!, `/keys/${answer.body.id}/regenerate`, 'POST')),
    );
    assert.ok(regenerated.every((answer) => answer.status === 200));
    await everywhere(
      created.map((answer) => answer.body.key),
      401,
    );
    await everywhere(
      regenerated.map((answer) => answer.body.key),
      200,
    );
  });
});
