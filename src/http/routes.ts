/**
 * The route table, declared once: every path the service answers, whether it needs a key (keyed
 * routes are metered), and the handler that turns a loaded catalog and a request into a Reply.
 * Handlers are pure: they read the catalog and the request and return a Reply or an HttpError.
 */
import { type Catalog, findExercisePosition } from '../catalog/catalog.ts';
import type { Tier } from '../limits/tiers.ts';
import { countFacets, facetTableOf } from '../search/facet-counts.ts';
import { findPage, type Page, TIMED_OUT } from '../search/page-query.ts';
import type { SearchIndex } from '../search/search-index.ts';
import { suggest } from '../search/suggest.ts';
import { exportBody } from './export-body.ts';
import { parseSuggestParams } from './suggest-params.ts';
import {
  encodedReply,
  etagOf,
  hashText,
  fixedReply,
  isNotModified,
  KEYED_CACHE_CONTROL,
  KEYED_VARY,
  notModified,
  type Representation,
} from './caching.ts';
import { compress, COMPRESSION_THRESHOLD, type Encoding, negotiate } from './compression.ts';
import { HttpError, notFound, SEARCH_TIMEOUT } from './http-error.ts';
import type { ListParams } from './list-params.ts';
import { listRequestOf, pageCache, pageKey } from './page-cache.ts';
import type { ApiRequest, Reply } from './reply.ts';
import { json, JSON_TYPE, NDJSON_TYPE } from './replies.ts';

/** What a keyed route's handler may read. */
export interface RouteContext {
  catalog: Catalog;
  /** The search index built from `catalog` (positions index both): swapped in together with it. */
  search: SearchIndex;
  request: ApiRequest;
  tier: Tier;
  /** The `:id` segment, still percent-encoded, for the one route that has it. */
  param: string | undefined;
  upgradeUrl: string;
  searchBudgetMs: number;
  monotonic(): number;
  random(): number;
}

export type RouteHandler = (context: RouteContext) => Reply | HttpError;

/** How many requests a keyed route's request is metered as, when not 1. */
export type RouteCost = (context: RouteContext) => number;

/** Public routes answer without a key or a catalog; the pipeline supplies their bodies. */
export type PublicRouteName = 'health' | 'docs' | 'openapi';

export type Route =
  | { path: string; isKeyed: true; handle: RouteHandler; cost?: RouteCost }
  | { path: string; isKeyed: false; name: PublicRouteName };

const PAGE_OPEN = Buffer.from('{"data":[');
const COMMA = Buffer.from(',');

const keyed = (etag: string): Representation => ({ etag, contentType: JSON_TYPE, cacheControl: KEYED_CACHE_CONTROL, vary: KEYED_VARY });

function depthError(tier: Tier, upgradeUrl: string, depth: number): HttpError {
  return new HttpError(
    403,
    'PAGINATION_DEPTH_EXCEEDED',
    `The ${tier.name} tier can page up to ${tier.paginationDepth} results deep (offset + limit), and this request asks for ${depth}.`,
    'Narrow the search with filters or a query instead of paging deeper, or upgrade for unlimited paging.',
    { upgrade_url: upgradeUrl, current_tier: tier.name },
  );
}

/** `,"facets":{...}` for the facets a request asks for, over the page's whole match set; '' when it asks for none. */
function facetsMember(search: SearchIndex, params: ListParams, matchSet: Page['matchSet']): string {
  if (params.facets.length === 0) return '';
  return `,"facets":${JSON.stringify(countFacets(facetTableOf(search), matchSet, params.facets))}`;
}

/** Runs the query and joins the page from pre-encoded exercises into one Buffer. */
function buildPage(context: RouteContext, params: ListParams, limit: number): Buffer | HttpError {
  const { catalog, search, searchBudgetMs, monotonic, random } = context;
  const deadline = monotonic() + searchBudgetMs;
  const page = findPage(
    search,
    { q: params.q, filters: params.filters, random: params.random, limit, offset: params.offset, withMatchSet: params.facets.length > 0 },
    { deadline, now: monotonic, random },
  );
  if (page === TIMED_OUT) return SEARCH_TIMEOUT;
  const facets = facetsMember(search, params, page.matchSet);
  const parts: Buffer[] = [PAGE_OPEN];
  page.positions.forEach((position, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(catalog.exerciseBytes[position]!);
  });
  parts.push(Buffer.from(`],"total":${page.total === null ? 'null' : page.total},"limit":${limit},"offset":${params.offset}${facets}}`));
  return Buffer.concat(parts);
}

/** A page in `encoding` when it is large enough to be worth it; else as is. */
function encodePage(page: Buffer, encoding: Encoding): { body: Buffer; encoding: Encoding } {
  if (encoding === 'identity' || page.length < COMPRESSION_THRESHOLD) return { body: page, encoding: 'identity' };
  return { body: compress(page, encoding, false), encoding };
}

function listExercises(context: RouteContext): Reply | HttpError {
  const { search, request, tier, upgradeUrl } = context;
  const listRequest = listRequestOf(search, request.query, tier.maxResults);
  if (listRequest instanceof HttpError) return listRequest;
  const { params, limit, canonical } = listRequest;
  if (tier.paginationDepth !== undefined && params.offset + limit > tier.paginationDepth) {
    return depthError(tier, upgradeUrl, params.offset + limit);
  }
  const encoding = negotiate(request.acceptEncoding);
  if (params.random) {
    // A fresh sample every time: nothing to validate or cache, so compressed per request when large.
    const page = buildPage(context, params, limit);
    if (page instanceof HttpError) return page;
    const encoded = encodePage(page, encoding);
    const reply = json(200, encoded.body, [['Vary', 'Accept-Encoding']]);
    if (encoded.encoding !== 'identity') reply.headers.push(['Content-Encoding', encoded.encoding]);
    return reply;
  }
  const how = keyed(etagOf(search, `l${listRequest.hash}`));
  if (isNotModified(request.ifNoneMatch, how.etag)) return notModified(how.etag, how.cacheControl, how.vary);
  const cache = pageCache(search);
  const key = pageKey(canonical, encoding);
  let cached = cache.get(key);
  if (cached === undefined) {
    let identity = cache.get(canonical);
    if (identity === undefined) {
      const page = buildPage(context, params, limit);
      if (page instanceof HttpError) return page;
      identity = page;
      cache.set(canonical, identity);
    }
    const encoded = encodePage(identity, encoding);
    if (encoded.encoding === 'identity') return encodedReply(identity, 'identity', how);
    cached = encoded.body;
    cache.set(key, cached);
  }
  return encodedReply(cached, encoding, how);
}

function exerciseById({ catalog, search, param, request }: RouteContext): Reply | HttpError {
  let id: string;
  try {
    id = decodeURIComponent(param!);
  } catch {
    id = param!;
  }
  const position = findExercisePosition(catalog, id);
  if (position === undefined) {
    return notFound(
      `No exercise has the id "${id.slice(0, 200)}".`,
      'Take ids from the id field of GET /v1/exercises results; they are not derived from names.',
    );
  }
  return fixedReply(request, catalog.exerciseBodies[position]!, negotiate(request.acceptEncoding), keyed(etagOf(search, `e${position}`)));
}

/** GET /v1/suggest: `{"data":[{"id","name"}]}` for a search box, best first (search/suggest.ts). */
function suggestNames({ catalog, search, request, searchBudgetMs, monotonic }: RouteContext): Reply | HttpError {
  const params = parseSuggestParams(request.query);
  if (params instanceof HttpError) return params;
  const how = keyed(etagOf(search, `s${hashText(`${params.limit}\u0000${params.q}`)}`));
  if (isNotModified(request.ifNoneMatch, how.etag)) return notModified(how.etag, how.cacheControl, how.vary);
  const positions = suggest(search, params.q, params.limit, monotonic() + searchBudgetMs, monotonic);
  if (positions === TIMED_OUT) return SEARCH_TIMEOUT;
  let body = '{"data":[';
  for (let i = 0; i < positions.length; i++) {
    const exercise = catalog.exercises[positions[i]!]!;
    body += `${i > 0 ? ',' : ''}{"id":${JSON.stringify(exercise.id)},"name":${JSON.stringify(exercise.name)}}`;
  }
  // A few hundred bytes: sent as is, never worth compressing.
  return encodedReply(`${body}]}`, 'identity', how);
}

const EXPORT_ETAG = 'export';

function exportRepresentation(search: SearchIndex): Representation {
  return { etag: etagOf(search, EXPORT_ETAG), contentType: NDJSON_TYPE, cacheControl: KEYED_CACHE_CONTROL, vary: KEYED_VARY };
}

/**
 * GET /v1/export: the whole catalog as NDJSON, streamed. A tier with a pagination depth (free) may not
 * page through everything, so it may not export it either: the cap is there against scraping.
 */
function exportCatalog({ search, request, tier, upgradeUrl }: RouteContext): Reply | HttpError {
  if (tier.paginationDepth !== undefined) {
    return new HttpError(
      403,
      'PAGINATION_DEPTH_EXCEEDED',
      `The ${tier.name} tier can page up to ${tier.paginationDepth} results deep, so it cannot export the whole catalog.`,
      'Page through GET /v1/exercises with filters or a query, or upgrade to export the catalog in one request.',
      { upgrade_url: upgradeUrl, current_tier: tier.name },
    );
  }
  const how = exportRepresentation(search);
  if (isNotModified(request.ifNoneMatch, how.etag)) return notModified(how.etag, how.cacheControl, how.vary);
  // Sent as is: compressing the whole catalog would hold the event loop; a proxy in front may compress it.
  return encodedReply(exportBody(search), 'identity', how);
}

/**
 * An export costs what paging through the catalog at the tier's max results would: ceil(exercises /
 * maxResults) requests. A 304 (the client has this version) and a refusal cost one.
 */
function exportCost({ catalog, search, request, tier }: RouteContext): number {
  if (tier.paginationDepth !== undefined || isNotModified(request.ifNoneMatch, etagOf(search, EXPORT_ETAG))) return 1;
  return Math.max(1, Math.ceil(catalog.exercises.length / tier.maxResults));
}

const metadata = (name: keyof Catalog['bodies']): RouteHandler =>
  function metadataRoute({ catalog, search, request }) {
    return fixedReply(request, catalog.bodies[name], negotiate(request.acceptEncoding), keyed(etagOf(search, name)));
  };

export const ROUTES: readonly Route[] = [
  { path: '/v1/health', isKeyed: false, name: 'health' },
  { path: '/v1/openapi.json', isKeyed: false, name: 'openapi' },
  { path: '/docs', isKeyed: false, name: 'docs' },
  { path: '/docs/errors', isKeyed: false, name: 'docs' },
  { path: '/v1/exercises', isKeyed: true, handle: listExercises },
  { path: '/v1/exercises/:id', isKeyed: true, handle: exerciseById },
  { path: '/v1/muscles', isKeyed: true, handle: metadata('muscles') },
  { path: '/v1/equipment', isKeyed: true, handle: metadata('equipment') },
  { path: '/v1/categories', isKeyed: true, handle: metadata('categories') },
  { path: '/v1/stats', isKeyed: true, handle: metadata('stats') },
  { path: '/v1/suggest', isKeyed: true, handle: suggestNames },
  { path: '/v1/export', isKeyed: true, handle: exportCatalog, cost: exportCost },
];

const STATIC_ROUTES = new Map(ROUTES.filter((route) => !route.path.includes(':')).map((route) => [route.path, route]));
const PARAM_ROUTES = ROUTES.filter((route) => route.path.endsWith('/:id')).map((route) => ({
  prefix: route.path.slice(0, -':id'.length),
  route,
}));

/** The route a path names, with its `:id` segment; undefined for a path no route has. */
export function matchRoute(path: string): { route: Route; param: string | undefined } | undefined {
  const route = STATIC_ROUTES.get(path);
  if (route !== undefined) return { route, param: undefined };
  for (const { prefix, route: paramRoute } of PARAM_ROUTES) {
    if (path.startsWith(prefix) && path.length > prefix.length && !path.includes('/', prefix.length)) {
      return { route: paramRoute, param: path.slice(prefix.length) };
    }
  }
  return undefined;
}
