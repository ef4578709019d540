/**
 * The shared counter store: every process meters through one Redis, so N processes admit exactly
 * each limit together. One Lua script per request decides the minute window, the daily window,
 * overage and the safety cap atomically and counts the request in the same step; a second one gives
 * a 5xx's count back. The script only counts: the Decision itself is the in-process `decide()` run
 * on the counts the script read, so both stores answer with the same shapes and headers.
 *
 * Redis down, unreachable or slower than the timeout: the request is served unmetered (headers -1,
 * docs/api.md#when-the-counter-store-fails), health says `error`, and a probe closes the circuit again once
 * Redis answers, without a restart.
 *
 * Keys (prefix `exlib:` by default):
 * - `live:<keyId>`  hash `d` (day number), `m` (minute start ms), `n` (requests in that minute): the
 *   windows a key is in. Expires at the end of its day.
 * - `usage:<keyId>:<YYYY-MM-DD>`  hash `r` (requests), `o` (overage requests), `c` (overage cost,
 *   micro-dollars): the daily window's count, which is also the billing record. Expires
 *   BILLING_RETENTION_DAYS after its day ends.
 */
import { Redis, type RedisOptions } from 'ioredis';
import type { Logger } from '../log.ts';
import { type Decision, decide, safetyCapOf } from './admission.ts';
import { toMicros } from './money.ts';
import type { Tier } from './tiers.ts';
import type { DayUsage, StoreStatus, Ticket, UsageByDay, UsageStore } from './usage-store.ts';
import { DAY_MS, dayNumber, dayString, minuteStart, nextMidnight } from './windows.ts';

/** Billing totals outlive their day by this much (the issue asks for at least 40 days). */
export const BILLING_RETENTION_DAYS = 40;
export const DEFAULT_PREFIX = 'exlib:';

/**
 * KEYS: live hash, the day's totals. ARGV: day, minute start, per-minute limit, daily limit, paid (1/0),
 * safety cap, overage price (micros), live TTL ms, day TTL ms, count (requests this admission charges).
 * Returns {status, minute start, minute count, day requests, overage requests, overage cost}, counts
 * as they were before this request; status 1 admitted and counted, 0 refused, -1 "a newer day is live:
 * call again for day <second element>" (windows only move forward, even when this clock is behind).
 */
const ADMIT_LUA = `
local day = tonumber(ARGV[1])
local minute = tonumber(ARGV[2])
local live = redis.call('HMGET', KEYS[1], 'd', 'm', 'n')
local liveDay = tonumber(live[1])
if liveDay and liveDay > day then return {-1, liveDay} end
local n = 0
local liveMinute = tonumber(live[2])
if liveMinute and liveMinute >= minute then
  minute = liveMinute
  n = tonumber(live[3]) or 0
end
local totals = redis.call('HMGET', KEYS[2], 'r', 'o', 'c')
local r = tonumber(totals[1]) or 0
local o = tonumber(totals[2]) or 0
local c = tonumber(totals[3]) or 0
local daily = tonumber(ARGV[4])
local isPaid = ARGV[5] == '1'
local count = tonumber(ARGV[10])
-- The same checks as decide() in admission.ts: cap (paid) or day (free) must hold the whole count, the minute room to start.
if (isPaid and r + count > tonumber(ARGV[6])) or ((not isPaid) and r + count > daily) or n >= tonumber(ARGV[3]) then
  return {0, minute, n, r, o, c}
end
redis.call('HSET', KEYS[1], 'd', day, 'm', minute, 'n', n + count)
if liveDay ~= day then redis.call('PEXPIRE', KEYS[1], ARGV[8]) end
redis.call('HINCRBY', KEYS[2], 'r', count)
local overage = 0
if isPaid then overage = math.max(0, r + count - math.max(daily, r)) end
if overage > 0 then
  redis.call('HINCRBY', KEYS[2], 'o', overage)
  redis.call('HINCRBY', KEYS[2], 'c', overage * tonumber(ARGV[7]))
end
if r == 0 then redis.call('PEXPIRE', KEYS[2], ARGV[9]) end
return {1, minute, n, r, o, c}
`;

/**
 * KEYS: live hash, the ticket day's totals. ARGV: day, minute start, overage requests, price (micros),
 * requests (the ticket's count). A day that has rolled over since is left alone, like the in-process store does.
 */
const RELEASE_LUA = `
local live = redis.call('HMGET', KEYS[1], 'd', 'm', 'n')
if tonumber(live[1]) ~= tonumber(ARGV[1]) then return 0 end
local count = tonumber(ARGV[5])
local r = tonumber(redis.call('HGET', KEYS[2], 'r')) or 0
redis.call('HSET', KEYS[2], 'r', math.max(0, r - count))
if tonumber(live[2]) == tonumber(ARGV[2]) then redis.call('HSET', KEYS[1], 'n', math.max(0, (tonumber(live[3]) or 0) - count)) end
local overage = tonumber(ARGV[3])
if overage > 0 then
  local o = tonumber(redis.call('HGET', KEYS[2], 'o')) or 0
  redis.call('HSET', KEYS[2], 'o', math.max(0, o - overage))
  local c = tonumber(redis.call('HGET', KEYS[2], 'c')) or 0
  redis.call('HSET', KEYS[2], 'c', math.max(0, c - overage * tonumber(ARGV[4])))
end
return 1
`;

type ScriptArg = string | number;
/** The client with the two scripts defined on it (ioredis runs them by EVALSHA, loading on NOSCRIPT). */
interface ScriptedRedis extends Redis {
  exlibAdmit(liveKey: string, dayKey: string, ...args: ScriptArg[]): Promise<number[]>;
  exlibRelease(liveKey: string, dayKey: string, ...args: ScriptArg[]): Promise<number>;
}

export interface RedisStoreOptions {
  /** `redis://host:port/db` (COUNTER_STORE). */
  url: string;
  /** Longer than this, a command fails and the request is served unmetered (REDIS_TIMEOUT_MS). */
  timeoutMs: number;
  logger: Logger;
  /** Every key name starts with it; tests give each case its own. */
  prefix?: string;
  /** While Redis is failing, how often it is asked whether it answers again. */
  probeIntervalMs?: number;
}

function liveKey(prefix: string, keyId: string): string {
  return `${prefix}live:${keyId}`;
}

function dayKey(prefix: string, keyId: string, day: number): string {
  return `${prefix}usage:${keyId}:${dayString(day)}`;
}

/** The connection settings that make a dead or stalled Redis fail fast instead of queueing requests. */
export function failFastOptions(timeoutMs: number): RedisOptions {
  return {
    enableOfflineQueue: false, // disconnected: a command fails at once rather than wait for a reconnect
    // Requests give up after timeoutMs (withDeadline); this backstop only stops a command pending forever.
    commandTimeout: Math.max(1000, timeoutMs * 20),
    enableAutoPipelining: true, // the commands of one event-loop turn leave in one write
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false, // never count a request twice after a reconnect
    connectTimeout: Math.max(timeoutMs, 1000),
    retryStrategy: (attempt) => Math.min(attempt * 50, 500),
  };
}

const TIMED_OUT = Symbol('timed out');
const UNMETERED: { decision: Decision } = Object.freeze({ decision: Object.freeze({ kind: 'unmetered' as const }) });

/**
 * Settles as `work` does, or with TIMED_OUT once `ms` have passed without an answer. When the timer
 * fires, a reply may already sit unread in the socket (a busy event loop runs timers before it polls
 * I/O), so it waits one more turn of the loop before it gives up: slowness of this process is not
 * taken for slowness of Redis.
 */
export function withDeadline<T>(work: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  return new Promise((resolve, reject) => {
    let isSettled = false;
    const timer = setTimeout(function deadline() {
      setImmediate(function giveUp() {
        if (isSettled) return;
        isSettled = true;
        resolve(TIMED_OUT);
      });
    }, ms);
    work.then(
      (value) => {
        if (isSettled) return;
        isSettled = true;
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        if (isSettled) return;
        isSettled = true;
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

export class RedisUsageStore implements UsageStore {
  readonly #client: ScriptedRedis;
  readonly #prefix: string;
  readonly #logger: Logger;
  readonly #probeIntervalMs: number;
  readonly #timeoutMs: number;
  /** Closed (`ok`) while Redis answers in time; open, requests skip Redis until a probe answers. */
  #state: 'connecting' | StoreStatus = 'connecting';
  #probe: NodeJS.Timeout | undefined;
  #isClosed = false;

  constructor(options: RedisStoreOptions) {
    this.#prefix = options.prefix ?? DEFAULT_PREFIX;
    this.#logger = options.logger;
    this.#probeIntervalMs = options.probeIntervalMs ?? 250;
    this.#timeoutMs = options.timeoutMs;
    const client = new Redis(options.url, failFastOptions(options.timeoutMs));
    client.defineCommand('exlibAdmit', { numberOfKeys: 2, lua: ADMIT_LUA });
    client.defineCommand('exlibRelease', { numberOfKeys: 2, lua: RELEASE_LUA });
    client.on('ready', () => this.#succeeded());
    // ioredis reports connection trouble as 'error' events; without a listener it prints them itself.
    client.on('error', (error: Error) => this.#failed(error));
    client.on('close', () => this.#failed(new Error('connection closed')));
    this.#client = client as ScriptedRedis;
  }

  status(): StoreStatus {
    return this.#state === 'ok' ? 'ok' : 'error';
  }

  /** Resolves once Redis has answered for the first time (a server starts serving before that, unmetered). */
  connected(): Promise<void> {
    if (this.#state === 'ok') return Promise.resolve();
    return new Promise((resolve) => this.#client.once('ready', () => resolve()));
  }

  admit(keyId: string, tier: Tier, nowMs: number, count = 1): { decision: Decision; ticket?: Ticket } | Promise<{ decision: Decision; ticket?: Ticket }> {
    // While Redis is known to fail, do not queue work on it: answer unmetered at once.
    if (this.#state !== 'ok') return UNMETERED;
    return withDeadline(this.#admitAt(keyId, tier, nowMs, dayNumber(nowMs), count), this.#timeoutMs).then(
      (admitted) => {
        if (admitted !== TIMED_OUT) return admitted;
        this.#failed(new Error(`no answer within ${this.#timeoutMs} ms`));
        return UNMETERED;
      },
      (error: unknown) => {
        this.#failed(error);
        return UNMETERED;
      },
    );
  }

  async #admitAt(keyId: string, tier: Tier, nowMs: number, day: number, count: number): Promise<{ decision: Decision; ticket?: Ticket }> {
    const priceMicros = toMicros(tier.overagePriceUsd);
    // TTLs are relative to the caller's clock, so an injected clock and Redis's own agree on lifetimes.
    const liveTtlMs = nextMidnight(day * DAY_MS) - nowMs;
    const dayTtlMs = liveTtlMs + BILLING_RETENTION_DAYS * DAY_MS;
    const reply = await this.#client.exlibAdmit(
      liveKey(this.#prefix, keyId), dayKey(this.#prefix, keyId, day),
      day, Math.max(minuteStart(nowMs), day * DAY_MS), tier.perMinute, tier.dailyRequests, tier.overage ? 1 : 0,
      safetyCapOf(tier), priceMicros, liveTtlMs, dayTtlMs, count,
    );
    const [status, minute, minuteRequests, dayRequests, overageRequests, overageCostMicros] = reply as [number, number, number, number, number, number];
    if (status === -1) return this.#admitAt(keyId, tier, nowMs, minute, count);
    const decision = decide({ minuteRequests, dayRequests, overageRequests, overageCostMicros }, tier, nowMs, count);
    if ((decision.kind === 'admit') !== (status === 1)) {
      throw new Error(`redis admission (${status}) disagrees with decide() (${decision.kind}) for ${keyId}`);
    }
    this.#succeeded();
    if (decision.kind !== 'admit') return { decision };
    const { isOverage, overageCount } = decision;
    return { decision, ticket: { keyId, day, minuteStartMs: minute, isOverage, overagePriceMicros: priceMicros, count, overageCount } };
  }

  release(ticket: Ticket): Promise<void> | void {
    // A count taken while Redis answered but given back while it fails stays counted (over, never under).
    if (this.#state !== 'ok') return;
    const released = this.#client.exlibRelease(
      liveKey(this.#prefix, ticket.keyId), dayKey(this.#prefix, ticket.keyId, ticket.day),
      ticket.day, ticket.minuteStartMs, ticket.overageCount, ticket.overagePriceMicros, ticket.count,
    );
    return withDeadline(released, this.#timeoutMs).then(
      (outcome) => {
        if (outcome === TIMED_OUT) this.#failed(new Error(`no answer within ${this.#timeoutMs} ms`));
      },
      (error: unknown) => this.#failed(error),
    );
  }

  /** Every key's billing totals still in Redis, per day. */
  usageByDay(): Promise<UsageByDay> {
    return readRedisUsage(this.#client, this.#prefix);
  }

  /** Stops probing and closes the connection; pending commands finish first. */
  async close(): Promise<void> {
    this.#isClosed = true;
    clearInterval(this.#probe);
    this.#probe = undefined;
    try {
      await this.#client.quit();
    } catch {
      this.#client.disconnect(); // not connected: nothing to finish
    }
  }

  #succeeded(): void {
    if (this.#state === 'ok') return;
    this.#logger.info(this.#state === 'connecting' ? 'redis counter store connected' : 'redis counter store answers again: counting resumed');
    this.#state = 'ok';
    clearInterval(this.#probe);
    this.#probe = undefined;
  }

  #failed(error: unknown): void {
    if (this.#isClosed || this.#state === 'error') return;
    this.#logger.error('redis counter store failing: requests are served unmetered (X-RateLimit-* -1) until it answers', {
      reason: String((error as Error)?.message ?? error),
    });
    this.#state = 'error';
    this.#probe = setInterval(() => {
      // Only a connected client can be probed; while reconnecting, 'ready' closes the circuit.
      if (this.#client.status !== 'ready') return;
      withDeadline(this.#client.ping(), this.#timeoutMs).then((pong) => {
        if (pong !== TIMED_OUT) this.#succeeded();
      }, () => undefined);
    }, this.#probeIntervalMs);
    this.#probe.unref();
  }
}

/** Reads every `usage:` hash under `prefix` (SCAN, never KEYS, so a large store is not blocked). */
export async function readRedisUsage(client: Redis, prefix: string = DEFAULT_PREFIX): Promise<UsageByDay> {
  const byDay: UsageByDay = new Map();
  let cursor = '0';
  do {
    const [next, names] = await client.scan(cursor, 'MATCH', `${prefix}usage:*`, 'COUNT', 1000);
    cursor = next;
    if (names.length === 0) continue;
    const pipeline = client.pipeline();
    for (const name of names) pipeline.hmget(name, 'r', 'o', 'c');
    const replies = (await pipeline.exec()) ?? [];
    names.forEach((name, i) => {
      const [error, values] = replies[i] ?? [null, []];
      if (error !== null) throw error;
      const [requests = 0, overageRequests = 0, overageCostMicros = 0] = (values as (string | null)[]).map((value) => Number(value ?? 0));
      if (requests === 0) return;
      // <prefix>usage:<keyId>:<YYYY-MM-DD>; key ids hold no colon (key_[a-z0-9]+).
      const rest = name.slice(prefix.length + 'usage:'.length);
      const date = rest.slice(rest.lastIndexOf(':') + 1);
      const keyId = rest.slice(0, rest.lastIndexOf(':'));
      let byKey = byDay.get(date);
      if (byKey === undefined) byDay.set(date, (byKey = new Map<string, DayUsage>()));
      byKey.set(keyId, { requests, overageRequests, overageCostMicros });
    });
  } while (cursor !== '0');
  return byDay;
}
