/**
 * The shared counter store: every process meters through one Redis, so N processes admit exactly
 * each limit together. One Lua script per request decides the minute window, the daily window,
 * overage and the safety cap atomically and counts the request in the same step; a second one gives
 * a 5xx's count back. The script only counts: the Decision itself is the in-process `decide()` run
 * on the counts the script read, so both stores answer with the same shapes and headers.
 *
 * A slow reply is not an outage: a request waits for its count up to REDIS_TIMEOUT_MS (a budget sized for
 * a loaded round trip) and only then is served unmetered, alone. The circuit opens only on real
 * unavailability: the connection lost, or FAILURES_TO_OPEN counts in a row failing. While it is open,
 * requests are served unmetered at once (headers -1, docs/api.md#when-the-counter-store-fails) and health
 * says `error`; a probe (or the reconnection) closes it again once Redis answers, without a restart.
 * COUNTER_STORE may name one server or a Redis Cluster (redis-connection.ts).
 *
 * The scripts and the key names they use: redis-scripts.ts.
 */
import { Cluster, type Redis, type RedisOptions } from 'ioredis';
import type { Logger } from '../log.ts';
import { type Decision, decide, safetyCapOf } from './admission.ts';
import { toMicros } from './money.ts';
import type { Tier } from './tiers.ts';
import {
  ADMIT_LUA,
  type AdmitReply,
  dayKey,
  DEFAULT_PREFIX,
  liveKey,
  readRedisUsage,
  RELEASE_LUA,
  type ScriptedRedis,
} from './redis-scripts.ts';
import { CLUSTER_PROTOCOL, redisClient } from './redis-connection.ts';
import type { UsageByDay } from './usage-shards.ts';
import type { Admission, StoreStatus, Ticket, UsageStore } from './usage-store.ts';
import { DAY_MS, dayNumber, minuteStart, nextMidnight } from './windows.ts';

/** Billing totals outlive their day by this much (the issue asks for at least 40 days). */
export const BILLING_RETENTION_DAYS = 40;

/** Counts failing in a row (timeouts or errors, no success between) that open the circuit. */
export const FAILURES_TO_OPEN = 3;

export interface RedisStoreOptions {
  /** `redis://host:port/db` or `redis-cluster://host:port,...` (COUNTER_STORE). */
  url: string;
  /** Longer than this, a request stops waiting for its count and is served unmetered (REDIS_TIMEOUT_MS). */
  timeoutMs: number;
  logger: Logger;
  /** Every key name starts with it; tests give each case its own. */
  prefix?: string;
  /** While Redis is failing, how often it is asked whether it answers again. */
  probeIntervalMs?: number;
}

/** The connection settings that make a dead or stalled Redis fail fast instead of queueing requests. */
export function failFastOptions(timeoutMs: number): RedisOptions {
  return {
    enableOfflineQueue: false, // disconnected: a command fails at once rather than wait for a reconnect
    // Requests give up after timeoutMs (withDeadline); this backstop only stops a command pending forever
    // (and bounds the fleet documents' commands, which have no deadline of their own).
    commandTimeout: Math.max(1000, timeoutMs * 2),
    enableAutoPipelining: true, // the commands of one event-loop turn leave in one write
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false, // never count a request twice after a reconnect
    connectTimeout: Math.max(timeoutMs, 1000),
    // Reconnect soon after a restart: until then requests go unmetered.
    retryStrategy: (attempt) => Math.min(attempt * 25, 200),
  };
}

/** A limit Lua can compare with: no limit (Infinity, the operator tier) goes over the wire as 2^53 - 1. */
function finiteForLua(limit: number): number {
  return Number.isFinite(limit) ? limit : Number.MAX_SAFE_INTEGER;
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
  /** Closed (`ok`) while Redis answers; open (`error`), requests skip Redis until a probe answers. */
  #state: 'connecting' | StoreStatus = 'connecting';
  #probe: NodeJS.Timeout | undefined;
  #isClosed = false;
  /** Counts that failed since the last one that succeeded. */
  #failuresInRow = 0;
  /** A `redis://` URL that names a node of a Redis Cluster: metering cannot work, and the log says so. */
  #isClusterNode = false;

  constructor(options: RedisStoreOptions) {
    this.#prefix = options.prefix ?? DEFAULT_PREFIX;
    this.#logger = options.logger;
    this.#probeIntervalMs = options.probeIntervalMs ?? 250;
    this.#timeoutMs = options.timeoutMs;
    const client = redisClient(options.url, failFastOptions(options.timeoutMs));
    client.defineCommand('exlibAdmit', { numberOfKeys: 2, lua: ADMIT_LUA });
    client.defineCommand('exlibRelease', { numberOfKeys: 2, lua: RELEASE_LUA });
    client.on('ready', () => this.#connected());
    // ioredis reports connection trouble as 'error' events; without a listener it prints them itself.
    client.on('error', (error: Error) => this.#open(error));
    client.on('close', () => this.#open(new Error('connection closed')));
    this.#client = client as ScriptedRedis;
  }

  status(): StoreStatus {
    return this.#state === 'ok' && !this.#isClusterNode ? 'ok' : 'error';
  }

  /** Resolves once Redis has answered for the first time (a server starts serving before that, unmetered). */
  connected(): Promise<void> {
    if (this.#state === 'ok') return Promise.resolve();
    return new Promise((resolve) => this.#client.once('ready', () => resolve()));
  }

  admit(keyId: string, tier: Tier, nowMs: number, count = 1): Admission | Promise<Admission> {
    // While Redis is known to be unavailable, do not queue work on it: answer unmetered at once.
    if (this.#state !== 'ok' || this.#isClusterNode) return UNMETERED;
    return withDeadline(this.#admitAt(keyId, tier, nowMs, dayNumber(nowMs), count), this.#timeoutMs).then(
      (admitted) => {
        if (admitted !== TIMED_OUT) return admitted;
        this.#countFailed(new Error(`no answer within ${this.#timeoutMs} ms`));
        return UNMETERED;
      },
      (error: unknown) => {
        this.#countFailed(error);
        return UNMETERED;
      },
    );
  }

  async #admitAt(keyId: string, tier: Tier, nowMs: number, day: number, count: number): Promise<Admission> {
    const priceMicros = toMicros(tier.overagePriceUsd);
    // TTLs are relative to the caller's clock, so an injected clock and Redis's own agree on lifetimes.
    const liveTtlMs = nextMidnight(day * DAY_MS) - nowMs;
    const dayTtlMs = liveTtlMs + BILLING_RETENTION_DAYS * DAY_MS;
    const reply = await this.#client.exlibAdmit(
      liveKey(this.#prefix, keyId),
      dayKey(this.#prefix, keyId, day),
      day,
      Math.max(minuteStart(nowMs), day * DAY_MS),
      finiteForLua(tier.perMinute),
      finiteForLua(tier.dailyRequests),
      tier.overage ? 1 : 0,
      safetyCapOf(tier),
      priceMicros,
      liveTtlMs,
      dayTtlMs,
      count,
    );
    const [status, minute, minuteRequests, dayRequests, overageRequests, overageCostMicros] = reply as AdmitReply;
    if (status === -1) return this.#admitAt(keyId, tier, nowMs, minute, count);
    const decision = decide({ minuteRequests, dayRequests, overageRequests, overageCostMicros }, tier, nowMs, count);
    if ((decision.kind === 'admit') !== (status === 1)) {
      throw new Error(`redis admission (${status}) disagrees with decide() (${decision.kind}) for ${keyId}`);
    }
    this.#failuresInRow = 0;
    if (decision.kind !== 'admit') return { decision };
    const { isOverage, overageCount } = decision;
    return { decision, ticket: { keyId, day, minuteStartMs: minute, isOverage, overagePriceMicros: priceMicros, count, overageCount } };
  }

  release(ticket: Ticket): Promise<void> | void {
    // A count taken while Redis answered but given back while it fails stays counted (over, never under).
    if (this.#state !== 'ok' || this.#isClusterNode) return;
    const released = this.#client.exlibRelease(
      liveKey(this.#prefix, ticket.keyId),
      dayKey(this.#prefix, ticket.keyId, ticket.day),
      ticket.day,
      ticket.minuteStartMs,
      ticket.overageCount,
      ticket.overagePriceMicros,
      ticket.count,
    );
    return withDeadline(released, this.#timeoutMs).then(
      (outcome) => {
        if (outcome === TIMED_OUT) this.#countFailed(new Error(`no answer within ${this.#timeoutMs} ms`));
        else this.#failuresInRow = 0;
      },
      (error: unknown) => this.#countFailed(error),
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

  /** A (re)connection: closes the circuit, and says so loudly if a plain URL names a cluster node. */
  #connected(): void {
    this.#succeeded();
    if (this.#client instanceof Cluster) return;
    (this.#client as Redis).info('cluster').then(
      (info) => {
        if (!/cluster_enabled:1/.test(info) || this.#isClusterNode) return;
        this.#isClusterNode = true;
        this.#logger.error(
          `COUNTER_STORE names a node of a Redis Cluster: name the cluster as ${CLUSTER_PROTOCOL}//host:port[,host:port...]; ` +
            'requests are served unmetered (X-RateLimit-* -1) until then',
        );
      },
      () => undefined,
    );
  }

  /** One count failed (timed out or refused): that request alone went unmetered; several in a row open the circuit. */
  #countFailed(error: unknown): void {
    this.#failuresInRow += 1;
    if (this.#failuresInRow === 1 && this.#state === 'ok') {
      this.#logger.warn('redis counter store: a count failed; that request was served unmetered', {
        reason: String((error as Error)?.message ?? error),
      });
    }
    if (this.#failuresInRow >= FAILURES_TO_OPEN)
      this.#open(new Error(`${this.#failuresInRow} counts in a row failed (last: ${String((error as Error)?.message ?? error)})`));
  }

  #succeeded(): void {
    this.#failuresInRow = 0;
    if (this.#state === 'ok') return;
    const isFirst = this.#state === 'connecting';
    this.#logger.info(isFirst ? 'redis counter store connected' : 'redis counter store answers again: counting resumed');
    this.#state = 'ok';
    clearInterval(this.#probe);
    this.#probe = undefined;
  }

  /** Opens the circuit: Redis is unavailable (connection lost, or failing count after count). */
  #open(error: unknown): void {
    if (this.#isClosed || this.#state === 'error') return;
    this.#logger.error('redis counter store failing: requests are served unmetered (X-RateLimit-* -1) until it answers', {
      reason: String((error as Error)?.message ?? error),
    });
    this.#state = 'error';
    this.#probe = setInterval(() => {
      // Only a connected client can be probed; while reconnecting, 'ready' closes the circuit.
      if (this.#client.status !== 'ready') return;
      withDeadline(this.#client.ping(), this.#timeoutMs).then(
        (pong) => {
          if (pong !== TIMED_OUT) this.#succeeded();
        },
        () => undefined,
      );
    }, this.#probeIntervalMs);
    this.#probe.unref();
  }
}
