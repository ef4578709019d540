/**
 * The live set of keys the server authenticates against, reloaded from KEYS_FILE when it changes so
 * that `npm run keys` takes effect without a restart. A store that fails validation is refused with
 * the file and field named, and the keys already loaded stay in force.
 */
import { fileSignature } from '../files.ts';
import type { TierTable } from '../limits/tiers.ts';
import type { Logger } from '../log.ts';
import { fail, formatProblems, ok, problem, type Problem, type Result } from '../problems.ts';
import { indexByHash, type KeyRecord, type KeyStore, type KeyStoreRead, readKeyStore } from './key-store.ts';

/** Problems with a store whose records name tiers the tier table does not have. */
export function unknownTierProblems(store: KeyStore, tiers: TierTable, file: string): Problem[] {
  const known = [...tiers.keys()].join(', ');
  return store.keys.flatMap((record, i) =>
    tiers.has(record.tier) ? [] : [problem(file, `keys.${i}.tier`, `"${record.tier}" is not a tier of the tier table (${known})`)],
  );
}

/** `store`, or the problems of its records whose tiers the tier table does not have (naming `where`). */
export function withKnownTiers(store: KeyStore, tiers: TierTable, where: string): Result<KeyStore> {
  const problems = unknownTierProblems(store, tiers, where);
  return problems.length > 0 ? fail(problems) : ok(store);
}

/** Reads and fully checks a key store against the tier table. */
export function loadKeyStore(file: string, tiers: TierTable): Result<KeyStoreRead> {
  const result = readKeyStore(file);
  if (!result.ok) return result;
  const checked = withKnownTiers(result.value.store, tiers, file);
  return checked.ok ? result : checked;
}

export class KeyRing {
  readonly #file: string;
  readonly #tiers: TierTable;
  readonly #logger: Logger;
  #byHash: ReadonlyMap<string, KeyRecord>;
  #signature: string | undefined;
  #timer: NodeJS.Timeout | undefined;

  constructor(file: string, tiers: TierTable, store: KeyStore, logger: Logger) {
    this.#file = file;
    this.#tiers = tiers;
    this.#logger = logger;
    this.#byHash = indexByHash(store);
    this.#signature = fileSignature(file);
  }

  byHash(): ReadonlyMap<string, KeyRecord> {
    return this.#byHash;
  }

  /** The file now holds exactly the keys this ring has (this process wrote them): no reload for that change. */
  noteWritten(): void {
    this.#signature = fileSignature(this.#file);
  }

  /** Reloads the store if the file changed. A missing or invalid file keeps the current keys. */
  reload(): void {
    const signature = fileSignature(this.#file);
    if (signature === undefined || signature === this.#signature) return;
    this.#signature = signature;
    const result = loadKeyStore(this.#file, this.#tiers);
    if (!result.ok) {
      this.#logger.error('key store refused; the keys already loaded stay in force', { problems: formatProblems(result.problems) });
      return;
    }
    this.#byHash = indexByHash(result.value.store);
    this.#logger.info('key store reloaded', { keys: this.#byHash.size });
  }

  watch(intervalMs: number): void {
    this.#timer = setInterval(() => this.reload(), intervalMs);
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
  }
}
