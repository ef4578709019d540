/**
 * Wiring only: configuration -> tiers -> keys -> usage counters -> server (listening first) -> catalog
 * -> reload timers and signals. Anything invalid at start stops the process with the file and field named.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { CatalogLoader } from './catalog/snapshot-files.ts';
import { type Config, readConfig } from './config.ts';
import { claimPidFile, fsProblem } from './files.ts';
import { createApi } from './http/api.ts';
import { startServer } from './http/engines/engine.ts';
import { KeyRing, loadKeyStore } from './keys/key-ring.ts';
import { createKey, writeKeyStore } from './keys/key-store.ts';
import { loadTierTable } from './limits/tiers.ts';
import { loadShards, UsageSink } from './limits/usage-sink.ts';
import { RedisUsageStore } from './limits/redis-usage-store.ts';
import { SHARD_COUNT } from './limits/usage-shards.ts';
import { MemoryUsageStore, type UsageStore } from './limits/usage-store.ts';
import { createLogger, type Logger } from './log.ts';
import { type AccessLog, createAccessLog } from './observe/access-log.ts';
import { tapLogger } from './observe/log-tap.ts';
import { createMetrics, type Metrics, type MetricsSources } from './observe/metrics.ts';
import { type MetricsServer, startMetricsServer } from './observe/metrics-server.ts';
import type { RequestObserver } from './observe/request-record.ts';
import { buildSearchIndex, type SearchIndex } from './search/search-index.ts';

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
/** The catalog loader's line for a refused snapshot, counted by the metrics. */
const REFUSED_SNAPSHOT = 'snapshot refused; the live catalog keeps serving';

interface Observation {
  accessLog: AccessLog | undefined;
  metrics: Metrics | undefined;
  /** Told of every answered request: the access log, the metrics, both or neither. */
  observe: RequestObserver | undefined;
  /** The catalog loader's logger: with metrics on, it also counts refused snapshots. */
  loaderLogger: Logger;
}

/** The access log (LOG_LEVEL info or debug) and the metrics (METRICS_PORT), as configured. */
function observation(config: Config, logger: Logger, sources: MetricsSources): Observation {
  const accessLog = config.logLevel === 'info' || config.logLevel === 'debug' ? createAccessLog() : undefined;
  const metrics = config.metricsPort === undefined ? undefined : createMetrics(sources);
  let observe: RequestObserver | undefined = accessLog?.log ?? metrics?.observe;
  if (accessLog !== undefined && metrics !== undefined) {
    observe = function observeRequest(record) {
      accessLog.log(record);
      metrics.observe(record);
    };
  }
  const loaderLogger = metrics === undefined ? logger : tapLogger(logger, (message) => message === REFUSED_SNAPSHOT && metrics.countRefusedReload());
  return { accessLog, metrics, observe, loaderLogger };
}

/** How often a server started by `npm start` checks that npm is still there (docs/operations.md#signals-through-npm). */
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

  const counters = openCounters(config, logger);
  const usage = counters.usage;

  // The metrics read the loader only when scraped, after it exists; they count its refusals from its log.
  const { accessLog, metrics, observe, loaderLogger } = observation(config, logger, {
    catalog: () => loader.current?.catalog,
    counterStoreStatus: () => usage.status(),
    now: Date.now,
  });
  const loader: CatalogLoader<SearchIndex> = new CatalogLoader({
    dir: config.dataDir,
    maxBytes: config.maxSnapshotBytes,
    logger: loaderLogger,
    prepare: (catalog) => buildSearchIndex(catalog),
  });
  let publicUrl = config.publicUrl ?? `http://localhost:${config.port}`;
  const api = createApi({
    catalog: () => loader.current?.catalog,
    search: () => loader.current,
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
    publicUrl: () => publicUrl,
    observe,
  });

  // Listen first: until a catalog is loaded, health says 503 and data routes SERVICE_UNAVAILABLE.
  let server;
  try {
    server = await startServer(config.engine, {
      host: config.host,
      port: config.port,
      isPortExclusive: counters.isPortExclusive,
      handle: api.handle,
      malformed: api.malformed,
      logger,
    });
  } catch (error) {
    await counters.close();
    fail([`${(error as Error).message}`]);
  }
  if (config.publicUrl === undefined) publicUrl = `http://localhost:${server.port}`;
  let metricsServer: MetricsServer | undefined;
  if (metrics !== undefined) {
    try {
      metricsServer = await startMetricsServer(metrics.registry, config.host, config.metricsPort!);
    } catch (error) {
      await counters.close();
      fail([`cannot serve metrics on ${config.host}:${config.metricsPort}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`]);
    }
    logger.info('metrics listening', { host: config.host, port: metricsServer.port, path: '/metrics' });
  }
  if (firstKey !== undefined) {
    process.stdout.write(
      `Created ${config.keysFile} with one ${firstKey.tier}-tier key. It is shown only this once:\n\n  ${firstKey.key}\n\n` +
        `Try: curl -H "X-API-Key: ${firstKey.key}" "${publicUrl}/v1/exercises?q=bench%20press&limit=2"\n\n`,
    );
  }
  setImmediate(() => void loader.reload());
  loader.watch(config.reloadIntervalMs);
  keyRing.watch(config.reloadIntervalMs);
  counters.start();

  process.on('SIGHUP', () => {
    logger.info('SIGHUP: checking for a new snapshot');
    void loader.reload();
  });
  let isStopping = false;
  const stop = (reason: string) => {
    if (isStopping) return;
    isStopping = true;
    logger.info('stopping: draining requests and writing usage', { reason });
    void Promise.all([server.close(), metricsServer?.close()]).then(async () => {
      loader.stop();
      accessLog?.flush();
      keyRing.stop();
      const isWritten = await counters.close();
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

// ---------------------------------------------------------------------------------------------
// Usage counters: the in-process store owns STATE_DIR and the port; a Redis store shares both.
// ---------------------------------------------------------------------------------------------

interface Counters {
  usage: UsageStore;
  /** With the in-process store one process owns the port (docs/operations.md#one-process-per-port-and-state-folder). */
  isPortExclusive: boolean;
  start(): void;
  /** Writes or hands back what is pending and lets go; false when usage could not be written. */
  close(): Promise<boolean>;
}

function openCounters(config: Config, logger: Logger): Counters {
  if (config.counterStore.kind === 'redis') {
    // No STATE_DIR and no pid file: any number of processes count together in Redis.
    const usage = new RedisUsageStore({ url: config.counterStore.url, timeoutMs: config.redisTimeoutMs, logger });
    return {
      usage,
      isPortExclusive: false,
      start: () => undefined,
      close: () => usage.close().then(() => true),
    };
  }
  orFail(config.stateDir, 'created', () => mkdirSync(config.stateDir, { recursive: true }));
  const lock = claimPidFile(join(config.stateDir, 'server.pid'));
  if (!lock.ok) fail([lock.problem]);
  const shardResult = loadShards(config.stateDir, SHARD_COUNT);
  if (!shardResult.ok) {
    lock.release();
    fail(shardResult.problems);
  }
  const usage = new MemoryUsageStore(shardResult.shards, () => sink.status());
  const sink: UsageSink = new UsageSink(config.stateDir, usage, { logger });
  return {
    usage,
    isPortExclusive: true,
    start: () => sink.start(config.flushIntervalMs),
    close: async () => {
      sink.stop();
      const isWritten = sink.flush();
      if (!isWritten) logger.error('usage could not be written at shutdown', { stateDir: config.stateDir });
      lock.release();
      return isWritten;
    },
  };
}

void main();
