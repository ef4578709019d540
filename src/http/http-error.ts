/**
 * The one error envelope of the spec ({ error: { code, message, hint, docs_url, details? } }) and the
 * typed error that carries it. Expected failures are HttpError values; anything else that escapes a
 * request becomes INTERNAL_ERROR at the boundary.
 */
import { maskKeysIn } from '../keys/api-key.ts';

export type ErrorCode =
  | 'BAD_REQUEST'
  | 'INVALID_API_KEY'
  | 'RATE_LIMIT_EXCEEDED'
  | 'OVERAGE_CAP_EXCEEDED'
  | 'PAGINATION_DEPTH_EXCEEDED'
  | 'INVALID_PARAMETER'
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'INTERNAL_ERROR'
  | 'SEARCH_TIMEOUT'
  | 'SERVICE_UNAVAILABLE';

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

export const BAD_REQUEST = new HttpError(400, 'BAD_REQUEST', 'The request is not valid HTTP/1.1 (malformed or conflicting headers).', 'Send one Content-Length at most, well-formed headers, and no request body.');
export const HEADERS_TOO_LARGE = new HttpError(431, 'BAD_REQUEST', 'The request headers are too large.', 'Send shorter headers: a GET to this API needs only X-API-Key.');
export const INTERNAL_ERROR = new HttpError(500, 'INTERNAL_ERROR', 'An unexpected error occurred on the server.', 'Retry the request; if it keeps failing, report it to the operator.');
export const SERVICE_UNAVAILABLE = new HttpError(503, 'SERVICE_UNAVAILABLE', 'The catalog is not loaded yet.', 'Retry in a few seconds; GET /v1/health reports when the service is ready.');
export const SEARCH_TIMEOUT = new HttpError(503, 'SEARCH_TIMEOUT', 'The search ran too long and was cancelled.', 'Use a shorter or more specific query, or add filters, then retry. This request was not counted.');
