/**
 * The one error envelope of the spec ({ error: { code, message, hint, docs_url, details? } }) and the
 * typed error that carries it. Expected failures are HttpError values; anything else that escapes a
 * request becomes INTERNAL_ERROR at the boundary.
 */
import { maskKeysIn } from '../key-shape.ts';

/**
 * Every error code the service answers with, its HTTP status(es) and what it means: the one table the
 * OpenAPI document, the docs page (one anchor per code) and the envelope's `code` enum are built from.
 */
export const ERROR_TABLE = {
  BAD_REQUEST: {
    statuses: [400, 431],
    meaning: 'The request is not valid HTTP/1.1 (malformed or conflicting headers, or headers too large). The connection is closed.',
  },
  INVALID_API_KEY: {
    statuses: [401],
    meaning:
      'The X-API-Key header is missing, malformed, unknown or revoked, or was sent twice. ' +
      'Keys start with exlib_ and are 38 characters long.',
  },
  RATE_LIMIT_EXCEEDED: {
    statuses: [429],
    meaning:
      'The per-minute limit (every tier) or the daily limit (free tier) is used up. ' +
      'Wait Retry-After seconds; details.window says which window.',
  },
  OVERAGE_CAP_EXCEEDED: {
    statuses: [429],
    meaning: 'A paid key reached its safety cap (a multiple of its daily limit) and is blocked until 00:00 UTC.',
  },
  PAGINATION_DEPTH_EXCEEDED: {
    statuses: [403],
    meaning: 'A tier with a pagination depth (free) asked for offset + limit beyond it. Narrow the query instead of paging deeper.',
  },
  INVALID_PARAMETER: {
    statuses: [400],
    meaning:
      'A query or path parameter failed validation; details.field and details.received say which and what, ' +
      "details.allowed lists an enum's values.",
  },
  ADMIN_TOKEN_INVALID: {
    statuses: [401],
    meaning: 'An admin API route was called without the bearer token the operator set in ADMIN_TOKEN, or with another one.',
  },
  INVALID_BODY: {
    statuses: [400, 413],
    meaning: 'An admin API request body is not a JSON object of the documented fields (or is over 16 KiB); details.field names the field.',
  },
  NOT_FOUND: { statuses: [404], meaning: 'No exercise has this id, or no route has this path.' },
  METHOD_NOT_ALLOWED: { statuses: [405], meaning: 'The API is read-only: only GET and HEAD (and OPTIONS preflights) are answered.' },
  INTERNAL_ERROR: { statuses: [500], meaning: 'An unexpected server error. The request was not counted.' },
  SEARCH_TIMEOUT: { statuses: [503], meaning: 'The search ran past its time budget and was cancelled. The request was not counted.' },
  SERVICE_UNAVAILABLE: {
    statuses: [503],
    meaning:
      "The catalog is not loaded yet (the request was not counted), or an admin change could not reach a fleet's key store " +
      '(nothing was changed). Retry shortly.',
  },
} as const satisfies Record<string, { statuses: readonly number[]; meaning: string }>;

export type ErrorCode = keyof typeof ERROR_TABLE;
export const ERROR_CODES = Object.keys(ERROR_TABLE) as ErrorCode[];

export class HttpError {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly message: string,
    readonly hint: string,
    readonly details?: Record<string, unknown>,
  ) {}
}

/** The envelope's JSON. Anything key-shaped the message or details repeat back is masked. */
export function errorBody(error: HttpError, docsUrlBase: string): string {
  const body: Record<string, unknown> = {
    code: error.code,
    message: error.message,
    hint: error.hint,
    docs_url: `${docsUrlBase}/errors#${error.code}`,
  };
  if (error.details !== undefined && Object.keys(error.details).length > 0) body.details = error.details;
  return maskKeysIn(JSON.stringify({ error: body }));
}

export function invalidParameter(field: string, received: string, message: string, hint: string, allowed?: readonly string[]): HttpError {
  const details: Record<string, unknown> = { field, received };
  if (allowed !== undefined) details.allowed = allowed;
  return new HttpError(400, 'INVALID_PARAMETER', message, hint, details);
}

export function notFound(message: string, hint: string): HttpError {
  return new HttpError(404, 'NOT_FOUND', message, hint);
}

export const BAD_REQUEST = new HttpError(
  400,
  'BAD_REQUEST',
  'The request is not valid HTTP/1.1 (malformed or conflicting headers).',
  'Send one Content-Length at most, well-formed headers, and no request body.',
);
export const HEADERS_TOO_LARGE = new HttpError(
  431,
  'BAD_REQUEST',
  'The request headers are too large.',
  'Send shorter headers: a GET to this API needs only X-API-Key.',
);
export const INTERNAL_ERROR = new HttpError(
  500,
  'INTERNAL_ERROR',
  'An unexpected error occurred on the server.',
  'Retry the request; if it keeps failing, report it to the operator.',
);
export const SERVICE_UNAVAILABLE = new HttpError(
  503,
  'SERVICE_UNAVAILABLE',
  'The catalog is not loaded yet.',
  'Retry in a few seconds; GET /v1/health reports when the service is ready.',
);
/** An admin change while a fleet's shared key store (Redis) does not answer: nothing was changed. */
export const KEY_STORE_UNAVAILABLE = new HttpError(
  503,
  'SERVICE_UNAVAILABLE',
  'The key store cannot be changed right now; nothing was changed.',
  'Retry shortly; keys already issued keep working.',
);
export const SEARCH_TIMEOUT = new HttpError(
  503,
  'SEARCH_TIMEOUT',
  'The search ran too long and was cancelled.',
  'Use a shorter or more specific query, or add filters, then retry. This request was not counted.',
);
