/**
 * Serving while a large bad snapshot is refused (issue: reading and checking never pauses serving).
 * Starts a service on a scratch copy of the bundled catalog, keeps 4 connections searching, drops a
 * ~60 MB snapshot that fails the check at its very end into DATA_DIR, sends SIGHUP, and reports the
 * search latency p99 before and while the file is read, parsed, checked and refused.
 */
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { stopChild } from './child-servers.ts';
import type { Scratch } from './scratch.ts';
import { countOf, keepSearching, p99, startSnapshotService } from './snapshot-service.ts';

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
const TARGET_BYTES = 60 * 2 ** 20;
const BEFORE_MS = 2000;

/**
 * The bundled snapshot's exercises repeated under fresh ids to ~60 MB; the last one has an invalid level.
 * Without its translations: they would not be read before the refusal, and with them the file passed
 * MAX_SNAPSHOT_BYTES (64 MiB) and was refused unread, which measured nothing (68 MB, refused in 6 ms).
 */
function writeLargeBadSnapshot(source: string, target: string): number {
  const { translations: _translations, ...snapshot } = JSON.parse(readFileSync(source, 'utf8')) as {
    exercises: Record<string, unknown>[];
    dataVersion: string;
    translations?: unknown;
  };
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
  const { service, dataDir, newest } = await startSnapshotService(scratch, 'refusal-service');
  const fileBytes = writeLargeBadSnapshot(join(dataDir, newest), join(scratch.dir, 'large.json'));
  const searching = keepSearching(service.url, scratch.apiKey, queries, CONNECTIONS);
  try {
    await new Promise((resolve) => setTimeout(resolve, BEFORE_MS));
    copyFileSync(join(scratch.dir, 'large.json'), join(dataDir, '2099-01-01.json'));
    const signalledAt = performance.now();
    process.kill(service.pid, 'SIGHUP');
    const refusal = await service.waitForLog('snapshot refused; the live catalog keeps serving', 120_000);
    const refusedAt = performance.now();
    // Refused for its size, the file was never read: the figures would say nothing of reading it.
    if (JSON.stringify(refusal.problems).includes('MAX_SNAPSHOT_BYTES'))
      throw new Error(`snapshot-refusal: the ${(fileBytes / 2 ** 20).toFixed(1)} MB file was refused unread (MAX_SNAPSHOT_BYTES)`);
    await searching.stop();
    const { samples, failureKinds } = searching;
    const before = samples.filter((s) => s.at < signalledAt).map((s) => s.ms);
    const during = samples.filter((s) => s.at >= signalledAt && s.at <= refusedAt).map((s) => s.ms);
    return {
      fileMb: Number((fileBytes / 2 ** 20).toFixed(1)),
      refusalMs: Math.round(refusedAt - signalledAt),
      requestsBefore: before.length,
      requestsDuring: during.length,
      p99BeforeMs: p99(before),
      p99DuringMs: p99(during),
      maxDuringMs: Number(during.reduce((most, ms) => Math.max(most, ms), 0).toFixed(2)),
      failures: countOf(failureKinds),
      failureKinds,
    };
  } finally {
    await searching.stop(); // at once if it has already stopped
    await stopChild(service);
  }
}
