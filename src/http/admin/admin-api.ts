/**
 * The admin API (docs/api.md#admin-api), on only when ADMIN_TOKEN is set: keys created, listed,
 * regenerated, revoked and moved between tiers, and usage per key and day for billing. Every route
 * needs `Authorization: Bearer <ADMIN_TOKEN>`; without ADMIN_TOKEN the whole /admin tree is a 404.
 */
import { isRealDate } from '../../dates.ts';
import { maskKey } from '../../keys/api-key.ts';
import type { KeyAdmin } from '../../keys/key-admin.ts';
import { StoreUnavailableError } from '../../documents/shared-document.ts';
import type { KeyRecord } from '../../keys/key-store.ts';
import { formatUsd } from '../../limits/money.ts';
import type { TierTable } from '../../limits/tiers.ts';
import type { UsageByDay } from '../../limits/usage-shards.ts';
import { dayString } from '../../limits/windows.ts';
import { HttpError, invalidParameter, KEY_STORE_UNAVAILABLE, notFound } from '../http-error.ts';
import { methodNotAllowed } from '../refusals.ts';
import type { ApiRequest, Reply } from '../reply.ts';
import { json } from '../replies.ts';
import type { TokenCheck } from './admin-auth.ts';
import { CreateKeySchema, UpdateKeySchema } from '../admin-contract.ts';
import { parseBody, unknownTier } from './admin-body.ts';

export interface AdminDeps {
  isAdminToken: TokenCheck;
  keys: KeyAdmin;
  tiers: TierTable;
  /** Usage per UTC day and key, as far back as the counter store (and its archive) holds it. */
  usageByDay(): UsageByDay | Promise<UsageByDay>;
  now(): number;
}

export type AdminOutcome = Reply | HttpError | Promise<Reply | HttpError>;

const DAY_MS = 86_400_000;
/** The usage route's default and largest span. */
const MAX_USAGE_DAYS = 366;
const KEYS_PREFIX = '/admin/v1/keys';

export const ADMIN_TOKEN_INVALID = new HttpError(
  401,
  'ADMIN_TOKEN_INVALID',
  'The admin API needs the operator’s bearer token.',
  'Send Authorization: Bearer <ADMIN_TOKEN>.',
);

/** A key record as the admin API shows it: never the key, its last four characters masked in. */
export function publicRecord(record: KeyRecord): Record<string, unknown> {
  const shown: Record<string, unknown> = {
    id: record.id,
    tier: record.tier,
    label: record.label,
    maskedKey: maskKey(record.hint),
    createdAt: record.createdAt,
  };
  if (record.rotatedAt !== undefined) shown.rotatedAt = record.rotatedAt;
  if (record.revokedAt !== undefined) shown.revokedAt = record.revokedAt;
  return shown;
}

function noSuchKey(id: string): HttpError {
  return notFound(`No live key has the id "${id.slice(0, 100)}".`, 'Take ids from GET /admin/v1/keys.');
}

/** The YYYY-MM-DD range of the usage route: `from` and `to` inclusive, the last 30 days by default. */
function usageRange(query: URLSearchParams, nowMs: number): { from: string; to: string } | HttpError {
  const to = query.get('to') ?? dayString(Math.floor(nowMs / DAY_MS));
  const from = query.get('from') ?? dayString(Math.floor(Date.parse(`${to}T00:00:00Z`) / DAY_MS) - 29);
  for (const [field, value] of [
    ['to', to],
    ['from', from],
  ] as const) {
    if (!isRealDate(value)) {
      return invalidParameter(field, value.slice(0, 40), `${field} must be a day as YYYY-MM-DD.`, 'Use a UTC date such as 2026-11-28.');
    }
  }
  const span = (Date.parse(to) - Date.parse(from)) / DAY_MS;
  if (span < 0 || span >= MAX_USAGE_DAYS) {
    return invalidParameter(
      'from',
      from,
      `from must be on or before to, at most ${MAX_USAGE_DAYS} days apart.`,
      'Ask for a shorter range.',
    );
  }
  return { from, to };
}

/** Rows of the usage route: one per key and day with requests in [from, to], by date then key id. */
export function usageRows(byDay: UsageByDay, from: string, to: string): Record<string, unknown>[] {
  const rows: Record<string, unknown>[] = [];
  for (const date of [...byDay.keys()].sort()) {
    if (date < from || date > to) continue;
    for (const [keyId, usage] of [...byDay.get(date)!].sort(([a], [b]) => (a < b ? -1 : 1))) {
      rows.push({
        keyId,
        date,
        requests: usage.requests,
        overageRequests: usage.overageRequests,
        overageCost: formatUsd(usage.overageCostMicros),
      });
    }
  }
  return rows;
}

export function createAdminApi(deps: AdminDeps): (request: ApiRequest) => AdminOutcome {
  const tierNames = [...deps.tiers.keys()];

  function knownTier(name: string | undefined): HttpError | undefined {
    return name === undefined || deps.tiers.has(name) ? undefined : unknownTier(name, tierNames);
  }

  async function createKeyRoute(request: ApiRequest): Promise<Reply | HttpError> {
    const body = parseBody(request, CreateKeySchema);
    if (body instanceof HttpError) return body;
    const refusal = knownTier(body.tier);
    if (refusal !== undefined) return refusal;
    const issued = await deps.keys.create(body.tier, body.label);
    return json(201, JSON.stringify({ id: issued.record.id, key: issued.key, tier: issued.record.tier, label: issued.record.label }));
  }

  async function updateKeyRoute(request: ApiRequest, id: string): Promise<Reply | HttpError> {
    const body = parseBody(request, UpdateKeySchema);
    if (body instanceof HttpError) return body;
    const refusal = knownTier(body.tier);
    if (refusal !== undefined) return refusal;
    const record = await deps.keys.update(id, body);
    return record === undefined ? noSuchKey(id) : json(200, JSON.stringify(publicRecord(record)));
  }

  async function regenerateRoute(id: string): Promise<Reply | HttpError> {
    const issued = await deps.keys.regenerate(id);
    if (issued === undefined) return noSuchKey(id);
    return json(200, JSON.stringify({ id: issued.record.id, key: issued.key, tier: issued.record.tier }));
  }

  async function revokeRoute(id: string): Promise<Reply | HttpError> {
    return (await deps.keys.revoke(id)) ? { status: 204, headers: [['Cache-Control', 'no-store']], body: '' } : noSuchKey(id);
  }

  async function usageRoute(request: ApiRequest): Promise<Reply | HttpError> {
    const range = usageRange(new URLSearchParams(request.query), deps.now());
    if (range instanceof HttpError) return range;
    const rows = usageRows(await deps.usageByDay(), range.from, range.to);
    return json(200, JSON.stringify({ data: rows, from: range.from, to: range.to }));
  }

  function listRoute(): Reply {
    return json(200, JSON.stringify({ data: deps.keys.read().keys.map(publicRecord) }));
  }

  /** The route for a path under /admin/v1 and a method, or the refusal (404, 405); a fleet's store outage is a 503. */
  return function adminApi(request: ApiRequest): AdminOutcome {
    const outcome = route(request);
    return outcome instanceof Promise ? outcome.catch(storeUnavailable) : outcome;
  };

  function route(request: ApiRequest): AdminOutcome {
    if (!deps.isAdminToken(request.authorization)) return ADMIN_TOKEN_INVALID;
    const { method, path } = request;
    const isRead = method === 'get' || method === 'head';
    if (path === KEYS_PREFIX) {
      if (isRead) return listRoute();
      return method === 'post' ? createKeyRoute(request) : methodNotAllowed(method, path);
    }
    if (path === '/admin/v1/usage') return isRead ? usageRoute(request) : methodNotAllowed(method, path);
    if (path.startsWith(`${KEYS_PREFIX}/`)) {
      const [id, action, ...rest] = path.slice(KEYS_PREFIX.length + 1).split('/');
      if (id && rest.length === 0) {
        if (action === 'regenerate') return method === 'post' ? regenerateRoute(id) : methodNotAllowed(method, path);
        if (action === undefined) {
          if (method === 'patch') return updateKeyRoute(request, id);
          if (method === 'delete') return revokeRoute(id);
          return methodNotAllowed(method, path);
        }
      }
    }
    return notFound(`There is no admin route ${path.slice(0, 200)}.`, 'See docs/api.md#admin-api for the admin routes.');
  }
}

function storeUnavailable(error: unknown): HttpError {
  if (error instanceof StoreUnavailableError) return KEY_STORE_UNAVAILABLE;
  throw error;
}
