/**
 * The key store the server starts with: KEYS_FILE as it is, or, when there is none yet, one key of the
 * operator tier made in memory. That store is written only once the server listens, and the key printed
 * right after (docs/operations.md#first-start): a start that fails before listening leaves no file
 * behind, so the next start makes and prints a key again.
 */
import type { Config } from '../config.ts';
import type { KeyAdmin } from '../keys/key-admin.ts';
import { KeyRing, loadKeyStore } from '../keys/key-ring.ts';
import { createKey, type KeyStore } from '../keys/key-store.ts';
import { OPERATOR_TIER, type TierTable } from '../limits/tiers.ts';
import type { Logger } from '../log.ts';
import { refuseToStart } from './refuse-to-start.ts';

/** A key made at this start, to write and then show once. */
export interface FirstKey {
  key: string;
  tier: string;
  /** The store holding the key's hash, not yet on disk. */
  store: KeyStore;
}

export function openKeys(config: Config, tiers: TierTable, logger: Logger): { keyRing: KeyRing; firstKey: FirstKey | undefined } {
  const keyResult = loadKeyStore(config.keysFile, tiers);
  if (!keyResult.ok) refuseToStart(keyResult.problems);
  let store = keyResult.value.store;
  let firstKey: FirstKey | undefined;
  if (!keyResult.value.exists) {
    const issued = createKey(store, OPERATOR_TIER, 'operator (first start)', new Date());
    store = issued.store;
    firstKey = { key: issued.key, tier: OPERATOR_TIER, store };
  }
  return { keyRing: new KeyRing(config.keysFile, tiers, store, logger), firstKey };
}

/**
 * Writes the first key's store, exclusively against every other writer (the keys CLI, another
 * instance's first start), unless the newest store already holds a key: then that store stands and
 * false says no first key was made. Throws when the store cannot be written (the caller refuses to
 * start with it).
 */
export function persistFirstKey(firstKey: FirstKey, keys: KeyAdmin): Promise<boolean> {
  return keys.initialize(firstKey.store);
}

export function announceFirstKey(firstKey: FirstKey, keysFile: string, publicUrl: string): void {
  process.stdout.write(
    `Created ${keysFile} with one key of the ${firstKey.tier} tier (no daily or minute limit, 100 results per request; ` +
      `for your own apps). It is shown only this once:\n\n  ${firstKey.key}\n\n` +
      `Try: curl -H "X-API-Key: ${firstKey.key}" "${publicUrl}/v1/exercises?q=bench%20press&limit=2"\n` +
      'Keys for others: npm run keys -- create --tier free (docs/operations.md#keys-cli).\n\n',
  );
}
