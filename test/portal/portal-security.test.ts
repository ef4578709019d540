/**
 * The portal's security rules against a real service process: every form post without its CSRF token
 * is 403, session and CSRF cookies are HttpOnly and SameSite=Strict, log-in locks an account after 5
 * failures, sign-up is limited per address, log-out ends the session everywhere, and no password, key
 * or admin token ever reaches a log line or a file.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { FormBrowser as Browser, keyIn } from '../helpers/form-browser.ts';
import { type ChildService, serviceFolders, spawnService } from '../helpers/service.ts';

const ADMIN_TOKEN = 'security-admin-token-0123456789abc';
const PASSWORD = 'correct horse battery staple';
/** Every secret the tests made: none may appear in a log line or a file. */
const secrets: string[] = [];

let service: ChildService;
let root: string;

before(async () => {
  const folders = serviceFolders('exlib-portal-sec-');
  root = folders.root;
  service = await spawnService({ ...folders.env, PORTAL: 'on', ADMIN_TOKEN, PORTAL_SIGNUPS_PER_HOUR: '10' });
});
after(async () => {
  service?.proc.kill('SIGTERM');
  await service?.exited;
});

describe('portal security', () => {
  it('refuses every form post without a CSRF token, or with a wrong one or one of another browser, with 403', async () => {
    const browser = new Browser(service.url, PASSWORD);
    const signedUp = await browser.signUp('csrf@example.com');
    assert.equal(signedUp.status, 201);
    const other = new Browser(service.url, PASSWORD);
    const foreign = await other.csrf();
    for (const path of ['/portal/signup', '/portal/login', '/portal/regenerate', '/portal/logout']) {
      for (const csrf of [undefined, 'x', foreign]) {
        const form: Record<string, string> = { email: 'csrf2@example.com', password: PASSWORD };
        if (csrf !== undefined) form.csrf = csrf;
        const { status } = await browser.request(path, { form });
        assert.equal(status, 403, `${path} with csrf ${csrf}`);
      }
    }
    const account = await browser.request('/portal/account');
    assert.equal(account.status, 200, 'still logged in: the refused log-out did nothing');
  });

  it('sets session and CSRF cookies HttpOnly, SameSite=Strict, Path=/', async () => {
    const browser = new Browser(service.url, PASSWORD);
    await browser.request('/portal');
    const csrfCookie = browser.setCookies.find((c) => c.startsWith('exlib_csrf='));
    assert.ok(csrfCookie);
    const signedUp = await browser.signUp('cookies@example.com');
    const session = browser.setCookies.find((c) => c.startsWith('exlib_session='));
    assert.ok(session, signedUp.text.slice(0, 200));
    for (const cookie of [csrfCookie, session]) {
      assert.match(cookie, /; HttpOnly/);
      assert.match(cookie, /; SameSite=Strict/);
      assert.match(cookie, /; Path=\//);
    }
  });

  it('locks an account after 5 failed log-ins, even against the right password, and says so', async () => {
    const owner = new Browser(service.url, PASSWORD);
    assert.equal((await owner.signUp('locked@example.com')).status, 201);
    const attacker = new Browser(service.url, PASSWORD);
    for (let i = 0; i < 5; i++) assert.equal((await attacker.logIn('locked@example.com', `wrong password ${i}`)).status, 401);
    const locked = await attacker.logIn('Locked@Example.com', PASSWORD);
    assert.equal(locked.status, 429);
    assert.match(locked.text, /Too many failed log-ins/);
    assert.equal(attacker.cookies.has('exlib_session'), false);
  });

  it('ends every session of the account at log-out', async () => {
    const first = new Browser(service.url, PASSWORD);
    await first.signUp('twice@example.com');
    const second = new Browser(service.url, PASSWORD);
    assert.equal((await second.logIn('twice@example.com', PASSWORD)).status, 303);
    const stolen = second.cookies.get('exlib_session')!;
    assert.equal((await second.request('/portal/account')).status, 200);
    const csrf = await first.csrf('/portal/account');
    assert.equal((await first.request('/portal/logout', { form: { csrf } })).status, 303);
    const replay = new Browser(service.url, PASSWORD);
    replay.cookies.set('exlib_session', stolen);
    const { status, location } = await replay.request('/portal/account');
    assert.equal(status, 303);
    assert.equal(location, '/portal/login');
  });

  it('keeps secrets out of logs and files, part 1: signs up, regenerates, makes an admin key, uses the keys', async () => {
    const browser = new Browser(service.url, PASSWORD);
    const secret = 'my own very secret passphrase';
    const signedUp = await browser.signUp('secrets@example.com', secret);
    const key = keyIn(signedUp.text)!;
    assert.ok(key);
    const csrf = await browser.csrf('/portal/account');
    const renewed = keyIn((await browser.request('/portal/regenerate', { form: { csrf } })).text)!;
    assert.ok(renewed);
    const created = await fetch(`${service.url}/admin/v1/keys`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
      body: '{"tier":"pro"}',
    });
    const adminKey = ((await created.json()) as { key: string }).key;
    const refused = await fetch(`${service.url}/admin/v1/keys`, { headers: { Authorization: `Bearer ${ADMIN_TOKEN}wrong` } });
    assert.equal(refused.status, 401);
    const view = await fetch(`${service.url}/admin`, { headers: { Authorization: `Bearer ${ADMIN_TOKEN}wrong` } });
    assert.equal(view.status, 401, 'the operator view refuses a wrong token');
    const opened = await fetch(`${service.url}/admin`, { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } });
    assert.equal(opened.status, 200);
    assert.match(await opened.text(), /data-testid="operator-keys"/);
    await fetch(`${service.url}/v1/stats`, { headers: { 'X-API-Key': renewed } });
    secrets.push(secret, key, renewed, adminKey, ADMIN_TOKEN);
  });

  it('limits sign-ups per address (10 an hour here; 5 were made by the tests above)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await new Browser(service.url, PASSWORD).signUp(`many${i}@example.com`)).status);
    assert.deepEqual(statuses, [201, 201, 201, 201, 201, 429]);
  });
  it('keeps secrets out of logs and files, part 2: no password, key or admin token in any log line or file', async () => {
    // Stopping writes the access log's last lines (stdout) and the usage files.
    service.proc.kill('SIGTERM');
    assert.equal((await service.exited).code, 0);
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? files(join(dir, name)) : [join(dir, name)]));
    const texts = [service.stderr(), service.stdout(), ...files(join(root, 'var')).map((file) => readFileSync(file, 'utf8'))];
    for (const text of texts) {
      for (const needle of secrets) assert.equal(text.includes(needle), false, `found a secret: ${needle.slice(0, 8)}…`);
    }
    assert.match(texts.join('\n'), /scrypt\$32768\$8\$1\$/, 'the password is stored as an scrypt hash');
  });
});
