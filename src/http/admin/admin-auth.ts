/**
 * The admin API's bearer token check: constant time over SHA-256 digests (equal lengths whatever was
 * sent), so neither the token's bytes nor its length leak through timing. The token is never logged.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

export type TokenCheck = (authorization: string | undefined) => boolean;

/** A checker for `token`: true only for `Authorization: Bearer <token>`. */
export function bearerCheck(token: string): TokenCheck {
  const expected = createHash('sha256').update(token).digest();
  return function isAdminToken(authorization) {
    if (authorization === undefined || !authorization.startsWith('Bearer ')) return false;
    const sent = createHash('sha256').update(authorization.slice('Bearer '.length).trim()).digest();
    return timingSafeEqual(sent, expected);
  };
}
