/**
 * The secret that signs portal sessions and CSRF tokens: a file of 32 random bytes beside
 * ACCOUNTS_FILE, made by the first instance that needs it ('wx': of instances starting at once, one
 * writes it and the others read it), so every instance sharing the folder accepts the same cookies.
 * In a fleet, Redis hands every instance the same secret first (documents/redis-document.ts).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Where the secret lives: beside ACCOUNTS_FILE. */
export function sessionSecretFile(accountsFile: string): string {
  return join(dirname(accountsFile), 'session-secret');
}

export function loadSessionSecret(accountsFile: string): Buffer {
  const file = sessionSecretFile(accountsFile);
  const folder = dirname(file);
  mkdirSync(folder, { recursive: true });
  try {
    writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  // Another instance may be between creating and writing it: a short read is retried.
  for (;;) {
    const text = readFileSync(file, 'utf8').trim();
    if (/^[0-9a-f]{64}$/.test(text)) return Buffer.from(text, 'hex');
    if (text.length > 0) throw new Error(`${file}: is not 64 hex digits (delete it to make a new one; every session ends)`);
  }
}
