import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CATEGORIES } from '../../src/catalog/snapshot-schema.ts';
import { ERROR_CODES } from '../../src/http/http-error.ts';
import { LIST_PARAMS } from '../../src/http/list-params.ts';
import { buildOpenApi } from '../../src/http/openapi.ts';
import { HEADER_SCHEMAS } from '../../src/http/response-schemas.ts';
import { ROUTES } from '../../src/http/routes.ts';
import { OPENAPI, openApiProblems, validate } from '../helpers/openapi-check.ts';
import { defaultTiers, get, startTestServer, type TestServer } from '../helpers/service.ts';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

describe('GET /v1/openapi.json', () => {
  it('answers without a key with the generated document, an ETag and public caching', async () => {
    const { status, headers, body } = await get(`${server.url}/v1/openapi.json`);
    assert.equal(status, 200);
    assert.deepEqual(body, buildOpenApi(defaultTiers(), '1.0.0'));
    assert.equal(headers.get('cache-control'), 'public, max-age=300');
    assert.equal(headers.get('x-ratelimit-limit'), null, 'not metered');
    const again = await get(`${server.url}/v1/openapi.json`, undefined, { headers: { 'If-None-Match': headers.get('etag')! } });
    assert.equal(again.status, 304);
  });

  it('is OpenAPI 3.1 with the X-API-Key scheme, keyed routes secured and public ones open', () => {
    assert.equal(OPENAPI.openapi, '3.1.0');
    assert.deepEqual(OPENAPI.components.securitySchemes, {
      ApiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
      AdminToken: { type: 'http', scheme: 'bearer', description: 'The ADMIN_TOKEN the operator set.' },
    });
    for (const route of ROUTES) {
      const operation = OPENAPI.paths[route.path.replace(':id', '{id}')]?.get;
      assert.ok(operation, `${route.path} is documented`);
      assert.deepEqual(operation.security, route.isKeyed ? [{ ApiKey: [] }] : [], route.path);
    }
    // The admin API, each operation behind the bearer token.
    const admin = Object.entries(OPENAPI.paths as Record<string, Record<string, { security: unknown }>>).filter(([path]) =>
      path.startsWith('/admin/'),
    );
    assert.deepEqual(
      admin.map(([path, item]) => `${Object.keys(item).join(',')} ${path}`),
      ['get,post /admin/v1/keys', 'patch,delete /admin/v1/keys/{id}', 'post /admin/v1/keys/{id}/regenerate', 'get /admin/v1/usage'],
    );
    for (const [path, item] of admin)
      for (const operation of Object.values(item)) assert.deepEqual(operation.security, [{ AdminToken: [] }], path);
    // Beside the route table, the media host (docs/api.md#media).
    assert.deepEqual(OPENAPI.paths['/media/{id}/{file}'].get.security, []);
    assert.equal(Object.keys(OPENAPI.paths).length, ROUTES.length + admin.length + 1);
  });

  it('lists every list parameter with its enum values, limits and defaults', () => {
    const parameters = OPENAPI.paths['/v1/exercises'].get.parameters as { name: string; schema: any }[];
    assert.deepEqual(
      parameters.map((p) => p.name),
      ['If-None-Match', 'Accept-Language', ...LIST_PARAMS.map((rule) => rule.name), 'lang'],
    );
    const byName = new Map(parameters.map((p) => [p.name, p.schema]));
    assert.deepEqual(byName.get('category'), { type: 'array', items: { enum: [...CATEGORIES], type: 'string' } });
    assert.deepEqual(byName.get('limit'), { type: 'integer', minimum: 1, maximum: 100, default: 20 });
    assert.deepEqual(byName.get('q'), { type: 'string', minLength: 1, maxLength: 200 });
    assert.deepEqual(byName.get('hasVideo'), { type: 'boolean' });
    assert.deepEqual(byName.get('random'), { type: 'boolean', default: false });
    assert.deepEqual(byName.get('lang'), { enum: ['en', 'es', 'de'], type: 'string' });
    // lang on every data route, and the 400 it can answer.
    for (const [path, item] of Object.entries(OPENAPI.paths as Record<string, any>)) {
      if (!item.get?.security?.some((scheme: object) => 'ApiKey' in scheme)) continue;
      assert.ok(
        item.get.parameters.some((p: { name: string }) => p.name === 'lang'),
        `${path} takes lang`,
      );
      assert.ok(item.get.responses['400'], `${path} documents 400`);
      assert.equal(item.get.responses['200'].headers['Content-Language'].required, true, path);
    }
  });

  it('names every error code and every metering header', () => {
    assert.deepEqual(OPENAPI.components.schemas.Error.properties.error.properties.code.enum, ERROR_CODES);
    for (const name of Object.keys(HEADER_SCHEMAS)) assert.ok(OPENAPI.components.schemas[`Header-${name}`], name);
    const tooMany = OPENAPI.paths['/v1/exercises'].get.responses['429'];
    for (const name of ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'Retry-After'])
      assert.equal(tooMany.headers[name].required, true, name);
    const ok = OPENAPI.paths['/v1/stats'].get.responses['200'];
    for (const name of ['X-RateLimit-Warning', 'X-Overage', 'X-Overage-Count', 'X-Overage-Cap']) assert.ok(ok.headers[name], name);
  });

  it("keeps to the rules Redocly's recommended set flagged: no $ref siblings, a 4xx per operation, a license, no unused or repeated schema", () => {
    const siblings: string[] = [];
    const refs = new Set<string>();
    const walk = (node: unknown, at: string): void => {
      if (typeof node !== 'object' || node === null) return;
      const record = node as Record<string, unknown>;
      if (typeof record.$ref === 'string') {
        refs.add(record.$ref);
        const others = Object.keys(record).filter((key) => !['$ref', 'summary', 'description'].includes(key));
        if (others.length > 0) siblings.push(`${at}: ${others.join(', ')}`);
      }
      for (const [key, value] of Object.entries(record)) walk(value, `${at}/${key}`);
    };
    walk(OPENAPI, '#');
    assert.deepEqual(siblings, []);
    for (const [path, item] of Object.entries(OPENAPI.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>)) {
      for (const [method, operation] of Object.entries(item))
        assert.ok(
          Object.keys(operation.responses).some((status) => status.startsWith('4')),
          `${method} ${path} documents a 4xx`,
        );
    }
    assert.equal(OPENAPI.info.license.identifier, 'MIT');
    for (const name of Object.keys(OPENAPI.components.schemas)) assert.ok(refs.has(`#/components/schemas/${name}`), `${name} is used`);
    assert.deepEqual(OPENAPI.components.schemas.ExercisePage.properties.data.items, { $ref: '#/components/schemas/Exercise' });
    assert.deepEqual(OPENAPI.components.schemas.ExerciseResponse.properties.data, { $ref: '#/components/schemas/Exercise' });
  });

  it('describes the live tier table', async () => {
    const tiers = new Map([
      [
        'solo',
        { name: 'solo', dailyRequests: 7, perMinute: 3, maxResults: 5, overage: false, overagePriceUsd: 0.002, safetyCapMultiple: 10 },
      ],
    ]);
    const own = await startTestServer({ tiers });
    try {
      const { body } = await get(`${own.url}/v1/openapi.json`);
      assert.match(body.info.description, /\| solo \| 7 \| 3 \| 5 \| none \| no \|/);
    } finally {
      await own.close();
    }
  });
});

describe('the response check', () => {
  const headers = (entries: Record<string, string>) =>
    new Headers({
      'content-type': 'application/json; charset=utf-8',
      'x-request-id': 'a-1',
      'cache-control': 'private, no-cache',
      vary: 'Accept-Encoding, X-API-Key',
      'content-language': 'en',
      ...entries,
    });
  const metered = { 'x-ratelimit-limit': '100', 'x-ratelimit-remaining': '9', 'x-ratelimit-reset': '1795392000' };
  const stats = {
    data: {
      totalExercises: 1,
      categories: Object.fromEntries(CATEGORIES.map((c) => [c, 0])),
      lastUpdated: '2026-01-15T00:00:00.000Z',
      dataVersion: '2026-01-15',
    },
  };
  const check = (status: number, entries: Record<string, string>, body: unknown) =>
    openApiProblems({ method: 'GET', url: 'http://x/v1/stats', status, headers: headers(entries), text: JSON.stringify(body) });

  it('passes a conforming response', () => assert.deepEqual(check(200, metered, stats), []));
  it('catches a field the document does not name', () => {
    assert.deepEqual(check(200, metered, { data: { ...stats.data, extra: 1 } }), ['GET /v1/stats -> 200: $.data: unexpected field extra']);
  });
  it('catches a missing metering header', () => {
    const { 'x-ratelimit-reset': _, ...partial } = metered;
    assert.deepEqual(check(200, partial, stats), ['GET /v1/stats -> 200: missing header X-RateLimit-Reset']);
  });
  it('catches a header of the wrong shape and an undocumented status', () => {
    assert.deepEqual(check(200, { ...metered, 'x-overage': 'yes' }, stats), [
      'GET /v1/stats -> 200: header X-Overage: "yes" is not one of ["true"]',
    ]);
    assert.deepEqual(check(418, metered, stats), ['GET /v1/stats -> 418: status not documented']);
  });
  it('catches a wrong error code', () => {
    const problems = check(404, metered, { error: { code: 'NOT_FOUND', message: 'm', hint: 'h', docs_url: 'https://d/errors#NOT_FOUND' } });
    assert.deepEqual(problems, ['GET /v1/stats -> 404: status not documented']);
    const bad = openApiProblems({
      method: 'GET',
      url: 'http://x/nowhere',
      status: 404,
      headers: headers({}),
      text: JSON.stringify({ error: { code: 'TEAPOT', message: 'm', hint: 'h', docs_url: 'x' } }),
    });
    assert.equal(bad.length, 2);
  });
  it('refuses a keyword it does not implement rather than passing it', () => {
    assert.throws(() => validate({ multipleOf: 2 }, 3, {}), /keyword "multipleOf" is not supported/);
    assert.throws(() => validate({ type: 'string', format: 'email' }, 'a', {}), /unknown format "email"/);
  });
});
