/**
 * Persistence of the in-process counters: one file per shard in STATE_DIR, rewritten whole and
 * atomically (so a replayed or torn write can neither double-count nor leave an unreadable file),
 * at most once per flush interval and only for shards that changed.
 *
 * A failing write (disk full, permission, missing folder) keeps the shard dirty and turns the sink's
 * status to `error`; it is logged once, and the next successful flush writes everything and logs the
 * recovery. Counting never depends on the sink.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import * as v from 'valibot';
import { fileIssues, readJsonFile, writeFileAtomic } from '../files.ts';
import type { Logger } from '../log.ts';
import { dayFromString, dayString } from './windows.ts';
import { type DayUsage, emptyShard, type KeyUsage, type Shard, type StoreStatus } from './usage-store.ts';

const FORMAT_VERSION = 1;
const DATE = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD'));
const COUNT = v.pipe(v.number(), v.integer(), v.minValue(0));
const DayUsageSchema = v.object({ requests: COUNT, overageRequests: COUNT, overageCostMicros: COUNT });
const ShardFileSchema = v.object({
  version: v.literal(FORMAT_VERSION, `must be ${FORMAT_VERSION}`),
  savedAt: v.string(),
  current: v.record(v.string(), v.object({ ...DayUsageSchema.entries, day: DATE, minuteStartMs: COUNT, minuteRequests: COUNT })),
  history: v.record(DATE, v.record(v.string(), DayUsageSchema)),
});

export function shardFile(stateDir: string, index: number): string {
  return join(stateDir, `usage-${String(index).padStart(2, '0')}.json`);
}

export function serializeShard(shard: Shard, savedAt: Date): string {
  const current: Record<string, unknown> = {};
  for (const [keyId, usage] of shard.current) current[keyId] = { ...usage, day: dayString(usage.day) };
  const history: Record<string, Record<string, DayUsage>> = {};
  for (const [date, byKey] of [...shard.history].sort(([a], [b]) => (a < b ? -1 : 1))) history[date] = Object.fromEntries(byKey);
  return `${JSON.stringify({ version: FORMAT_VERSION, savedAt: savedAt.toISOString(), current, history })}\n`;
}

export type ShardsResult = { ok: true; shards: Shard[] } | { ok: false; problems: string[] };

/** Reads every shard file of `stateDir`; a missing file is an empty shard, an unreadable one a problem. */
export function loadShards(stateDir: string, shardCount: number): ShardsResult {
  const shards: Shard[] = [];
  const problems: string[] = [];
  for (let index = 0; index < shardCount; index++) {
    const file = shardFile(stateDir, index);
    if (!existsSync(file)) {
      shards.push(emptyShard());
      continue;
    }
    const read = readJsonFile(file);
    if (!read.ok) {
      problems.push(read.problem);
      continue;
    }
    const parsed = v.safeParse(ShardFileSchema, read.value);
    if (!parsed.success) {
      problems.push(...fileIssues(file, parsed.issues));
      continue;
    }
    const current = new Map<string, KeyUsage>();
    for (const [keyId, usage] of Object.entries(parsed.output.current)) current.set(keyId, { ...usage, day: dayFromString(usage.day) });
    const history = new Map<string, Map<string, DayUsage>>();
    for (const [date, byKey] of Object.entries(parsed.output.history)) history.set(date, new Map(Object.entries(byKey)));
    shards.push({ current, history, isDirty: false });
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, shards };
}

export interface SinkOptions {
  logger: Logger;
  /** How a file is written; tests inject failures here. */
  write?: (file: string, contents: string) => void;
  now?: () => Date;
}

export class UsageSink {
  readonly #stateDir: string;
  readonly #shards: readonly Shard[];
  readonly #logger: Logger;
  readonly #write: (file: string, contents: string) => void;
  readonly #now: () => Date;
  #failure: string | undefined;
  #timer: NodeJS.Timeout | undefined;

  constructor(stateDir: string, shards: readonly Shard[], options: SinkOptions) {
    this.#stateDir = stateDir;
    this.#shards = shards;
    this.#logger = options.logger;
    this.#write = options.write ?? writeFileAtomic;
    this.#now = options.now ?? (() => new Date());
  }

  status(): StoreStatus {
    return this.#failure === undefined ? 'ok' : 'error';
  }

  /** Writes every dirty shard. Returns true when everything is on disk. */
  flush(): boolean {
    let failure: string | undefined;
    this.#shards.forEach((shard, index) => {
      if (!shard.isDirty) return;
      // Cleared before the write: a count taken while writing marks the shard dirty again.
      shard.isDirty = false;
      try {
        this.#write(shardFile(this.#stateDir, index), serializeShard(shard, this.#now()));
      } catch (error) {
        shard.isDirty = true;
        failure ??= `${(error as NodeJS.ErrnoException).code ?? 'error'}: ${(error as Error).message}`;
      }
    });
    if (failure !== undefined && this.#failure === undefined) {
      this.#logger.error('usage sink failing: counting goes on in memory and will be written once the sink works', { stateDir: this.#stateDir, reason: failure });
    } else if (failure === undefined && this.#failure !== undefined) {
      this.#logger.info('usage sink recovered: all usage written', { stateDir: this.#stateDir });
    }
    this.#failure = failure;
    return failure === undefined;
  }

  start(intervalMs: number): void {
    this.#timer = setInterval(() => this.flush(), intervalMs);
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }
}
