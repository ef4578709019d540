/**
 * The uWebSockets.js shell's copy of a request: what the pipeline needs from uWS's `req`, which is
 * invalid once the handler returns, read in one pass over its headers.
 */
import type { HttpRequest } from 'uWebSockets.js';
import type { ApiRequest } from '../reply.ts';

/**
 * The headers copyRequest reads, gathered by copyHeader. One object for the module: `req.forEach` calls
 * back synchronously, so a request's headers are read whole before the next request's are.
 */
const headers = {
  apiKey: undefined as string | undefined,
  keyCount: 0,
  acceptEncoding: undefined as string | undefined,
  acceptLanguage: undefined as string | undefined,
  ifNoneMatch: undefined as string | undefined,
  requestId: undefined as string | undefined,
  authorization: undefined as string | undefined,
  cookie: undefined as string | undefined,
  contentType: undefined as string | undefined,
  range: undefined as string | undefined,
  lengthCount: 0,
  isChunked: false,
  /** Bytes of the head so far, counted as node:http counts them (name, value, `: ` and CRLF). */
  headBytes: 0,
};

/**
 * node:http's limit on a request's head (16 KB): past it both engines answer `431` in the envelope.
 * uWS is given a larger buffer (engine.ts sets UWS_HTTP_MAX_HEADERS_SIZE) so that such a request
 * reaches this shell instead of uWS's own HTML 431.
 */
export const MAX_HEADER_BYTES = 16 * 1024;
export const OVERSIZED = Symbol('headers over MAX_HEADER_BYTES');

/**
 * Reads one header into `headers`. A function declared once, not a closure per request: under tsx
 * (esbuild's keepNames) a function made per request costs a defineProperty call, and this one is named
 * in stack traces either way.
 */
function copyHeader(name: string, value: string): void {
  headers.headBytes += name.length + value.length + 4;
  if (name === 'x-api-key') {
    headers.keyCount += 1;
    if (headers.keyCount === 1) headers.apiKey = value;
  } else if (name === 'content-length') headers.lengthCount += 1;
  else if (name === 'transfer-encoding') headers.isChunked = true;
  // Repeats are joined as node:http joins them, so both engines hand the pipeline the same strings.
  else if (name === 'accept-encoding')
    headers.acceptEncoding = headers.acceptEncoding === undefined ? value : `${headers.acceptEncoding}, ${value}`;
  else if (name === 'accept-language')
    headers.acceptLanguage = headers.acceptLanguage === undefined ? value : `${headers.acceptLanguage}, ${value}`;
  else if (name === 'if-none-match') headers.ifNoneMatch = headers.ifNoneMatch === undefined ? value : `${headers.ifNoneMatch}, ${value}`;
  else if (name === 'x-request-id') headers.requestId ??= value;
  else if (name === 'authorization') headers.authorization ??= value;
  else if (name === 'cookie') headers.cookie = headers.cookie === undefined ? value : `${headers.cookie}; ${value}`;
  else if (name === 'content-type') headers.contentType ??= value;
  else if (name === 'range') headers.range ??= value;
}

/**
 * Copies what the pipeline needs from `req`, which is invalid once the handler returns; undefined when
 * the request frames its body ambiguously. uWS reads the first Content-Length and parses what follows as
 * the next request: a smuggling vector behind a proxy that reads another one. OVERSIZED when the head
 * is longer than node:http would take (MAX_HEADER_BYTES).
 */
export function copyRequest(req: HttpRequest): ApiRequest | undefined | typeof OVERSIZED {
  headers.apiKey = headers.acceptEncoding = headers.acceptLanguage = headers.ifNoneMatch = headers.requestId = undefined;
  headers.authorization = headers.cookie = headers.contentType = headers.range = undefined;
  headers.keyCount = headers.lengthCount = headers.headBytes = 0;
  headers.isChunked = false;
  req.forEach(copyHeader);
  if (headers.lengthCount > 1 || (headers.lengthCount > 0 && headers.isChunked)) return undefined;
  const path = req.getUrl();
  const query = req.getQuery() ?? '';
  if (headers.headBytes + path.length + query.length > MAX_HEADER_BYTES) return OVERSIZED;
  return {
    method: req.getMethod(),
    path,
    query,
    apiKey: headers.apiKey || undefined,
    hasSeveralKeys: headers.keyCount > 1,
    acceptEncoding: headers.acceptEncoding,
    acceptLanguage: headers.acceptLanguage,
    ifNoneMatch: headers.ifNoneMatch,
    requestId: headers.requestId,
    authorization: headers.authorization,
    cookie: headers.cookie,
    contentType: headers.contentType,
    range: headers.range,
  };
}
