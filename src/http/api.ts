/**
 * The request pipeline, free of any socket: a copied request in, a Reply out. Read top to bottom:
 * preflight, route (routes.ts, the one table), method, then a public route's handler or, on a keyed route
 * (keyed-serving.ts), catalog loaded, key, limits and the route's pure handler; last, the reply's metering
 * headers, request id and observer. One boundary turns anything thrown on the way into INTERNAL_ERROR; a
 * request the service fails to serve (5xx) gives back the count it took.
 */
import type { Catalog } from '../catalog/catalog.ts';
import { settle } from '../limits/metering.ts';
import { rateHeaders } from '../limits/rate-headers.ts';
import type { RequestObserver, RequestRecord } from '../observe/request-record.ts';
import { BAD_REQUEST, HEADERS_TOO_LARGE, HttpError, INTERNAL_ERROR } from './http-error.ts';
import { createKeyedServing, type KeyedServingDeps, type KeyedTrace } from './keyed-serving.ts';
import { MEDIA_PREFIX, type MediaHost } from './media-host.ts';
import { createPublicRoutes } from './public-routes.ts';
import { methodNotAllowed, unknownRoute } from './refusals.ts';
import { bodyLength, hasNoBody, type ApiRequest, type Reply } from './reply.ts';
import { requestIds } from './request-id.ts';
import { errorReply as errorReplyOf } from './replies.ts';
import { matchRoute } from './routes.ts';

export type { ApiRequest, Reply } from './reply.ts';

/** What the admin API answers: a reply, or an HttpError the pipeline turns into its envelope. */
type AdminOutcome = Reply | HttpError | Promise<Reply | HttpError>;

export interface ApiDeps extends KeyedServingDeps {
  catalog(): Catalog | undefined;
  version: string;
  /** The service's public base URL, for the docs page's examples; relative links when absent. */
  publicUrl?: () => string;
  /** Told about every answered request (access log, metrics); called after the Reply is complete. */
  observe?: RequestObserver;
  /** The admin API (admin/admin-api.ts), when ADMIN_TOKEN is set; without it /admin is a 404. */
  admin?: ((request: ApiRequest) => AdminOutcome) | undefined;
  /** The developer portal and operator view (HTML), when on; without it their paths are 404s. */
  pages?: ((request: ApiRequest) => Reply | Promise<Reply> | undefined) | undefined;
  /** The media host under /media/ (media-host.ts); without it, /media/ paths are unknown routes. */
  media?: MediaHost;
}

export interface Api {
  handle(request: ApiRequest): Reply | Promise<Reply>;
  /** The envelope for a request an HTTP engine's parser refused. */
  malformed(status: 400 | 431): Reply;
}

/** What the pipeline learns about a request on its way, for its metering headers and the observer. */
interface Trace extends KeyedTrace {
  startedMs: number;
  route: string;
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

/** Stands for a request the engine's parser refused: nothing of it is read. */
const UNPARSED_REQUEST: ApiRequest = { method: 'get', path: '', query: '', apiKey: undefined, hasSeveralKeys: false };

function newTrace(startedMs: number, route: string): Trace {
  return { startedMs, route, keyId: undefined, admission: undefined, nowMs: 0 };
}

/** What the boundary answers for anything thrown while serving a request: logged, then INTERNAL_ERROR. */
function failed(deps: ApiDeps, request: ApiRequest, error: unknown): Reply {
  deps.logger.error('unexpected error while serving a request', { path: request.path, error: String((error as Error)?.stack ?? error) });
  return errorReplyOf(INTERNAL_ERROR, deps.docsUrlBase(), []);
}

/** What the observer hears of an answered request. */
function recordOf(request: ApiRequest, reply: Reply, trace: Trace, requestId: string, nowMonotonic: number): RequestRecord {
  return {
    requestId,
    method: request.method === 'get' ? 'GET' : request.method.toUpperCase(),
    route: trace.route,
    status: reply.status,
    durationMs: Math.round((nowMonotonic - trace.startedMs) * 1000) / 1000,
    bytes: request.method === 'head' || hasNoBody(reply.status) ? 0 : bodyLength(reply.body),
    keyId: trace.keyId,
    errorCode: reply.errorCode,
  };
}

export function createApi(deps: ApiDeps): Api {
  const nextRequestId = requestIds();
  const publicRoutes = createPublicRoutes({ ...deps, counterStoreStatus: () => deps.usage.status() });
  const serveKeyed = createKeyedServing(deps);

  /** The boundary: one place where the request's handling, sync or async, turns a throw into INTERNAL_ERROR. */
  function handleRequest(request: ApiRequest): Reply | Promise<Reply> {
    const trace = newTrace(deps.monotonic(), 'unmatched');
    let reply: Reply | Promise<Reply>;
    try {
      reply = routeRequest(request, trace);
    } catch (error) {
      reply = failed(deps, request, error);
    }
    if (reply instanceof Promise) {
      return reply.then(
        (value) => complete(request, value, trace),
        (error: unknown) => complete(request, failed(deps, request, error), trace),
      );
    }
    return complete(request, reply, trace);
  }

  /** Preflight, then the route table: an unknown path is a 404, a method other than GET or HEAD a 405. */
  function routeRequest(request: ApiRequest, trace: Trace): Reply | Promise<Reply> {
    if (request.method === 'options') return { ...PREFLIGHT, headers: [...PREFLIGHT.headers] };
    if (deps.admin !== undefined && request.path.startsWith('/admin/v1/')) {
      trace.route = '/admin/v1';
      return outcomeReply(deps.admin(request));
    }
    const page = deps.pages?.(request);
    if (page !== undefined) {
      trace.route = 'pages';
      return page;
    }
    if (deps.media !== undefined && request.path.startsWith(MEDIA_PREFIX)) return serveMedia(deps.media, request, trace);
    const match = matchRoute(request.path);
    if (match === undefined) return errorReply(unknownRoute(request.path));
    if (request.method !== 'get' && request.method !== 'head') return errorReply(methodNotAllowed(request.method, request.path));
    const { route: matched, param } = match;
    trace.route = matched.path;
    return matched.isKeyed ? serveKeyed(request, matched, param, trace) : publicRoutes[matched.name](request);
  }

  /** A medium: public, unmetered, GET and HEAD only; a refused or missing one is the 404 envelope. */
  function serveMedia(media: MediaHost, request: ApiRequest, trace: Trace): Reply | Promise<Reply> {
    trace.route = '/media/*';
    if (request.method !== 'get' && request.method !== 'head') return errorReply(methodNotAllowed(request.method, request.path));
    return outcomeReply(media.serve(request));
  }

  /** Every reply leaves with its metering headers (when metered) and X-Request-Id, and the observer hears of it. */
  function complete(request: ApiRequest, reply: Reply, trace: Trace): Reply {
    if (trace.admission !== undefined) {
      reply.headers.push(...rateHeaders(settle(deps.usage, trace.admission, reply.status, reportFailedRelease), trace.nowMs));
    }
    const requestId = nextRequestId(request.requestId);
    reply.headers.push(['X-Request-Id', requestId]);
    deps.observe?.(recordOf(request, reply, trace, requestId, deps.monotonic()));
    return reply;
  }

  /** A reply, or an HttpError answered as its envelope, now or later. */
  function outcomeReply(outcome: AdminOutcome): Reply | Promise<Reply> {
    if (outcome instanceof Promise) return outcome.then(outcomeReply);
    return outcome instanceof HttpError ? errorReply(outcome) : outcome;
  }

  function reportFailedRelease(error: unknown): void {
    deps.logger.error('usage store could not give a count back', { error: String(error) });
  }

  function errorReply(error: HttpError, headers: [string, string][] = []): Reply {
    return errorReplyOf(error, deps.docsUrlBase(), headers);
  }

  function malformed(status: 400 | 431): Reply {
    const reply = errorReply(status === 431 ? HEADERS_TOO_LARGE : BAD_REQUEST, [['Connection', 'close']]);
    return complete(UNPARSED_REQUEST, reply, newTrace(deps.monotonic(), 'malformed'));
  }

  return { handle: handleRequest, malformed };
}
