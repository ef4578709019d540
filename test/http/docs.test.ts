import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { EXERCISE_FIELDS } from '../../src/catalog/snapshot-schema.ts';
import { ERROR_CODES } from '../../src/http/http-error.ts';
import { ROUTES } from '../../src/http/routes.ts';
import { get, startTestServer, type TestServer } from '../helpers/service.ts';

let server: TestServer;
before(async () => {
  server = await startTestServer({ publicUrl: () => 'https://api.example.test' });
});
after(() => server.close());

describe('GET /docs', () => {
  it('is a self-contained HTML page: no script, style sheet, image or font from anywhere else (inline scripts only)', async () => {
    const { status, headers, body } = await get(`${server.url}/docs`);
    assert.equal(status, 200);
    assert.equal(headers.get('content-type'), 'text/html; charset=utf-8');
    assert.equal(headers.get('cache-control'), 'public, max-age=300');
    assert.doesNotMatch(body, /<script[^>]*\ssrc=|<link|<img|@import|url\(/i);
    assert.doesNotMatch(body, /(src|href)="(https?:)?\/\//i);
  });

  it('has a quick start with the public URL, every route with an example, and the error table', async () => {
    const { body } = await get(`${server.url}/docs`);
    assert.match(body, /id="quick-start"/);
    assert.match(
      body,
      /curl -H &#34;X-API-Key: \$KEY&#34; &#34;https:\/\/api\.example\.test\/v1\/exercises\?q=bench%20press&#38;limit=2&#34;/,
    );
    for (const route of ROUTES) {
      const path = route.path.replace(':id', '{id}');
      assert.ok(body.includes(`<span class="method">GET</span><code>${path}</code>`), route.path);
      assert.ok(body.includes(`<a href="#route-`) && body.includes(`<code>${path}</code></a>`), `${route.path} in the navigation`);
    }
    for (const code of ERROR_CODES) assert.equal(body.split(`id="${code}"`).length, 2, `exactly one anchor for ${code}`);
    const exampleId = /&#34;https:\/\/api\.example\.test\/v1\/exercises\/([A-Za-z0-9_-]+)&#34;/.exec(body)?.[1];
    assert.equal(
      (await get(`${server.url}/v1/exercises/${exampleId}`, server.keys.pro)).status,
      200,
      `the example id ${exampleId} is served`,
    );
    assert.match(body, /<td><code>limit<\/code><\/td><td>integer \(min 1, max 100\), default 20<\/td>/);
  });

  it('describes lang on every route, Content-Language among the headers, and languages in a section of their own', async () => {
    const { body } = await get(`${server.url}/docs`);
    const routeSections = body.split('<span class="method">GET</span>').slice(1);
    const dataRoutes = routeSections.filter((section: string) => !/^<code>\/(v1\/health|v1\/openapi\.json|docs|media)/.test(section));
    assert.equal(dataRoutes.length, ROUTES.filter((route) => route.isKeyed).length);
    for (const section of dataRoutes) assert.match(section, /<td><code>lang<\/code><\/td>/, section.slice(0, 60));
    assert.match(body, /<td><code>Content-Language<\/code><\/td>/);
    assert.match(body, /<section id="languages"><h2>Languages<\/h2>/);
    assert.match(body, /<a href="#languages">Languages<\/a>/);
  });

  it('lists every Exercise and Video field with its type and meaning, and a real example response per route', async () => {
    const { body } = await get(`${server.url}/docs`);
    for (const field of EXERCISE_FIELDS)
      assert.match(body, new RegExp(`<tr id="field-${field}"><td><code>${field}</code></td><td>[^<]+</td><td>[^<]{10,}</td></tr>`));
    assert.match(body, /<tr id="field-equipment"><td><code>equipment<\/code><\/td><td>string or null<\/td>/);
    assert.match(body, /<td><code>durationSeconds<\/code><\/td><td>integer<\/td>/);
    const examples = body.split('Example response').length - 1;
    assert.equal(examples, ROUTES.length + 1, 'one example response per route, and one for the media host');
    assert.doesNotMatch(body, /Start the server with a catalog/, 'every example comes from the loaded catalog');
    assert.match(body, /&#34;primaryMuscles&#34;: \[/, 'a real exercise in the examples');
    assert.equal(body.split('class="copy secondary"').length - 1 >= ROUTES.length * 2, true, 'copy buttons on requests and responses');
    assert.doesNotMatch(body, /9007199254740991/, 'no meaningless maximum');
    assert.match(body, /<form class="card" id="try-form">/);
  });

  it("shows this server's live tier table", async () => {
    const tiers = new Map([
      [
        'solo',
        {
          name: 'solo',
          dailyRequests: 7,
          perMinute: 3,
          maxResults: 5,
          paginationDepth: 40,
          overage: false,
          overagePriceUsd: 0.002,
          safetyCapMultiple: 10,
        },
      ],
    ]);
    const own = await startTestServer({ tiers });
    try {
      const { body } = await get(`${own.url}/docs`);
      assert.match(body, /<tr><td>solo<\/td><td>7<\/td><td>3<\/td><td>5<\/td><td>40<\/td><td>no: blocked at the daily limit<\/td><\/tr>/);
      assert.doesNotMatch(body, /<td>business<\/td>/);
    } finally {
      await own.close();
    }
  });

  it('/docs/errors is the same page, so every docs_url lands on its anchor', async () => {
    const docs = await get(`${server.url}/docs`);
    const errors = await get(`${server.url}/docs/errors`);
    assert.equal(errors.body, docs.body);
  });
});
