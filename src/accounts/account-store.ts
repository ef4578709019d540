/**
 * The portal's accounts (ACCOUNTS_FILE): an email, a scrypt password hash and the id of the account's
 * key in KEYS_FILE, never a key or a password. Read with valibot; changed only through the account
 * book's shared document, so sign-ups arriving at several instances at once all land.
 */
import { statSync } from 'node:fs';
import * as v from 'valibot';
import { fsProblem, readJsonFile, writeFileAtomic } from '../files.ts';
import { fail, issueProblems, ok, type Result } from '../problems.ts';

const AccountSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^acct_[a-z0-9]+$/)),
  email: v.pipe(v.string(), v.email()),
  passwordHash: v.pipe(v.string(), v.startsWith('scrypt$')),
  keyId: v.string(),
  createdAt: v.pipe(v.string(), v.isoTimestamp()),
  /** Raised at log-out: every session cookie issued before carries an older epoch and stops working. */
  sessionEpoch: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
export type Account = v.InferOutput<typeof AccountSchema>;

const AccountsFileSchema = v.object({ version: v.literal(1), accounts: v.array(AccountSchema) });
export type Accounts = v.InferOutput<typeof AccountsFileSchema>;

export const NO_ACCOUNTS: Accounts = { version: 1, accounts: [] };

/** The accounts on disk; a missing file is none. */
export function readAccounts(file: string): Result<Accounts> {
  try {
    statSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return ok(NO_ACCOUNTS);
    return fail([fsProblem(file, 'read', error)]);
  }
  const read = readJsonFile(file);
  return read.ok ? parseAccounts(read.value, file) : read;
}

/** Validates parsed accounts; problems name `where` (the file, or the Redis copy) and the field. */
export function parseAccounts(raw: unknown, where: string): Result<Accounts> {
  const parsed = v.safeParse(AccountsFileSchema, raw);
  return parsed.success ? ok(parsed.output) : fail(issueProblems(where, parsed.issues));
}

export function writeAccounts(file: string, accounts: Accounts): void {
  writeFileAtomic(file, `${JSON.stringify(accounts, null, 2)}\n`);
}

/** Emails are compared as people type them: trimmed and lowercased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
