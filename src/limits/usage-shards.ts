/**
 * The in-process store's data: per-key counters held in shards (one persisted file each), the ended
 * days a shard keeps until the sink archives them, and the merge the usage report reads.
 */
import { dayNumber, dayString } from './windows.ts';

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

/** A shard as the sink reads it to write its file: only the store changes a shard. */
export interface ShardContents {
  readonly current: ReadonlyMap<string, Readonly<KeyUsage>>;
  readonly history: ReadonlyMap<string, ReadonlyMap<string, Readonly<DayUsage>>>;
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
export function setDayUsage(byDay: UsageByDay, date: string, keyId: string, usage: DayUsage): void {
  if (usage.requests === 0) return;
  let byKey = byDay.get(date);
  if (byKey === undefined) {
    byKey = new Map();
    byDay.set(date, byKey);
  }
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

/** All usage per day and key: the archive of ended days, then what the shards hold (see setDayUsage). */
export function mergeUsage(shards: readonly ShardContents[], archive: UsageByDay = new Map()): UsageByDay {
  const merged: UsageByDay = new Map();
  for (const [date, byKey] of archive) for (const [keyId, usage] of byKey) setDayUsage(merged, date, keyId, usage);
  for (const shard of shards) {
    for (const [date, byKey] of shard.history) for (const [keyId, usage] of byKey) setDayUsage(merged, date, keyId, usage);
    for (const [keyId, usage] of shard.current) setDayUsage(merged, dayString(usage.day), keyId, usage);
  }
  return merged;
}
