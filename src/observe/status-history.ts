/**
 * Requests, 429s and 5xx per hour over the last 24 hours, counted by this process for the operator
 * view: 24 fixed buckets aligned to the UTC hour, reused as the hours pass.
 */
import type { RequestRecord } from './request-record.ts';

const HOUR_MS = 3_600_000;
export const HISTORY_HOURS = 24;

export interface HourCounts {
  /** Start of the hour, ms since the epoch. */
  hourMs: number;
  requests: number;
  tooMany: number;
  failed: number;
}

export class StatusHistory {
  readonly #buckets: HourCounts[] = Array.from({ length: HISTORY_HOURS }, () => ({ hourMs: -1, requests: 0, tooMany: 0, failed: 0 }));
  readonly #now: () => number;

  constructor(now: () => number) {
    this.#now = now;
  }

  #bucket(hourMs: number): HourCounts {
    const bucket = this.#buckets[(hourMs / HOUR_MS) % HISTORY_HOURS]!;
    if (bucket.hourMs !== hourMs) Object.assign(bucket, { hourMs, requests: 0, tooMany: 0, failed: 0 });
    return bucket;
  }

  readonly record = (record: Pick<RequestRecord, 'status'>): void => {
    const bucket = this.#bucket(Math.floor(this.#now() / HOUR_MS) * HOUR_MS);
    bucket.requests += 1;
    if (record.status === 429) bucket.tooMany += 1;
    else if (record.status >= 500) bucket.failed += 1;
  };

  /** The last 24 hours, oldest first, the current hour last. */
  hours(): HourCounts[] {
    const current = Math.floor(this.#now() / HOUR_MS) * HOUR_MS;
    return Array.from({ length: HISTORY_HOURS }, (_, i) => {
      const hourMs = current - (HISTORY_HOURS - 1 - i) * HOUR_MS;
      const bucket = this.#buckets[(hourMs / HOUR_MS) % HISTORY_HOURS]!;
      return bucket.hourMs === hourMs ? { ...bucket } : { hourMs, requests: 0, tooMany: 0, failed: 0 };
    });
  }
}
