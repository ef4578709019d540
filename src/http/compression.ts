/**
 * Content negotiation and compression (gzip, br). Bodies built once per snapshot are compressed once,
 * on first use, and remembered beside the Buffer they came from (a WeakMap: they go when the catalog
 * goes). Pages assembled per request are compressed at most once per distinct request and kept in a
 * per-catalog LRU (see page-cache.ts); the request path never compresses the same bytes twice.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip' | 'identity';

/** Below this many bytes compression saves less than its headers and CPU cost: sent as is. */
export const COMPRESSION_THRESHOLD = 512;

/** Fixed bodies are compressed once, so they get brotli's best; pages compressed per request get a fast level. */
const ONCE_QUALITY = 11;
const PER_REQUEST_QUALITY = 4;
const GZIP_LEVEL = 6;

/** br if accepted, else gzip if accepted, else identity. `q=0` refuses a coding (RFC 9110 §12.5.3). */
function parseAcceptEncoding(header: string): Encoding {
  let hasGzip = false;
  let hasBr = false;
  for (const part of header.split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName!.trim().toLowerCase();
    const isRefused = params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/i.test(param));
    if (isRefused) continue;
    if (name === 'br') hasBr = true;
    else if (name === 'gzip' || name === 'x-gzip') hasGzip = true;
    else if (name === '*') hasBr = true;
  }
  return hasBr ? 'br' : hasGzip ? 'gzip' : 'identity';
}

/** Clients send a handful of distinct Accept-Encoding strings: each is parsed once. */
const negotiated = new Map<string, Encoding>();
const NEGOTIATED_MAX = 256;

export function negotiate(acceptEncoding: string | undefined): Encoding {
  if (acceptEncoding === undefined || acceptEncoding === '') return 'identity';
  let encoding = negotiated.get(acceptEncoding);
  if (encoding === undefined) {
    encoding = parseAcceptEncoding(acceptEncoding.slice(0, 512));
    if (negotiated.size >= NEGOTIATED_MAX) negotiated.clear();
    negotiated.set(acceptEncoding, encoding);
  }
  return encoding;
}

export function compress(body: Buffer, encoding: 'br' | 'gzip', isOnce: boolean): Buffer {
  if (encoding === 'gzip') return gzipSync(body, { level: GZIP_LEVEL });
  return brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: isOnce ? ONCE_QUALITY : PER_REQUEST_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
}

const encodedOnce = new WeakMap<Buffer, { br?: Buffer; gzip?: Buffer }>();

/**
 * `body` in `encoding`, compressed on the first call for this very Buffer and remembered for its
 * lifetime. Only for Buffers that live as long as their snapshot (or the process).
 */
export function encodeOnce(body: Buffer, encoding: Encoding): { body: Buffer; encoding: Encoding } {
  if (encoding === 'identity' || body.length < COMPRESSION_THRESHOLD) return { body, encoding: 'identity' };
  let variants = encodedOnce.get(body);
  if (variants === undefined) {
    variants = {};
    encodedOnce.set(body, variants);
  }
  variants[encoding] ??= compress(body, encoding, true);
  return { body: variants[encoding], encoding };
}
