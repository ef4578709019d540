/**
 * HTTP caching: entity tags derived from the catalog and the canonical request (never from hashing a
 * body), If-None-Match, and the Cache-Control each kind of response gets. Keyed responses are
 * `private, no-cache`: a browser may keep them but must revalidate, so every use is a request the
 * service sees and meters (a 304 counts like the 200 it stands for), and no shared cache hands one
 * key's tier-dependent page (the clamped limit) or metering headers to another.
 */
import { createHash } from 'node:crypto';
import type { Catalog } from '../catalog/catalog.ts';
import type { CacheKind, SearchIndex } from '../search/search-index.ts';
import { type Encoding, encodeOnce } from './compression.ts';
import type { ApiRequest, Reply } from './reply.ts';

export const KEYED_CACHE_CONTROL = 'private, no-cache';
/** The docs page and the OpenAPI document are the same for everyone and change only with a deploy. */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=300';
export const NO_STORE = 'no-store';
export const KEYED_VARY = 'Accept-Encoding, X-API-Key';
export const PUBLIC_VARY = 'Accept-Encoding';

/** A short tag that changes whenever the served data may change: data version, import time, file; and the language of a translation. */
export function catalogTag(catalog: Catalog): string {
  const language = catalog.lang === 'en' ? '' : `\0${catalog.lang}`;
  return createHash('sha256')
    .update(`${catalog.dataVersion}\0${catalog.lastUpdated}\0${catalog.source}${language}`)
    .digest('base64url')
    .slice(0, 12);
}

/** The catalog's tag, worked out once per search index. */
const CATALOG_TAG: CacheKind<string, { readonly catalog: Catalog }> = {
  name: 'the catalog tag of ETags',
  make: ({ catalog }) => catalogTag(catalog),
};

/** Weak tags: every content coding of one response is the same representation's data (RFC 9110 §8.8.1). */
export function etagOf(index: SearchIndex, what: string): string {
  return `W/"${index.caches.of(CATALOG_TAG)}-${what}"`;
}

/** 64-bit FNV-1a of a short canonical request, in base 36: cheap, and no body is ever hashed. */
export function hashText(text: string): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x050c5d1f;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x01000193) ^ (h1 >>> 15);
  }
  return (h1 >>> 0).toString(36) + (h2 >>> 0).toString(36);
}

/** Whether If-None-Match names `etag` (weak comparison; `*` matches any current representation). */
export function isNotModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  if (ifNoneMatch === etag) return true;
  const opaque = etag.startsWith('W/') ? etag.slice(2) : etag;
  for (const candidate of ifNoneMatch.split(',')) {
    const tag = candidate.trim();
    if (tag === '*' || tag === opaque || (tag.startsWith('W/') && tag.slice(2) === opaque)) return true;
  }
  return false;
}

/** 304: the validators and caching headers of the 200 it stands for, no body (metering headers are added later). */
export function notModified(etag: string, cacheControl: string, vary: string): Reply {
  return {
    status: 304,
    headers: [
      ['ETag', etag],
      ['Cache-Control', cacheControl],
      ['Vary', vary],
    ],
    body: '',
  };
}

export interface Representation {
  etag: string;
  contentType: [string, string];
  cacheControl: string;
  vary: string;
}

/** A 200 of `body` (already in `encoding`) with its validators and caching headers. */
export function encodedReply(body: Reply['body'], encoding: Encoding, how: Representation): Reply {
  const headers: [string, string][] = [how.contentType, ['ETag', how.etag], ['Cache-Control', how.cacheControl], ['Vary', how.vary]];
  if (encoding !== 'identity') headers.push(['Content-Encoding', encoding]);
  return { status: 200, headers, body };
}

/**
 * A GET of a body fixed for the life of its Buffer (per snapshot or per process): 304 when the client
 * has it, else the body in the best encoding the client accepts, compressed once.
 */
export function fixedReply(request: ApiRequest, body: Buffer, encoding: Encoding, how: Representation): Reply {
  if (isNotModified(request.ifNoneMatch, how.etag)) return notModified(how.etag, how.cacheControl, how.vary);
  const encoded = encodeOnce(body, encoding);
  return encodedReply(encoded.body, encoded.encoding, how);
}
