/** The API key format, generation from a CSPRNG, hashing for storage and lookup, and masking for display (its shape: key-shape.ts). */
import * as crypto from 'node:crypto';
import { KEY_PREFIX } from '../key-shape.ts';

const KEY_PATTERN = /^exlib_[A-Za-z0-9]{32}$/;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function isWellFormedKey(candidate: string): boolean {
  return KEY_PATTERN.test(candidate);
}

/** A new key: the prefix and 32 characters drawn uniformly (randomInt rejects modulo bias) from 62. */
export function generateKey(): string {
  let body = '';
  for (let i = 0; i < 32; i++) body += ALPHABET[crypto.randomInt(ALPHABET.length)];
  return KEY_PREFIX + body;
}

/**
 * SHA-256 hex digest: keys carry ~190 bits of entropy, so a fast hash is enough and lookups stay O(1).
 * It runs on every keyed request: the one-shot `crypto.hash` (Node 20.12+) costs under half of a
 * `createHash` object, so keys need no cache of their own (no key is kept in memory in the clear).
 */
export const hashKey: (key: string) => string =
  typeof crypto.hash === 'function'
    ? (key) => crypto.hash('sha256', key, 'hex')
    : /* c8 ignore next: Node before 20.12 */ (key) => crypto.createHash('sha256').update(key).digest('hex');

/** A short random identifier for a key record, safe to show and log. */
export function generateKeyId(): string {
  let id = 'key_';
  for (let i = 0; i < 12; i++) id += ALPHABET[26 + crypto.randomInt(26)]; // lowercase only
  return id;
}

/** The last four characters of a key, kept beside its hash so `keys list` can show which key is which. */
export function keyHint(key: string): string {
  return key.slice(-4);
}

/** What `keys list` shows instead of a key. */
export function maskKey(hint: string): string {
  return `${KEY_PREFIX}${'*'.repeat(28)}${hint}`;
}
