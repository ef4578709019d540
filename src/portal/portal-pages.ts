/**
 * The developer portal (PORTAL=on, docs/api.md#developer-portal): sign-up, the key shown once, log-in,
 * the account page (masked key, limits, today's and 30 days' usage, overage cost), regenerate, log-out.
 * Server-rendered; every form carries a CSRF token and a post without the right one is 403; sign-up and
 * log-in are rate-limited per address and per account. No key or password is ever logged.
 */
import * as v from 'valibot';
import type { AccountBook } from '../accounts/account-book.ts';
import { StoreUnavailableError } from '../documents/shared-document.ts';
import type { Account } from '../accounts/account-store.ts';
import { maskKey } from '../keys/api-key.ts';
import type { KeyRecord } from '../keys/key-store.ts';
import { formatUsd } from '../limits/money.ts';
import { hasDailyLimit, limitText, type TierTable } from '../limits/tiers.ts';
import type { UsageByDay } from '../limits/usage-shards.ts';
import type { Logger } from '../log.ts';
import { BODY_TOO_LARGE, type ApiRequest, type Reply } from '../http/reply.ts';
import type { Attempts } from './attempts.ts';
import { escapeHtml, page, redirect } from '../http/page-layout.ts';
import { parseCookies, type Sessions } from './sessions.ts';
import { lastDays, usageChart } from './usage-chart.ts';

export interface PortalDeps {
  book: AccountBook;
  sessions: Sessions;
  tiers: TierTable;
  /** The key record of an id, live or revoked (KEYS_FILE as it is now). */
  keyRecord(id: string): KeyRecord | undefined;
  usageByDay(): UsageByDay | Promise<UsageByDay>;
  limits: { signupsByAddress: Attempts; loginsByAddress: Attempts; loginsByAccount: Attempts };
  publicUrl(): string;
  now(): number;
  logger: Logger;
}

const SignUpSchema = v.object({
  email: v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(254, 'Use an email address of at most 254 characters.'),
    v.email('Enter a valid email address.'),
  ),
  password: v.pipe(
    v.string(),
    v.minLength(10, 'Choose a password of at least 10 characters.'),
    v.maxLength(200, 'Choose a password of at most 200 characters.'),
  ),
});

type Form = Map<string, string>;
type Cookies = Map<string, string>;

function formOf(request: ApiRequest): Form | undefined {
  if (request.body === undefined || request.body === BODY_TOO_LARGE) return undefined;
  return new Map(new URLSearchParams(request.body.toString('utf8')));
}

function minutes(ms: number): string {
  const n = Math.max(1, Math.ceil(ms / 60_000));
  return `${n} minute${n === 1 ? '' : 's'}`;
}

export function createPortal(deps: PortalDeps): (request: ApiRequest) => Reply | Promise<Reply> | undefined {
  const { sessions, book, limits } = deps;

  /** A page whose forms carry the browser's CSRF token (and set its cookie when it had none). */
  function withCsrf(
    cookies: Cookies,
    render: (hidden: string) => Omit<Parameters<typeof page>[0], 'cookies'>,
    extra: string[] = [],
  ): Reply {
    const csrf = sessions.csrfCookie(cookies);
    const hidden = `<input type="hidden" name="csrf" value="${escapeHtml(sessions.csrfToken(csrf.value))}">`;
    return page({ ...render(hidden), cookies: [...extra, ...(csrf.setCookie ? [csrf.setCookie] : [])] });
  }

  function signUpForm(cookies: Cookies, message = '', status = 200): Reply {
    return withCsrf(cookies, (hidden) => ({
      title: 'Get an API key',
      status,
      nav: '<a href="/portal/login">Log in</a>',
      body: `<h1>Get an API key</h1><p class="muted">Sign up to get a key for the exercise catalog: 2,000+ exercises with muscles, equipment, instructions and media.</p>
<div class="grid"><form class="card" method="post" action="/portal/signup">${hidden}
${message ? `<p class="error" role="alert">${escapeHtml(message)}</p>` : ''}
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" required maxlength="254">
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="new-password" required minlength="10" maxlength="200">
<p class="muted">At least 10 characters.</p><button type="submit">Sign up</button></form>
<div class="card"><h2>Already have an account?</h2><p><a href="/portal/login">Log in</a> to see your key, usage and limits.</p>
<h2>Docs</h2><p><a href="/docs">The API reference</a>, with a try-it form.</p></div></div>`,
    }));
  }

  function logInForm(cookies: Cookies, message = '', status = 200): Reply {
    return withCsrf(cookies, (hidden) => ({
      title: 'Log in',
      status,
      nav: '<a href="/portal">Sign up</a>',
      body: `<h1>Log in</h1><form class="card" method="post" action="/portal/login" style="max-width:28rem">${hidden}
${message ? `<p class="error" role="alert">${escapeHtml(message)}</p>` : ''}
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" required>
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Log in</button></form><p><a href="/portal">No account yet? Sign up</a></p>`,
    }));
  }

  /** The key, shown this once, with a first call to try. */
  function keyShown(cookies: Cookies, key: string, heading: string, setCookies: string[], status = 200): Reply {
    const example = `curl -H "X-API-Key: ${key}" "${deps.publicUrl()}/v1/exercises?q=bench%20press&limit=2"`;
    return withCsrf(
      cookies,
      () => ({
        title: heading,
        status,
        nav: '<a href="/portal/account">Account</a>',
        body: `<h1>${escapeHtml(heading)}</h1><div class="card"><p><strong>Copy your key now: it is shown only this once.</strong> We keep only a hash of it.</p>
<code class="key" id="api-key" data-testid="api-key">${escapeHtml(key)}</code><button class="copy secondary" data-copy="api-key" type="button">Copy</button>
<h2>Try it</h2><pre id="try-curl">${escapeHtml(example)}</pre><button class="copy secondary" data-copy="try-curl" type="button">Copy</button></div>
<p><a class="button" href="/portal/account">Go to your account</a></p>`,
      }),
      setCookies,
    );
  }

  async function accountPage(cookies: Cookies, account: Account): Promise<Reply> {
    const record = deps.keyRecord(account.keyId);
    const tier = record === undefined ? undefined : deps.tiers.get(record.tier);
    const days = lastDays(await deps.usageByDay(), account.keyId, deps.now());
    const today = days.at(-1)!.usage;
    const month = days.reduce((sum, d) => ({ requests: sum.requests + d.usage.requests, cost: sum.cost + d.usage.overageCostMicros }), {
      requests: 0,
      cost: 0,
    });
    const isRevoked = record === undefined || record.revokedAt !== undefined;
    return withCsrf(cookies, (hidden) => ({
      title: 'Your account',
      nav: `<span class="muted">${escapeHtml(account.email)}</span>`,
      body: `<h1>Your account</h1>
<div class="card"><h2 style="margin-top:0">API key</h2>
${isRevoked ? '<p class="error">Your key was revoked by the operator.</p>' : `<code class="key" data-testid="masked-key">${escapeHtml(maskKey(record.hint))}</code>`}
<p class="muted">Tier <strong>${escapeHtml(tier?.name ?? 'none')}</strong>. The whole key was shown once when it was made; regenerate to get a new one (the current key stops working at once).</p>
<form method="post" action="/portal/regenerate">${hidden}<button type="submit" data-testid="regenerate"${isRevoked ? ' disabled' : ''}>Regenerate key</button></form></div>
${
  tier === undefined
    ? ''
    : `<div class="card"><h2 style="margin-top:0">Usage</h2><div class="stats">
<div><span class="muted">Today</span><strong data-testid="usage-today">${today.requests}</strong>${hasDailyLimit(tier) ? `of ${tier.dailyRequests} a day` : 'no daily limit'}</div>
<div><span class="muted">Per minute</span><strong>${limitText(tier.perMinute)}</strong>requests</div>
<div><span class="muted">Results per request</span><strong>${tier.maxResults}</strong>at most</div>
<div><span class="muted">Last 30 days</span><strong>${month.requests}</strong>requests</div>
${tier.overage ? `<div><span class="muted">Overage cost, 30 days</span><strong data-testid="overage-cost">${formatUsd(month.cost)}</strong>${formatUsd(today.overageCostMicros)} today, $${tier.overagePriceUsd} per request past the daily limit</div>` : ''}
</div>${usageChart(days, tier)}</div>`
}
<form method="post" action="/portal/logout">${hidden}<button class="secondary" type="submit" data-testid="logout">Log out</button></form>`,
    }));
  }

  function refused(status: number, title: string, message: string): Reply {
    return page({
      title,
      status,
      body: `<h1>${escapeHtml(title)}</h1><p class="error">${escapeHtml(message)}</p><p><a href="/portal">Back to the portal</a></p>`,
    });
  }

  async function signUp(request: ApiRequest, cookies: Cookies, form: Form): Promise<Reply> {
    const address = request.clientAddress ?? 'unknown';
    const wait = await limits.signupsByAddress.retryAfterMs(address);
    if (wait > 0) return signUpForm(cookies, `Too many sign-ups from your address. Try again in ${minutes(wait)}.`, 429);
    const parsed = v.safeParse(
      SignUpSchema,
      { email: form.get('email') ?? '', password: form.get('password') ?? '' },
      { abortPipeEarly: true },
    );
    if (!parsed.success) return signUpForm(cookies, parsed.issues[0].message, 400);
    await limits.signupsByAddress.record(address);
    const outcome = await book.signUp(parsed.output.email, parsed.output.password);
    if (outcome === 'taken') return signUpForm(cookies, 'An account with this email exists already. Log in instead.', 409);
    deps.logger.info('portal sign-up', { account: outcome.account.id, keyId: outcome.account.keyId });
    return keyShown(cookies, outcome.key, 'Your API key', [sessions.start(outcome.account)], 201);
  }

  async function logIn(request: ApiRequest, cookies: Cookies, form: Form): Promise<Reply> {
    const address = request.clientAddress ?? 'unknown';
    const email = (form.get('email') ?? '').trim().toLowerCase().slice(0, 254);
    const [byAddress, byAccount] = await Promise.all([
      limits.loginsByAddress.retryAfterMs(address),
      limits.loginsByAccount.retryAfterMs(email),
    ]);
    const wait = Math.max(byAddress, byAccount);
    if (wait > 0) return logInForm(cookies, `Too many failed log-ins. Try again in ${minutes(wait)}.`, 429);
    const account = await book.logIn(email, form.get('password') ?? '');
    if (account === undefined) {
      await Promise.all([limits.loginsByAddress.record(address), limits.loginsByAccount.record(email)]);
      return logInForm(cookies, 'That email and password do not match an account.', 401);
    }
    await limits.loginsByAccount.clear(email);
    return redirect('/portal/account', [sessions.start(account)]);
  }

  /** A change while a fleet's shared store (Redis) does not answer is a 503 page, never a 500. */
  async function post(request: ApiRequest, cookies: Cookies): Promise<Reply> {
    try {
      return await change(request, cookies);
    } catch (error) {
      if (!(error instanceof StoreUnavailableError)) throw error;
      deps.logger.error('portal change refused: the shared store does not answer', { path: request.path });
      return refused(
        503,
        'Try again shortly',
        'Accounts cannot be changed right now; nothing was changed. Keys already issued keep working.',
      );
    }
  }

  async function change(request: ApiRequest, cookies: Cookies): Promise<Reply> {
    const form = formOf(request);
    if (form === undefined) return refused(413, 'Form too large', 'The form sent is over 16 KiB.');
    if (!sessions.isCsrfValid(cookies, form.get('csrf') ?? null)) {
      return refused(403, 'Form expired', 'This form was not sent from this site or has expired. Reload the page and try again.');
    }
    const account = sessions.account(cookies, (id) => book.byId(id));
    switch (request.path) {
      case '/portal/signup':
        return signUp(request, cookies, form);
      case '/portal/login':
        return logIn(request, cookies, form);
      case '/portal/regenerate': {
        if (account === undefined) return redirect('/portal/login');
        const key = await book.regenerate(account);
        if (key === undefined) return refused(409, 'No key to regenerate', 'Your key was revoked by the operator.');
        deps.logger.info('portal key regenerated', { account: account.id, keyId: account.keyId });
        return keyShown(cookies, key, 'Your new API key', []);
      }
      case '/portal/logout':
        if (account !== undefined) await book.logOut(account);
        return redirect('/portal', [sessions.end()]);
      default:
        return refused(404, 'Not found', 'There is no such page.');
    }
  }

  return function portal(request: ApiRequest): Reply | Promise<Reply> | undefined {
    const { path, method } = request;
    if (path !== '/portal' && !path.startsWith('/portal/')) return undefined;
    const cookies = parseCookies(request.cookie);
    if (method === 'post') return post(request, cookies);
    if (method !== 'get' && method !== 'head') return refused(405, 'Method not allowed', 'Use the forms of the portal.');
    const account = sessions.account(cookies, (id) => book.byId(id));
    switch (path) {
      case '/portal':
      case '/portal/signup':
        return account !== undefined ? redirect('/portal/account') : signUpForm(cookies);
      case '/portal/login':
        return account !== undefined ? redirect('/portal/account') : logInForm(cookies);
      case '/portal/account':
        return account === undefined ? redirect('/portal/login') : accountPage(cookies, account);
      default:
        return refused(404, 'Not found', 'There is no such page.');
    }
  };
}
