/**
 * The request pipeline, free of any socket: a copied request in, a Reply out. Order on a data route
 * (DECISIONS.md): catalog loaded, then key, then limits, then parameters, then the pure query.
 * A request the service fails to serve (5xx) gives back the count it took.
 */
import type { Catalog } from '../catalog/catalog.ts';
import { hashKey, isWellFormedKey, KEY_LENGTH, KEY_PREFIX } from '../keys/api-key.ts';
import type { KeyRecord } from '../keys/key-store.ts';
import type { Decision } from '../limits/admission.ts';
import { formatUsd } from '../limits/money.ts';
import type { Tier, TierTable } from '../limits/tiers.ts';
import type { Ticket, UsageStore } from '../limits/usage-store.ts';
import { secondsUntil } from '../limits/windows.ts';
import type { Logger } from '../log.ts';
import { findPage, TIMED_OUT } from '../search/page-query.ts';
import type { SearchIndex } from '../search/search-index.ts';
import { errorBody, HttpError, INTERNAL_ERROR, notFound, SEARCH_TIMEOUT, SERVICE_UNAVAILABLE } from './http-error.ts';
import { parseListParams } from './list-params.ts';

export interface ApiRequest {
  method: string;
  /** The path as sent, still percent-encoded. */
  path: string;
  /** The raw query string, without `?`. */
  query: string;
  apiKey: string | undefined;
  host: string | undefined;
}

export interface Reply {
  status: number;
  headers: [string, string][];
  /** A list of buffers is sent as their concatenation (a page assembled from pre-encoded exercises). */
  body: string | Buffer | readonly Buffer[];
}

export interface ApiDeps {
  catalog(): Catalog | undefined;
  /** The search index of the live catalog (search-index.ts); swapped together with it. */
  search(): SearchIndex | undefined;
  keysByHash(): ReadonlyMap<string, KeyRecord>;
  tiers: TierTable;
  usage: UsageStore;
  docsUrlBase: string | undefined;
  upgradeUrl: string;
  searchBudgetMs: number;
  version: string;
  /** Wall-clock milliseconds since the epoch (UTC windows are taken from it). */
  now(): number;
  /** Monotonic milliseconds, for search deadlines. */
  monotonic(): number;
  random(): number;
  logger: Logger;
}

const JSON_TYPE: [string, string] = ['Content-Type', 'application/json; charset=utf-8'];
const PAGE_OPEN = Buffer.from('{"data":[');
const COMMA = Buffer.from(',');
const APPROACHING_SHARE = 0.8;
const DATA_ROUTES = new Set(['exercises', 'muscles', 'equipment', 'categories', 'stats']);
const KEY_HINT = `Send your key in the X-API-Key header. Keys start with ${KEY_PREFIX} and are ${KEY_LENGTH} characters long.`;

type Admitted = { decision: Decision; ticket?: Ticket };

function json(status: number, body: Reply['body'], headers: [string, string][] = []): Reply {
  return { status, headers: [JSON_TYPE, ...headers], body };
}

/** The X-RateLimit-* (and overage) headers for a decision; `isReleased` when the count was given back. */
export function rateHeaders(decision: Decision, nowMs: number, isReleased = false): [string, string][] {
  const seconds = (ms: number) => String(Math.floor(ms / 1000));
  switch (decision.kind) {
    case 'unmetered':
      return [['X-RateLimit-Limit', '-1'], ['X-RateLimit-Remaining', '-1'], ['X-RateLimit-Reset', '-1']];
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
      const used = decision.dayRequests - (isReleased ? 1 : 0);
      const headers: [string, string][] = [
        ['X-RateLimit-Limit', String(decision.dailyLimit)],
        ['X-RateLimit-Remaining', String(Math.max(0, decision.dailyLimit - used))],
        ['X-RateLimit-Reset', seconds(decision.dailyResetMs)],
      ];
      if (used >= decision.dailyLimit * APPROACHING_SHARE) headers.push(['X-RateLimit-Warning', 'approaching']);
      if (decision.overage !== undefined) {
        const isBilled = decision.isOverage && !isReleased;
        if (isBilled) headers.push(['X-Overage', 'true']);
        headers.push(['X-Overage-Count', String(decision.overage.count - (decision.isOverage && isReleased ? 1 : 0))]);
        headers.push(['X-Overage-Cap', String(decision.overage.capRemaining + (isReleased ? 1 : 0))]);
      }
      return headers;
    }
  }
}

function limitError(decision: Decision, tier: Tier, upgradeUrl: string): HttpError | undefined {
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
        { upgrade_url: upgradeUrl, current_tier: tier.name, limit: decision.limit, window, resets_at: new Date(decision.resetMs).toISOString() },
      );
    }
    case 'overage-cap':
      return new HttpError(
        429,
        'OVERAGE_CAP_EXCEEDED',
        `Overage safety cap reached: ${decision.safetyCap} requests today (${tier.safetyCapMultiple}x the daily limit of ${decision.dailyLimit}).`,
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

export function createApi(deps: ApiDeps): (request: ApiRequest) => Reply | Promise<Reply> {
  function docsBase(request: ApiRequest): string {
    return deps.docsUrlBase ?? `http://${request.host ?? 'localhost'}/docs`;
  }

  function errorReply(request: ApiRequest, error: HttpError, headers: [string, string][] = []): Reply {
    const extra: [string, string][] = error.status === 405 ? [['Allow', 'GET, OPTIONS'], ...headers] : headers;
    return json(error.status, errorBody(error, docsBase(request)), extra);
  }

  function health(): Reply {
    const catalog = deps.catalog();
    const redis = deps.usage.status();
    const status = catalog === undefined ? 'unavailable' : redis === 'ok' ? 'ok' : 'degraded';
    const body = JSON.stringify({
      status,
      version: deps.version,
      dataVersion: catalog?.dataVersion ?? null,
      exerciseCount: catalog?.exercises.length ?? 0,
      checks: { supabase: catalog === undefined ? 'unavailable' : 'ok', redis },
    });
    return json(catalog === undefined ? 503 : 200, body);
  }

  function listExercises(request: ApiRequest, tier: Tier): Reply | HttpError {
    // Positions index the catalog the search index was built from: take both from it.
    const index = deps.search();
    if (index === undefined) return SERVICE_UNAVAILABLE;
    const catalog = index.catalog;
    const params = parseListParams(request.query);
    if (params instanceof HttpError) return params;
    const limit = Math.min(params.limit, tier.maxResults);
    if (tier.paginationDepth !== undefined && params.offset + limit > tier.paginationDepth) {
      return new HttpError(
        403,
        'PAGINATION_DEPTH_EXCEEDED',
        `The ${tier.name} tier can page up to ${tier.paginationDepth} results deep (offset + limit), and this request asks for ${params.offset + limit}.`,
        'Narrow the search with filters or a query instead of paging deeper, or upgrade for unlimited paging.',
        { upgrade_url: deps.upgradeUrl, current_tier: tier.name },
      );
    }
    const start = deps.monotonic();
    const page = findPage(
      index,
      { q: params.q, filters: params.filters, random: params.random, limit, offset: params.offset },
      { deadline: start + deps.searchBudgetMs, now: deps.monotonic, random: deps.random },
    );
    if (page === TIMED_OUT) return SEARCH_TIMEOUT;
    const parts: Buffer[] = [PAGE_OPEN];
    page.positions.forEach((position, i) => {
      if (i > 0) parts.push(COMMA);
      parts.push(catalog.exerciseBytes[position]!);
    });
    parts.push(Buffer.from(`],"total":${page.total === null ? 'null' : page.total},"limit":${limit},"offset":${params.offset}}`));
    return json(200, parts);
  }

  function exerciseById(catalog: Catalog, rawId: string): Reply | HttpError {
    let id: string;
    try {
      id = decodeURIComponent(rawId);
    } catch {
      id = rawId;
    }
    const position = catalog.positionById.get(id);
    if (position === undefined) {
      return notFound(`No exercise has the id "${id.slice(0, 200)}".`, 'Take ids from the id field of GET /v1/exercises results; they are not derived from names.');
    }
    return json(200, catalog.exerciseBodies[position]!);
  }

  function execute(catalog: Catalog, request: ApiRequest, route: string, rest: string | undefined, tier: Tier): Reply | HttpError {
    switch (route) {
      case 'exercises':
        return rest === undefined ? listExercises(request, tier) : exerciseById(catalog, rest);
      case 'muscles':
        return json(200, catalog.bodies.muscles);
      case 'equipment':
        return json(200, catalog.bodies.equipment);
      case 'categories':
        return json(200, catalog.bodies.categories);
      default: // 'stats', the last of DATA_ROUTES; unknown routes never get here
        return json(200, catalog.bodies.stats);
    }
  }

  function finish(request: ApiRequest, admitted: Admitted, catalog: Catalog, route: string, rest: string | undefined, tier: Tier, nowMs: number): Reply {
    const { decision, ticket } = admitted;
    const refusal = limitError(decision, tier, deps.upgradeUrl);
    if (refusal !== undefined) return errorReply(request, refusal, rateHeaders(decision, nowMs));
    let outcome: Reply | HttpError;
    try {
      outcome = execute(catalog, request, route, rest, tier);
    } catch (error) {
      deps.logger.error('unexpected error while serving a request', { path: request.path, error: String((error as Error)?.stack ?? error) });
      outcome = INTERNAL_ERROR;
    }
    const reply = outcome instanceof HttpError ? errorReply(request, outcome) : outcome;
    const isReleased = reply.status >= 500 && ticket !== undefined;
    if (isReleased) {
      // A shared store releases asynchronously; its failure must not become an unhandled rejection.
      Promise.resolve(deps.usage.release(ticket)).catch((error: unknown) => deps.logger.error('usage store could not give a count back', { error: String(error) }));
    }
    reply.headers.push(...rateHeaders(decision, nowMs, isReleased));
    return reply;
  }

  return function handleRequest(request: ApiRequest): Reply | Promise<Reply> {
    try {
      const segments = request.path.split('/');
      // ['', 'v1', route, rest?]
      if (segments[1] !== 'v1' || segments.length > 4 || segments[2] === undefined) {
        return errorReply(request, notFound(`There is no route ${request.path.slice(0, 200)}.`, 'Every route starts with /v1; see the API reference.'));
      }
      const route = segments[2];
      const rest = segments[3];
      const isKnown = route === 'health' ? rest === undefined : DATA_ROUTES.has(route) && (rest === undefined || (route === 'exercises' && rest !== ''));
      if (!isKnown) {
        return errorReply(request, notFound(`There is no route ${request.path.slice(0, 200)}.`, 'See the API reference for the seven GET routes under /v1.'));
      }
      if (request.method !== 'get') {
        return errorReply(request, new HttpError(405, 'METHOD_NOT_ALLOWED', `${request.method.toUpperCase()} is not allowed on ${request.path.slice(0, 200)}.`, 'This API is read-only: use GET.'));
      }
      if (route === 'health') return health();

      const catalog = deps.catalog();
      if (catalog === undefined) return errorReply(request, SERVICE_UNAVAILABLE);
      const apiKey = request.apiKey;
      if (apiKey === undefined || apiKey === '') {
        return errorReply(request, new HttpError(401, 'INVALID_API_KEY', 'No API key was sent.', KEY_HINT));
      }
      const record = isWellFormedKey(apiKey) ? deps.keysByHash().get(hashKey(apiKey)) : undefined;
      if (record === undefined) {
        return errorReply(request, new HttpError(401, 'INVALID_API_KEY', 'The API key is not valid: it is malformed, unknown or revoked.', KEY_HINT));
      }
      // The key store is checked against the tier table when it is loaded, so the tier exists.
      const tier = deps.tiers.get(record.tier)!;
      const nowMs = deps.now();
      const admitted = deps.usage.admit(record.id, tier, nowMs);
      if (admitted instanceof Promise) {
        return admitted.then(
          (result) => finish(request, result, catalog, route, rest, tier, nowMs),
          (error: unknown) => {
            deps.logger.error('usage store failed', { error: String(error) });
            return finish(request, { decision: { kind: 'unmetered' } }, catalog, route, rest, tier, nowMs);
          },
        );
      }
      return finish(request, admitted, catalog, route, rest, tier, nowMs);
    } catch (error) {
      deps.logger.error('unexpected error while routing a request', { path: request.path, error: String((error as Error)?.stack ?? error) });
      return errorReply(request, INTERNAL_ERROR);
    }
  };
}
