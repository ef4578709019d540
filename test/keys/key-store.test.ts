/** parseKeyStore and readKeyStore: the KEYS_FILE format, refused with the file and field named, never a key or hash shown. */
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { hashKey } from '../../src/keys/api-key.ts';
import { createKey, EMPTY_STORE, type KeyRecord, parseKeyStore, readKeyStore, writeKeyStore } from '../../src/keys/key-store.ts';
import { formatProblems, type Result } from '../../src/problems.ts';
import { tempDir } from '../helpers/service.ts';

const FILE = 'var/keys.json';
const HASH = 'a'.repeat(64);
const RECORD: KeyRecord = {
  id: 'key_0123abcd',
  hash: HASH,
  hint: 'Ab12',
  tier: 'free',
  label: 'tests',
  createdAt: '2026-11-22T10:00:00.000Z',
};

function refusal(result: Result<unknown>): string[] {
  assert.equal(result.ok, false, 'expected a refusal');
  return result.ok ? [] : formatProblems(result.problems);
}

describe('parseKeyStore', () => {
  it('accepts a store of valid records, rotated and revoked ones included', () => {
    const store = {
      version: 1,
      keys: [
        RECORD,
        { ...RECORD, id: 'key_two', hash: 'b'.repeat(64), rotatedAt: '2026-11-22T11:00:00Z', revokedAt: '2026-11-22T12:00:00Z' },
      ],
    };
    assert.deepEqual(parseKeyStore(store, FILE), { ok: true, value: store });
  });

  const BAD: [string, unknown, string[]][] = [
    ['a store that is not an object', 'keys', [`${FILE}: must be an object holding version and keys`]],
    ['null', null, [`${FILE}: must be an object holding version and keys`]],
    ['another version', { version: 2, keys: [] }, [`${FILE}: version: must be 1`]],
    ['no keys list', { version: 1 }, [`${FILE}: keys: is missing`]],
    ['keys that are no array', { version: 1, keys: {} }, [`${FILE}: keys: must be an array of key records`]],
    ['a record that is not an object', { version: 1, keys: ['key_1'] }, [`${FILE}: keys.0: must be a key record`]],
    ['a malformed id', { version: 1, keys: [{ ...RECORD, id: 'KEY-1' }] }, [`${FILE}: keys.0.id: must look like key_xxxxxxxxxxxx`]],
    ['a numeric id', { version: 1, keys: [{ ...RECORD, id: 7 }] }, [`${FILE}: keys.0.id: must look like key_xxxxxxxxxxxx`]],
    [
      'a key stored instead of its hash',
      { version: 1, keys: [{ ...RECORD, hash: 'ex_live_secret' }] },
      [`${FILE}: keys.0.hash: must be a SHA-256 hex digest`],
    ],
    [
      'a long hint',
      { version: 1, keys: [{ ...RECORD, hint: 'Ab123' }] },
      [`${FILE}: keys.0.hint: must be the last four characters of the key`],
    ],
    ['an empty tier', { version: 1, keys: [{ ...RECORD, tier: '' }] }, [`${FILE}: keys.0.tier: must name a tier`]],
    ['a numeric label', { version: 1, keys: [{ ...RECORD, label: 3 }] }, [`${FILE}: keys.0.label: must be a string`]],
    [
      'a missing createdAt',
      { version: 1, keys: [{ ...RECORD, createdAt: undefined }] },
      [`${FILE}: keys.0.createdAt: must be an ISO 8601 timestamp`],
    ],
    [
      'a date without time',
      { version: 1, keys: [{ ...RECORD, revokedAt: '2026-11-22' }] },
      [`${FILE}: keys.0.revokedAt: must be an ISO 8601 timestamp`],
    ],
    [
      'an id given twice',
      { version: 1, keys: [RECORD, { ...RECORD, hash: 'b'.repeat(64) }] },
      [`${FILE}: keys.1.id: duplicate id key_0123abcd`],
    ],
    ['a hash given twice', { version: 1, keys: [RECORD, { ...RECORD, id: 'key_other' }] }, [`${FILE}: keys.1.hash: duplicate hash`]],
  ];
  for (const [name, raw, lines] of BAD) {
    it(`refuses ${name}, naming the file and field`, () => {
      const found = refusal(parseKeyStore(raw, FILE));
      assert.deepEqual(found, lines);
      for (const line of found) assert.equal(line.includes(HASH) || line.includes('ex_live_secret'), false, 'no hash or key is echoed');
    });
  }

  it('names a missing field as missing', () => {
    const { hint: _hint, ...withoutHint } = RECORD;
    assert.deepEqual(refusal(parseKeyStore({ version: 1, keys: [withoutHint] }, FILE)), [`${FILE}: keys.0.hint: is missing`]);
  });
});

describe('readKeyStore', () => {
  it('reads an empty store for a missing file, saying it does not exist', () => {
    assert.deepEqual(readKeyStore(join(tempDir(), 'keys.json')), { ok: true, value: { store: EMPTY_STORE, exists: false } });
  });

  it('reads back what writeKeyStore wrote', () => {
    const file = join(tempDir(), 'nested', 'keys.json');
    const { store } = createKey(EMPTY_STORE, 'pro', 'reader', new Date('2026-11-22T10:00:00.000Z'));
    writeKeyStore(file, store);
    assert.deepEqual(readKeyStore(file), { ok: true, value: { store, exists: true } });
    assert.equal(store.keys[0]!.hash.length, 64);
    assert.notEqual(store.keys[0]!.hash, hashKey(''));
  });

  it('refuses a file that is not JSON without quoting it', () => {
    const file = join(tempDir(), 'keys.json');
    writeFileSync(file, 'root:x:0:0');
    assert.deepEqual(refusal(readKeyStore(file)), [`${file}: is not valid JSON`]);
  });

  it('refuses a truncated file', () => {
    const file = join(tempDir(), 'keys.json');
    writeFileSync(file, '{"version":1,"keys":[');
    assert.deepEqual(refusal(readKeyStore(file)), [`${file}: is not valid JSON: it ends too early (truncated?)`]);
  });

  it('refuses a path through a regular file, naming the reason', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'plain'), '');
    const file = join(dir, 'plain', 'keys.json');
    assert.deepEqual(refusal(readKeyStore(file)), [`${file}: cannot be read (ENOTDIR: a folder on its path is a regular file)`]);
  });

  it('refuses a folder where the file should be', () => {
    const file = join(tempDir(), 'keys.json');
    mkdirSync(file);
    assert.deepEqual(refusal(readKeyStore(file)), [`${file}: cannot be read (EISDIR)`]);
  });

  it('refuses a file it may not read', { skip: process.getuid?.() === 0 ? 'root reads any file' : false }, () => {
    const file = join(tempDir(), 'keys.json');
    writeFileSync(file, JSON.stringify(EMPTY_STORE));
    chmodSync(file, 0o000);
    assert.deepEqual(refusal(readKeyStore(file)), [`${file}: cannot be read (EACCES)`]);
  });
});
