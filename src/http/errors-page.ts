/** The page behind every error's docs_url when DOCS_URL_BASE is not set: one anchor per error code. */
const CODES: [string, number, string][] = [
  ['INVALID_API_KEY', 401, 'The X-API-Key header is missing, malformed, unknown or revoked. Keys start with exlib_ and are 38 characters long.'],
  ['RATE_LIMIT_EXCEEDED', 429, 'The per-minute limit (every tier) or the daily limit (free tier) is used up. Wait for Retry-After seconds.'],
  ['OVERAGE_CAP_EXCEEDED', 429, 'A paid key reached its safety cap (10x its daily limit by default) and is blocked until 00:00 UTC.'],
  ['PAGINATION_DEPTH_EXCEEDED', 403, 'The free tier can page up to offset + limit = 500. Narrow the query instead.'],
  ['INVALID_PARAMETER', 400, 'A query or path parameter failed validation; details.field and details.received say which and what.'],
  ['NOT_FOUND', 404, 'No such exercise id, or no such route.'],
  ['METHOD_NOT_ALLOWED', 405, 'The API is read-only: only GET (and OPTIONS preflights) are answered.'],
  ['INTERNAL_ERROR', 500, 'An unexpected server error. The request was not counted.'],
  ['SEARCH_TIMEOUT', 503, 'The search ran past its time budget and was cancelled. The request was not counted.'],
  ['SERVICE_UNAVAILABLE', 503, 'The catalog is not loaded yet. The request was not counted; retry shortly.'],
];

export const ERRORS_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Exercise Catalog API errors</title></head><body>
<h1>Error codes</h1>
<p>Every error body is <code>{"error":{"code","message","hint","docs_url","details?"}}</code>.</p>
${CODES.map(([code, status, text]) => `<h2 id="${code}">${code} (${status})</h2><p>${text}</p>`).join('\n')}
</body></html>`;
