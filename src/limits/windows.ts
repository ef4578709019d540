/** Fixed windows aligned to the UTC clock: minutes reset on the whole minute, days at 00:00 UTC. */
export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

export function minuteStart(nowMs: number): number {
  return Math.floor(nowMs / MINUTE_MS) * MINUTE_MS;
}

/** Days since the epoch in UTC; independent of the host's time zone. */
export function dayNumber(nowMs: number): number {
  return Math.floor(nowMs / DAY_MS);
}

export function dayString(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function dayFromString(date: string): number {
  return Date.parse(`${date}T00:00:00.000Z`) / DAY_MS;
}

export function nextMinute(nowMs: number): number {
  return minuteStart(nowMs) + MINUTE_MS;
}

export function nextMidnight(nowMs: number): number {
  return (dayNumber(nowMs) + 1) * DAY_MS;
}

/** Whole seconds until `resetMs`, at least 1 (the Retry-After rule). */
export function secondsUntil(resetMs: number, nowMs: number): number {
  return Math.max(1, Math.ceil((resetMs - nowMs) / 1000));
}
