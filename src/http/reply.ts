/**
 * What crosses between the socket-free pipeline and an HTTP engine: the copied request, the Reply,
 * and the headers every response carries. Both engines write exactly these bytes.
 */
import { STATUS_CODES } from 'node:http';

export interface ApiRequest {
  /** Lowercase, as uWebSockets.js reports it (`get`, `head`, `options`, ...). */
  method: string;
  /** The path as sent, still percent-encoded. */
  path: string;
  /** The raw query string, without `?`. */
  query: string;
  /** The first X-API-Key header, if any. */
  apiKey: string | undefined;
  /** More than one X-API-Key header was sent: ambiguous, so refused (docs/api.md#two-api-keys). */
  hasSeveralKeys: boolean;
  /** Accept-Encoding, as sent (repeated headers joined with `, `). */
  acceptEncoding?: string | undefined;
  /** Accept-Language, as sent (repeated headers joined with `, `): the language when `lang` is absent. */
  acceptLanguage?: string | undefined;
  /** If-None-Match, as sent (repeated headers joined with `, `). */
  ifNoneMatch?: string | undefined;
  /** Range, as sent (the first): clips on the media host answer byte ranges. */
  range?: string | undefined;
  /** The client's X-Request-Id, unchecked: the pipeline keeps it only when it is safe (request-id.ts). */
  requestId?: string | undefined;
  /** Authorization, as sent (the admin API's bearer token). */
  authorization?: string | undefined;
  /** Cookie, as sent (the portal's session and CSRF cookies). */
  cookie?: string | undefined;
  /** Content-Type, as sent. */
  contentType?: string | undefined;
  /** The peer's address, for the portal's per-address rate limits. */
  clientAddress?: string | undefined;
  /**
   * The body of a POST, PATCH, PUT or DELETE, read whole by the engine up to MAX_BODY_BYTES; `TOO_LARGE`
   * when it was longer (the rest is not read). Undefined for other methods: the data API reads no body.
   */
  body?: Buffer | typeof BODY_TOO_LARGE | undefined;
}

/** The largest request body an engine reads (admin API JSON, portal forms). */
export const MAX_BODY_BYTES = 16 * 1024;
export const BODY_TOO_LARGE = 'too large' as const;

/** Whether an engine reads this method's body before calling the pipeline. */
export function hasRequestBody(method: string): boolean {
  return method === 'post' || method === 'patch' || method === 'put' || method === 'delete';
}

/**
 * A body too large to assemble per request (GET /v1/export): the engine pulls it a piece at a time,
 * only as fast as the client reads (backpressure), so a slow reader holds one piece, not the body.
 */
export interface StreamedBody {
  /** Total bytes, sent as Content-Length. */
  readonly length: number;
  /** The body's pieces in order; a fresh iterator per response, pulled lazily. */
  pieces(): Iterator<Buffer>;
}

export function isStreamed(body: Reply['body']): body is StreamedBody {
  return typeof body === 'object' && !Buffer.isBuffer(body) && !Array.isArray(body);
}

export interface Reply {
  status: number;
  headers: [string, string][];
  /** A list of buffers is sent as their concatenation (a page assembled from pre-encoded exercises). */
  body: string | Buffer | readonly Buffer[] | StreamedBody;
  /** The envelope's code on an error reply, for logs and metrics; engines do not write it. */
  errorCode?: string;
}

export type Handler = (request: ApiRequest) => Reply | Promise<Reply>;

/**
 * Browsers may call the API from any origin; scripts need to read the metering headers. Cache-Control
 * is per reply (caching.ts): errors and health say no-store, data says private, no-cache.
 */
export const COMMON_HEADERS: readonly [string, string][] = [
  ['Access-Control-Allow-Origin', '*'],
  [
    'Access-Control-Expose-Headers',
    'X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, X-RateLimit-Warning, Retry-After, ' +
      'X-Overage, X-Overage-Count, X-Overage-Cap, X-Request-Id, ETag',
  ],
  ['X-Content-Type-Options', 'nosniff'],
];

/** A 304 has no body and, here, no Content-Length (RFC 9110 §8.6: it would have to be the 200's). */
export function hasNoBody(status: number): boolean {
  return status === 304;
}

const STATUS_LINES = new Map<number, string>();

/** `200 OK`, as uWebSockets.js's writeStatus wants it; the reason phrases are node:http's. */
export function statusLine(status: number): string {
  let line = STATUS_LINES.get(status);
  if (line === undefined) {
    line = `${status} ${STATUS_CODES[status] ?? 'Unknown'}`;
    STATUS_LINES.set(status, line);
  }
  return line;
}

/** The body's length in bytes, for HEAD (which answers as GET would, without the body). */
export function bodyLength(body: Reply['body']): number {
  if (typeof body === 'string') return Buffer.byteLength(body);
  if (Buffer.isBuffer(body)) return body.length;
  if (isStreamed(body)) return body.length;
  let length = 0;
  for (const part of body) length += part.length;
  return length;
}
