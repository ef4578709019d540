/**
 * Response bytes of GET /v1/exercises pages, per catalog, keyed by the canonical request and the
 * content coding, and the validated requests they are for. Both are kept in the caches of the
 * catalog's search index (search/structures/index-caches.ts) and dropped with it: the catalog is
 * immutable, so an entry is valid for the catalog's lifetime and needs no invalidation, and a reload
 * starts afresh. A repeated list or search costs a lookup instead of a query, a join and (for a
 * compressed page) a compression. Random samples are never cached.
 */
import { BoundedCache, type CacheKind, type SearchIndex } from '../search/search-index.ts';
import { hashText } from './caching.ts';
import type { Encoding } from './compression.ts';
import { HttpError } from './http-error.ts';
import { type ListParams, parseListParams } from './list-params.ts';

/** Bytes held per catalog: about a thousand 30 KB pages, far fewer than the catalog itself. */
const MAX_BYTES_PER_CATALOG = 32 * 2 ** 20;

const PAGES: CacheKind<BoundedCache<string, Buffer>, unknown> = {
  name: 'GET /v1/exercises pages by canonical request and coding',
  make: () => new BoundedCache<string, Buffer>(MAX_BYTES_PER_CATALOG, pageSize),
};

function pageSize(page: Buffer): number {
  return Math.max(1, page.length);
}

/** The page cache of a catalog's search index. */
export function pageCache(index: SearchIndex): BoundedCache<string, Buffer> {
  return index.caches.of(PAGES);
}

/**
 * Everything about a list request that changes its bytes, in one string: the validated parameters
 * (filter values sorted, since they are OR-ed) and the tier-clamped limit. Any parameter added to
 * ListParams later is included as it is.
 */
export function canonicalListRequest(params: ListParams, clampedLimit: number): string {
  const filters = params.filters.map((filter) => ({ field: filter.field, values: [...filter.values].sort() }));
  // Without facets the string (and so the ETag) is what it was before facets existed.
  const { facets, ...rest } = params;
  return JSON.stringify(
    facets.length === 0 ? { ...rest, filters, limit: clampedLimit } : { ...rest, filters, limit: clampedLimit, facets },
  );
}

export function pageKey(canonical: string, encoding: Encoding): string {
  return encoding === 'identity' ? canonical : `${encoding}:${canonical}`;
}

/** A list request once validated and clamped: what the page, its tag and its cache entries derive from. */
export interface ListRequest {
  params: ListParams;
  /** The tier-clamped limit. */
  limit: number;
  canonical: string;
  /** A short hash of `canonical`, for the ETag. */
  hash: string;
}

/**
 * Validated requests by raw query string and tier clamp. Parsing, canonicalising and hashing cost
 * more than serving a cached page, and clients repeat the same query strings. Refusals are not kept.
 */
const LIST_REQUESTS: CacheKind<BoundedCache<string, ListRequest>, unknown> = {
  name: 'GET /v1/exercises requests by query string and tier clamp',
  make: () => new BoundedCache<string, ListRequest>(10_000),
};

export function listRequestOf(index: SearchIndex, rawQuery: string, maxResults: number): ListRequest | HttpError {
  const listRequests = index.caches.of(LIST_REQUESTS);
  const key = `${maxResults}?${rawQuery}`;
  let request = listRequests.get(key);
  if (request === undefined) {
    const params = parseListParams(rawQuery);
    if (params instanceof HttpError) return params;
    const limit = Math.min(params.limit, maxResults);
    const canonical = canonicalListRequest(params, limit);
    request = { params, limit, canonical, hash: hashText(canonical) };
    listRequests.set(key, request);
  }
  return request;
}
