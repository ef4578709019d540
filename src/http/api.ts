/**
 * The request pipeline, free of any socket: a copied request in, a Reply out. Read top to bottom:
 * preflight, route (routes.ts, the one table), method, then on a keyed route (docs/api.md#order-of-checks):
 * catalog loaded, key, limits, and the route's pure handler. One boundary turns anything thrown on the
 * way into INTERNAL_ERROR; a request the service fails to serve (5xx) gives back the count it took.
 */
import type { Catalog } from '../catalog/catalog.ts';
import { hashKey, isWellFormedKey } from '../keys/api-key.ts';
import type { KeyRecord } from '../keys/key-store.ts';
import { settle } from '../limits/metering.ts';
import { rateHeaders } from '../limits/rate-headers.ts';
import type { TierTable } from '../limits/tiers.ts';
import type { Admission, UsageStore } from '../limits/usage-store.ts';
import type { Logger } from '../log.ts';
import type { RequestObserver } from '../observe/request-record.ts';
import type { SearchIndex } from '../search/search-index.ts';
import { BAD_REQUEST, errorBody, HEADERS_TOO_LARGE, HttpError, INTERNAL_ERROR, SERVICE_UNAVAILABLE } from './http-error.ts';
import { createPublicRoutes } from './public-routes.ts';
import { BAD_KEY, limitError, methodNotAllowed, NO_KEY, SEVERAL_KEYS, unknownRoute } from './refusals.ts';
import { bodyLength, hasNoBody, type ApiRequest, type Reply } from './reply.ts';
import { requestIds } from './request-id.ts';
import { json, matchRoute, type Route, type RouteContext } from './routes.ts';

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

/** What the pipeline learns about a request on its way, for its metering headers and the observer. */
interface Trace {
  startedMs: number;
  route: string;
  keyId: string | undefined;
  /** A keyed request's admission, and the wall-clock time it was taken at: the reply's metering headers. */
  admission: Admission | undefined;
  nowMs: number;
}

type KeyedRoute = Extract<Route, { isKeyed: true }>;
/** A keyed request once its key is known: the route and what its handler reads. */
interface KeyedRequest {
  route: KeyedRoute;
  context: RouteContext;
}

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
const UNMETERED: Admission = { decision: { kind: 'unmetered' } };

export function createApi(deps: ApiDeps): Api {
  const nextRequestId = requestIds();
  const publicRoutes = createPublicRoutes({ ...deps, counterStoreStatus: () => deps.usage.status() });

  /** The boundary: one place where the request's handling, sync or async, turns a throw into INTERNAL_ERROR. */
  function handleRequest(request: ApiRequest): Reply | Promise<Reply> {
    const trace: Trace = { startedMs: deps.monotonic(), route: 'unmatched', keyId: undefined, admission: undefined, nowMs: 0 };
    let reply: Reply | Promise<Reply>;
    try {
      reply = routeRequest(request, trace);
    } catch (error) {
      reply = failed(request, error);
    }
    if (reply instanceof Promise) {
      return reply.then(
        (value) => complete(request, value, trace),
        (error: unknown) => complete(request, failed(request, error), trace),
      );
    }
    return complete(request, reply, trace);
  }

  function failed(request: ApiRequest, error: unknown): Reply {
    deps.logger.error('unexpected error while serving a request', { path: request.path, error: String((error as Error)?.stack ?? error) });
    return errorReply(INTERNAL_ERROR);
  }

  function routeRequest(request: ApiRequest, trace: Trace): Reply | Promise<Reply> {
    if (request.method === 'options') return { ...PREFLIGHT, headers: [...PREFLIGHT.headers] };
    const match = matchRoute(request.path);
    if (match === undefined) return errorReply(unknownRoute(request.path));
    if (request.method !== 'get' && request.method !== 'head') return errorReply(methodNotAllowed(request.method, request.path));
    const { route: matched, param } = match;
    trace.route = matched.path;
    return matched.isKeyed ? serveKeyed(request, matched, param, trace) : publicRoutes[matched.name](request);
  }

  function serveKeyed(request: ApiRequest, route: KeyedRoute, param: string | undefined, trace: Trace): Reply | Promise<Reply> {
    // Positions index the catalog the search index was built from: take both from it.
    const search = deps.search();
    if (search === undefined) return errorReply(SERVICE_UNAVAILABLE);
    const record = authorize(request);
    if (record instanceof HttpError) return errorReply(record);
    trace.keyId = record.id;
    // The key store is checked against the tier table when it is loaded, so the tier exists.
    const tier = deps.tiers.get(record.tier)!;
    const context: RouteContext = {
      catalog: search.catalog, search, request, tier, param,
      upgradeUrl: deps.upgradeUrl, searchBudgetMs: deps.searchBudgetMs, monotonic: deps.monotonic, random: deps.random,
    };
    const keyed: KeyedRequest = { route, context };
    trace.nowMs = deps.now();
    const admission = deps.usage.admit(record.id, tier, trace.nowMs, route.cost === undefined ? 1 : route.cost(context));
    if (!(admission instanceof Promise)) return serveAdmitted(keyed, admission, trace);
    return admission.then(
      (result) => serveAdmitted(keyed, result, trace),
      (error: unknown) => {
        deps.logger.error('usage store failed', { error: String(error) });
        return serveAdmitted(keyed, UNMETERED, trace);
      },
    );
  }

  /** The key's record, or why the request has none (docs/api.md#order-of-checks). */
  function authorize(request: ApiRequest): KeyRecord | HttpError {
    if (request.hasSeveralKeys) return SEVERAL_KEYS;
    const apiKey = request.apiKey;
    if (apiKey === undefined) return NO_KEY;
    return (isWellFormedKey(apiKey) ? deps.keysByHash().get(hashKey(apiKey)) : undefined) ?? BAD_KEY;
  }

  /** Runs the route's handler once the request is admitted; a refusal answers in its place. */
  function serveAdmitted({ route, context }: KeyedRequest, admission: Admission, trace: Trace): Reply {
    trace.admission = admission;
    const refusal = limitError(admission.decision, context.tier, deps.upgradeUrl);
    if (refusal !== undefined) return errorReply(refusal);
    const outcome = route.handle(context);
    return outcome instanceof HttpError ? errorReply(outcome) : outcome;
  }

  /** Every reply leaves with its metering headers (when metered) and X-Request-Id, and the observer hears of it. */
  function complete(request: ApiRequest, reply: Reply, trace: Trace): Reply {
    if (trace.admission !== undefined) {
      const decision = settle(deps.usage, trace.admission, reply.status, reportFailedRelease);
      reply.headers.push(...rateHeaders(decision, trace.nowMs));
    }
    const requestId = nextRequestId(request.requestId);
    reply.headers.push(['X-Request-Id', requestId]);
    deps.observe?.({
      requestId,
      method: request.method === 'get' ? 'GET' : request.method.toUpperCase(),
      route: trace.route,
      status: reply.status,
      durationMs: Math.round((deps.monotonic() - trace.startedMs) * 1000) / 1000,
      bytes: request.method === 'head' || hasNoBody(reply.status) ? 0 : bodyLength(reply.body),
      keyId: trace.keyId,
      errorCode: reply.errorCode,
    });
    return reply;
  }

  function reportFailedRelease(error: unknown): void {
    deps.logger.error('usage store could not give a count back', { error: String(error) });
  }

  function errorReply(error: HttpError, headers: [string, string][] = []): Reply {
    const extra: [string, string][] = error.status === 405 ? [['Allow', 'GET, HEAD, OPTIONS'], ...headers] : headers;
    const reply = json(error.status, errorBody(error, deps.docsUrlBase()), extra);
    reply.errorCode = error.code;
    return reply;
  }

  function malformed(status: 400 | 431): Reply {
    const request: ApiRequest = { method: 'get', path: '', query: '', apiKey: undefined, hasSeveralKeys: false };
    const reply = errorReply(status === 431 ? HEADERS_TOO_LARGE : BAD_REQUEST, [['Connection', 'close']]);
    const trace: Trace = { startedMs: deps.monotonic(), route: 'malformed', keyId: undefined, admission: undefined, nowMs: 0 };
    return complete(request, reply, trace);
  }

  return { handle: handleRequest, malformed };
}
