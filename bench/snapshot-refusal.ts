/**
 * Serving while a large bad snapshot is refused (issue: reading and checking never pauses serving).
 * Starts a service on a scratch copy of the bundled catalog, keeps 4 connections searching, drops a
 * ~60 MB snapshot that fails the check at its very end into DATA_DIR, sends SIGHUP, and reports the
 * search latency p99 before and while the file is read, parsed, checked and refused.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { listSnapshotFiles } from '../src/catalog/snapshot-files.ts';
import { type ChildServer, startChild, stopChild } from './child-servers.ts';
import type { Scratch } from './scratch.ts';
import { DATA_DIR, ROOT, START_TIMEOUT_MS } from './settings.ts';

export interface RefusalFigures {
  fileMb: number;
  /** SIGHUP to the refusal's log line. */
  refusalMs: number;
  requestsBefore: number;
  requestsDuring: number;
  p99BeforeMs: number;
  p99DuringMs: number;
  maxDuringMs: number;
  failures: number;
  /** What the failed requests got: a status code or an error name, with counts. */
  failureKinds: Record<string, number>;
}

const CONNECTIONS = 4;
/** Popular searches (served from the ranking cache after their first time): the refusal's cost shows, not the queries'. */
const QUERY_COUNT = 20;
const TARGET_BYTES = 60 * 2 ** 20;
const BEFORE_MS = 2000;

function p99(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return Number((sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0).toFixed(2));
}

/** The bundled snapshot's exercises repeated under fresh ids to ~60 MB; the last one has an invalid level. */
function writeLargeBadSnapshot(source: string, target: string): number {
  const snapshot = JSON.parse(readFileSync(source, 'utf8')) as { exercises: Record<string, unknown>[]; dataVersion: string };
  const oneCopyBytes = Buffer.byteLength(JSON.stringify(snapshot.exercises));
  const copies = Math.max(1, Math.ceil(TARGET_BYTES / oneCopyBytes));
  const exercises: Record<string, unknown>[] = [];
  for (let copy = 0; copy < copies; copy++) {
    for (const exercise of snapshot.exercises) exercises.push({ ...exercise, id: `${String(exercise.id)}_${copy}` });
  }
  exercises[exercises.length - 1] = { ...exercises[exercises.length - 1], level: 'expert' };
  const text = JSON.stringify({ ...snapshot, dataVersion: '2099-01-01', exercises });
  writeFileSync(target, text);
  return Buffer.byteLength(text);
}

export async function measureSnapshotRefusal(scratch: Scratch, queries: readonly string[]): Promise<RefusalFigures> {
  const dataDir = join(scratch.dir, 'refusal-data');
  mkdirSync(dataDir, { recursive: true });
  const newest = listSnapshotFiles(DATA_DIR)[0]!;
  copyFileSync(join(DATA_DIR, newest), join(dataDir, newest));
  const stateDir = join(scratch.dir, 'refusal-state');
  mkdirSync(stateDir, { recursive: true });
  const service: ChildServer = await startChild('refusal-service', [join(ROOT, 'src/main.ts')], {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir,
    KEYS_FILE: scratch.keysFile,
    STATE_DIR: stateDir,
    TIERS_FILE: scratch.tiersFile,
    RELOAD_INTERVAL_MS: '3600000',
  });
  try {
    await service.waitForLog('catalog loaded', START_TIMEOUT_MS);
    const fileBytes = writeLargeBadSnapshot(join(dataDir, newest), join(scratch.dir, 'large.json'));
    const samples: { at: number; ms: number }[] = [];
    const failureKinds: Record<string, number> = {};
    const fail = (kind: string) => (failureKinds[kind] = (failureKinds[kind] ?? 0) + 1);
    let isRunning = true;
    let next = 0;
    const loops = Array.from({ length: CONNECTIONS }, async () => {
      while (isRunning) {
        const q = encodeURIComponent(queries[next++ % Math.min(QUERY_COUNT, queries.length)]!);
        const start = performance.now();
        try {
          const response = await fetch(`${service.url}/v1/exercises?q=${q}&limit=20`, { headers: { 'x-api-key': scratch.apiKey } });
          await response.arrayBuffer();
          if (response.status !== 200) fail(String(response.status));
        } catch (error) {
          fail((error as Error).name);
        }
        samples.push({ at: start, ms: performance.now() - start });
      }
    });
    await new Promise((resolve) => setTimeout(resolve, BEFORE_MS));
    copyFileSync(join(scratch.dir, 'large.json'), join(dataDir, '2099-01-01.json'));
    const signalledAt = performance.now();
    process.kill(service.pid, 'SIGHUP');
    await service.waitForLog('snapshot refused; the live catalog keeps serving', 120_000);
    const refusedAt = performance.now();
    isRunning = false;
    await Promise.all(loops);
    const before = samples.filter((s) => s.at < signalledAt).map((s) => s.ms);
    const during = samples.filter((s) => s.at >= signalledAt && s.at <= refusedAt).map((s) => s.ms);
    return {
      fileMb: Number((fileBytes / 2 ** 20).toFixed(1)),
      refusalMs: Math.round(refusedAt - signalledAt),
      requestsBefore: before.length,
      requestsDuring: during.length,
      p99BeforeMs: p99(before),
      p99DuringMs: p99(during),
      maxDuringMs: Number(Math.max(0, ...during).toFixed(2)),
      failures: Object.values(failureKinds).reduce((sum, n) => sum + n, 0),
      failureKinds,
    };
  } finally {
    await stopChild(service);
  }
}
