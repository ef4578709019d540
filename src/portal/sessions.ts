/**
 * Portal sessions and CSRF tokens, both stateless and signed with one secret shared by every instance
 * (session-secret.ts), so a session started on one instance works on all. A session cookie names the
 * account, the account's session epoch (raised at log-out, which ends every older cookie) and an expiry,
 * under an HMAC. A CSRF token is the HMAC of a random per-browser cookie: a form post must carry the
 * token that matches its cookie (double submit, signed), or it is refused with 403.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Account } from '../accounts/account-store.ts';

export const SESSION_COOKIE = 'exlib_session';
export const CSRF_COOKIE = 'exlib_csrf';
const SESSION_SECONDS = 7 * 24 * 3600;

/** The cookies of a Cookie header by name (the first of a repeated name wins). */
export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    const name = part.slice(0, at).trim();
    if (!cookies.has(name)) cookies.set(name, part.slice(at + 1).trim());
  }
  return cookies;
}

/** Equal strings, in time that depends only on their lengths. */
function isSame(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export class Sessions {
  readonly #secret: Buffer;
  readonly #now: () => number;
  readonly #isSecure: boolean;

  /** `isSecure`: the portal is served over https (PUBLIC_URL), so cookies carry Secure. */
  constructor(secret: Buffer, now: () => number, isSecure: boolean) {
    this.#secret = secret;
    this.#now = now;
    this.#isSecure = isSecure;
  }

  #sign(text: string): string {
    return createHmac('sha256', this.#secret).update(text).digest('base64url');
  }

  /** A Set-Cookie value: HttpOnly and SameSite=Strict always, Secure over https. */
  cookie(name: string, value: string, maxAgeSeconds: number): string {
    return `${name}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${this.#isSecure ? '; Secure' : ''}`;
  }

  /** The session cookie for `account`, as a Set-Cookie value. */
  start(account: Account): string {
    const payload = `${account.id}.${account.sessionEpoch}.${Math.floor(this.#now() / 1000) + SESSION_SECONDS}`;
    return this.cookie(SESSION_COOKIE, `${payload}.${this.#sign(`session:${payload}`)}`, SESSION_SECONDS);
  }

  end(): string {
    return this.cookie(SESSION_COOKIE, '', 0);
  }

  /** The account a session cookie stands for, if it is genuine, unexpired and of the account's current epoch. */
  account(cookies: Map<string, string>, lookup: (id: string) => Account | undefined): Account | undefined {
    const value = cookies.get(SESSION_COOKIE);
    if (value === undefined) return undefined;
    const parts = value.split('.');
    if (parts.length !== 4) return undefined;
    const [id, epoch, expires, signature] = parts as [string, string, string, string];
    if (!isSame(signature, this.#sign(`session:${id}.${epoch}.${expires}`))) return undefined;
    if (Number(expires) * 1000 <= this.#now()) return undefined;
    const account = lookup(id);
    return account !== undefined && String(account.sessionEpoch) === epoch ? account : undefined;
  }

  /** The browser's CSRF cookie value, and a Set-Cookie for a new one when it has none. */
  csrfCookie(cookies: Map<string, string>): { value: string; setCookie: string | undefined } {
    const value = cookies.get(CSRF_COOKIE);
    if (value !== undefined && /^[A-Za-z0-9_-]{22,64}$/.test(value)) return { value, setCookie: undefined };
    const fresh = randomBytes(24).toString('base64url');
    return { value: fresh, setCookie: this.cookie(CSRF_COOKIE, fresh, SESSION_SECONDS) };
  }

  /** The token forms carry for a CSRF cookie value. */
  csrfToken(cookieValue: string): string {
    return this.#sign(`csrf:${cookieValue}`);
  }

  /** Whether a posted token matches the browser's CSRF cookie. */
  isCsrfValid(cookies: Map<string, string>, token: string | null): boolean {
    const value = cookies.get(CSRF_COOKIE);
    return value !== undefined && token !== null && isSame(token, this.csrfToken(value));
  }
}
