/**
 * What an API key looks like, and the masking of anything key-shaped in text the service repeats back
 * or logs. A leaf module: the logger (log.ts) and the error envelope need it, and keys/ needs the
 * logger, so the shape lives below both (issue 21: no cycle between keys/ and log.ts).
 */
export const KEY_PREFIX = 'exlib_';
export const KEY_LENGTH = 38;

const KEY_SHAPED = /exlib_[A-Za-z0-9]{32}/g;

/** Whether `text` holds anything key-shaped (a client that put its key in the wrong header). */
export function holdsKeyShape(text: string): boolean {
  return text.includes(KEY_PREFIX) && text.replace(KEY_SHAPED, '') !== text;
}

/**
 * Masks anything key-shaped inside text the service repeats back or logs (an id, a parameter value):
 * `exlib_…` plus the last four characters (docs/api.md#masking-keys).
 */
export function maskKeysIn(text: string): string {
  return text.includes(KEY_PREFIX) ? text.replace(KEY_SHAPED, (key) => `${KEY_PREFIX}…${key.slice(-4)}`) : text;
}
