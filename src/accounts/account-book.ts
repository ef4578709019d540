/**
 * What the portal does with accounts: sign up (an account and a key of the portal's tier, the key
 * returned once), log in, regenerate the account's key, log out everywhere. Changes go through a
 * shared document (documents/shared-document.ts): ACCOUNTS_FILE under its lock on one box, Redis in a
 * fleet; log-in reads the local file, so it works while Redis is down.
 */
import { randomInt } from 'node:crypto';
import { checkJsonText, type DocumentCodec, FileDocument, type SharedDocument } from '../documents/shared-document.ts';
import { fileSignature } from '../files.ts';
import type { KeyAdmin } from '../keys/key-admin.ts';
import { formatProblems } from '../problems.ts';
import { type Account, type Accounts, normalizeEmail, parseAccounts, readAccounts } from './account-store.ts';
import { decoyHash, hashPassword, verifyPassword } from './passwords.ts';

/** ACCOUNTS_FILE as a shared document. */
export function accountsCodec(file: string): DocumentCodec<Accounts> {
  return {
    read() {
      const read = readAccounts(file);
      if (!read.ok) throw new Error(formatProblems(read.problems).join('; '));
      return read.value;
    },
    check: (text, where) => checkJsonText(text, where, parseAccounts),
  };
}

export interface AccountBookOptions {
  file: string;
  keys: KeyAdmin;
  /** The tier of keys made at sign-up. */
  tier: string;
  now(): number;
  /** Where changes go; ACCOUNTS_FILE under its lock unless a fleet's Redis copy is given. */
  document?: SharedDocument<Accounts>;
}

function accountId(): string {
  let id = 'acct_';
  for (let i = 0; i < 14; i++) id += 'abcdefghijklmnopqrstuvwxyz0123456789'[randomInt(36)];
  return id;
}

export class AccountBook {
  readonly #options: AccountBookOptions;
  readonly #document: SharedDocument<Accounts>;
  #cached: { signature: string | undefined; accounts: Accounts } | undefined;

  constructor(options: AccountBookOptions) {
    this.#options = options;
    this.#document = options.document ?? new FileDocument(options.file, accountsCodec(options.file));
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

  /**
   * A new account and its key (shown once), or `taken` when the email has an account already. The key
   * is made first; if another sign-up took the email meanwhile (on any instance), it is revoked again.
   */
  async signUp(email: string, password: string): Promise<{ account: Account; key: string } | 'taken'> {
    const normalized = normalizeEmail(email);
    if (this.read().accounts.some((account) => account.email === normalized)) return 'taken';
    const passwordHash = await hashPassword(password);
    const issued = await this.#options.keys.create(this.#options.tier, `portal: ${normalized}`);
    const account: Account = {
      id: accountId(),
      email: normalized,
      passwordHash,
      keyId: issued.record.id,
      createdAt: new Date(this.#options.now()).toISOString(),
      sessionEpoch: 0,
    };
    const isAdded = await this.#document.update((accounts) =>
      accounts.accounts.some((a) => a.email === normalized)
        ? { doc: undefined, result: false }
        : { doc: { ...accounts, accounts: [...accounts.accounts, account] }, result: true },
    );
    if (!isAdded) {
      await this.#options.keys.revoke(issued.record.id);
      return 'taken';
    }
    return { account, key: issued.key };
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
  async logOut(account: Account): Promise<void> {
    await this.#document.update((accounts) => ({
      doc: { ...accounts, accounts: accounts.accounts.map((a) => (a.id === account.id ? { ...a, sessionEpoch: a.sessionEpoch + 1 } : a)) },
      result: undefined,
    }));
  }
}
