/**
 * Where the key store and the portal's accounts are changed (documents/shared-document.ts): with the
 * in-process counter store, in KEYS_FILE and ACCOUNTS_FILE under their locks (one box, or processes
 * sharing one folder); with COUNTER_STORE=redis://… (or redis-cluster://…), in that Redis, mirrored into those files on every
 * instance (docs/operations.md#keys-and-accounts-in-a-fleet).
 */
import type { Accounts } from '../accounts/account-store.ts';
import { accountsCodec } from '../accounts/account-book.ts';
import type { Config } from '../config.ts';
import type { RedisClient } from '../limits/redis-connection.ts';
import { openFleetRedis, RedisDocument, shareSessionSecret, whenReady } from '../documents/redis-document.ts';
import { FileDocument, type SharedDocument } from '../documents/shared-document.ts';
import { keyStoreCodec } from '../keys/key-admin.ts';
import type { KeyStore } from '../keys/key-store.ts';
import type { TierTable } from '../limits/tiers.ts';
import type { Logger } from '../log.ts';
import { sessionSecretFile } from '../portal/session-secret.ts';

/** The hashes that hold the fleet's copies. */
export const KEYS_DOCUMENT = 'exlib:doc:keys';
export const ACCOUNTS_DOCUMENT = 'exlib:doc:accounts';

export interface Documents {
  keys: SharedDocument<KeyStore>;
  accounts: SharedDocument<Accounts>;
  /** A fleet's connection for shared state (also the portal's attempt limits); none on one box. */
  redis: RedisClient | undefined;
}

/** The documents, each local file already brought up to date with the fleet's copy (when Redis answers). */
export async function openDocuments(config: Config, tiers: TierTable, logger: Logger): Promise<Documents> {
  if (config.counterStore.kind !== 'redis') {
    return {
      keys: new FileDocument(config.keysFile, keyStoreCodec(config.keysFile, tiers)),
      accounts: new FileDocument(config.accountsFile, accountsCodec(config.accountsFile)),
      redis: undefined,
    };
  }
  const redis = openFleetRedis(config.counterStore.url, config.redisTimeoutMs);
  const codec = keyStoreCodec(config.keysFile, tiers);
  const keys = new RedisDocument({ client: redis, key: KEYS_DOCUMENT, file: config.keysFile, codec, logger });
  const accounts = new RedisDocument({
    client: redis,
    key: ACCOUNTS_DOCUMENT,
    file: config.accountsFile,
    codec: accountsCodec(config.accountsFile),
    logger,
  });
  // A Redis that does not answer is logged by sync; the local copies serve meanwhile.
  await whenReady(redis);
  await Promise.all([keys.sync(), accounts.sync()]);
  if (config.isPortalOn) await shareSessionSecret(redis, sessionSecretFile(config.accountsFile), logger);
  return { keys, accounts, redis };
}
