/**
 * Changes to the key store from a running server (the admin API and the portal): each one reads
 * KEYS_FILE, changes it and writes it back while holding its lock file (files-lock.ts), so changes
 * from every instance sharing the file, made at once, all land. Every instance then sees them through
 * its KeyRing's reload, within RELOAD_INTERVAL_MS; the instance that wrote sees them at once.
 */
import { withFileLock } from '../files-lock.ts';
import type { TierTable } from '../limits/tiers.ts';
import { formatProblems } from '../problems.ts';
import { loadKeyStore } from './key-ring.ts';
import { createKey, type IssuedKey, type KeyRecord, type KeyStore, regenerateKey, revokeKey, writeKeyStore } from './key-store.ts';

export interface KeyAdminOptions {
  file: string;
  tiers: TierTable;
  /** Called after every write (the instance's KeyRing reloads). */
  afterWrite(): void;
  now(): number;
}

export class KeyAdmin {
  readonly #options: KeyAdminOptions;

  constructor(options: KeyAdminOptions) {
    this.#options = options;
  }

  /** The store as it is on disk now (an empty store when there is no file yet). */
  read(): KeyStore {
    const loaded = loadKeyStore(this.#options.file, this.#options.tiers);
    if (!loaded.ok) throw new Error(formatProblems(loaded.problems).join('; '));
    return loaded.value.store;
  }

  /** Reads, changes and writes the store under its lock; `change` returns the new store (or none: nothing to write) and a result. */
  async #change<T>(change: (store: KeyStore, now: Date) => { store: KeyStore | undefined; result: T }): Promise<T> {
    const outcome = await withFileLock(this.#options.file, () => {
      const { store, result } = change(this.read(), new Date(this.#options.now()));
      if (store !== undefined) writeKeyStore(this.#options.file, store);
      return { result, isWritten: store !== undefined };
    });
    if (outcome.isWritten) this.#options.afterWrite();
    return outcome.result;
  }

  create(tier: string, label: string): Promise<IssuedKey> {
    return this.#change((store, now) => {
      const issued = createKey(store, tier, label, now);
      return { store: issued.store, result: issued };
    });
  }

  /** A new key for record `id`; undefined when there is no live record `id`. */
  regenerate(id: string): Promise<IssuedKey | undefined> {
    return this.#change((store, now) => {
      const issued = regenerateKey(store, id, now);
      return { store: issued?.store, result: issued };
    });
  }

  /** Revokes record `id`; false when there is no live record `id`. */
  revoke(id: string): Promise<boolean> {
    return this.#change((store, now) => {
      const next = revokeKey(store, id, now);
      return { store: next, result: next !== undefined };
    });
  }

  /** Changes a live record's tier or label; undefined when there is no live record `id`. */
  update(id: string, change: { tier?: string | undefined; label?: string | undefined }): Promise<KeyRecord | undefined> {
    return this.#change((store) => {
      const existing = store.keys.find((k) => k.id === id && k.revokedAt === undefined);
      if (existing === undefined) return { store: undefined, result: undefined };
      const record: KeyRecord = { ...existing, tier: change.tier ?? existing.tier, label: change.label ?? existing.label };
      return { store: { ...store, keys: store.keys.map((k) => (k.id === id ? record : k)) }, result: record };
    });
  }
}
