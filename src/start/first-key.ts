/**
 * The key store the server starts with: KEYS_FILE as it is, or, when there is none yet, a new one
 * holding one key, which is shown once on stdout (docs/operations.md).
 */
import type { Config } from '../config.ts';
import { KeyRing, loadKeyStore } from '../keys/key-ring.ts';
import { createKey, writeKeyStore } from '../keys/key-store.ts';
import type { TierTable } from '../limits/tiers.ts';
import type { Logger } from '../log.ts';
import { orRefuseToStart, refuseToStart } from './refuse-to-start.ts';

/** A key made at this start, to show once. */
export interface FirstKey {
  key: string;
  tier: string;
}

export function openKeys(config: Config, tiers: TierTable, logger: Logger): { keyRing: KeyRing; firstKey: FirstKey | undefined } {
  const keyResult = loadKeyStore(config.keysFile, tiers);
  if (!keyResult.ok) refuseToStart(keyResult.problems);
  let store = keyResult.value.store;
  let firstKey: FirstKey | undefined;
  if (!keyResult.value.exists) {
    const tier = tiers.has('free') ? 'free' : [...tiers.keys()][0]!;
    const issued = createKey(store, tier, 'first key', new Date());
    orRefuseToStart(config.keysFile, 'written', () => writeKeyStore(config.keysFile, issued.store));
    store = issued.store;
    firstKey = { key: issued.key, tier };
  }
  return { keyRing: new KeyRing(config.keysFile, tiers, store, logger), firstKey };
}

export function announceFirstKey(firstKey: FirstKey, keysFile: string, publicUrl: string): void {
  process.stdout.write(
    `Created ${keysFile} with one ${firstKey.tier}-tier key. It is shown only this once:\n\n  ${firstKey.key}\n\n` +
      `Try: curl -H "X-API-Key: ${firstKey.key}" "${publicUrl}/v1/exercises?q=bench%20press&limit=2"\n\n`,
  );
}
