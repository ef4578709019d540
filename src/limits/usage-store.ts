/**
 * The counter store interface the request path meters through, and its in-process implementation:
 * per-key counters in shards, each shard persisted as its own file by a sink that may fail without
 * switching limits off (docs/api.md#when-the-counter-store-fails: counting and enforcement go on in memory).
 *
 * A shared store (Redis) implements the same interface; its methods may return promises.
 */
import type { Tier } from './tiers.ts';
import { type Decision, decide } from './admission.ts';
import { toMicros } from './money.ts';
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

export type StoreStatus = 'ok' | 'error';

export interface UsageStore {
  /** Admits (and counts) a request charged as `count` requests (default 1), or refuses it uncounted. */
  admit(keyId: string, tier: Tier, nowMs: number, count?: number): { decision: Decision; ticket?: Ticket } | Promise<{ decision: Decision; ticket?: Ticket }>;
  release(ticket: Ticket): void | Promise<void>;
  /** `ok`, or `error` when the store (or its persistence) is failing: health's `checks.redis`. */
  status(): StoreStatus;
}

/** One day's billable usage of one key. */
export interface DayUsage {
  requests: number;
  overageRequests: number;
  overageCostMicros: number;
}

/** A key's live counters. `day` and `minuteStartMs` say which windows the counts belong to. */
export interface KeyUsage extends DayUsage {
  day: number;
  minuteStartMs: number;
  minuteRequests: number;
}

export interface Shard {
  /** keyId -> live counters for the key's current day. */
  current: Map<string, KeyUsage>;
  /** "YYYY-MM-DD" -> keyId -> the totals of a day that has ended for that key, until the sink archives it. */
  history: Map<string, Map<string, DayUsage>>;
  isDirty: boolean;
}

/** Usage per UTC day and key: "YYYY-MM-DD" -> keyId -> totals. */
export type UsageByDay = Map<string, Map<string, DayUsage>>;

export const SHARD_COUNT = 16;

/** FNV-1a over the key id: a stable shard for a key across restarts. */
export function shardOf(keyId: string, shardCount = SHARD_COUNT): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < keyId.length; i++) {
    hash ^= keyId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % shardCount;
}

export function emptyShard(): Shard {
  return { current: new Map(), history: new Map(), isDirty: false };
}

/**
 * Records a key's total for one day. A (day, key) total is written exactly once and is final: windows
 * only move forward, so a key never has the same day live again. Every copy of it (live file, history
 * archive) therefore holds the same value, and merging copies is a plain set, never an addition.
 */
function setDayUsage(byDay: UsageByDay, date: string, keyId: string, usage: DayUsage): void {
  if (usage.requests === 0) return;
  let byKey = byDay.get(date);
  if (byKey === undefined) byDay.set(date, (byKey = new Map()));
  byKey.set(keyId, { requests: usage.requests, overageRequests: usage.overageRequests, overageCostMicros: usage.overageCostMicros });
}

/** Moves every key whose day has ended into history, so days close at midnight even for keys gone quiet. */
export function closeEndedDays(shard: Shard, nowMs: number): void {
  const today = dayNumber(nowMs);
  for (const [keyId, usage] of shard.current) {
    if (usage.day >= today) continue;
    setDayUsage(shard.history, dayString(usage.day), keyId, usage);
    shard.current.delete(keyId);
    shard.isDirty = true;
  }
}

/**
 * The in-process store. Single-threaded and synchronous, so N concurrent requests on one key admit
 * exactly the limit: each admit reads and bumps the counters before the next request runs.
 */
export class MemoryUsageStore implements UsageStore {
  readonly shards: Shard[];
  readonly #status: () => StoreStatus;

  /** `status` reports the persistence sink's health; the counters themselves cannot fail. */
  constructor(shards: Shard[] = Array.from({ length: SHARD_COUNT }, emptyShard), status: () => StoreStatus = () => 'ok') {
    this.shards = shards;
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

  admit(keyId: string, tier: Tier, nowMs: number, count = 1): { decision: Decision; ticket?: Ticket } {
    const shard = this.shards[shardOf(keyId, this.shards.length)]!;
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
    return {
      decision,
      ticket: { keyId, day: usage.day, minuteStartMs: usage.minuteStartMs, isOverage: decision.isOverage, overagePriceMicros, count, overageCount },
    };
  }

  release(ticket: Ticket): void {
    const shard = this.shards[shardOf(ticket.keyId, this.shards.length)]!;
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
    return mergeUsage(this.shards);
  }
}

/** All usage per day and key: the archive of ended days, then what the shards hold (see setDayUsage). */
export function mergeUsage(shards: readonly Shard[], archive: UsageByDay = new Map()): UsageByDay {
  const merged: UsageByDay = new Map();
  for (const [date, byKey] of archive) for (const [keyId, usage] of byKey) setDayUsage(merged, date, keyId, usage);
  for (const shard of shards) {
    for (const [date, byKey] of shard.history) for (const [keyId, usage] of byKey) setDayUsage(merged, date, keyId, usage);
    for (const [keyId, usage] of shard.current) setDayUsage(merged, dayString(usage.day), keyId, usage);
  }
  return merged;
}
