/**
 * What the portal does with accounts: sign up (an account and a key of the portal's tier, the key
 * returned once), log in, regenerate the account's key, log out everywhere. Each change runs under
 * ACCOUNTS_FILE's lock, and a key change under KEYS_FILE's inside it (always in that order).
 */
import { randomInt } from 'node:crypto';
import { fileSignature, fsProblem } from '../files.ts';
import { withFileLock } from '../files-lock.ts';
import type { KeyAdmin } from '../keys/key-admin.ts';
import { formatProblem, formatProblems } from '../problems.ts';
import { type Account, type Accounts, normalizeEmail, readAccounts, writeAccounts } from './account-store.ts';
import { decoyHash, hashPassword, verifyPassword } from './passwords.ts';

export interface AccountBookOptions {
  file: string;
  keys: KeyAdmin;
  /** The tier of keys made at sign-up. */
  tier: string;
  now(): number;
}

function accountId(): string {
  let id = 'acct_';
  for (let i = 0; i < 14; i++) id += 'abcdefghijklmnopqrstuvwxyz0123456789'[randomInt(36)];
  return id;
}

export class AccountBook {
  readonly #options: AccountBookOptions;
  #cached: { signature: string | undefined; accounts: Accounts } | undefined;

  constructor(options: AccountBookOptions) {
    this.#options = options;
  }

  /** The accounts on disk, re-read only when the file changed (another instance may have written it). */
  read(): Accounts {
    const signature = fileSignature(this.#options.file);
    if (this.#cached !== undefined && signature !== undefined && this.#cached.signature === signature) return this.#cached.accounts;
    const read = readAccounts(this.#options.file);
    if (!read.ok) throw new Error(formatProblems(read.problems).join('; '));
    this.#cached = { signature, accounts: read.value };
    return read.value;
  }

  byId(id: string): Account | undefined {
    return this.read().accounts.find((account) => account.id === id);
  }

  #write(accounts: Accounts): void {
    try {
      writeAccounts(this.#options.file, accounts);
    } catch (error) {
      throw new Error(formatProblem(fsProblem(this.#options.file, 'written', error)));
    }
  }

  /** A new account and its key (shown once), or `taken` when the email has an account already. */
  async signUp(email: string, password: string): Promise<{ account: Account; key: string } | 'taken'> {
    const normalized = normalizeEmail(email);
    const passwordHash = await hashPassword(password);
    return withFileLock(this.#options.file, async () => {
      const accounts = this.read();
      if (accounts.accounts.some((account) => account.email === normalized)) return 'taken';
      const issued = await this.#options.keys.create(this.#options.tier, `portal: ${normalized}`);
      const account: Account = {
        id: accountId(),
        email: normalized,
        passwordHash,
        keyId: issued.record.id,
        createdAt: new Date(this.#options.now()).toISOString(),
        sessionEpoch: 0,
      };
      this.#write({ ...accounts, accounts: [...accounts.accounts, account] });
      return { account, key: issued.key };
    });
  }

  /** The account whose email and password these are; one scrypt either way, so timing tells nothing. */
  async logIn(email: string, password: string): Promise<Account | undefined> {
    const account = this.read().accounts.find((a) => a.email === normalizeEmail(email));
    const isMatch = await verifyPassword(password, account?.passwordHash ?? (await decoyHash()));
    return account !== undefined && isMatch ? account : undefined;
  }

  /** A new key for the account (the old one stops working); undefined when its key is gone (revoked by the operator). */
  async regenerate(account: Account): Promise<string | undefined> {
    return (await this.#options.keys.regenerate(account.keyId))?.key;
  }

  /** Ends every session of the account (cookies carry the epoch they were issued in). */
  logOut(account: Account): Promise<void> {
    return withFileLock(this.#options.file, () => {
      const accounts = this.read();
      this.#write({
        ...accounts,
        accounts: accounts.accounts.map((a) => (a.id === account.id ? { ...a, sessionEpoch: a.sessionEpoch + 1 } : a)),
      });
    });
  }
}
