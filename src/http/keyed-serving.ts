/**
 * A keyed route's part of the pipeline (docs/api.md#order-of-checks): catalog loaded, key, limits, then
 * the route's pure handler. The admission is left on the trace: the pipeline adds its metering headers,
 * and gives its count back when the reply is a 5xx, once the reply is final.
 */
import { hashKey, isWellFormedKey } from '../keys/api-key.ts';
import type { KeyRecord } from '../keys/key-store.ts';
import type { Admission } from '../limits/usage-store.ts';
import type { ApiDeps } from './api.ts';
import { HttpError, SERVICE_UNAVAILABLE } from './http-error.ts';
import { BAD_KEY, limitError, NO_KEY, SEVERAL_KEYS } from './refusals.ts';
import type { ApiRequest, Reply } from './reply.ts';
import type { Route, RouteContext } from './routes.ts';

/** What serving a keyed request tells the pipeline: whose key, and the admission with its time. */
export interface KeyedTrace {
  keyId: string | undefined;
  /** The admission and the wall-clock time it was taken at: the reply's metering headers. */
  admission: Admission | undefined;
  nowMs: number;
}

export type KeyedRoute = Extract<Route, { isKeyed: true }>;
/** A keyed request once its key is known: the route and what its handler reads. */
interface KeyedRequest {
  route: KeyedRoute;
  context: RouteContext;
}
export type ServeKeyed = (request: ApiRequest, route: KeyedRoute, param: string | undefined, trace: KeyedTrace) => Reply | Promise<Reply>;

const UNMETERED: Admission = { decision: { kind: 'unmetered' } };

export function createKeyedServing(deps: ApiDeps, errorReply: (error: HttpError) => Reply): ServeKeyed {
  function serveKeyed(request: ApiRequest, route: KeyedRoute, param: string | undefined, trace: KeyedTrace): Reply | Promise<Reply> {
    // Positions index the catalog the search index was built from: take both from it.
    const search = deps.search();
    if (search === undefined) return errorReply(SERVICE_UNAVAILABLE);
    const record = authorize(request);
    if (record instanceof HttpError) return errorReply(record);
    trace.keyId = record.id;
    // The key store is checked against the tier table when it is loaded, so the tier exists.
    const tier = deps.tiers.get(record.tier)!;
    const context: RouteContext = {
      catalog: search.catalog,
      search,
      request,
      tier,
      param,
      upgradeUrl: deps.upgradeUrl,
      searchBudgetMs: deps.searchBudgetMs,
      monotonic: deps.monotonic,
      random: deps.random,
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
  function serveAdmitted({ route, context }: KeyedRequest, admission: Admission, trace: KeyedTrace): Reply {
    trace.admission = admission;
    const refusal = limitError(admission.decision, context.tier, deps.upgradeUrl);
    if (refusal !== undefined) return errorReply(refusal);
    const outcome = route.handle(context);
    return outcome instanceof HttpError ? errorReply(outcome) : outcome;
  }

  return serveKeyed;
}
