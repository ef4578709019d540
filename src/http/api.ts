/**
 * The request pipeline, free of any socket: a copied request in, a Reply out. Read top to bottom:
 * preflight, route, method, then on a keyed route (docs/api.md#order-of-checks): catalog loaded, key, limits, and the
 * route's pure handler. A request the service fails to serve (5xx) gives back the count it took.
 */
import type { Catalog } from '../catalog/catalog.ts';
import { hashKey, isWellFormedKey, KEY_LENGTH, KEY_PREFIX } from '../keys/api-key.ts';
import type { KeyRecord } from '../keys/key-store.ts';
import type { Decision } from '../limits/admission.ts';
import { formatUsd } from '../limits/money.ts';
import { rateHeaders } from '../limits/rate-headers.ts';
import type { Tier, TierTable } from '../limits/tiers.ts';
import type { Ticket, UsageStore } from '../limits/usage-store.ts';
import type { Logger } from '../log.ts';
import type { RequestObserver } from '../observe/request-record.ts';
import { BAD_REQUEST, errorBody, HEADERS_TOO_LARGE, HttpError, INTERNAL_ERROR, notFound, SERVICE_UNAVAILABLE } from './http-error.ts';
import { createPublicPages } from './public-pages.ts';
import { bodyLength, hasNoBody, type ApiRequest, type Reply } from './reply.ts';
import { requestIds } from './request-id.ts';
import { json, matchRoute, type Route, type RouteContext } from './routes.ts';
import type { SearchIndex } from '../search/search-index.ts';

export type { ApiRequest, Reply } from './reply.ts';

export interface ApiDeps {
  catalog(): Catalog | undefined;
  /** The search index of the live catalog (search-index.ts); swapped together with it. */
  search(): SearchIndex | undefined;
  keysByHash(): ReadonlyMap<string, KeyRecord>;
  tiers: TierTable;
  usage: UsageStore;
  /** Base of error.docs_url: DOCS_URL_BASE, else PUBLIC_URL + /docs; never taken from a request. */
  docsUrlBase(): string;
  upgradeUrl: string;
  searchBudgetMs: number;
  version: string;
  /** Wall-clock milliseconds since the epoch (UTC windows are taken from it). */
  now(): number;
  /** Monotonic milliseconds, for search deadlines. */
  monotonic(): number;
  random(): number;
  logger: Logger;
  /** The service's public base URL, for the docs page's examples; relative links when absent. */
  publicUrl?: () => string;
  /** Told about every answered request (access log, metrics); called after the Reply is complete. */
  observe?: RequestObserver;
}

export interface Api {
  handle(request: ApiRequest): Reply | Promise<Reply>;
  /** The envelope for a request an HTTP engine's parser refused. */
  malformed(status: 400 | 431): Reply;
}

type Admitted = { decision: Decision; ticket?: Ticket };
/** What the pipeline learns about a request on its way, for the observer. */
interface Trace {
  route: string;
  keyId: string | undefined;
}
type KeyedRoute = Extract<Route, { isKeyed: true }>;

/** CORS preflight (docs/api.md#browsers-and-cors): any origin, no key, the X-API-Key header allowed. */
const PREFLIGHT: Reply = {
  status: 204,
  headers: [
    ['Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS'],
    ['Access-Control-Allow-Headers', 'X-API-Key, Content-Type, If-None-Match, X-Request-Id'],
    ['Access-Control-Max-Age', '600'],
  ],
  body: '',
};
const KEY_HINT = `Send your key in the X-API-Key header. Keys start with ${KEY_PREFIX} and are ${KEY_LENGTH} characters long.`;
const NO_KEY = new HttpError(401, 'INVALID_API_KEY', 'No API key was sent.', KEY_HINT);
const BAD_KEY = new HttpError(401, 'INVALID_API_KEY', 'The API key is not valid: it is malformed, unknown or revoked.', KEY_HINT);
const SEVERAL_KEYS = new HttpError(401, 'INVALID_API_KEY', 'More than one X-API-Key header was sent.', KEY_HINT);

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

export function createApi(deps: ApiDeps): Api {
  const nextRequestId = requestIds();
  const pages = createPublicPages({
    tiers: deps.tiers,
    publicUrl: deps.publicUrl ?? (() => ''),
    // The docs page is built once, at its first request: its example names an exercise that exists then.
    exampleExerciseId: () => {
      const exercises = deps.catalog()?.exercises;
      return (exercises?.find((exercise) => exercise.id.includes('Bench_Press')) ?? exercises?.[0])?.id;
    },
    version: deps.version,
  });

  function errorReply(error: HttpError, headers: [string, string][] = []): Reply {
    const extra: [string, string][] = error.status === 405 ? [['Allow', 'GET, HEAD, OPTIONS'], ...headers] : headers;
    const reply = json(error.status, errorBody(error, deps.docsUrlBase()), extra);
    reply.errorCode = error.code;
    return reply;
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

  /** Runs a keyed route once its request is admitted (or refused) and adds the metering headers. */
  function finish(admitted: Admitted, context: RouteContext, route: KeyedRoute, nowMs: number): Reply {
    const { decision, ticket } = admitted;
    const refusal = limitError(decision, context.tier, deps.upgradeUrl);
    if (refusal !== undefined) return errorReply(refusal, rateHeaders(decision, nowMs));
    let outcome: Reply | HttpError;
    try {
      outcome = route.handle(context);
    } catch (error) {
      deps.logger.error('unexpected error while serving a request', { path: context.request.path, error: String((error as Error)?.stack ?? error) });
      outcome = INTERNAL_ERROR;
    }
    const reply = outcome instanceof HttpError ? errorReply(outcome) : outcome;
    const isReleased = reply.status >= 500 && ticket !== undefined;
    if (isReleased) {
      // A shared store releases asynchronously; its failure must not become an unhandled rejection.
      Promise.resolve(deps.usage.release(ticket)).catch((error: unknown) => deps.logger.error('usage store could not give a count back', { error: String(error) }));
    }
    reply.headers.push(...rateHeaders(decision, nowMs, isReleased));
    return reply;
  }

  function serveKeyed(request: ApiRequest, route: KeyedRoute, param: string | undefined, trace: Trace): Reply | Promise<Reply> {
    // Positions index the catalog the search index was built from: take both from it.
    const search = deps.search();
    if (search === undefined) return errorReply(SERVICE_UNAVAILABLE);
    const catalog = search.catalog;
    if (request.hasSeveralKeys) return errorReply(SEVERAL_KEYS);
    const apiKey = request.apiKey;
    if (apiKey === undefined) return errorReply(NO_KEY);
    const record = isWellFormedKey(apiKey) ? deps.keysByHash().get(hashKey(apiKey)) : undefined;
    if (record === undefined) return errorReply(BAD_KEY);
    trace.keyId = record.id;
    // The key store is checked against the tier table when it is loaded, so the tier exists.
    const tier = deps.tiers.get(record.tier)!;
    const context: RouteContext = {
      catalog, search, request, tier, param,
      upgradeUrl: deps.upgradeUrl, searchBudgetMs: deps.searchBudgetMs, monotonic: deps.monotonic, random: deps.random,
    };
    const nowMs = deps.now();
    const admitted = deps.usage.admit(record.id, tier, nowMs, route.cost === undefined ? 1 : route.cost(context));
    if (!(admitted instanceof Promise)) return finish(admitted, context, route, nowMs);
    return admitted.then(
      (result) => finish(result, context, route, nowMs),
      (error: unknown) => {
        deps.logger.error('usage store failed', { error: String(error) });
        return finish({ decision: { kind: 'unmetered' } }, context, route, nowMs);
      },
    );
  }

  function route(request: ApiRequest, trace: Trace): Reply | Promise<Reply> {
    if (request.method === 'options') return { ...PREFLIGHT, headers: [...PREFLIGHT.headers] };
    const match = matchRoute(request.path);
    if (match === undefined) {
      return errorReply(notFound(`There is no route ${request.path.slice(0, 200)}.`, 'Every API route starts with /v1; see the API reference at /docs.'));
    }
    if (request.method !== 'get' && request.method !== 'head') {
      return errorReply(new HttpError(405, 'METHOD_NOT_ALLOWED', `${request.method.toUpperCase().slice(0, 20)} is not allowed on ${request.path.slice(0, 200)}.`, 'This API is read-only: use GET.'));
    }
    const { route: matched, param } = match;
    trace.route = matched.path;
    if (!matched.isKeyed) {
      if (matched.name === 'health') return health();
      return matched.name === 'docs' ? pages.docs(request) : pages.openapi(request);
    }
    return serveKeyed(request, matched, param, trace);
  }

  /** Every reply leaves with its X-Request-Id, and the observer hears of it. */
  function complete(request: ApiRequest, reply: Reply, trace: Trace, startedMs: number): Reply {
    const requestId = nextRequestId(request.requestId);
    reply.headers.push(['X-Request-Id', requestId]);
    deps.observe?.({
      requestId,
      method: request.method === 'get' ? 'GET' : request.method.toUpperCase(),
      route: trace.route,
      status: reply.status,
      durationMs: Math.round((deps.monotonic() - startedMs) * 1000) / 1000,
      bytes: request.method === 'head' || hasNoBody(reply.status) ? 0 : bodyLength(reply.body),
      keyId: trace.keyId,
      errorCode: reply.errorCode,
    });
    return reply;
  }

  return {
    handle: function handleRequest(request: ApiRequest): Reply | Promise<Reply> {
      const startedMs = deps.monotonic();
      const trace: Trace = { route: 'unmatched', keyId: undefined };
      let reply: Reply | Promise<Reply>;
      try {
        reply = route(request, trace);
      } catch (error) {
        deps.logger.error('unexpected error while routing a request', { path: request.path, error: String((error as Error)?.stack ?? error) });
        reply = errorReply(INTERNAL_ERROR);
      }
      if (reply instanceof Promise) return reply.then((value) => complete(request, value, trace, startedMs));
      return complete(request, reply, trace, startedMs);
    },
    malformed(status) {
      const request: ApiRequest = { method: 'get', path: '', query: '', apiKey: undefined, hasSeveralKeys: false };
      const reply = errorReply(status === 431 ? HEADERS_TOO_LARGE : BAD_REQUEST, [['Connection', 'close']]);
      return complete(request, reply, { route: 'malformed', keyId: undefined }, deps.monotonic());
    },
  };
}
