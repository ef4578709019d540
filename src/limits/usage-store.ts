/**
 * The counter store interface the request path meters through, and its in-process implementation:
 * per-key counters in shards (usage-shards.ts), each shard persisted as its own file by a sink that may
 * fail without switching limits off (docs/api.md#when-the-counter-store-fails: counting and enforcement
 * go on in memory). Only the store changes its shards; the sink reads and acknowledges them through
 * `PersistedCounters`.
 *
 * A shared store (Redis) implements the same interface; its methods may return promises.
 */
import type { Tier } from './tiers.ts';
import { type Decision, decide } from './admission.ts';
import { toMicros } from './money.ts';
import {
  closeEndedDays,
  type DayUsage,
  emptyShard,
  type KeyUsage,
  mergeUsage,
  setDayUsage,
  type Shard,
  SHARD_COUNT,
  type ShardContents,
  shardOf,
  type UsageByDay,
} from './usage-shards.ts';
import { dayNumber, dayString, minuteStart } from './windows.ts';

/** What `release` needs to give back the count taken for a request the service failed to serve. */
export interface Ticket {
  keyId: string;
  day: number;
  minuteStartMs: number;
  isOverage: boolean;
  overagePriceMicros: number;
  /** Requests the admission charged, and how many of them were overage (see Decision). */
  count: number;
  overageCount: number;
}

/** A store's answer to one request: the decision, and when it was counted, the ticket to give it back. */
export interface Admission {
  decision: Decision;
  ticket?: Ticket;
}

export type StoreStatus = 'ok' | 'error';

export interface UsageStore {
  /** Admits (and counts) a request charged as `count` requests (default 1), or refuses it uncounted. */
  admit(keyId: string, tier: Tier, nowMs: number, count?: number): Admission | Promise<Admission>;
  release(ticket: Ticket): void | Promise<void>;
  /** `ok`, or `error` when the store (or its persistence) is failing: health's `checks.redis`. */
  status(): StoreStatus;
}

/** What the persistence sink (usage-sink.ts) may see and do: read changed shards, acknowledge writes, forget archived days. */
export interface PersistedCounters {
  readonly shardCount: number;
  /** Moves every key whose day has ended (before `nowMs`) into its shard's ended days. */
  closeEndedDays(nowMs: number): void;
  /** The shard's contents when it changed since it was last written; undefined when it did not. */
  changedShard(index: number): ShardContents | undefined;
  /** The shard's contents, as returned by `changedShard`, are being written: unchanged until the next change. */
  markWritten(index: number): void;
  /** The shard's write failed: it counts as changed, to be written again. */
  markChanged(index: number): void;
  /** Every ended day the shards still hold, merged over the shards. */
  endedDays(): UsageByDay;
  /** The archive holds `archived`, keys' totals of `date`: the shards drop them (and rewrite their files without them). */
  forgetEndedDay(date: string, archived: ReadonlyMap<string, unknown>): void;
}

/**
 * The in-process store. Single-threaded and synchronous, so N concurrent requests on one key admit
 * exactly the limit: each admit reads and bumps the counters before the next request runs.
 */
export class MemoryUsageStore implements UsageStore, PersistedCounters {
  readonly #shards: Shard[];
  readonly #status: () => StoreStatus;

  /** `shards` become the store's own; `status` reports the persistence sink's health (the counters cannot fail). */
  constructor(shards: Shard[] = Array.from({ length: SHARD_COUNT }, emptyShard), status: () => StoreStatus = () => 'ok') {
    this.#shards = shards;
    this.#status = status;
  }

  status(): StoreStatus {
    return this.#status();
  }

  /** The key's counters, rolled forward to the windows that contain `nowMs`. */
  #usageAt(shard: Shard, keyId: string, nowMs: number): KeyUsage {
    const today = dayNumber(nowMs);
    const minute = minuteStart(nowMs);
    let usage = shard.current.get(keyId);
    if (usage === undefined) {
      usage = { day: today, requests: 0, overageRequests: 0, overageCostMicros: 0, minuteStartMs: minute, minuteRequests: 0 };
      shard.current.set(keyId, usage);
      return usage;
    }
    // Windows only move forward: a wall clock stepped back never resets a count.
    if (today > usage.day) {
      setDayUsage(shard.history, dayString(usage.day), keyId, usage);
      Object.assign(usage, { day: today, requests: 0, overageRequests: 0, overageCostMicros: 0 });
      shard.isDirty = true;
    }
    if (minute > usage.minuteStartMs) {
      usage.minuteStartMs = minute;
      usage.minuteRequests = 0;
    }
    return usage;
  }

  admit(keyId: string, tier: Tier, nowMs: number, count = 1): Admission {
    const shard = this.#shards[shardOf(keyId, this.#shards.length)]!;
    const usage = this.#usageAt(shard, keyId, nowMs);
    const decision = decide(
      {
        minuteRequests: usage.minuteRequests,
        dayRequests: usage.requests,
        overageRequests: usage.overageRequests,
        overageCostMicros: usage.overageCostMicros,
      },
      tier,
      nowMs,
      count,
    );
    if (decision.kind !== 'admit') return { decision };
    const overagePriceMicros = toMicros(tier.overagePriceUsd);
    const { overageCount } = decision;
    usage.minuteRequests += count;
    usage.requests += count;
    usage.overageRequests += overageCount;
    usage.overageCostMicros += overageCount * overagePriceMicros;
    shard.isDirty = true;
    const { day, minuteStartMs } = usage;
    return { decision, ticket: { keyId, day, minuteStartMs, isOverage: decision.isOverage, overagePriceMicros, count, overageCount } };
  }

  release(ticket: Ticket): void {
    const shard = this.#shards[shardOf(ticket.keyId, this.#shards.length)]!;
    const usage = shard.current.get(ticket.keyId);
    // If the day has rolled over since, the request was counted in a day now in history: leave it.
    if (usage === undefined || usage.day !== ticket.day) return;
    usage.requests = Math.max(0, usage.requests - ticket.count);
    if (usage.minuteStartMs === ticket.minuteStartMs) usage.minuteRequests = Math.max(0, usage.minuteRequests - ticket.count);
    usage.overageRequests = Math.max(0, usage.overageRequests - ticket.overageCount);
    usage.overageCostMicros = Math.max(0, usage.overageCostMicros - ticket.overageCount * ticket.overagePriceMicros);
    shard.isDirty = true;
  }

  /** Every key's usage per day held in memory (live days and ended ones not yet archived). */
  usageByDay(): UsageByDay {
    return mergeUsage(this.#shards);
  }

  get shardCount(): number {
    return this.#shards.length;
  }

  closeEndedDays(nowMs: number): void {
    for (const shard of this.#shards) closeEndedDays(shard, nowMs);
  }

  changedShard(index: number): ShardContents | undefined {
    const shard = this.#shards[index]!;
    return shard.isDirty ? shard : undefined;
  }

  markWritten(index: number): void {
    this.#shards[index]!.isDirty = false;
  }

  markChanged(index: number): void {
    this.#shards[index]!.isDirty = true;
  }

  endedDays(): UsageByDay {
    const ended: UsageByDay = new Map();
    for (const shard of this.#shards) {
      for (const [date, byKey] of shard.history) {
        const merged = ended.get(date) ?? new Map<string, DayUsage>();
        for (const [keyId, usage] of byKey) merged.set(keyId, usage);
        ended.set(date, merged);
      }
    }
    return ended;
  }

  forgetEndedDay(date: string, archived: ReadonlyMap<string, unknown>): void {
    for (const shard of this.#shards) {
      const byKey = shard.history.get(date);
      if (byKey === undefined) continue;
      for (const keyId of archived.keys()) if (byKey.delete(keyId)) shard.isDirty = true;
      if (byKey.size === 0) shard.history.delete(date);
    }
  }
}
