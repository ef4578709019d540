/**
 * The X-RateLimit-* and X-Overage-* headers a metering decision implies (the spec's "Response
 * headers"), beside the decision itself so the two never drift.
 */
import type { Decision } from './admission.ts';
import { secondsUntil } from './windows.ts';

/** From this share of the daily quota on, successful responses carry `X-RateLimit-Warning: approaching`. */
const APPROACHING_SHARE = 0.8;

/** Unix seconds, as X-RateLimit-Reset wants them. Module-level: a closure per request costs ~0.3 µs under tsx. */
function seconds(ms: number): string {
  return String(Math.floor(ms / 1000));
}

/** The headers for a decision; for a request whose count was given back, the decision after the release (metering.ts). */
export function rateHeaders(decision: Decision, nowMs: number): [string, string][] {
  switch (decision.kind) {
    case 'unmetered':
      return [
        ['X-RateLimit-Limit', '-1'],
        ['X-RateLimit-Remaining', '-1'],
        ['X-RateLimit-Reset', '-1'],
      ];
    case 'minute-limit':
    case 'daily-limit':
    case 'overage-cap':
      return [
        // For the cap, the exceeded "window" is the day's safety cap.
        ['X-RateLimit-Limit', String(decision.kind === 'overage-cap' ? decision.safetyCap : decision.limit)],
        ['X-RateLimit-Remaining', '0'],
        ['X-RateLimit-Reset', seconds(decision.resetMs)],
        ['Retry-After', String(secondsUntil(decision.resetMs, nowMs))],
      ];
    case 'admit': {
      const used = decision.dayRequests;
      // A tier without a daily limit (operator) says -1 for both: there is nothing to count down.
      const isLimited = Number.isFinite(decision.dailyLimit);
      const headers: [string, string][] = [
        ['X-RateLimit-Limit', isLimited ? String(decision.dailyLimit) : '-1'],
        ['X-RateLimit-Remaining', isLimited ? String(Math.max(0, decision.dailyLimit - used)) : '-1'],
        ['X-RateLimit-Reset', seconds(decision.dailyResetMs)],
      ];
      if (used >= decision.dailyLimit * APPROACHING_SHARE) headers.push(['X-RateLimit-Warning', 'approaching']);
      if (decision.overage !== undefined) {
        if (decision.isOverage) headers.push(['X-Overage', 'true']);
        headers.push(['X-Overage-Count', String(decision.overage.count)]);
        headers.push(['X-Overage-Cap', String(decision.overage.capRemaining)]);
      }
      return headers;
    }
  }
}
