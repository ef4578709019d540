/**
 * Response bytes of GET /v1/exercises pages, per catalog, keyed by the canonical request and the
 * content coding. The catalog is immutable, so an entry is valid for the catalog's lifetime and needs
 * no invalidation; a repeated list or search costs a lookup instead of a query, a join and (for a
 * compressed page) a compression. Random samples are never cached.
 */
import { LRUCache } from 'lru-cache';
import type { Catalog } from '../catalog/catalog.ts';
import type { Encoding } from './compression.ts';
import type { ListParams } from './list-params.ts';

/** Bytes held per catalog: about a thousand 30 KB pages, far fewer than the catalog itself. */
const MAX_BYTES_PER_CATALOG = 32 * 2 ** 20;

const caches = new WeakMap<Catalog, LRUCache<string, Buffer>>();

export function pageCache(catalog: Catalog): LRUCache<string, Buffer> {
  let cache = caches.get(catalog);
  if (cache === undefined) {
    cache = new LRUCache<string, Buffer>({ maxSize: MAX_BYTES_PER_CATALOG, sizeCalculation: (page) => Math.max(1, page.length) });
    caches.set(catalog, cache);
  }
  return cache;
}

/**
 * Everything about a list request that changes its bytes, in one string: the validated parameters
 * (filter values sorted, since they are OR-ed) and the tier-clamped limit. Any parameter added to
 * ListParams later is included as it is.
 */
export function canonicalListRequest(params: ListParams, clampedLimit: number): string {
  const filters = params.filters.map((filter) => ({ field: filter.field, values: [...filter.values].sort() }));
  return JSON.stringify({ ...params, filters, limit: clampedLimit });
}

export function pageKey(canonical: string, encoding: Encoding): string {
  return encoding === 'identity' ? canonical : `${encoding}:${canonical}`;
}
