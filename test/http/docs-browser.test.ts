/**
 * The docs page in a real browser: Debian's headless Chromium driven by playwright-core. It follows the
 * docs_url of every error code and finds that code's anchor on screen. Chromium is required, never
 * skipped: without it this test fails and says how to install it (.ci/run does).
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { type Browser, chromium } from 'playwright-core';
import { errorBody, ERROR_CODES, HttpError } from '../../src/http/http-error.ts';
import { get, startTestServer, type TestServer } from '../helpers/service.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

let server: TestServer;
let browser: Browser;
let docsBase = '';

before(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium is not installed at ${CHROMIUM}; the docs page test needs it. ` +
        'Install it with: apt-get update && apt-get install -y chromium (or set CHROMIUM_PATH).',
    );
  }
  server = await startTestServer({ docsUrlBase: () => docsBase });
  docsBase = `${server.url}/docs`;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS, headless: true });
});
after(async () => {
  await browser?.close();
  await server?.close();
});

/** docs_url as the service sends it: from real error responses where a request can provoke one, else from the envelope builder. */
async function docsUrls(): Promise<Map<string, string>> {
  const urls = new Map<string, string>();
  const wire = [
    await get(`${server.url}/v1/stats`),
    await get(`${server.url}/v1/exercises/Nope`, server.keys.pro),
    await get(`${server.url}/v1/exercises?level=expert`, server.keys.pro),
    await get(`${server.url}/v1/exercises?offset=600`, server.keys.free),
    await get(`${server.url}/v1/stats`, undefined, { method: 'DELETE' }),
  ];
  for (const { body } of wire) urls.set(body.error.code, body.error.docs_url);
  assert.deepEqual(
    [...urls.keys()],
    ['INVALID_API_KEY', 'NOT_FOUND', 'INVALID_PARAMETER', 'PAGINATION_DEPTH_EXCEEDED', 'METHOD_NOT_ALLOWED'],
  );
  for (const code of ERROR_CODES) {
    if (!urls.has(code)) urls.set(code, JSON.parse(errorBody(new HttpError(500, code, 'm', 'h'), docsBase)).error.docs_url);
  }
  return urls;
}

describe('the docs page in headless Chromium', () => {
  it('renders the reference with its sections', async () => {
    const page = await browser.newPage();
    try {
      const response = await page.goto(`${server.url}/docs`);
      assert.equal(response?.status(), 200);
      assert.equal(await page.title(), 'Exercise Catalog API reference');
      for (const id of ['quick-start', 'routes', 'limits', 'caching', 'errors'])
        assert.equal(await page.locator(`[id="${id}"]`).isVisible(), true, id);
    } finally {
      await page.close();
    }
  });

  it("every error code's docs_url opens the page scrolled to a visible anchor for that code", async () => {
    const urls = await docsUrls();
    assert.equal(urls.size, ERROR_CODES.length);
    const page = await browser.newPage({ viewport: { width: 1000, height: 700 } });
    try {
      for (const [code, url] of urls) {
        assert.equal(url, `${server.url}/docs/errors#${code}`);
        const response = await page.goto(url);
        assert.equal(response?.status() ?? 200, 200, url);
        const anchor = page.locator(`[id="${code}"]`);
        assert.equal(await anchor.count(), 1, code);
        assert.equal(await anchor.isVisible(), true, code);
        const isOnScreen = await anchor.evaluate((element) => {
          const box = element.getBoundingClientRect();
          return box.bottom > 0 && box.top < window.innerHeight;
        });
        assert.equal(isOnScreen, true, `${code} is scrolled into view`);
        assert.match((await anchor.textContent()) ?? '', new RegExp(`^${code} \\(`));
      }
    } finally {
      await page.close();
    }
  });
});
