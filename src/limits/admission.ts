/**
 * The admit/overage decision for one request, as a pure function of a key's usage, its tier and the
 * time. Rules: docs/api.md#metering.
 */
import type { Tier } from './tiers.ts';
import { nextMidnight, nextMinute } from './windows.ts';

/** A key's counts in the windows that contain `now`. */
export interface WindowCounts {
  minuteRequests: number;
  dayRequests: number;
  overageRequests: number;
  overageCostMicros: number;
}

export type Decision =
  | {
      kind: 'admit';
      /** Some of the requests this admission charges are billable overage. */
      isOverage: boolean;
      /** Requests this admission charges: 1, or what paging would have cost (GET /v1/export). */
      count: number;
      /** How many of `count` are billable overage (paid tiers past the daily quota). */
      overageCount: number;
      dailyLimit: number;
      /** Requests served today including this admission's. */
      dayRequests: number;
      dailyResetMs: number;
      /** Paid tiers only: overage so far today (including this request) and requests left before the cap. */
      overage: { count: number; capRemaining: number } | undefined;
    }
  | { kind: 'minute-limit'; limit: number; resetMs: number }
  | { kind: 'daily-limit'; limit: number; resetMs: number }
  | {
      kind: 'overage-cap';
      dailyLimit: number;
      safetyCap: number;
      dayRequests: number;
      overageRequests: number;
      overageCostMicros: number;
      resetMs: number;
    }
  /** The counter store cannot be reached at all: serve without metering (headers -1). */
  | { kind: 'unmetered' };

/** A decision that served the request. */
export type Admit = Extract<Decision, { kind: 'admit' }>;

export function safetyCapOf(tier: Tier): number {
  return Math.floor(tier.dailyRequests * tier.safetyCapMultiple);
}

/**
 * Decides whether a request with these counts may be served, charged as `count` requests. The longest
 * block wins when several apply (cap, then day, then minute), so Retry-After never tells a client to
 * come back too early. The day's quota and the safety cap must hold the whole count; the minute window
 * only needs room to start (it smooths the rate), so a charge above the per-minute limit is still served.
 */
export function decide(counts: WindowCounts, tier: Tier, nowMs: number, count = 1): Decision {
  if (tier.overage) {
    const safetyCap = safetyCapOf(tier);
    if (counts.dayRequests + count > safetyCap) {
      return {
        kind: 'overage-cap',
        dailyLimit: tier.dailyRequests,
        safetyCap,
        dayRequests: counts.dayRequests,
        overageRequests: counts.overageRequests,
        overageCostMicros: counts.overageCostMicros,
        resetMs: nextMidnight(nowMs),
      };
    }
  } else if (counts.dayRequests + count > tier.dailyRequests) {
    return { kind: 'daily-limit', limit: tier.dailyRequests, resetMs: nextMidnight(nowMs) };
  }
  if (counts.minuteRequests >= tier.perMinute) {
    return { kind: 'minute-limit', limit: tier.perMinute, resetMs: nextMinute(nowMs) };
  }
  const dayRequests = counts.dayRequests + count;
  const overageCount = tier.overage ? Math.max(0, dayRequests - Math.max(tier.dailyRequests, counts.dayRequests)) : 0;
  return {
    kind: 'admit',
    isOverage: overageCount > 0,
    count,
    overageCount,
    dailyLimit: tier.dailyRequests,
    dayRequests,
    dailyResetMs: nextMidnight(nowMs),
    overage: tier.overage ? { count: counts.overageRequests + overageCount, capRemaining: safetyCapOf(tier) - dayRequests } : undefined,
  };
}

/**
 * The decision as it stands once its count is given back (a request the service failed to serve):
 * nothing charged, so no overage billed, and the day's counts as they were before it.
 */
export function releasedDecision(decision: Admit): Admit {
  const { count, overageCount, overage } = decision;
  return {
    ...decision,
    isOverage: false,
    count: 0,
    overageCount: 0,
    dayRequests: decision.dayRequests - count,
    overage: overage === undefined ? undefined : { count: overage.count - overageCount, capRemaining: overage.capRemaining + count },
  };
}
