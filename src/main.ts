/**
 * Wiring only: configuration -> tiers -> keys -> usage counters -> server (listening first) -> catalog
 * -> reload timers and signals. Anything invalid at start stops the process with the file and field named.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { CatalogLoader } from './catalog/snapshot-files.ts';
import { readConfig } from './config.ts';
import { createApi } from './http/api.ts';
import { startServer } from './http/server.ts';
import { KeyRing, loadKeyStore } from './keys/key-ring.ts';
import { createKey, writeKeyStore } from './keys/key-store.ts';
import { loadTierTable } from './limits/tiers.ts';
import { loadShards, UsageSink } from './limits/usage-sink.ts';
import { MemoryUsageStore, SHARD_COUNT } from './limits/usage-store.ts';
import { createLogger } from './log.ts';
import { buildSearchIndex } from './search/search-index.ts';

function fail(problems: string[]): never {
  for (const problem of problems) process.stderr.write(`error: ${problem}\n`);
  process.exit(1);
}

const VERSION = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

async function main(): Promise<void> {
  const configResult = readConfig(process.env);
  if (!configResult.ok) fail(configResult.problems);
  const config = configResult.config;
  const logger = createLogger(config.logLevel);

  const tierResult = loadTierTable(config.tiersFile);
  if (!tierResult.ok) fail(tierResult.problems);
  const tiers = tierResult.tiers;

  const keyResult = loadKeyStore(config.keysFile, tiers);
  if (!keyResult.ok) fail(keyResult.problems);
  let store = keyResult.store;
  if (!keyResult.exists) {
    const firstTier = tiers.has('free') ? 'free' : [...tiers.keys()][0]!;
    const issued = createKey(store, firstTier, 'first key', new Date());
    writeKeyStore(config.keysFile, issued.store);
    store = issued.store;
    const base = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
    process.stdout.write(
      `Created ${config.keysFile} with one ${firstTier}-tier key. It is shown only this once:\n\n  ${issued.key}\n\n` +
        `Try: curl -H "X-API-Key: ${issued.key}" "${base}/v1/exercises?q=bench%20press&limit=2"\n\n`,
    );
  }
  const keyRing = new KeyRing(config.keysFile, tiers, store, logger);

  mkdirSync(config.stateDir, { recursive: true });
  const shardResult = loadShards(config.stateDir, SHARD_COUNT);
  if (!shardResult.ok) fail(shardResult.problems);
  const sink = new UsageSink(config.stateDir, shardResult.shards, { logger });
  const usage = new MemoryUsageStore(shardResult.shards, () => sink.status());

  const catalogs = new CatalogLoader(config.dataDir, logger, (catalog) => buildSearchIndex(catalog));
  const api = createApi({
    catalog: () => catalogs.current?.catalog,
    search: () => catalogs.current,
    keysByHash: () => keyRing.byHash(),
    tiers,
    usage,
    docsUrlBase: config.docsUrlBase,
    upgradeUrl: config.upgradeUrl,
    searchBudgetMs: config.searchBudgetMs,
    version: VERSION,
    now: Date.now,
    monotonic: () => performance.now(),
    random: Math.random,
    logger,
  });

  // Listen first: until a catalog is loaded, health says 503 and data routes SERVICE_UNAVAILABLE.
  const server = await startServer(config.host, config.port, api, logger);
  setImmediate(() => void catalogs.reload());
  catalogs.watch(config.reloadIntervalMs);
  keyRing.watch(config.reloadIntervalMs);
  sink.start(config.flushIntervalMs);

  process.on('SIGHUP', () => {
    logger.info('SIGHUP: checking for a new snapshot');
    void catalogs.reload();
  });
  let isStopping = false;
  const stop = (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    logger.info('stopping: draining requests and writing usage', { signal });
    void server.close().then(() => {
      catalogs.stop();
      keyRing.stop();
      sink.stop();
      const isWritten = sink.flush();
      if (!isWritten) logger.error('usage could not be written at shutdown', { stateDir: config.stateDir });
      process.exit(isWritten ? 0 : 1);
    });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

void main();
