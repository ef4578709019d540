/**
 * The portal walked in a real browser (Debian's Chromium driven by playwright-core) against a real
 * service process: sign-up, the key shown once, a call with it, regenerate, the old key refused, the
 * usage chart, log-out, log-in (key masked), the operator view and the docs. Screenshots (light, dark,
 * phone width) go to SCREENSHOT_DIR or a temporary folder, never into the repository.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { type Browser, chromium, type Page } from 'playwright-core';
import { type ChildService, serviceFolders, spawnService, tempDir } from '../helpers/service.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-sync', '--no-first-run'];
const SHOTS = process.env.SCREENSHOT_DIR ?? tempDir('exlib-shots-');
const ADMIN_TOKEN = 'browser-walk-admin-token-0123456789';
const EMAIL = 'walker@example.com';
const PASSWORD = 'a long walk through the portal';

let service: ChildService;
let browser: Browser;

before(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium is not installed at ${CHROMIUM}. Install it with: apt-get update && apt-get install -y chromium (or set CHROMIUM_PATH).`,
    );
  }
  mkdirSync(SHOTS, { recursive: true });
  const folders = serviceFolders('exlib-walk-');
  service = await spawnService({ ...folders.env, PORTAL: 'on', ADMIN_TOKEN });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS, headless: true });
});
after(async () => {
  await browser?.close();
  service?.proc.kill('SIGTERM');
  await service?.exited;
});

/** A screenshot of the whole page, or of the viewport for long pages (the docs). */
async function shot(page: Page, name: string, isFullPage = true): Promise<void> {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: isFullPage });
}

async function call(key: string): Promise<number> {
  return (await fetch(`${service.url}/v1/exercises?limit=1`, { headers: { 'X-API-Key': key } })).status;
}

describe('the portal in a browser', () => {
  it('walks sign-up, key once, a call, regenerate, old key refused, usage chart, log-out, log-in, operator view, docs', async () => {
    const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${service.url}/portal`);
    await shot(page, '01-signup');
    await page.fill('input[name=email]', EMAIL);
    await page.fill('input[name=password]', PASSWORD);
    await page.click('button[type=submit]');
    const key = (await page.textContent('[data-testid=api-key]'))!.trim();
    assert.match(key, /^exlib_[A-Za-z0-9]{32}$/);
    await shot(page, '02-key-shown-once');
    assert.equal(await call(key), 200, 'a call with the new key');

    await page.goto(`${service.url}/portal/account`);
    assert.equal((await page.content()).includes(key), false, 'the account page never shows the whole key');
    await page.click('[data-testid=regenerate]');
    const renewed = (await page.textContent('[data-testid=api-key]'))!.trim();
    assert.notEqual(renewed, key);
    assert.equal(await call(key), 401, 'the old key is refused');
    assert.equal(await call(renewed), 200, 'the new key works');

    await page.goto(`${service.url}/portal/account`);
    assert.ok(await page.isVisible('[data-testid=usage-chart] svg'));
    assert.equal(await page.textContent('[data-testid=usage-today]'), '2', 'both calls counted against the account');
    await shot(page, '03-account');
    await page.click('[data-testid=logout]');
    assert.equal(new URL(page.url()).pathname, '/portal');
    await page.goto(`${service.url}/portal/account`);
    assert.equal(new URL(page.url()).pathname, '/portal/login', 'logged out: the account page sends to log-in');

    await page.fill('input[name=email]', EMAIL);
    await page.fill('input[name=password]', PASSWORD);
    await page.click('button[type=submit]');
    assert.equal(new URL(page.url()).pathname, '/portal/account');
    const masked = (await page.textContent('[data-testid=masked-key]'))!.trim();
    assert.equal(masked, `exlib_${'*'.repeat(28)}${renewed.slice(-4)}`);
    assert.equal((await page.content()).includes(renewed), false);

    const dark = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
    const phone = await dark.newPage();
    await phone.goto(`${service.url}/portal`);
    await shot(phone, '04-signup-phone-dark');
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `no sideways scrolling at phone width (${width} px)`);
    await dark.close();

    await page.goto(`${service.url}/admin`);
    await page.fill('input[name=token]', `${ADMIN_TOKEN}x`);
    await page.click('button[type=submit]');
    assert.ok(await page.isVisible('text=That is not the admin token.'));
    await page.fill('input[name=token]', ADMIN_TOKEN);
    await page.click('button[type=submit]');
    assert.equal(new URL(page.url()).pathname, '/admin');
    const keysTable = (await page.textContent('[data-testid=operator-keys]'))!;
    assert.match(keysTable, /portal: walker@example\.com/);
    assert.equal(keysTable.includes(renewed), false, 'no whole key in the operator view');
    assert.match((await page.textContent('[data-testid=health]'))!, /2026-01-15/);
    assert.ok(await page.isVisible('[data-testid=status-chart] svg'));
    await shot(page, '05-operator-view');

    await page.goto(`${service.url}/docs`);
    assert.ok(await page.isVisible('#route-getExercises'));
    assert.ok(await page.isVisible('#field-primaryMuscles'));
    await shot(page, '06-docs', false);
    await page.fill('#try-key', renewed);
    await page.selectOption('#try-path', '/v1/stats');
    await page.click('#try-form button[type=submit]');
    await page.waitForFunction(() => document.getElementById('try-status')?.textContent?.startsWith('200'));
    assert.match((await page.textContent('[data-testid=try-output]'))!, /"data"/);
    await page.locator('#try-it').scrollIntoViewIfNeeded();
    await shot(page, '07-docs-try-it', false);
    const docsPhone = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
    const docsOnPhone = await docsPhone.newPage();
    await docsOnPhone.goto(`${service.url}/docs`);
    await shot(docsOnPhone, '08-docs-phone-dark', false);
    await docsOnPhone.goto(`${service.url}/docs#route-getExercises`);
    await shot(docsOnPhone, '09-docs-route-phone-dark', false);
    await docsPhone.close();
    await context.close();
  });
});
