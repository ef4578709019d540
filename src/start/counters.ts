/**
 * The usage counters the server starts with: the in-process store owns STATE_DIR (a pid file claims it)
 * and the port, persisted by its sink; a Redis store shares both with any number of processes.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config.ts';
import { claimPidFile } from '../files.ts';
import { RedisUsageStore } from '../limits/redis-usage-store.ts';
import { SHARD_COUNT, setDayUsage, type UsageByDay } from '../limits/usage-shards.ts';
import { loadArchive, loadShards, UsageSink } from '../limits/usage-sink.ts';
import { MemoryUsageStore, type UsageStore } from '../limits/usage-store.ts';
import type { Logger } from '../log.ts';
import { formatProblems } from '../problems.ts';
import { orRefuseToStart, refuseToStart } from './refuse-to-start.ts';

export interface Counters {
  usage: UsageStore;
  /** With the in-process store one process owns the port (docs/operations.md#one-process-per-port-and-state-folder). */
  isPortExclusive: boolean;
  start(): void;
  /** Writes or hands back what is pending and lets go; false when usage could not be written. */
  close(): Promise<boolean>;
  /** Usage per day and key: live counts, and ended days from the archive (memory) or from Redis. */
  usageByDay(): UsageByDay | Promise<UsageByDay>;
}

/** The archive's days with the live store's on top (a day's total is final once archived: usage-shards.ts). */
function withArchive(live: UsageByDay, stateDir: string, logger: Logger): UsageByDay {
  const archive = loadArchive(stateDir);
  if (!archive.ok) {
    logger.error('usage archive unreadable; live days only', { problems: formatProblems(archive.problems) });
    return live;
  }
  for (const [date, byKey] of live) for (const [keyId, usage] of byKey) setDayUsage(archive.value, date, keyId, usage);
  return archive.value;
}

export function openCounters(config: Config, logger: Logger): Counters {
  if (config.counterStore.kind === 'redis') {
    // No STATE_DIR and no pid file: any number of processes count together in Redis.
    const usage = new RedisUsageStore({ url: config.counterStore.url, timeoutMs: config.redisTimeoutMs, logger });
    return {
      usage,
      isPortExclusive: false,
      start: () => undefined,
      close: () => usage.close().then(() => true),
      usageByDay: () => usage.usageByDay(),
    };
  }
  return openStateDir(config, logger);
}

function openStateDir(config: Config, logger: Logger): Counters {
  orRefuseToStart(config.stateDir, 'created', () => mkdirSync(config.stateDir, { recursive: true }));
  const lock = claimPidFile(join(config.stateDir, 'server.pid'));
  if (!lock.ok) refuseToStart(lock.problems);
  const shardResult = loadShards(config.stateDir, SHARD_COUNT);
  if (!shardResult.ok) {
    lock.value.release();
    refuseToStart(shardResult.problems);
  }
  const usage = new MemoryUsageStore(shardResult.value, () => sink.status());
  const sink: UsageSink = new UsageSink(config.stateDir, usage, { logger });
  return {
    usage,
    isPortExclusive: true,
    start: () => sink.start(config.flushIntervalMs),
    close: async () => {
      sink.stop();
      const isWritten = await sink.flush();
      if (!isWritten) logger.error('usage could not be written at shutdown', { stateDir: config.stateDir });
      lock.value.release();
      return isWritten;
    },
    usageByDay: () => withArchive(usage.usageByDay(), config.stateDir, logger),
  };
}
