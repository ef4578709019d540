/**
 * The HttpErrors the pipeline answers with before (or instead of) a route's handler: a path no route
 * has, a method the API does not serve, a missing or bad key, and a request over its tier's limits.
 */
import { KEY_LENGTH, KEY_PREFIX } from '../key-shape.ts';
import type { Decision } from '../limits/admission.ts';
import { formatUsd } from '../limits/money.ts';
import type { Tier } from '../limits/tiers.ts';
import { HttpError, notFound } from './http-error.ts';

const KEY_HINT = `Send your key in the X-API-Key header. Keys start with ${KEY_PREFIX} and are ${KEY_LENGTH} characters long.`;
export const NO_KEY = new HttpError(401, 'INVALID_API_KEY', 'No API key was sent.', KEY_HINT);
export const BAD_KEY = new HttpError(401, 'INVALID_API_KEY', 'The API key is not valid: it is malformed, unknown or revoked.', KEY_HINT);
export const SEVERAL_KEYS = new HttpError(401, 'INVALID_API_KEY', 'More than one X-API-Key header was sent.', KEY_HINT);

/** 404 for a path the route table does not have. */
export function unknownRoute(path: string): HttpError {
  return notFound(`There is no route ${path.slice(0, 200)}.`, 'Every API route starts with /v1; see the API reference at /docs.');
}

/** 405: the API is read-only. */
export function methodNotAllowed(method: string, path: string): HttpError {
  const message = `${method.toUpperCase().slice(0, 20)} is not allowed on ${path.slice(0, 200)}.`;
  return new HttpError(405, 'METHOD_NOT_ALLOWED', message, 'This API is read-only: use GET.');
}

/** The 429 a refusing decision implies (docs/api.md#metering); undefined when the decision serves the request. */
export function limitError(decision: Decision, tier: Tier, upgradeUrl: string): HttpError | undefined {
  switch (decision.kind) {
    case 'minute-limit':
    case 'daily-limit': {
      const window = decision.kind === 'minute-limit' ? 'minute' : 'day';
      return new HttpError(
        429,
        'RATE_LIMIT_EXCEEDED',
        `Rate limit exceeded: the ${tier.name} tier allows ${decision.limit} requests per ${window}.`,
        window === 'minute'
          ? 'Wait until the minute window resets (see Retry-After), or upgrade for a higher per-minute limit.'
          : 'The daily quota resets at 00:00 UTC (see Retry-After); upgrade to a paid tier to keep going with overage billing.',
        {
          upgrade_url: upgradeUrl,
          current_tier: tier.name,
          limit: decision.limit,
          window,
          resets_at: new Date(decision.resetMs).toISOString(),
        },
      );
    }
    case 'overage-cap':
      return new HttpError(
        429,
        'OVERAGE_CAP_EXCEEDED',
        `Overage safety cap reached: ${decision.safetyCap} requests today ` +
          `(${tier.safetyCapMultiple}x the daily limit of ${decision.dailyLimit}).`,
        'Requests are blocked until 00:00 UTC. Upgrade to a higher tier for a larger daily quota.',
        {
          upgrade_url: upgradeUrl,
          current_tier: tier.name,
          daily_limit: decision.dailyLimit,
          safety_cap: decision.safetyCap,
          total_requests_today: decision.dayRequests,
          overage_requests_today: decision.overageRequests,
          overage_cost_today: formatUsd(decision.overageCostMicros),
          resets_at: new Date(decision.resetMs).toISOString(),
        },
      );
    default:
      return undefined;
  }
}
