/**
 * The two forms of COUNTER_STORE that name Redis, and the client each gets: `redis://host:port/db` (one
 * server, or a primary) and `redis-cluster://host:port[,host:port...]` (any nodes of a Redis Cluster; the
 * client learns the rest from them). Every key one request touches carries the same hash tag
 * (redis-scripts.ts), so its script runs on one node whichever form is used.
 */
import { Cluster, Redis, type RedisOptions } from 'ioredis';

export const CLUSTER_PROTOCOL = 'redis-cluster:';

/** A connection to either form: one server (or a primary), or a cluster. */
export type RedisClient = Redis | Cluster;

/** The seed nodes of a `redis-cluster://` URL, with its credentials; undefined when it is not one. */
export function clusterSeeds(url: string): { nodes: { host: string; port: number }[]; username?: string; password?: string } | undefined {
  if (!url.startsWith(`${CLUSTER_PROTOCOL}//`)) return undefined;
  let rest = url.slice(CLUSTER_PROTOCOL.length + 2).replace(/\/+$/, '');
  let username: string | undefined;
  let password: string | undefined;
  const at = rest.lastIndexOf('@');
  if (at !== -1) {
    const [user = '', pass] = rest.slice(0, at).split(':');
    username = user === '' ? undefined : decodeURIComponent(user);
    password = pass === undefined ? undefined : decodeURIComponent(pass);
    rest = rest.slice(at + 1);
  }
  const nodes = rest.split(',').map((hostPort) => {
    const match = /^([A-Za-z0-9.-]+|\[[0-9a-fA-F:]+\]):(\d{1,5})$/.exec(hostPort);
    return match === null ? undefined : { host: match[1]!.replace(/^\[|\]$/g, ''), port: Number(match[2]) };
  });
  if (nodes.length === 0 || nodes.some((node) => node === undefined || node.port === 0 || node.port > 65535)) return undefined;
  return { nodes: nodes as { host: string; port: number }[], ...(username && { username }), ...(password && { password }) };
}

/** True for a COUNTER_STORE value that names Redis in either form (config.ts checks the rest). */
export function isRedisUrl(url: string): boolean {
  if (url.startsWith(`${CLUSTER_PROTOCOL}//`)) return clusterSeeds(url) !== undefined;
  if (!URL.canParse(url)) return false;
  const parsed = new URL(url);
  return (
    parsed.protocol === 'redis:' &&
    parsed.hostname !== '' &&
    /^(\/\d*)?$/.test(parsed.pathname) &&
    parsed.search === '' &&
    parsed.hash === ''
  );
}

/** A client for either form, with `options` for every connection (a cluster's to each node). */
export function redisClient(url: string, options: RedisOptions): RedisClient {
  const seeds = clusterSeeds(url);
  if (seeds === undefined) return new Redis(url, options);
  const { enableOfflineQueue, retryStrategy, lazyConnect, ...nodeOptions } = options;
  return new Cluster(seeds.nodes, {
    redisOptions: {
      ...nodeOptions,
      ...(seeds.username && { username: seeds.username }),
      ...(seeds.password && { password: seeds.password }),
    },
    enableOfflineQueue: enableOfflineQueue ?? true,
    lazyConnect: lazyConnect ?? false,
    enableAutoPipelining: options.enableAutoPipelining ?? false,
    clusterRetryStrategy: (attempt) =>
      typeof retryStrategy === 'function' ? (retryStrategy(attempt) ?? null) : Math.min(attempt * 50, 500),
    // A slot that moved (a failover, a reshard) is followed at once, never retried into a second count.
    maxRedirections: 16,
    retryDelayOnFailover: 50,
    retryDelayOnClusterDown: 50,
    retryDelayOnTryAgain: 50,
    slotsRefreshTimeout: Math.max(1000, Number(options.connectTimeout ?? 1000)),
  });
}

/** The masters of a cluster client (each holds its own slots' keys), or the one server. */
export function serversOf(client: RedisClient): Redis[] {
  return client instanceof Cluster ? client.nodes('master') : [client];
}

/** The URL without its password, for messages. */
export function maskedRedisUrl(url: string): string {
  return url.replace(/^(redis(?:-cluster)?:\/\/[^:@/]*:)[^@]*@/, '$1***@');
}
