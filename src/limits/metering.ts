/**
 * The end of one request's metering: a request the service failed to serve (5xx) gives its count back
 * (docs/api.md#metering), and its headers then describe the decision after that release, so the store's
 * counts and the headers (rate-headers.ts) come from one place.
 */
import { type Decision, releasedDecision } from './admission.ts';
import type { Admission, UsageStore } from './usage-store.ts';

/**
 * Gives back the count of a request answered with `status` when that is a failure (5xx), and returns
 * the decision that then holds. A shared store releases asynchronously: its failure goes to `onError`.
 */
export function settle(usage: UsageStore, admission: Admission, status: number, onError: (error: unknown) => void): Decision {
  const { decision, ticket } = admission;
  if (status < 500 || ticket === undefined || decision.kind !== 'admit') return decision;
  // A rejected release must not become an unhandled rejection.
  Promise.resolve(usage.release(ticket)).catch(onError);
  return releasedDecision(decision);
}
