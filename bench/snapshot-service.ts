/**
 * What the snapshot suites share (snapshot-refusal.ts, reload.ts): a service of its own on a scratch
 * copy of the bundled snapshot, its poll set to an hour so that only what a suite does starts a
 * reload, and clients that keep searching popular queries (served from the ranking cache after their
 * first time, so a reload's cost shows, not the queries') while the suite works.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { listSnapshotFiles } from '../src/catalog/snapshot-files.ts';
import { type ChildServer, startChild } from './child-servers.ts';
import { KeptConnection } from './kept-connection.ts';
import type { Scratch } from './scratch.ts';
import { DATA_DIR, ROOT, START_TIMEOUT_MS } from './settings.ts';

/** Popular searches the clients cycle through. */
const QUERY_COUNT = 20;

export interface SnapshotService {
  service: ChildServer;
  dataDir: string;
  /** The bundled snapshot's file name, as copied into `dataDir`. */
  newest: string;
  /** Its Prometheus metrics (METRICS_PORT), where the reload suite reads its collections (gc-metrics.ts). */
  metricsUrl: string;
}

/** Starts `name` on a scratch copy of the bundled snapshot; resolves once its catalog is loaded. */
export async function startSnapshotService(scratch: Scratch, name: string): Promise<SnapshotService> {
  const dataDir = join(scratch.dir, `${name}-data`);
  const stateDir = join(scratch.dir, `${name}-state`);
  mkdirSync(dataDir, { recursive: true });
  mkdirSync(stateDir, { recursive: true });
  const newest = listSnapshotFiles(DATA_DIR)[0]!;
  copyFileSync(join(DATA_DIR, newest), join(dataDir, newest));
  const service = await startChild(name, [join(ROOT, 'src/main.ts')], {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir,
    KEYS_FILE: scratch.keysFile,
    STATE_DIR: stateDir,
    TIERS_FILE: scratch.tiersFile,
    RELOAD_INTERVAL_MS: '3600000',
    METRICS_PORT: '0',
  });
  const metrics = await service.waitForLog('metrics listening', START_TIMEOUT_MS);
  await service.waitForLog('catalog loaded', START_TIMEOUT_MS);
  return { service, dataDir, newest, metricsUrl: `http://127.0.0.1:${String(metrics.port)}/metrics` };
}

/** Each search's start (performance.now()) and time, and what the failed ones got (a status or an error name). */
export interface Searching {
  samples: { at: number; ms: number }[];
  failureKinds: Record<string, number>;
  stop(): Promise<void>;
}

/**
 * What both clients share: the queries in turn, a search on a kept connection timed from its send and
 * recorded once answered, and failures counted by kind (a status, or the error's message).
 */
function timedSearches(apiKey: string, queries: readonly string[]) {
  const samples: { at: number; ms: number }[] = [];
  const failureKinds: Record<string, number> = {};
  const fail = (kind: string) => (failureKinds[kind] = (failureKinds[kind] ?? 0) + 1);
  let next = 0;
  const search = async (connection: KeptConnection): Promise<void> => {
    const q = encodeURIComponent(queries[next++ % Math.min(QUERY_COUNT, queries.length)]!);
    const sentAt = performance.now();
    try {
      const answer = await connection.get(`/v1/exercises?q=${q}&limit=20`, { 'x-api-key': apiKey });
      if (answer.status !== 200) fail(String(answer.status));
    } catch (error) {
      fail((error as Error).message);
    }
    samples.push({ at: sentAt, ms: performance.now() - sentAt });
  };
  return { samples, failureKinds, fail, search };
}

/** `connections` clients searching `url` in a loop until stopped. */
export function keepSearching(url: string, apiKey: string, queries: readonly string[], connections: number): Searching {
  const { samples, failureKinds, search } = timedSearches(apiKey, queries);
  let isRunning = true;
  // A light client (kept-connection.ts): fetch's own CPU on this 2-core box was most of what it timed.
  const loops = Array.from({ length: connections }, async () => {
    const connection = new KeptConnection(url);
    while (isRunning) await search(connection);
    connection.close();
  });
  return {
    samples,
    failureKinds,
    stop: async () => {
      isRunning = false;
      await Promise.all(loops);
    },
  };
}

/** Connections the open-loop client may hold at once: a stall of 250 ms at 2,000 searches a second. */
const MOST_CONNECTIONS = 512;
/**
 * How late past its due time a search may be sent (a timer's slack is about a millisecond): later, every
 * connection was busy or this process stalled, the stream fell behind, and the search counts as failed.
 */
const LATE_MS = 100;

/**
 * Searches sent at `perSecond`, whatever the service is doing (an open loop). `keepSearching`'s closed
 * loop waits for each answer before its next search, so a pause of the service delays only the two
 * searches in flight: a 30 ms stall costs two slow samples of tens of thousands, and a build that held
 * the event loop in long blocks would look better to it than one in short slices. Here the searches go
 * on being sent through a stall of the service (this is another process), so a stall delays every
 * search sent during it, as it would delay a stream of users. Each is timed from when it was sent (the
 * timer that sends them runs up to a millisecond late, which is this process's, not the service's).
 * Each search takes a free kept connection, or opens one (up to MOST_CONNECTIONS; past that, a search
 * waits for one; sent over LATE_MS late, it counts as failed, and the run says its stream fell behind).
 */
export function searchAtRate(url: string, apiKey: string, queries: readonly string[], perSecond: number): Searching {
  const { samples, failureKinds, fail, search } = timedSearches(apiKey, queries);
  const free: KeptConnection[] = [];
  const due: number[] = [];
  const answering = new Set<Promise<void>>();
  let opened = 0;
  let issued = 0;
  const start = performance.now();
  const send = (dueAt: number, connection: KeptConnection) => {
    if (performance.now() - dueAt > LATE_MS) fail('sent late (every connection busy, or the client stalled)');
    const settled = search(connection).then(() => {
      answering.delete(settled);
      free.push(connection);
      dispatch();
    });
    answering.add(settled);
  };
  const dispatch = () => {
    while (due.length > 0) {
      let connection = free.pop();
      if (connection === undefined && opened < MOST_CONNECTIONS) {
        connection = new KeptConnection(url);
        opened += 1;
      }
      if (connection === undefined) return;
      send(due.shift()!, connection);
    }
  };
  // Every millisecond (a timer's best), every search that fell due since.
  const timer = setInterval(() => {
    const dueNow = Math.floor(((performance.now() - start) * perSecond) / 1000);
    while (issued < dueNow) due.push(start + (issued++ * 1000) / perSecond);
    dispatch();
  }, 1);
  return {
    samples,
    failureKinds,
    stop: async () => {
      clearInterval(timer);
      due.length = 0;
      while (answering.size > 0) await Promise.all(answering);
      for (const connection of free) connection.close();
    },
  };
}

export function p99(samples: readonly number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return Number((sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0).toFixed(2));
}

export function countOf(failureKinds: Record<string, number>): number {
  return Object.values(failureKinds).reduce((sum, n) => sum + n, 0);
}
