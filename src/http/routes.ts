/**
 * The route table, declared once: every path the service answers, whether it needs a key (keyed
 * routes are metered), and the handler that turns a loaded catalog and a request into a Reply.
 * Handlers are pure: they read the catalog and the request and return a Reply or an HttpError.
 */
import { type Catalog, findExercisePosition } from '../catalog/catalog.ts';
import type { Tier } from '../limits/tiers.ts';
import { findPage } from '../search/page-query.ts';
import { TIMED_OUT } from '../search/text-index.ts';
import { ERRORS_PAGE } from './errors-page.ts';
import { HttpError, notFound, SEARCH_TIMEOUT } from './http-error.ts';
import { parseListParams } from './list-params.ts';
import type { ApiRequest, Reply } from './reply.ts';

/** What a keyed route's handler may read. */
export interface RouteContext {
  catalog: Catalog;
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

export type Route =
  | { path: string; isKeyed: true; handle: RouteHandler }
  /** Public routes answer without a key or a catalog; the pipeline supplies their bodies. */
  | { path: string; isKeyed: false; name: 'health' | 'errors-page' };

export const JSON_TYPE: [string, string] = ['Content-Type', 'application/json; charset=utf-8'];
const HTML_TYPE: [string, string] = ['Content-Type', 'text/html; charset=utf-8'];
const PAGE_OPEN = Buffer.from('{"data":[');
const COMMA = Buffer.from(',');

export function json(status: number, body: Reply['body'], headers: [string, string][] = []): Reply {
  return { status, headers: [JSON_TYPE, ...headers], body };
}

export function errorsPage(): Reply {
  return { status: 200, headers: [HTML_TYPE], body: ERRORS_PAGE };
}

function listExercises({ catalog, request, tier, upgradeUrl, searchBudgetMs, monotonic, random }: RouteContext): Reply | HttpError {
  const params = parseListParams(request.query);
  if (params instanceof HttpError) return params;
  const limit = Math.min(params.limit, tier.maxResults);
  if (tier.paginationDepth !== undefined && params.offset + limit > tier.paginationDepth) {
    return new HttpError(
      403,
      'PAGINATION_DEPTH_EXCEEDED',
      `The ${tier.name} tier can page up to ${tier.paginationDepth} results deep (offset + limit), and this request asks for ${params.offset + limit}.`,
      'Narrow the search with filters or a query instead of paging deeper, or upgrade for unlimited paging.',
      { upgrade_url: upgradeUrl, current_tier: tier.name },
    );
  }
  const page = findPage(
    catalog,
    { q: params.q, filters: params.filters, random: params.random, limit, offset: params.offset },
    { deadline: monotonic() + searchBudgetMs, now: monotonic, random },
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

function exerciseById({ catalog, param }: RouteContext): Reply | HttpError {
  let id: string;
  try {
    id = decodeURIComponent(param!);
  } catch {
    id = param!;
  }
  const position = findExercisePosition(catalog, id);
  if (position === undefined) {
    return notFound(`No exercise has the id "${id.slice(0, 200)}".`, 'Take ids from the id field of GET /v1/exercises results; they are not derived from names.');
  }
  return json(200, catalog.exerciseBodies[position]!);
}

const metadata = (pick: (bodies: Catalog['bodies']) => Buffer): RouteHandler =>
  function metadataRoute({ catalog }) {
    return json(200, pick(catalog.bodies));
  };

export const ROUTES: readonly Route[] = [
  { path: '/v1/health', isKeyed: false, name: 'health' },
  { path: '/docs/errors', isKeyed: false, name: 'errors-page' },
  { path: '/v1/exercises', isKeyed: true, handle: listExercises },
  { path: '/v1/exercises/:id', isKeyed: true, handle: exerciseById },
  { path: '/v1/muscles', isKeyed: true, handle: metadata((b) => b.muscles) },
  { path: '/v1/equipment', isKeyed: true, handle: metadata((b) => b.equipment) },
  { path: '/v1/categories', isKeyed: true, handle: metadata((b) => b.categories) },
  { path: '/v1/stats', isKeyed: true, handle: metadata((b) => b.stats) },
];

const STATIC_ROUTES = new Map(ROUTES.filter((route) => !route.path.includes(':')).map((route) => [route.path, route]));
const PARAM_ROUTES = ROUTES.filter((route) => route.path.endsWith('/:id')).map((route) => ({ prefix: route.path.slice(0, -':id'.length), route }));

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
