/**
 * Wiring only: configuration -> tiers -> keys -> usage counters -> server (listening first) -> catalog
 * -> reload timers and signals. Anything invalid at start stops the process with the file and field named.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { CatalogLoader } from './catalog/snapshot-files.ts';
import { readConfig } from './config.ts';
import { claimPidFile, fsProblem } from './files.ts';
import { createApi } from './http/api.ts';
import { startServer } from './http/engines/engine.ts';
import { KeyRing, loadKeyStore } from './keys/key-ring.ts';
import { createKey, writeKeyStore } from './keys/key-store.ts';
import { loadTierTable } from './limits/tiers.ts';
import { loadShards, UsageSink } from './limits/usage-sink.ts';
import { MemoryUsageStore, SHARD_COUNT } from './limits/usage-store.ts';
import { createLogger } from './log.ts';

function fail(problems: string[]): never {
  for (const problem of problems) process.stderr.write(`error: ${problem}\n`);
  process.exit(1);
}

/** Runs `step`; a file-system fault becomes one `error:` line naming the path, not a stack trace. */
function orFail<T>(path: string, verb: string, step: () => T): T {
  try {
    return step();
  } catch (error) {
    fail([fsProblem(path, verb, error)]);
  }
}

const VERSION = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
/** How often a server started by `npm start` checks that npm is still there (CONTRACT.md, "Commands"). */
const PARENT_CHECK_MS = 500;

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
  let firstKey: { key: string; tier: string } | undefined;
  if (!keyResult.exists) {
    const tier = tiers.has('free') ? 'free' : [...tiers.keys()][0]!;
    const issued = createKey(store, tier, 'first key', new Date());
    orFail(config.keysFile, 'written', () => writeKeyStore(config.keysFile, issued.store));
    store = issued.store;
    firstKey = { key: issued.key, tier };
  }
  const keyRing = new KeyRing(config.keysFile, tiers, store, logger);

  orFail(config.stateDir, 'created', () => mkdirSync(config.stateDir, { recursive: true }));
  const lock = claimPidFile(join(config.stateDir, 'server.pid'));
  if (!lock.ok) fail([lock.problem]);
  const shardResult = loadShards(config.stateDir, SHARD_COUNT);
  if (!shardResult.ok) {
    lock.release();
    fail(shardResult.problems);
  }
  const sink = new UsageSink(config.stateDir, shardResult.shards, { logger });
  const usage = new MemoryUsageStore(shardResult.shards, () => sink.status());

  const catalogs = new CatalogLoader({ dir: config.dataDir, maxBytes: config.maxSnapshotBytes, logger });
  let publicUrl = config.publicUrl ?? `http://localhost:${config.port}`;
  const api = createApi({
    catalog: () => catalogs.current,
    keysByHash: () => keyRing.byHash(),
    tiers,
    usage,
    docsUrlBase: () => config.docsUrlBase ?? `${publicUrl}/docs`,
    upgradeUrl: config.upgradeUrl,
    searchBudgetMs: config.searchBudgetMs,
    version: VERSION,
    now: Date.now,
    monotonic: () => performance.now(),
    random: Math.random,
    logger,
  });

  // Listen first: until a catalog is loaded, health says 503 and data routes SERVICE_UNAVAILABLE.
  let server;
  try {
    server = await startServer(config.engine, {
      host: config.host,
      port: config.port,
      isPortExclusive: true,
      handle: api.handle,
      malformed: api.malformed,
      logger,
    });
  } catch (error) {
    lock.release();
    fail([`${(error as Error).message}`]);
  }
  if (config.publicUrl === undefined) publicUrl = `http://localhost:${server.port}`;
  if (firstKey !== undefined) {
    process.stdout.write(
      `Created ${config.keysFile} with one ${firstKey.tier}-tier key. It is shown only this once:\n\n  ${firstKey.key}\n\n` +
        `Try: curl -H "X-API-Key: ${firstKey.key}" "${publicUrl}/v1/exercises?q=bench%20press&limit=2"\n\n`,
    );
  }
  setImmediate(() => void catalogs.reload());
  catalogs.watch(config.reloadIntervalMs);
  keyRing.watch(config.reloadIntervalMs);
  sink.start(config.flushIntervalMs);

  process.on('SIGHUP', () => {
    logger.info('SIGHUP: checking for a new snapshot');
    void catalogs.reload();
  });
  let isStopping = false;
  const stop = (reason: string) => {
    if (isStopping) return;
    isStopping = true;
    logger.info('stopping: draining requests and writing usage', { reason });
    void server.close().then(() => {
      catalogs.stop();
      keyRing.stop();
      sink.stop();
      const isWritten = sink.flush();
      if (!isWritten) logger.error('usage could not be written at shutdown', { stateDir: config.stateDir });
      lock.release();
      process.exit(isWritten ? 0 : 1);
    });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  // npm forwards SIGINT and SIGTERM to `npm start`'s child but dies of SIGHUP (and of SIGKILL) without
  // a word: a server started by npm stops when npm is gone, rather than serve on as an orphan.
  if (process.env.npm_lifecycle_event !== undefined) {
    const parent = process.ppid;
    setInterval(() => {
      if (process.ppid !== parent) stop('npm, the parent process, is gone');
    }, PARENT_CHECK_MS).unref();
  }
}

void main();
