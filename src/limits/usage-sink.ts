/**
 * Persistence of the in-process counters: one file per shard in STATE_DIR, rewritten whole and
 * atomically (so a replayed or torn write can neither double-count nor leave an unreadable file),
 * at most once per flush interval and only for shards that changed. Days that have ended are moved
 * once into STATE_DIR/history/<date>.json, the billing archive, so the files rewritten every second
 * hold only live counters and stay small however long the service runs.
 *
 * A failing write (disk full, permission, missing folder) keeps the shard dirty and turns the sink's
 * status to `error`; it is logged once, and the next successful flush writes everything and logs the
 * recovery. Counting never depends on the sink.
 *
 * Files are written on libuv's thread pool (writeFileAtomicAsync), never on the serving thread: each
 * shard's contents are taken at once (serialized, the shard marked written) and written while serving
 * goes on; a change meanwhile marks the shard again, and a failed write marks it again too. Flushes run
 * one at a time, and a tick that finds one still running (a slow disk) leaves it be.
 */
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import * as v from 'valibot';
import { DATE_FILE_NAME, DateSchema, isRealDate } from '../dates.ts';
import { readJsonFile, writeFileAtomicAsync } from '../files.ts';
import type { Logger } from '../log.ts';
import { fail, formatProblems, issueProblems, ok, type Problem, problem, type Result } from '../problems.ts';
import { dayFromString, dayString } from './windows.ts';
import { type DayUsage, emptyShard, type KeyUsage, type Shard, type ShardContents, type UsageByDay } from './usage-shards.ts';
import type { PersistedCounters, StoreStatus } from './usage-store.ts';

const FORMAT_VERSION = 1;
const COUNT_MESSAGE = 'must be a whole number, 0 or more';
const COUNT = v.pipe(v.number(COUNT_MESSAGE), v.integer(COUNT_MESSAGE), v.minValue(0, COUNT_MESSAGE));
const KEY_ID = v.string('must be a key id');
const DayUsageSchema = v.object({ requests: COUNT, overageRequests: COUNT, overageCostMicros: COUNT }, 'must be an object of counts');
const ByKeySchema = v.record(KEY_ID, DayUsageSchema, 'must be an object of counts by key id');
const ShardFileSchema = v.object(
  {
    version: v.literal(FORMAT_VERSION, `must be ${FORMAT_VERSION}`),
    savedAt: v.string('must be a timestamp'),
    current: v.record(
      KEY_ID,
      v.object({ ...DayUsageSchema.entries, day: DateSchema, minuteStartMs: COUNT, minuteRequests: COUNT }, 'must be an object of counts'),
      'must be an object of counts by key id',
    ),
    history: v.record(DateSchema, ByKeySchema, 'must be an object of days'),
  },
  'must be a usage shard object',
);

const ArchiveFileSchema = v.object(
  {
    version: v.literal(FORMAT_VERSION, `must be ${FORMAT_VERSION}`),
    date: DateSchema,
    keys: ByKeySchema,
  },
  'must be a usage archive object',
);

export function archiveFile(stateDir: string, date: string): string {
  return join(stateDir, 'history', `${date}.json`);
}

/** Reads one day's archive; a missing file is an empty day. */
function readArchiveDay(file: string): Result<Map<string, DayUsage>> {
  if (!existsSync(file)) return ok(new Map());
  const read = readJsonFile(file);
  if (!read.ok) return read;
  const parsed = v.safeParse(ArchiveFileSchema, read.value);
  return parsed.success ? ok(new Map(Object.entries(parsed.output.keys))) : fail(issueProblems(file, parsed.issues));
}

/** Every archived day of `stateDir`, for the usage report. A `<date>.json` of no real date is refused, not skipped. */
export function loadArchive(stateDir: string): Result<UsageByDay> {
  const archive: UsageByDay = new Map();
  const problems: Problem[] = [];
  let names: string[] = [];
  try {
    names = readdirSync(join(stateDir, 'history')).filter((name) => DATE_FILE_NAME.test(name));
  } catch {
    // No history folder yet: no day has been archived.
  }
  for (const name of names.sort()) {
    const file = join(stateDir, 'history', name);
    const date = name.slice(0, 10);
    if (!isRealDate(date)) {
      problems.push(problem(file, '', 'is not named after a real date (YYYY-MM-DD.json)'));
      continue;
    }
    const day = readArchiveDay(file);
    if (day.ok) archive.set(date, day.value);
    else problems.push(...day.problems);
  }
  return problems.length > 0 ? fail(problems) : ok(archive);
}

export function shardFile(stateDir: string, index: number): string {
  return join(stateDir, `usage-${String(index).padStart(2, '0')}.json`);
}

export function serializeShard(shard: ShardContents, savedAt: Date): string {
  const current: Record<string, unknown> = {};
  for (const [keyId, usage] of shard.current) current[keyId] = { ...usage, day: dayString(usage.day) };
  const history: Record<string, Record<string, DayUsage>> = {};
  for (const [date, byKey] of [...shard.history].sort(([a], [b]) => (a < b ? -1 : 1))) history[date] = Object.fromEntries(byKey);
  return `${JSON.stringify({ version: FORMAT_VERSION, savedAt: savedAt.toISOString(), current, history })}\n`;
}

/** Reads every shard file of `stateDir`; a missing file is an empty shard, an unreadable one a problem. */
export function loadShards(stateDir: string, shardCount: number): Result<Shard[]> {
  const shards: Shard[] = [];
  const problems: Problem[] = [];
  for (let index = 0; index < shardCount; index++) {
    const file = shardFile(stateDir, index);
    if (!existsSync(file)) {
      shards.push(emptyShard());
      continue;
    }
    const read = readJsonFile(file);
    if (!read.ok) {
      problems.push(...read.problems);
      continue;
    }
    const parsed = v.safeParse(ShardFileSchema, read.value);
    if (!parsed.success) {
      problems.push(...issueProblems(file, parsed.issues));
      continue;
    }
    const current = new Map<string, KeyUsage>();
    for (const [keyId, usage] of Object.entries(parsed.output.current)) current.set(keyId, { ...usage, day: dayFromString(usage.day) });
    const history = new Map<string, Map<string, DayUsage>>();
    for (const [date, byKey] of Object.entries(parsed.output.history)) history.set(date, new Map(Object.entries(byKey)));
    shards.push({ current, history, isDirty: false });
  }
  return problems.length > 0 ? fail(problems) : ok(shards);
}

export interface SinkOptions {
  logger: Logger;
  /** How a file is written (crash-safe, off the event loop); tests inject failures here. */
  write?: (file: string, contents: string) => Promise<void>;
  now?: () => Date;
}

export class UsageSink {
  readonly #stateDir: string;
  readonly #counters: PersistedCounters;
  readonly #logger: Logger;
  readonly #write: (file: string, contents: string) => Promise<void>;
  readonly #now: () => Date;
  #failure: string | undefined;
  #timer: NodeJS.Timeout | undefined;
  /** The flush under way, if any: the next waits for it. */
  #running: Promise<boolean> | undefined;

  /** Writes what `counters` (the in-process store) holds; the store alone changes its counters. */
  constructor(stateDir: string, counters: PersistedCounters, options: SinkOptions) {
    this.#stateDir = stateDir;
    this.#counters = counters;
    this.#logger = options.logger;
    this.#write = options.write ?? writeFileAtomicAsync;
    this.#now = options.now ?? (() => new Date());
  }

  status(): StoreStatus {
    return this.#failure === undefined ? 'ok' : 'error';
  }

  /**
   * Writes every dirty shard, then archives the days that have ended. Resolves true when everything
   * is on disk. The order makes a crash at any point safe: an ended day is in a live file before it
   * is archived, and dropped from the live files only after the archive holds it; a day found in
   * both places holds the same final totals (see setDayUsage), so nothing is counted twice. Starts
   * once the flush under way, if any, has ended.
   */
  flush(): Promise<boolean> {
    // After the one under way, whatever it came to: one flush's fault never skips the next.
    const previous = (this.#running ?? Promise.resolve(true)).catch(() => false);
    const run = previous.then(() => this.#flushOnce());
    this.#running = run;
    const settled = () => {
      if (this.#running === run) this.#running = undefined;
    };
    run.then(settled, settled);
    return run;
  }

  async #flushOnce(): Promise<boolean> {
    let failure: string | undefined;
    const fail = (error: unknown) => {
      failure ??= `${(error as NodeJS.ErrnoException).code ?? 'error'}: ${(error as Error).message}`;
    };
    const now = this.#now();
    const counters = this.#counters;
    counters.closeEndedDays(now.getTime());
    // Every changed shard taken at once, as it is now: what changes while the files are written marks it again.
    const taken: { index: number; contents: string }[] = [];
    for (let index = 0; index < counters.shardCount; index++) {
      const shard = counters.changedShard(index);
      if (shard === undefined) continue;
      taken.push({ index, contents: serializeShard(shard, now) });
      counters.markWritten(index);
    }
    for (const { index, contents } of taken) {
      try {
        await this.#write(shardFile(this.#stateDir, index), contents);
      } catch (error) {
        counters.markChanged(index);
        fail(error);
      }
    }
    if (failure === undefined) {
      try {
        await this.#archiveEndedDays();
      } catch (error) {
        fail(error);
      }
    }
    if (failure !== undefined && this.#failure === undefined) {
      const message = 'usage sink failing: counting goes on in memory and will be written once the sink works';
      this.#logger.error(message, { stateDir: this.#stateDir, reason: failure });
    } else if (failure === undefined && this.#failure !== undefined) {
      this.#logger.info('usage sink recovered: all usage written', { stateDir: this.#stateDir });
    }
    this.#failure = failure;
    return failure === undefined;
  }

  /** Merges each ended day held by the shards into its archive file, then lets the shards forget what it holds. */
  async #archiveEndedDays(): Promise<void> {
    const ended = this.#counters.endedDays();
    if (ended.size === 0) return;
    try {
      // Not recursive: a missing STATE_DIR is a failure to report, not a folder to recreate elsewhere.
      mkdirSync(join(this.#stateDir, 'history'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    for (const [date, byKey] of ended) {
      const file = archiveFile(this.#stateDir, date);
      const existing = readArchiveDay(file);
      // A damaged archive is never overwritten: the day stays in the live files until an operator looks.
      if (!existing.ok) throw Object.assign(new Error(formatProblems(existing.problems).join('; ')), { code: 'EBADARCHIVE' });
      for (const [keyId, usage] of byKey) existing.value.set(keyId, usage);
      const keys = Object.fromEntries([...existing.value].sort(([a], [b]) => (a < b ? -1 : 1)));
      await this.#write(file, `${JSON.stringify({ version: FORMAT_VERSION, date, keys })}\n`);
      // Only the keys written: one whose day a request closed while the file was written is archived next time.
      this.#counters.forgetEndedDay(date, byKey);
    }
  }

  start(intervalMs: number): void {
    this.#timer = setInterval(() => {
      if (this.#running !== undefined) return;
      // A flush reports its own write failures; anything else it throws is logged, never unhandled.
      this.flush().catch((error: unknown) => this.#logger.error('usage flush failed', { stateDir: this.#stateDir, reason: String(error) }));
    }, intervalMs);
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }
}
