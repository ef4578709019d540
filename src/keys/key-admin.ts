/**
 * Changes to the key store from a running server (the admin API and the portal) and the keys CLI:
 * each one reads the newest store, changes it and writes it back through a shared document
 * (documents/shared-document.ts): KEYS_FILE under its lock on one box, Redis in a fleet. Changes made
 * at once from every instance all land. Every instance then sees them through its KeyRing's reload,
 * within RELOAD_INTERVAL_MS; the instance that wrote sees them at once.
 */
import { checkJsonText, type DocumentCodec, FileDocument, type SharedDocument } from '../documents/shared-document.ts';
import type { TierTable } from '../limits/tiers.ts';
import { formatProblems } from '../problems.ts';
import { loadKeyStore, withKnownTiers } from './key-ring.ts';
import { createKey, type IssuedKey, type KeyRecord, type KeyStore, parseKeyStore, regenerateKey, revokeKey } from './key-store.ts';

/** KEYS_FILE as a shared document: read from the file, and checked against the tier table when it arrives from Redis. */
export function keyStoreCodec(file: string, tiers: TierTable): DocumentCodec<KeyStore> {
  return {
    read() {
      const loaded = loadKeyStore(file, tiers);
      if (!loaded.ok) throw new Error(formatProblems(loaded.problems).join('; '));
      return loaded.value.store;
    },
    check: (text, where) =>
      checkJsonText(text, where, (raw) => {
        const parsed = parseKeyStore(raw, where);
        return parsed.ok ? withKnownTiers(parsed.value, tiers, where) : parsed;
      }),
  };
}

export interface KeyAdminOptions {
  file: string;
  tiers: TierTable;
  /** Called after every write (the instance's KeyRing reloads). */
  afterWrite(): void;
  now(): number;
  /** Where changes go; KEYS_FILE under its lock unless a fleet's Redis copy is given. */
  document?: SharedDocument<KeyStore>;
}

export class KeyAdmin {
  readonly #options: KeyAdminOptions;
  readonly #document: SharedDocument<KeyStore>;

  constructor(options: KeyAdminOptions) {
    this.#options = options;
    this.#document = options.document ?? new FileDocument(options.file, keyStoreCodec(options.file, options.tiers));
  }

  /** The store as it is on disk now (an empty store when there is no file yet). */
  read(): KeyStore {
    const loaded = loadKeyStore(this.#options.file, this.#options.tiers);
    if (!loaded.ok) throw new Error(formatProblems(loaded.problems).join('; '));
    return loaded.value.store;
  }

  /**
   * Reads the newest store, changes it and writes it, exclusively; `change` returns the new store (or
   * none: nothing to write) and a result. It may run more than once (a fleet retries on a conflict).
   */
  async #change<T>(change: (store: KeyStore, now: Date) => { store: KeyStore | undefined; result: T }): Promise<T> {
    const outcome = await this.#document.update((doc) => {
      const { store, result } = change(doc, new Date(this.#options.now()));
      return { doc: store, result: { result, isWritten: store !== undefined } };
    });
    if (outcome.isWritten) this.#options.afterWrite();
    return outcome.result;
  }

  /**
   * Writes `store` only if the newest store holds no key yet (a first start); false when it holds
   * some. The caller tells its KeyRing (which already holds these keys) instead of `afterWrite`.
   */
  initialize(store: KeyStore): Promise<boolean> {
    return this.#document.update((current) =>
      current.keys.length > 0 ? { doc: undefined, result: false } : { doc: { ...current, keys: store.keys }, result: true },
    );
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
