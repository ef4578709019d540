/**
 * Wiring only: configuration -> tiers -> keys -> usage counters -> server (listening first) -> catalog
 * -> reload timers and signals. Anything invalid at start stops the process with the file and field named.
 * The pieces live in start/: refuse-to-start.ts, first-key.ts, counters.ts, observation.ts, signals.ts.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { mediaSignature } from './catalog/media-listing.ts';
import { CatalogLoader } from './catalog/snapshot-files.ts';
import { type Config, readConfig } from './config.ts';
import { fsProblem } from './files.ts';
import { createAdminApi } from './http/admin/admin-api.ts';
import { bearerCheck } from './http/admin/admin-auth.ts';
import { type ApiDeps, createApi } from './http/api.ts';
import { KeyAdmin } from './keys/key-admin.ts';
import { startServer } from './http/engines/engine.ts';
import { createMediaHost } from './http/media-host.ts';
import type { Server } from './http/engines/server.ts';
import type { KeyRing } from './keys/key-ring.ts';
import { loadTierTable, type TierTable } from './limits/tiers.ts';
import type { UsageStore } from './limits/usage-store.ts';
import { createLogger, type Logger } from './log.ts';
import { problem } from './problems.ts';
import type { MetricsServer } from './observe/metrics-server.ts';
import type { RequestObserver } from './observe/request-record.ts';
import { StatusHistory } from './observe/status-history.ts';
import { adoptIndex, INDEX_BUILD_MODULE } from './search/index-parts.ts';
import { buildSearchIndex, type SearchIndex } from './search/search-index.ts';
import { isWarmedBy, warmUp } from './search/warm-up.ts';
import { openCounters } from './start/counters.ts';
import { type Documents, openDocuments } from './start/documents.ts';
import { refuseToStart } from './start/refuse-to-start.ts';
import { announceFirstKey, openKeys, persistFirstKey } from './start/first-key.ts';
import { observation, serveMetrics } from './start/observation.ts';
import { openPages } from './start/pages.ts';
import { startBackgroundRender } from './start/media-render.ts';
import { handleSignals } from './start/signals.ts';

/** `index`, warmed unless serving `previous` already ran every path it will (search/warm-up.ts). */
function warmed(index: SearchIndex, previous: SearchIndex | undefined): Promise<SearchIndex> | SearchIndex {
  return isWarmedBy(index, previous) ? index : warmUp(index);
}

const VERSION = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

interface ServiceParts {
  tiers: TierTable;
  keyRing: KeyRing;
  usage: UsageStore;
  admin: ApiDeps['admin'];
  pages: ApiDeps['pages'];
  /** Told of every answered request besides the access log and metrics (the operator view's hours). */
  alsoObserve: RequestObserver;
}

/**
 * The catalog loader, the request pipeline over it and the observers of both. `site.publicUrl` is the
 * base the docs page and error links use; it becomes the real port's once the server listens.
 */
function createService(config: Config, logger: Logger, { tiers, keyRing, usage, admin, pages, alsoObserve }: ServiceParts) {
  const site = { publicUrl: config.publicUrl ?? `http://localhost:${config.port}` };
  // The metrics read the loader only when scraped, after it exists; they count its refusals from its log.
  const { accessLog, metrics, observe, loaderLogger } = observation(config, logger, {
    catalog: () => loader.current?.catalog,
    counterStoreStatus: () => usage.status(),
    now: Date.now,
  });
  const mediaFolders = { rendered: config.mediaDir, photos: config.photosDir };
  const loader: CatalogLoader<SearchIndex> = new CatalogLoader({
    dir: config.dataDir,
    maxBytes: config.maxSnapshotBytes,
    logger: loaderLogger,
    // Built from what the live index's build read, and warmed before the swap unless serving the live one
    // already ran its paths: a catalog is served hot (search/warm-up.ts).
    prepare: (catalog, previous) => buildSearchIndex(catalog, undefined, { previous }).then((index) => warmed(index, previous)),
    // Built by the reading process and adopted here, so that serving never waits behind a build (issue 19).
    offThread: {
      module: INDEX_BUILD_MODULE,
      adopt: async (catalog, parts, previous) => {
        const adopted = await adoptIndex(catalog, parts);
        return 'problem' in adopted ? adopted : { adopted: await warmed(adopted.index, previous) };
      },
    },
    media: {
      signature: () => mediaSignature(config.mediaDir),
      folders: mediaFolders,
      url: () => config.mediaUrl ?? `${site.publicUrl}/media`,
    },
  });
  const api = createApi({
    catalog: () => loader.current?.catalog,
    search: () => loader.current,
    keysByHash: () => keyRing.byHash(),
    tiers,
    usage,
    docsUrlBase: () => config.docsUrlBase ?? `${site.publicUrl}/docs`,
    upgradeUrl: config.upgradeUrl,
    searchBudgetMs: config.searchBudgetMs,
    version: VERSION,
    now: Date.now,
    monotonic: () => performance.now(),
    random: Math.random,
    logger,
    publicUrl: () => site.publicUrl,
    observe:
      observe === undefined
        ? alsoObserve
        : function observeRequest(record) {
            observe(record);
            alsoObserve(record);
          },
    admin,
    pages,
    media: createMediaHost(mediaFolders),
  });
  return { api, loader, accessLog, metrics, site };
}

/** In a fleet, brings this instance's copies of keys and accounts up to date every `intervalMs`. */
function syncDocuments(documents: Documents, keyRing: KeyRing, intervalMs: number): NodeJS.Timeout | undefined {
  if (documents.redis === undefined) return undefined;
  let isRunning = false;
  const timer = setInterval(async function syncOnce() {
    if (isRunning) return;
    isRunning = true;
    try {
      if (await documents.keys.sync()) keyRing.reload();
      await documents.accounts.sync();
    } finally {
      isRunning = false;
    }
  }, intervalMs);
  timer.unref();
  return timer;
}

async function main(): Promise<void> {
  const configResult = readConfig(process.env);
  if (!configResult.ok) refuseToStart(configResult.problems);
  const config = configResult.value;
  const logger = createLogger(config.logLevel);

  const tierResult = loadTierTable(config.tiersFile);
  if (!tierResult.ok) refuseToStart(tierResult.problems);
  const tiers = tierResult.value;
  const documents = await openDocuments(config, tiers, logger);
  const { keyRing, firstKey } = openKeys(config, tiers, logger);
  const counters = openCounters(config, logger);
  const usage = counters.usage;

  const keyAdmin = new KeyAdmin({
    file: config.keysFile,
    tiers,
    afterWrite: () => keyRing.reload(),
    now: Date.now,
    document: documents.keys,
  });
  const admin =
    config.adminToken === undefined
      ? undefined
      : createAdminApi({
          isAdminToken: bearerCheck(config.adminToken),
          keys: keyAdmin,
          tiers,
          usageByDay: counters.usageByDay,
          now: Date.now,
        });
  const publicUrl = { current: config.publicUrl ?? `http://localhost:${config.port}` };
  const history = new StatusHistory(Date.now);
  const pages = openPages(config, {
    tiers,
    keys: keyAdmin,
    accounts: documents.accounts,
    fleetRedis: documents.redis,
    usageByDay: counters.usageByDay,
    publicUrl: () => publicUrl.current,
    logger,
    hours: () => history.hours(),
    health: () => {
      const catalog = loader.current?.catalog;
      const counterStore = usage.status();
      const status = catalog === undefined ? 'unavailable' : counterStore === 'ok' ? 'ok' : 'degraded';
      return { status, dataVersion: catalog?.dataVersion ?? null, exercises: catalog?.exercises.length ?? 0, counterStore };
    },
  });
  const { api, loader, accessLog, metrics, site } = createService(config, logger, {
    tiers,
    keyRing,
    usage,
    admin,
    pages,
    alsoObserve: history.record,
  });

  // Listen first: until a catalog is loaded, health says 503 and data routes SERVICE_UNAVAILABLE.
  let server: Server;
  let metricsServer: MetricsServer | undefined;
  try {
    server = await startServer(config.engine, {
      host: config.host,
      port: config.port,
      isPortExclusive: counters.isPortExclusive,
      handle: api.handle,
      malformed: api.malformed,
      logger,
    });
    metricsServer = await serveMetrics(metrics, config, logger);
  } catch (error) {
    await counters.close();
    refuseToStart([problem('', '', (error as Error).message)]);
  }
  if (config.publicUrl === undefined) site.publicUrl = `http://localhost:${server.port}`;
  publicUrl.current = site.publicUrl;
  if (firstKey !== undefined) {
    // Written only now that the server listens, then printed: no start leaves a key nobody saw.
    let written = false;
    try {
      written = await persistFirstKey(firstKey, keyAdmin);
    } catch (error) {
      await Promise.all([server.close(), metricsServer?.close(), counters.close()]);
      refuseToStart([fsProblem(config.keysFile, 'written', error)]);
    }
    if (written) {
      keyRing.noteWritten();
      announceFirstKey(firstKey, config.keysFile, site.publicUrl);
    } else {
      // Someone made keys while this server started (the keys CLI, another instance of a fleet):
      // theirs stand, and the unannounced first key goes.
      logger.info('a key store appeared while starting; it is kept and no first key was made', { file: config.keysFile });
      keyRing.reload();
    }
  }

  setImmediate(() => void loader.reload());
  const mediaRender = config.isMediaRendered
    ? startBackgroundRender({ mediaDir: config.mediaDir, motionDir: config.motionDir, dataDir: config.dataDir, logger })
    : undefined;
  loader.watch(config.reloadIntervalMs);
  keyRing.watch(config.reloadIntervalMs);
  const documentSync = syncDocuments(documents, keyRing, config.reloadIntervalMs);
  counters.start();
  handleSignals({
    logger,
    closeListeners: () => Promise.all([server.close(), metricsServer?.close()]),
    closeState: () => {
      mediaRender?.stop();
      loader.stop();
      accessLog?.flush();
      keyRing.stop();
      clearInterval(documentSync);
      documents.redis?.disconnect();
      return counters.close();
    },
    reloadCatalog: () => void loader.reload(),
  });
}

void main();
