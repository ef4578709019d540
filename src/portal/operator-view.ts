/**
 * The operator view at /admin (ADMIN_TOKEN set): every key with tier, label, last use and today's
 * usage, the top keys of the last 30 days, 429s and 5xx per hour over the last day (this instance),
 * and the catalog's version and health. A browser logs in with the token through a form (CSRF-checked)
 * and gets an HttpOnly, SameSite=Strict cookie signed with a key derived from the token (so every
 * instance with the token accepts it, and changing the token ends it); curl may send the bearer token.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { TokenCheck } from '../http/admin/admin-auth.ts';
import { BODY_TOO_LARGE, type ApiRequest, type Reply } from '../http/reply.ts';
import { maskKey } from '../keys/api-key.ts';
import type { KeyStore } from '../keys/key-store.ts';
import { formatUsd } from '../limits/money.ts';
import type { UsageByDay } from '../limits/usage-shards.ts';
import { dayString } from '../limits/windows.ts';
import type { HourCounts } from '../observe/status-history.ts';
import { escapeHtml, page, redirect } from '../http/page-layout.ts';
import { parseCookies } from './sessions.ts';

const COOKIE = 'exlib_operator';
const CSRF = 'exlib_operator_csrf';
const SESSION_SECONDS = 8 * 3600;
const DAY_MS = 86_400_000;

export interface OperatorViewDeps {
  adminToken: string;
  isAdminToken: TokenCheck;
  keys(): KeyStore;
  usageByDay(): UsageByDay | Promise<UsageByDay>;
  hours(): HourCounts[];
  /** Catalog version, exercise count and health status, as health reports them. */
  health(): { status: string; dataVersion: string | null; exercises: number; counterStore: string };
  now(): number;
  isSecure: boolean;
}

function isSame(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function createOperatorView(deps: OperatorViewDeps): (request: ApiRequest) => Reply | Promise<Reply> | undefined {
  // Derived, never the token itself: a cookie reveals nothing of it.
  const secret = createHash('sha256').update(`operator view:${deps.adminToken}`).digest();
  const sign = (text: string) => createHmac('sha256', secret).update(text).digest('base64url');
  const cookie = (name: string, value: string, maxAge: number) =>
    `${name}=${value}; Path=/admin; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${deps.isSecure ? '; Secure' : ''}`;

  function isLoggedIn(request: ApiRequest, cookies: Map<string, string>): boolean {
    if (request.authorization !== undefined) return deps.isAdminToken(request.authorization);
    const [expires, signature] = (cookies.get(COOKIE) ?? '').split('.');
    if (expires === undefined || signature === undefined) return false;
    return isSame(signature, sign(`session:${expires}`)) && Number(expires) * 1000 > deps.now();
  }

  function logInPage(cookies: Map<string, string>, message = '', status = 200): Reply {
    let csrf = cookies.get(CSRF);
    const setCookies: string[] = [];
    if (csrf === undefined || !/^[A-Za-z0-9_-]{22,64}$/.test(csrf)) {
      csrf = randomBytes(24).toString('base64url');
      setCookies.push(cookie(CSRF, csrf, SESSION_SECONDS));
    }
    return page({
      title: 'Operator view',
      status,
      cookies: setCookies,
      body: `<h1>Operator view</h1><form class="card" method="post" action="/admin/login" style="max-width:28rem">
<input type="hidden" name="csrf" value="${escapeHtml(sign(`csrf:${csrf}`))}">
${message ? `<p class="error" role="alert">${escapeHtml(message)}</p>` : ''}
<label for="token">Admin token</label><input id="token" name="token" type="password" autocomplete="off" required>
<p class="muted">The value of ADMIN_TOKEN on the server.</p><button type="submit">Open</button></form>`,
    });
  }

  function logIn(request: ApiRequest, cookies: Map<string, string>): Reply {
    if (request.body === undefined || request.body === BODY_TOO_LARGE) return logInPage(cookies, 'The form is too large.', 413);
    const form = new URLSearchParams(request.body.toString('utf8'));
    const csrf = cookies.get(CSRF);
    if (csrf === undefined || !isSame(form.get('csrf') ?? '', sign(`csrf:${csrf}`))) {
      return page({ title: 'Form expired', status: 403, body: '<h1>Form expired</h1><p class="error">Reload the page and try again.</p>' });
    }
    if (!deps.isAdminToken(`Bearer ${form.get('token') ?? ''}`)) return logInPage(cookies, 'That is not the admin token.', 401);
    const expires = Math.floor(deps.now() / 1000) + SESSION_SECONDS;
    return redirect('/admin', [cookie(COOKIE, `${expires}.${sign(`session:${expires}`)}`, SESSION_SECONDS)]);
  }

  async function view(): Promise<Reply> {
    const byDay = await deps.usageByDay();
    const today = dayString(Math.floor(deps.now() / DAY_MS));
    const lastUse = new Map<string, string>();
    const month = new Map<string, { requests: number; cost: number }>();
    const from = dayString(Math.floor(deps.now() / DAY_MS) - 29);
    for (const date of [...byDay.keys()].sort()) {
      for (const [keyId, usage] of byDay.get(date)!) {
        lastUse.set(keyId, date);
        if (date < from) continue;
        const sum = month.get(keyId) ?? { requests: 0, cost: 0 };
        month.set(keyId, { requests: sum.requests + usage.requests, cost: sum.cost + usage.overageCostMicros });
      }
    }
    const records = deps.keys().keys;
    const labelOf = new Map(records.map((r) => [r.id, r.label]));
    const keyRows = records
      .map((r) => {
        const usage = byDay.get(today)?.get(r.id);
        return `<tr><td><code>${escapeHtml(r.id)}</code><br><span class="muted">${escapeHtml(maskKey(r.hint))}</span></td><td>${escapeHtml(r.tier)}</td>
<td>${escapeHtml(r.label)}</td><td>${lastUse.get(r.id) ?? 'never'}</td><td>${usage?.requests ?? 0}</td><td>${r.revokedAt ? 'revoked' : 'live'}</td></tr>`;
      })
      .join('');
    const top = [...month]
      .sort((a, b) => b[1].requests - a[1].requests)
      .slice(0, 10)
      .map(
        ([id, sum]) =>
          `<tr><td><code>${escapeHtml(id)}</code></td><td>${escapeHtml(labelOf.get(id) ?? '')}</td><td>${sum.requests}</td><td>${formatUsd(sum.cost)}</td></tr>`,
      )
      .join('');
    const health = deps.health();
    return page({
      title: 'Operator view',
      nav: '<a href="/portal">Portal</a>',
      body: `<h1>Operator view</h1>
<div class="card" data-testid="health"><div class="stats"><div><span class="muted">Health</span><strong>${escapeHtml(health.status)}</strong></div>
<div><span class="muted">Catalog version</span><strong>${escapeHtml(health.dataVersion ?? 'none loaded')}</strong></div>
<div><span class="muted">Exercises</span><strong>${health.exercises}</strong></div><div><span class="muted">Counter store</span><strong>${escapeHtml(health.counterStore)}</strong></div></div></div>
<div class="card"><h2 style="margin-top:0">429s and 5xx, last 24 hours (this instance)</h2>${statusChart(deps.hours())}</div>
<div class="card"><h2 style="margin-top:0">Top keys, last 30 days</h2><table><tr><th>key</th><th>label</th><th>requests</th><th>overage cost</th></tr>${top || '<tr><td colspan="4">No usage yet.</td></tr>'}</table></div>
<div class="card" style="overflow-x:auto"><h2 style="margin-top:0">Keys</h2><table data-testid="operator-keys"><tr><th>key</th><th>tier</th><th>label</th><th>last use (UTC day)</th><th>today</th><th>state</th></tr>${keyRows}</table></div>`,
    });
  }

  return function operatorView(request: ApiRequest): Reply | Promise<Reply> | undefined {
    if (request.path !== '/admin' && request.path !== '/admin/login') return undefined;
    const cookies = parseCookies(request.cookie);
    if (request.path === '/admin/login') return request.method === 'post' ? logIn(request, cookies) : redirect('/admin');
    if (request.method !== 'get' && request.method !== 'head') return undefined;
    return isLoggedIn(request, cookies)
      ? view()
      : logInPage(
          cookies,
          request.authorization === undefined ? '' : 'That is not the admin token.',
          request.authorization === undefined ? 200 : 401,
        );
  };
}

/** Requests per hour as bars, 429s and 5xx stacked in the warning colour, with the numbers in each bar's title. */
function statusChart(hours: HourCounts[]): string {
  const width = 600;
  const height = 140;
  const top = Math.max(1, ...hours.map((h) => h.requests));
  const barWidth = width / hours.length;
  const scale = (n: number) => ((height - 20) * n) / top;
  const bars = hours
    .map((h, i) => {
      const x = i * barWidth + 1;
      const bad = h.tooMany + h.failed;
      const label = `${new Date(h.hourMs).toISOString().slice(11, 16)} UTC: ${h.requests} requests, ${h.tooMany} 429s, ${h.failed} 5xx`;
      return `<g><title>${label}</title><rect class="bar" x="${x}" y="${height - 20 - scale(h.requests)}" width="${barWidth - 2}" height="${scale(h.requests - bad)}"/>
<rect class="over" x="${x}" y="${height - 20 - scale(bad)}" width="${barWidth - 2}" height="${scale(bad)}"/></g>`;
    })
    .join('');
  const totals = hours.reduce((sum, h) => ({ tooMany: sum.tooMany + h.tooMany, failed: sum.failed + h.failed }), { tooMany: 0, failed: 0 });
  return `<figure data-testid="status-chart" style="margin:0"><svg viewBox="0 0 ${width} ${height}" width="100%" role="img" aria-label="Requests per hour, 429s and 5xx in red">${bars}
<text x="0" y="${height - 4}">${new Date(hours[0]!.hourMs).toISOString().slice(11, 16)}</text><text x="${width - 40}" y="${height - 4}">now</text></svg>
<figcaption class="muted">${totals.tooMany} responses 429 and ${totals.failed} 5xx in 24 hours; blue: other responses, red: 429 and 5xx.</figcaption></figure>`;
}
