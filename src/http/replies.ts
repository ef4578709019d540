/**
 * Replies built the same way by every part of the pipeline: the content types, a JSON reply no cache
 * keeps, and an error's envelope. A leaf of http/ (issue 21): the pipeline, the keyed routes, the route
 * table and the admin API all build replies here, so none of them imports another for it.
 */
import { NO_STORE } from './caching.ts';
import { errorBody, type HttpError } from './http-error.ts';
import type { Reply } from './reply.ts';

export const JSON_TYPE: [string, string] = ['Content-Type', 'application/json; charset=utf-8'];
export const HTML_TYPE: [string, string] = ['Content-Type', 'text/html; charset=utf-8'];
export const NDJSON_TYPE: [string, string] = ['Content-Type', 'application/x-ndjson'];
const NO_STORE_HEADER: [string, string] = ['Cache-Control', NO_STORE];

/** A JSON reply no cache keeps: errors, health, random samples. */
export function json(status: number, body: Reply['body'], headers: [string, string][] = []): Reply {
  return { status, headers: [JSON_TYPE, NO_STORE_HEADER, ...headers], body };
}

/** The envelope of `error` as a Reply (docs/api.md#error-envelope); a 405 says which methods are allowed. */
export function errorReply(error: HttpError, docsUrlBase: string, headers: [string, string][] = []): Reply {
  const extra: [string, string][] = error.status === 405 ? [['Allow', 'GET, HEAD, OPTIONS'], ...headers] : headers;
  const reply = json(error.status, errorBody(error, docsUrlBase), extra);
  reply.errorCode = error.code;
  return reply;
}
