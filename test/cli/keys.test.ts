import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { runKeysCli } from '../../src/cli/keys.ts';
import { hashKey } from '../../src/keys/api-key.ts';
import { cliAsync, env } from '../helpers/cli-run.ts';

describe('keys CLI', () => {
  it('create --json prints exactly one JSON object with id, key and tier; the store keeps only a hash', async () => {
    const e = env();
    const { code, out } = await cliAsync((o, r) => runKeysCli(['create', '--tier', 'starter', '--label', 'mobile app', '--json'], e, o, r));
    assert.equal(code, 0);
    const printed = JSON.parse(out) as { id: string; key: string; tier: string };
    assert.deepEqual(Object.keys(printed), ['id', 'key', 'tier']);
    assert.match(printed.key, /^exlib_[A-Za-z0-9]{32}$/);
    assert.equal(printed.tier, 'starter');
    const store = readFileSync(e.KEYS_FILE!, 'utf8');
    assert.equal(store.includes(printed.key), false);
    assert.ok(store.includes(hashKey(printed.key)));
  });

  it('list shows ids, tiers, labels and masked keys, never a whole key', async () => {
    const e = env();
    const created = JSON.parse(
      (await cliAsync((o, r) => runKeysCli(['create', '--tier', 'pro', '--label', 'web', '--json'], e, o, r))).out,
    ) as {
      id: string;
      key: string;
    };
    const table = await cliAsync((o, r) => runKeysCli(['list'], e, o, r));
    assert.equal(table.code, 0);
    assert.ok(table.out.includes(created.id) && table.out.includes('pro') && table.out.includes('web'));
    assert.ok(table.out.includes(`exlib_${'*'.repeat(28)}${created.key.slice(-4)}`));
    assert.equal(table.out.includes(created.key), false);
    const json = JSON.parse((await cliAsync((o, r) => runKeysCli(['list', '--json'], e, o, r))).out) as Record<string, string>[];
    assert.deepEqual(
      json.map((row) => [row.id, row.tier, row.label, row.status]),
      [[created.id, 'pro', 'web', 'active']],
    );
    assert.equal(JSON.stringify(json).includes(created.key), false);
  });

  it('regenerate keeps the id and tier, replaces the key, and the old hash is gone', async () => {
    const e = env();
    const created = JSON.parse((await cliAsync((o, r) => runKeysCli(['create', '--tier', 'pro', '--json'], e, o, r))).out) as {
      id: string;
      key: string;
    };
    const renewed = JSON.parse((await cliAsync((o, r) => runKeysCli(['regenerate', created.id, '--json'], e, o, r))).out) as {
      id: string;
      key: string;
      tier: string;
    };
    assert.equal(renewed.id, created.id);
    assert.equal(renewed.tier, 'pro');
    assert.notEqual(renewed.key, created.key);
    const store = readFileSync(e.KEYS_FILE!, 'utf8');
    assert.equal(store.includes(hashKey(created.key)), false);
    assert.ok(store.includes(hashKey(renewed.key)));
  });

  it('revoke marks the key revoked; a second revoke or an unknown id is an error', async () => {
    const e = env();
    const created = JSON.parse((await cliAsync((o, r) => runKeysCli(['create', '--tier', 'free', '--json'], e, o, r))).out) as {
      id: string;
    };
    assert.equal((await cliAsync((o, r) => runKeysCli(['revoke', created.id], e, o, r))).code, 0);
    const rows = JSON.parse((await cliAsync((o, r) => runKeysCli(['list', '--json'], e, o, r))).out) as { status: string }[];
    assert.equal(rows[0]!.status, 'revoked');
    const again = await cliAsync((o, r) => runKeysCli(['revoke', created.id], e, o, r));
    assert.equal(again.code, 1);
    assert.match(again.err, /no active key has the id/);
    assert.equal((await cliAsync((o, r) => runKeysCli(['regenerate', created.id], e, o, r))).code, 1);
  });

  it('refuses usage errors with exit 2 and a bad store with exit 1 naming the file and field', async () => {
    const e = env();
    assert.equal((await cliAsync((o, r) => runKeysCli(['create', '--tier', 'platinum'], e, o, r))).code, 2);
    assert.equal((await cliAsync((o, r) => runKeysCli(['create'], e, o, r))).code, 2);
    assert.equal((await cliAsync((o, r) => runKeysCli(['regenerate'], e, o, r))).code, 2);
    assert.equal((await cliAsync((o, r) => runKeysCli(['revoke'], e, o, r))).code, 2);
    assert.equal((await cliAsync((o, r) => runKeysCli(['explode'], e, o, r))).code, 2);
    assert.equal((await cliAsync((o, r) => runKeysCli(['list', '--bogus'], e, o, r))).code, 2);
    assert.match((await cliAsync((o, r) => runKeysCli(['list'], e, o, r))).out, /no keys/);
    writeFileSync(
      e.KEYS_FILE!,
      JSON.stringify({
        version: 1,
        keys: [{ id: 'key_a', hash: 'f'.repeat(64), hint: 'abcd', tier: 'gold', label: '', createdAt: '2026-01-01T00:00:00.000Z' }],
      }),
    );
    const bad = await cliAsync((o, r) => runKeysCli(['list'], e, o, r));
    assert.equal(bad.code, 1);
    assert.match(bad.err, /keys\.json: keys\.0\.tier: "gold" is not a tier/);
    writeFileSync(e.KEYS_FILE!, '{"version":1,');
    assert.match((await cliAsync((o, r) => runKeysCli(['list'], e, o, r))).err, /keys\.json: is not valid JSON \(at character 13\)$/m);
  });
});
