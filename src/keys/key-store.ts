/**
 * The key store file (KEYS_FILE): key records holding a SHA-256 hash of each key, never the key.
 * Pure operations (create, regenerate, revoke) return a new store; reading validates with valibot
 * and names the file and field of every problem; writing is atomic.
 */
import { mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import * as v from 'valibot';
import { fsProblem, readJsonFile, writeFileAtomic } from '../files.ts';
import { fail, issueProblems, ok, problem, type Problem, type Result } from '../problems.ts';
import { generateKey, generateKeyId, hashKey, keyHint } from './api-key.ts';

/** A string matching `pattern`; `message` for anything else, including a value that is no string at all. */
const textLike = (pattern: RegExp, message: string) => v.pipe(v.string(message), v.regex(pattern, message));
const TIMESTAMP = 'must be an ISO 8601 timestamp';
const timestamp = v.pipe(v.string(TIMESTAMP), v.isoTimestamp(TIMESTAMP));

const KeyRecordSchema = v.object(
  {
    id: textLike(/^key_[a-z0-9]+$/, 'must look like key_xxxxxxxxxxxx'),
    hash: textLike(/^[0-9a-f]{64}$/, 'must be a SHA-256 hex digest'),
    hint: textLike(/^[A-Za-z0-9]{4}$/, 'must be the last four characters of the key'),
    tier: v.pipe(v.string('must name a tier'), v.nonEmpty('must name a tier')),
    label: v.string('must be a string'),
    createdAt: timestamp,
    rotatedAt: v.optional(timestamp),
    revokedAt: v.optional(timestamp),
  },
  'must be a key record',
);
export type KeyRecord = v.InferOutput<typeof KeyRecordSchema>;

const KeyStoreSchema = v.object(
  {
    version: v.literal(1, 'must be 1'),
    keys: v.array(KeyRecordSchema, 'must be an array of key records'),
  },
  'must be an object holding version and keys',
);
export type KeyStore = v.InferOutput<typeof KeyStoreSchema>;

export const EMPTY_STORE: KeyStore = { version: 1, keys: [] };

/** Validates a parsed store; problems name `file` and the field (`keys.2.hash`), never a value. */
export function parseKeyStore(raw: unknown, file: string): Result<KeyStore> {
  const parsed = v.safeParse(KeyStoreSchema, raw);
  if (!parsed.success) return fail(issueProblems(file, parsed.issues));
  const problems: Problem[] = [];
  const ids = new Set<string>();
  const hashes = new Set<string>();
  parsed.output.keys.forEach((record, i) => {
    if (ids.has(record.id)) problems.push(problem(file, `keys.${i}.id`, `duplicate id ${record.id}`));
    if (hashes.has(record.hash)) problems.push(problem(file, `keys.${i}.hash`, 'duplicate hash'));
    ids.add(record.id);
    hashes.add(record.hash);
  });
  return problems.length > 0 ? fail(problems) : ok(parsed.output);
}

/** A key store as read, and whether its file exists (a missing file is an empty store). */
export interface KeyStoreRead {
  store: KeyStore;
  exists: boolean;
}

/** Reads the store; a missing file is an empty store (`exists: false`), an unreadable one is refused. */
export function readKeyStore(file: string): Result<KeyStoreRead> {
  try {
    statSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return ok({ store: EMPTY_STORE, exists: false });
    return fail([fsProblem(file, 'read', error)]);
  }
  const read = readJsonFile(file);
  if (!read.ok) return read;
  const parsed = parseKeyStore(read.value, file);
  return parsed.ok ? ok({ store: parsed.value, exists: true }) : parsed;
}

export function writeKeyStore(file: string, store: KeyStore): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileAtomic(file, `${JSON.stringify(store, null, 2)}\n`);
}

/** A key shown to its owner exactly once, with the record that now stands for it. */
export interface IssuedKey {
  store: KeyStore;
  record: KeyRecord;
  key: string;
}

export function createKey(store: KeyStore, tier: string, label: string, now: Date): IssuedKey {
  const key = generateKey();
  let id = generateKeyId();
  while (store.keys.some((k) => k.id === id)) id = generateKeyId();
  const record: KeyRecord = { id, hash: hashKey(key), hint: keyHint(key), tier, label, createdAt: now.toISOString() };
  return { store: { ...store, keys: [...store.keys, record] }, record, key };
}

/** Replaces the key of record `id`; the old key stops working, the id (and so its usage) stays. */
export function regenerateKey(store: KeyStore, id: string, now: Date): IssuedKey | undefined {
  const existing = store.keys.find((k) => k.id === id && k.revokedAt === undefined);
  if (existing === undefined) return undefined;
  const key = generateKey();
  const record: KeyRecord = { ...existing, hash: hashKey(key), hint: keyHint(key), rotatedAt: now.toISOString() };
  return { store: { ...store, keys: store.keys.map((k) => (k.id === id ? record : k)) }, record, key };
}

/** Marks record `id` revoked: it no longer authenticates. The record stays for the usage report. */
export function revokeKey(store: KeyStore, id: string, now: Date): KeyStore | undefined {
  const existing = store.keys.find((k) => k.id === id && k.revokedAt === undefined);
  if (existing === undefined) return undefined;
  return { ...store, keys: store.keys.map((k) => (k.id === id ? { ...k, revokedAt: now.toISOString() } : k)) };
}

/** The live keys of a store, by hash: what the request path authenticates against. */
export function indexByHash(store: KeyStore): ReadonlyMap<string, KeyRecord> {
  return new Map(store.keys.filter((k) => k.revokedAt === undefined).map((k) => [k.hash, k]));
}
