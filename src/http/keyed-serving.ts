/**
 * A keyed route's part of the pipeline (docs/api.md#order-of-checks): catalog loaded, key, limits, then
 * the route's pure handler. The admission is put on the trace in the step that takes it (`admitOnto`),
 * before anything else can return: the pipeline (api.ts) then adds its metering headers and gives its
 * count back when the reply is a 5xx, once the reply is final, on every path.
 */
import { hashKey, isWellFormedKey } from '../keys/api-key.ts';
import type { KeyRecord } from '../keys/key-store.ts';
import type { TierTable } from '../limits/tiers.ts';
import type { Admission, UsageStore } from '../limits/usage-store.ts';
import type { Logger } from '../log.ts';
import type { SearchIndex } from '../search/search-index.ts';
import { HttpError, SERVICE_UNAVAILABLE } from './http-error.ts';
import { indexForRequest, type LanguageChoice, markLanguage } from './language.ts';
import { BAD_KEY, limitError, NO_KEY, SEVERAL_KEYS } from './refusals.ts';
import type { ApiRequest, Reply } from './reply.ts';
import { errorReply } from './replies.ts';
import type { Route, RouteContext } from './routes.ts';

/** What serving keyed routes reads; the pipeline's ApiDeps (api.ts) holds it. */
export interface KeyedServingDeps {
  /** The search index of the live catalog (search-index.ts); swapped together with it. */
  search(): SearchIndex | undefined;
  keysByHash(): ReadonlyMap<string, KeyRecord>;
  tiers: TierTable;
  usage: UsageStore;
  /** Base of error.docs_url: DOCS_URL_BASE, else PUBLIC_URL + /docs; never taken from a request. */
  docsUrlBase(): string;
  upgradeUrl: string;
  searchBudgetMs: number;
  /** Wall-clock milliseconds since the epoch (UTC windows are taken from it). */
  now(): number;
  /** Monotonic milliseconds, for search deadlines. */
  monotonic(): number;
  random(): number;
  logger: Logger;
}

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
  /** The language the reply is in, or the 400 for an unsupported `lang` (answered once admitted, like any bad parameter). */
  language: LanguageChoice | HttpError;
}
export type ServeKeyed = (request: ApiRequest, route: KeyedRoute, param: string | undefined, trace: KeyedTrace) => Reply | Promise<Reply>;

const UNMETERED: Admission = { decision: { kind: 'unmetered' } };

export function createKeyedServing(deps: KeyedServingDeps): ServeKeyed {
  function refuse(error: HttpError): Reply {
    return errorReply(error, deps.docsUrlBase());
  }

  function serveKeyed(request: ApiRequest, route: KeyedRoute, param: string | undefined, trace: KeyedTrace): Reply | Promise<Reply> {
    // Positions index the catalog the search index was built from: take both from it, in the request's language.
    const english = deps.search();
    if (english === undefined) return refuse(SERVICE_UNAVAILABLE);
    const record = authorize(request);
    if (record instanceof HttpError) return refuse(record);
    trace.keyId = record.id;
    const chosen = indexForRequest(english, request);
    const search = chosen instanceof HttpError ? english : chosen.index;
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
    const keyed: KeyedRequest = { route, context, language: chosen instanceof HttpError ? chosen : chosen.choice };
    const admission = admitOnto(trace, record.id, tier, route.cost === undefined ? 1 : route.cost(context));
    return admission instanceof Promise ? admission.then((admitted) => serveAdmitted(keyed, admitted)) : serveAdmitted(keyed, admission);
  }

  /**
   * Takes the request's count and puts the admission on the trace in the same step, so no path can
   * leave it unsettled; a store that fails serves the request unmetered.
   */
  function admitOnto(trace: KeyedTrace, keyId: string, tier: RouteContext['tier'], count: number): Admission | Promise<Admission> {
    trace.nowMs = deps.now();
    const admission = deps.usage.admit(keyId, tier, trace.nowMs, count);
    if (!(admission instanceof Promise)) {
      trace.admission = admission;
      return admission;
    }
    return admission.then(
      (result) => {
        trace.admission = result;
        return result;
      },
      (error: unknown) => {
        deps.logger.error('usage store failed', { error: String(error) });
        trace.admission = UNMETERED;
        return UNMETERED;
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
  function serveAdmitted({ route, context, language }: KeyedRequest, admission: Admission): Reply {
    const refusal = limitError(admission.decision, context.tier, deps.upgradeUrl);
    if (refusal !== undefined) return refuse(refusal);
    if (language instanceof HttpError) return refuse(language);
    const outcome = route.handle(context);
    return outcome instanceof HttpError ? refuse(outcome) : markLanguage(outcome, language);
  }

  return serveKeyed;
}
