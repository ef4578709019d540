/**
 * The key store file (KEYS_FILE): key records holding a SHA-256 hash of each key, never the key.
 * Pure operations (create, regenerate, revoke) return a new store; reading validates with valibot
 * and names the file and field of every problem; writing is atomic.
 */
import { mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import * as v from 'valibot';
import { fileIssues, fsProblem, readJsonFile, writeFileAtomic } from '../files.ts';
import { generateKey, generateKeyId, hashKey, keyHint } from './api-key.ts';

const KeyRecordSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^key_[a-z0-9]+$/, 'must look like key_xxxxxxxxxxxx')),
  hash: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/, 'must be a SHA-256 hex digest')),
  hint: v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{4}$/, 'must be the last four characters of the key')),
  tier: v.pipe(v.string(), v.nonEmpty('must name a tier')),
  label: v.string(),
  createdAt: v.pipe(v.string(), v.isoTimestamp('must be an ISO 8601 timestamp')),
  rotatedAt: v.optional(v.pipe(v.string(), v.isoTimestamp('must be an ISO 8601 timestamp'))),
  revokedAt: v.optional(v.pipe(v.string(), v.isoTimestamp('must be an ISO 8601 timestamp'))),
});
export type KeyRecord = v.InferOutput<typeof KeyRecordSchema>;

const KeyStoreSchema = v.object({
  version: v.literal(1, 'must be 1'),
  keys: v.array(KeyRecordSchema),
});
export type KeyStore = v.InferOutput<typeof KeyStoreSchema>;

export type KeyStoreResult = { ok: true; store: KeyStore } | { ok: false; problems: string[] };

export const EMPTY_STORE: KeyStore = { version: 1, keys: [] };

export function parseKeyStore(raw: unknown, file: string): KeyStoreResult {
  const parsed = v.safeParse(KeyStoreSchema, raw);
  if (!parsed.success) {
    return { ok: false, problems: fileIssues(file, parsed.issues) };
  }
  const problems: string[] = [];
  const ids = new Set<string>();
  const hashes = new Set<string>();
  parsed.output.keys.forEach((record, i) => {
    if (ids.has(record.id)) problems.push(`${file}: keys.${i}.id: duplicate id ${record.id}`);
    if (hashes.has(record.hash)) problems.push(`${file}: keys.${i}.hash: duplicate hash`);
    ids.add(record.id);
    hashes.add(record.hash);
  });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, store: parsed.output };
}

/** Reads the store; a missing file is an empty store (`exists: false`), an unreadable one is refused. */
export function readKeyStore(file: string): KeyStoreResult & { exists: boolean } {
  try {
    statSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { ok: true, store: EMPTY_STORE, exists: false };
    return { ok: false, problems: [fsProblem(file, 'read', error)], exists: false };
  }
  const read = readJsonFile(file);
  if (!read.ok) return { ok: false, problems: [read.problem], exists: true };
  return { ...parseKeyStore(read.value, file), exists: true };
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
