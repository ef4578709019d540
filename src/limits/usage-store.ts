/**
 * The counter store interface the request path meters through, and its in-process implementation:
 * per-key counters in shards, each shard persisted as its own file by a sink that may fail without
 * switching limits off (DECISIONS.md: counting and enforcement go on in memory).
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
}

export type StoreStatus = 'ok' | 'error';

export interface UsageStore {
  admit(keyId: string, tier: Tier, nowMs: number): { decision: Decision; ticket?: Ticket } | Promise<{ decision: Decision; ticket?: Ticket }>;
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
  /** "YYYY-MM-DD" -> keyId -> the totals of a day that has ended for that key. */
  history: Map<string, Map<string, DayUsage>>;
  isDirty: boolean;
}

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

function addToHistory(shard: Shard, keyId: string, usage: KeyUsage): void {
  if (usage.requests === 0) return;
  const date = dayString(usage.day);
  let byKey = shard.history.get(date);
  if (byKey === undefined) shard.history.set(date, (byKey = new Map()));
  const previous = byKey.get(keyId);
  byKey.set(keyId, {
    requests: (previous?.requests ?? 0) + usage.requests,
    overageRequests: (previous?.overageRequests ?? 0) + usage.overageRequests,
    overageCostMicros: (previous?.overageCostMicros ?? 0) + usage.overageCostMicros,
  });
}

/**
 * The in-process store. Single-threaded and synchronous, so N concurrent requests on one key admit
 * exactly the limit: each admit reads and bumps the counters before the next request runs.
 */
export class MemoryUsageStore implements UsageStore {
  readonly shards: Shard[];
  #status: () => StoreStatus;

  /** `status` reports the persistence sink's health; the counters themselves cannot fail. */
  constructor(shards: Shard[] = Array.from({ length: SHARD_COUNT }, emptyShard), status: () => StoreStatus = () => 'ok') {
    this.shards = shards;
    this.#status = status;
  }

  setStatusSource(status: () => StoreStatus): void {
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
      addToHistory(shard, keyId, usage);
      Object.assign(usage, { day: today, requests: 0, overageRequests: 0, overageCostMicros: 0 });
      shard.isDirty = true;
    }
    if (minute > usage.minuteStartMs) {
      usage.minuteStartMs = minute;
      usage.minuteRequests = 0;
    }
    return usage;
  }

  admit(keyId: string, tier: Tier, nowMs: number): { decision: Decision; ticket?: Ticket } {
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
    );
    if (decision.kind !== 'admit') return { decision };
    const overagePriceMicros = toMicros(tier.overagePriceUsd);
    usage.minuteRequests += 1;
    usage.requests += 1;
    if (decision.isOverage) {
      usage.overageRequests += 1;
      usage.overageCostMicros += overagePriceMicros;
    }
    shard.isDirty = true;
    return {
      decision,
      ticket: { keyId, day: usage.day, minuteStartMs: usage.minuteStartMs, isOverage: decision.isOverage, overagePriceMicros },
    };
  }

  release(ticket: Ticket): void {
    const shard = this.shards[shardOf(ticket.keyId, this.shards.length)]!;
    const usage = shard.current.get(ticket.keyId);
    // If the day has rolled over since, the request was counted in a day now in history: leave it.
    if (usage === undefined || usage.day !== ticket.day) return;
    usage.requests = Math.max(0, usage.requests - 1);
    if (usage.minuteStartMs === ticket.minuteStartMs) usage.minuteRequests = Math.max(0, usage.minuteRequests - 1);
    if (ticket.isOverage) {
      usage.overageRequests = Math.max(0, usage.overageRequests - 1);
      usage.overageCostMicros = Math.max(0, usage.overageCostMicros - ticket.overagePriceMicros);
    }
    shard.isDirty = true;
  }

  /** Every key's usage per day (ended days and the live ones), for the usage report. */
  usageByDay(): Map<string, Map<string, DayUsage>> {
    return mergeUsage(this.shards);
  }
}

export function mergeUsage(shards: readonly Shard[]): Map<string, Map<string, DayUsage>> {
  const merged = new Map<string, Map<string, DayUsage>>();
  const add = (date: string, keyId: string, usage: DayUsage): void => {
    if (usage.requests === 0) return;
    let byKey = merged.get(date);
    if (byKey === undefined) merged.set(date, (byKey = new Map()));
    const previous = byKey.get(keyId);
    byKey.set(keyId, {
      requests: (previous?.requests ?? 0) + usage.requests,
      overageRequests: (previous?.overageRequests ?? 0) + usage.overageRequests,
      overageCostMicros: (previous?.overageCostMicros ?? 0) + usage.overageCostMicros,
    });
  };
  for (const shard of shards) {
    for (const [date, byKey] of shard.history) for (const [keyId, usage] of byKey) add(date, keyId, usage);
    for (const [keyId, usage] of shard.current) add(dayString(usage.day), keyId, usage);
  }
  return merged;
}
