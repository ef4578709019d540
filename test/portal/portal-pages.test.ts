/**
 * The portal's pages in process (real account and key files, a movable clock): form validation,
 * a taken email, unknown pages and methods, an oversized form, session expiry, a key revoked by the
 * operator, and the account page of a paid tier with overage.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { AccountBook } from '../../src/accounts/account-book.ts';
import { KeyAdmin } from '../../src/keys/key-admin.ts';
import { KeyRing } from '../../src/keys/key-ring.ts';
import { EMPTY_STORE } from '../../src/keys/key-store.ts';
import { MemoryUsageStore } from '../../src/limits/usage-store.ts';
import { createLogger } from '../../src/log.ts';
import { AttemptLimiter } from '../../src/portal/attempts.ts';
import { createPortal } from '../../src/portal/portal-pages.ts';
import { Sessions } from '../../src/portal/sessions.ts';
import { FormBrowser, keyIn } from '../helpers/form-browser.ts';
import { defaultTiers, startTestServer, type TestServer, tempDir } from '../helpers/service.ts';

const PASSWORD = 'a password long enough';
let server: TestServer;
let keys: KeyAdmin;

before(async () => {
  const dir = tempDir('exlib-pages-');
  const tiers = defaultTiers();
  const ring = new KeyRing(join(dir, 'keys.json'), tiers, EMPTY_STORE, createLogger('silent'));
  const usage = new MemoryUsageStore();
  const clock = { now: () => Date.parse('2026-11-21T12:00:00.000Z') };
  keys = new KeyAdmin({ file: join(dir, 'keys.json'), tiers, afterWrite: () => ring.reload(), now: () => clock.now() });
  const book = new AccountBook({ file: join(dir, 'accounts.json'), keys, tier: 'starter', now: () => clock.now() });
  server = await startTestServer({
    tiers,
    usage,
    keysByHash: () => ring.byHash(),
    pages: createPortal({
      book,
      sessions: new Sessions(Buffer.alloc(32, 7), () => clock.now(), false),
      tiers,
      keyRecord: (id) => keys.read().keys.find((record) => record.id === id),
      usageByDay: () => usage.usageByDay(),
      limits: {
        signupsByAddress: new AttemptLimiter(100, 3_600_000, () => clock.now()),
        loginsByAddress: new AttemptLimiter(100, 900_000, () => clock.now()),
        loginsByAccount: new AttemptLimiter(5, 900_000, () => clock.now()),
      },
      publicUrl: () => 'https://api.example.test',
      now: () => clock.now(),
      logger: createLogger('silent'),
    }),
  });
  clock.now = server.clock.now;
});
after(() => server?.close());

describe('portal pages', () => {
  it('refuses a bad email (400), a short password (400) and an email with an account (409), keeping the form', async () => {
    const browser = new FormBrowser(server.url, PASSWORD);
    assert.equal((await browser.signUp('not an email')).status, 400);
    const short = await browser.signUp('short@example.com', 'short');
    assert.equal(short.status, 400);
    assert.match(short.text, /at least 10 characters/);
    assert.equal((await browser.signUp('Taken@Example.com')).status, 201);
    const again = await new FormBrowser(server.url, PASSWORD).signUp('taken@example.com ');
    assert.equal(again.status, 409);
    assert.match(again.text, /exists already/);
    assert.match(again.text, /name="csrf"/);
  });

  it('answers 404 for an unknown page, 405 for another method, 413 for a form over 16 KiB', async () => {
    const browser = new FormBrowser(server.url, PASSWORD);
    assert.equal((await browser.request('/portal/nothing')).status, 404);
    assert.equal((await browser.request('/portal', { method: 'PUT' })).status, 405);
    const csrf = await browser.csrf();
    assert.equal((await browser.request('/portal/signup', { form: { csrf, email: 'x'.repeat(20_000) } })).status, 413);
    const unknown = await browser.request('/portal/elsewhere', { form: { csrf } });
    assert.equal(unknown.status, 404);
  });

  it('ends a session after 7 days; sends the logged-out to log-in and the logged-in from log-in to their account', async () => {
    const browser = new FormBrowser(server.url, PASSWORD);
    await browser.signUp('week@example.com');
    assert.equal((await browser.request('/portal/login')).location, '/portal/account');
    assert.equal((await browser.request('/portal')).location, '/portal/account');
    server.clock.advance(7 * 24 * 3600 * 1000);
    assert.equal((await browser.request('/portal/account')).location, '/portal/login');
    server.clock.advance(-7 * 24 * 3600 * 1000);
  });

  it('shows a paid tier with its overage cost, and a key revoked by the operator cannot be regenerated', async () => {
    const browser = new FormBrowser(server.url, PASSWORD);
    const key = keyIn((await browser.signUp('paid@example.com')).text)!;
    const account = await browser.request('/portal/account');
    assert.match(account.text, /data-testid="overage-cost">\$0\.00</);
    assert.match(account.text, /of 1000 a day/);
    const id = keys.read().keys.find((record) => record.label === 'portal: paid@example.com')!.id;
    await keys.revoke(id);
    assert.equal((await fetch(`${server.url}/v1/stats`, { headers: { 'X-API-Key': key } })).status, 401);
    const revoked = await browser.request('/portal/account');
    assert.match(revoked.text, /revoked by the operator/);
    const csrf = await browser.csrf('/portal/account');
    assert.equal((await browser.request('/portal/regenerate', { form: { csrf } })).status, 409);
  });

  it('sends a regenerate without a session to log-in', async () => {
    const browser = new FormBrowser(server.url, PASSWORD);
    const csrf = await browser.csrf();
    assert.equal((await browser.request('/portal/regenerate', { form: { csrf } })).location, '/portal/login');
  });
});
