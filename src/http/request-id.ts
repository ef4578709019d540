/**
 * X-Request-Id: a client's own id is kept when it is safe to repeat in a header and a log line
 * (a short token of URL-safe characters holding nothing key-shaped); otherwise, and when none is sent,
 * the service makes one.
 */
import { randomBytes } from 'node:crypto';
import { holdsKeyShape } from '../key-shape.ts';

/** Letters, digits and `._:-`, 1 to 128 characters: fits UUIDs, ULIDs and trace ids, never a header injection. */
export const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Returns a function that picks the id of one request. Made ids are a random per-process prefix and a
 * counter: unique across restarts and processes, and far cheaper than a random UUID per request.
 */
export function requestIds(prefix = randomBytes(6).toString('base64url')): (sent: string | undefined) => string {
  let next = 0;
  return function requestId(sent) {
    if (sent !== undefined && SAFE_REQUEST_ID.test(sent) && !holdsKeyShape(sent)) return sent;
    next += 1;
    return `${prefix}-${next.toString(36)}`;
  };
}
