/** The one place that reads process.env: every setting, its default, and its validation. */
import { isIP } from 'node:net';
import { dirname, join } from 'node:path';
import * as v from 'valibot';
import { isRedisUrl } from './limits/redis-connection.ts';
import type { EngineChoice } from './http/engines/engine.ts';
import { LOG_LEVELS, type LogLevel } from './log.ts';
import { fail, issueProblems, ok, refuse, type Result } from './problems.ts';

const WHOLE_NUMBER = 'must be a whole number';
const POSITIVE_NUMBER = 'must be a positive number';
const wholeNumber = v.pipe(v.string(WHOLE_NUMBER), v.regex(/^\d+$/, WHOLE_NUMBER), v.transform(Number));
const port = v.pipe(wholeNumber, v.maxValue(65535, 'must be at most 65535'));
const positiveNumber = v.pipe(
  v.string(POSITIVE_NUMBER),
  v.regex(/^\d+(\.\d+)?$/, POSITIVE_NUMBER),
  v.transform(Number),
  v.minValue(0.001, 'must be above 0'),
);
const path = v.pipe(v.string('must be a path'), v.nonEmpty('must not be empty'));
const absoluteUrl = v.pipe(v.string('must be an absolute URL'), v.url('must be an absolute URL'));
/** An IP address or an RFC 1123 host name. */
const HOST_NAME = /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
const HOST_MESSAGE = 'must be an IP address (0.0.0.0, 127.0.0.1, ::) or a host name';
const host = v.pipe(
  v.string(HOST_MESSAGE),
  v.check((value) => isIP(value) !== 0 || HOST_NAME.test(value), HOST_MESSAGE),
);

/** `memory`, `redis://[user:password@]host[:port][/db]` or `redis-cluster://[user:password@]host:port[,host:port...]` (docs/operations.md#environment). */
function isCounterStore(value: string): boolean {
  return value === 'memory' || isRedisUrl(value);
}
const COUNTER_STORE_MESSAGE = 'must be memory, redis://host:port/db or redis-cluster://host:port[,host:port...]';
const counterStore = v.pipe(v.string(COUNTER_STORE_MESSAGE), v.check(isCounterStore, COUNTER_STORE_MESSAGE));

export type CounterStoreChoice = { kind: 'memory' } | { kind: 'redis'; url: string };

const ConfigSchema = v.object(
  {
    PORT: v.optional(port, '3000'),
    HOST: v.optional(host, '0.0.0.0'),
    /** The service's public base URL: docs links and the first-start hint. Default http://localhost:PORT. */
    PUBLIC_URL: v.optional(v.pipe(absoluteUrl, v.regex(/^https?:\/\//, 'must start with http:// or https://'))),
    /** Prometheus metrics at http://HOST:METRICS_PORT/metrics; unset means no metrics listener. */
    METRICS_PORT: v.optional(port),
    ENGINE: v.optional(v.picklist(['auto', 'uws', 'node'], 'must be auto, uws or node'), 'auto'),
    /** A larger snapshot file is refused unread. */
    MAX_SNAPSHOT_BYTES: v.optional(v.pipe(wholeNumber, v.minValue(1, 'must be at least 1')), '67108864'),
    DATA_DIR: v.optional(path, './data'),
    KEYS_FILE: v.optional(path, './var/keys.json'),
    STATE_DIR: v.optional(path, './var/state'),
    TIERS_FILE: v.optional(path),
    DOCS_URL_BASE: v.optional(absoluteUrl),
    UPGRADE_URL: v.optional(absoluteUrl, 'https://exercise-catalog.dev/pricing'),
    LOG_LEVEL: v.optional(v.picklist(LOG_LEVELS, `must be ${LOG_LEVELS.join(', ')}`), 'info'),
    /** How long one text search may run before it is abandoned with 503 SEARCH_TIMEOUT. */
    SEARCH_BUDGET_MS: v.optional(positiveNumber, '50'),
    /** How often usage counters are written to STATE_DIR; a kill -9 loses at most this much usage. */
    FLUSH_INTERVAL_MS: v.optional(v.pipe(positiveNumber, v.minValue(10, 'must be at least 10')), '1000'),
    /** How often KEYS_FILE and DATA_DIR are checked for changes. */
    RELOAD_INTERVAL_MS: v.optional(v.pipe(positiveNumber, v.minValue(10, 'must be at least 10')), '1000'),
    /** Usage counters: `memory` (in process, persisted to STATE_DIR) or a shared Redis. */
    COUNTER_STORE: v.optional(counterStore, 'memory'),
    /**
     * With a Redis store: longer than this, a request fails open (served unmetered, alone) instead of
     * waiting for its count. 1000, not the first 50: a budget sized for a loaded round trip, so that a slow
     * reply is not an outage (issue 19; docs/operations.md#when-redis-fails).
     */
    REDIS_TIMEOUT_MS: v.optional(positiveNumber, '1000'),
    /** The admin API's and operator view's bearer token; unset, /admin is a 404. Never logged or echoed. */
    ADMIN_TOKEN: v.optional(
      v.pipe(
        v.string('must be a string'),
        v.minLength(16, 'must be at least 16 characters (make one with: openssl rand -hex 24)'),
        v.regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces'),
      ),
    ),
    /** `on` serves the developer portal at /portal. */
    PORTAL: v.optional(v.picklist(['on', 'off'], 'must be on or off'), 'off'),
    /** Sign-ups one address may make per hour (portal). */
    PORTAL_SIGNUPS_PER_HOUR: v.optional(v.pipe(wholeNumber, v.minValue(1, 'must be at least 1')), '10'),
    /** The portal's accounts (email, password hash, key id); beside KEYS_FILE by default. */
    ACCOUNTS_FILE: v.optional(path),
    /** Rendered media (the render command's cache, writable), served under /media/ where no photo of the same name exists. */
    MEDIA_DIR: v.optional(path, './var/media'),
    /** free-exercise-db's photos, re-encoded and vendored with the repository (read-only), served under /media/. */
    MEDIA_PHOTOS_DIR: v.optional(path, './data/photos'),
    /** `background` renders the motion descriptions' missing media in a low-priority child process once the server listens. */
    MEDIA_RENDER: v.optional(v.picklist(['background', 'off'], 'must be background or off'), 'background'),
    /** The motion descriptions the background renderer reads. */
    MOTION_DIR: v.optional(path, './data/source/motion'),
    /** Base of every video url; default the service's own /media. */
    MEDIA_URL: v.optional(v.pipe(absoluteUrl, v.regex(/^https?:\/\//, 'must start with http:// or https://'))),
  },
  'must be the process environment',
);

export interface Config {
  port: number;
  host: string;
  /** Without a trailing slash; undefined means http://localhost:<bound port>. */
  publicUrl: string | undefined;
  engine: EngineChoice;
  /** Never the API port: metrics have their own listener, or none. */
  metricsPort: number | undefined;
  maxSnapshotBytes: number;
  dataDir: string;
  keysFile: string;
  stateDir: string;
  tiersFile: string | undefined;
  /** Base of error.docs_url; when unset, PUBLIC_URL + /docs. */
  docsUrlBase: string | undefined;
  upgradeUrl: string;
  logLevel: LogLevel;
  searchBudgetMs: number;
  flushIntervalMs: number;
  reloadIntervalMs: number;
  counterStore: CounterStoreChoice;
  redisTimeoutMs: number;
  adminToken: string | undefined;
  isPortalOn: boolean;
  portalSignupsPerHour: number;
  accountsFile: string;
  mediaDir: string;
  photosDir: string;
  isMediaRendered: boolean;
  motionDir: string;
  /** Without a trailing slash; undefined means PUBLIC_URL (or http://localhost:<port>) + /media. */
  mediaUrl: string | undefined;
}

/** Problems name the variable: `environment: PORT: must be a whole number`. Values are never echoed (a Redis URL holds a password). */
export function readConfig(env: NodeJS.ProcessEnv): Result<Config> {
  // One message per variable: PUBLIC_URL=api.example.com is not an absolute URL, and that is all there is to say.
  const parsed = v.safeParse(ConfigSchema, env, { abortPipeEarly: true });
  if (!parsed.success) return fail(issueProblems('environment', parsed.issues));
  const e = parsed.output;
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.PORT && e.PORT !== 0) {
    return refuse('environment', 'METRICS_PORT', `must differ from PORT (${e.PORT}); metrics are never served on the API port`);
  }
  return ok({
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    engine: e.ENGINE,
    metricsPort: e.METRICS_PORT,
    maxSnapshotBytes: e.MAX_SNAPSHOT_BYTES,
    dataDir: e.DATA_DIR,
    keysFile: e.KEYS_FILE,
    stateDir: e.STATE_DIR,
    tiersFile: e.TIERS_FILE,
    docsUrlBase: e.DOCS_URL_BASE?.replace(/\/+$/, ''),
    upgradeUrl: e.UPGRADE_URL,
    logLevel: e.LOG_LEVEL,
    searchBudgetMs: e.SEARCH_BUDGET_MS,
    flushIntervalMs: e.FLUSH_INTERVAL_MS,
    reloadIntervalMs: e.RELOAD_INTERVAL_MS,
    counterStore: e.COUNTER_STORE === 'memory' ? { kind: 'memory' } : { kind: 'redis', url: e.COUNTER_STORE },
    redisTimeoutMs: e.REDIS_TIMEOUT_MS,
    adminToken: e.ADMIN_TOKEN,
    isPortalOn: e.PORTAL === 'on',
    portalSignupsPerHour: e.PORTAL_SIGNUPS_PER_HOUR,
    accountsFile: e.ACCOUNTS_FILE ?? join(dirname(e.KEYS_FILE), 'accounts.json'),
    mediaDir: e.MEDIA_DIR,
    photosDir: e.MEDIA_PHOTOS_DIR,
    isMediaRendered: e.MEDIA_RENDER === 'background',
    motionDir: e.MOTION_DIR,
    mediaUrl: e.MEDIA_URL?.replace(/\/+$/, ''),
  });
}
