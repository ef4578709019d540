/**
 * A fleet for the counter-store tests: instances of the real service sharing one snapshot, tier table
 * and key store, counting in one Redis (a server or a cluster), and bursts of concurrent requests at them.
 */
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { Agent, get as httpGet } from 'node:http';
import { join } from 'node:path';
import { DEFAULT_TIERS } from '../../src/limits/tiers.ts';
import { type ChildService, FIXTURE_FILE, issueKey, spawnService, tempDir } from './service.ts';

/** The issue's burst: one key limited to 50 a minute, 400 requests at once over two instances. */
export const PER_MINUTE = 50;
export const BURST = 400;

export interface Fleet {
  env: Record<string, string>;
  services: ChildService[];
  /** Keys of the tier limited to PER_MINUTE a minute, issued before the instances started (so every one knows them). */
  keys: string[];
  stop(): Promise<void>;
}

/** Starts `count` instances on `counterStore` with `keyCount` keys, and waits until each counts in Redis. */
export async function startFleet(counterStore: string, keyCount: number, count = 2, extra: Record<string, string> = {}): Promise<Fleet> {
  const root = tempDir('exlib-fleet-');
  const dataDir = join(root, 'data');
  mkdirSync(dataDir);
  copyFileSync(FIXTURE_FILE, join(dataDir, '2026-01-15.json'));
  const tiersFile = join(root, 'tiers.json');
  writeFileSync(
    tiersFile,
    JSON.stringify({ ...DEFAULT_TIERS, metered: { dailyRequests: 1_000_000, perMinute: PER_MINUTE, maxResults: 20, overage: false } }),
  );
  const env = {
    DATA_DIR: dataDir,
    KEYS_FILE: join(root, 'keys.json'),
    TIERS_FILE: tiersFile,
    STATE_DIR: join(root, 'state'),
    COUNTER_STORE: counterStore,
    LOG_LEVEL: 'info',
    ...extra,
  };
  const keys: string[] = [];
  for (let i = 0; i < keyCount; i++) keys.push((await issueKey(env, 'metered')).key);
  const started: ChildService[] = [];
  const services = await Promise.all(
    Array.from({ length: count }, async () => {
      const service = await spawnService(env);
      started.push(service);
      await service.waitForLog((e) => e.message === 'redis counter store connected');
      return service;
    }),
  ).catch(async (error: unknown) => {
    // The instances that did start are stopped, or they would outlive the failed test.
    for (const service of started) service.proc.kill('SIGKILL');
    await Promise.all(started.map((service) => service.exited));
    throw error;
  });
  return {
    env,
    services,
    keys,
    stop: () => Promise.all(services.map((service) => service.stop())).then(() => undefined),
  };
}

/**
 * Keeps every connection open between requests and bursts, with no limit per host (as fetch does, for a
 * fraction of its CPU in the test process; test/main/several-instances.test.ts does the same).
 */
const BURST_AGENT = new Agent({ keepAlive: true, maxFreeSockets: 4096 });

/** One answer of a burst: its status (0: the client could not complete it) and X-RateLimit-Limit. */
export interface BurstAnswer {
  status: number;
  limit: string | null;
}

/**
 * How long one request of a burst may take before the client gives up on it (status 0). Unbounded, one
 * connection the server never answers would hold the test until CI's clock ran out (the older uWS
 * build leaves a head it reads as malformed unanswered: docs/operations.md#behind-a-proxy).
 */
const BURST_REQUEST_TIMEOUT_MS = 30_000;

function burstGet(url: string, key: string): Promise<BurstAnswer> {
  return new Promise((resolve) => {
    const request = httpGet(url, { agent: BURST_AGENT, headers: { 'X-API-Key': key }, timeout: BURST_REQUEST_TIMEOUT_MS }, (response) => {
      response.resume();
      response.on('error', () => resolve({ status: 0, limit: null }));
      response.on('end', () => resolve({ status: response.statusCode!, limit: (response.headers['x-ratelimit-limit'] as string) ?? null }));
    });
    request.on('error', () => resolve({ status: 0, limit: null }));
    request.on('timeout', () => request.destroy());
  });
}

/**
 * Sends `count` GET /v1/exercises requests on one key at once, the i-th to `urls[i % urls.length]`. A
 * request the client could not complete (a connect timeout on a box other work overloads) has status 0.
 */
export function burst(urls: readonly string[], key: string, count = BURST): Promise<BurstAnswer[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => burstGet(`${urls[i % urls.length]}/v1/exercises?limit=1`, key)));
}

/**
 * Whether a burst's tally admitted exactly `limit` and refused the rest, every answer metered. Requests
 * the client failed to complete (`0`; seen up to 13% when other agents loaded this 2-core box to a load
 * average of 14) are tolerated up to a quarter: an over-admission still shows as more than `limit` 200s.
 */
export function isExact(counts: Record<string, number>, limit = PER_MINUTE, count = BURST): boolean {
  const failed = counts[0] ?? 0;
  return (
    counts[200] === limit &&
    (counts[429] ?? 0) + failed === count - limit &&
    failed <= count / 4 &&
    Object.keys(counts).every((name) => ['200', '429', '0'].includes(name))
  );
}

/** How many responses had each status, and how many were served unmetered (`-1`). */
export function tally(responses: readonly { status: number; limit: string | null }[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { status, limit } of responses) {
    const name = limit === '-1' ? `${status} unmetered` : String(status);
    counts[name] = (counts[name] ?? 0) + 1;
  }
  return counts;
}

/** Resolves at once unless the minute ends within `marginMs`; then at the next minute (a burst must not straddle two windows). */
export async function clearOfMinuteEdge(marginMs = 5000): Promise<void> {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute < 60_000 - marginMs) return;
  await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 50));
}

/**
 * One burst per key over the fleet, each clear of a minute's edge: a line per burst with its counts
 * (for the test's diagnostic) and the lines of those that did not admit exactly the limit.
 */
export async function burstSeries(fleet: Fleet, runs: number): Promise<{ lines: string[]; inexact: string[] }> {
  const urls = fleet.services.map((s) => s.url);
  const lines: string[] = [];
  const inexact: string[] = [];
  for (let run = 1; run <= runs; run++) {
    await clearOfMinuteEdge();
    const counts = tally(await burst(urls, fleet.keys[run - 1]!));
    const line = `run ${run}: ${JSON.stringify(counts)}`;
    lines.push(line);
    if (!isExact(counts)) inexact.push(line);
  }
  return { lines, inexact };
}

/** Resolves on the next `message` line `service` logs from now on. */
export function nextLog(service: ChildService, message: string, timeoutMs?: number): Promise<Record<string, unknown>> {
  const earlier = service
    .stderr()
    .split('\n')
    .filter((line) => line.includes(`"message":${JSON.stringify(message)}`)).length;
  return service.waitForLog((e) => e.message === message, timeoutMs, earlier + 1);
}

/** Whether every answer of a burst of `count` was served unmetered (`200`, headers -1), client failures tolerated as in isExact. */
export function isAllUnmetered(counts: Record<string, number>, count: number): boolean {
  const failed = counts[0] ?? 0;
  return (
    (counts['200 unmetered'] ?? 0) + failed === count &&
    failed <= count / 4 &&
    Object.keys(counts).every((name) => ['200 unmetered', '0'].includes(name))
  );
}
