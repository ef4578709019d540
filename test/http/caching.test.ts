import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildCatalog } from '../../src/catalog/catalog.ts';
import { isNotModified } from '../../src/http/caching.ts';
import { fixtureSnapshot, get, startTestServer, type TestServer } from '../helpers/service.ts';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

const ROUTES = [
  '/v1/exercises/Barbell_Bench_Press',
  '/v1/exercises?equipment=barbell&limit=5',
  '/v1/muscles',
  '/v1/equipment',
  '/v1/categories',
  '/v1/stats',
];

describe('ETag and If-None-Match', () => {
  for (const path of ROUTES) {
    it(`GET ${path} has a weak ETag and private, no-cache; sending it back is a metered 304 without a body`, async () => {
      const key = server.keys.pro!;
      const first = await get(server.url + path, key);
      assert.equal(first.status, 200);
      const etag = first.headers.get('etag')!;
      assert.match(etag, /^W\/"[A-Za-z0-9_-]+"$/);
      assert.equal(first.headers.get('cache-control'), 'private, no-cache');
      // No lang: Accept-Language chose the language (docs/api.md#choosing-a-language).
      assert.equal(first.headers.get('vary'), 'Accept-Encoding, X-API-Key, Accept-Language');

      const again = await get(server.url + path, key, { headers: { 'If-None-Match': etag } });
      assert.equal(again.status, 304);
      assert.equal(again.body, undefined);
      assert.equal(again.headers.get('etag'), etag);
      assert.equal(again.headers.get('vary'), 'Accept-Encoding, X-API-Key, Accept-Language');
      assert.equal(again.headers.get('content-length'), null);
      // Metered as the request it is: one more request of the day used.
      assert.equal(Number(again.headers.get('x-ratelimit-remaining')), Number(first.headers.get('x-ratelimit-remaining')) - 1);
    });
  }

  it('a 304 counts toward the limits like a 200 (free tier: its 100th request is the last one served)', async () => {
    const own = await startTestServer();
    try {
      const path = `${own.url}/v1/stats`;
      const { headers } = await get(path, own.keys.free);
      const etag = headers.get('etag')!;
      for (let i = 2; i <= 59; i++) assert.equal((await get(path, own.keys.free, { headers: { 'If-None-Match': etag } })).status, 304);
      const last = await get(path, own.keys.free, { headers: { 'If-None-Match': etag } });
      assert.equal(last.status, 304);
      assert.equal(last.headers.get('x-ratelimit-remaining'), '40');
      const refused = await get(path, own.keys.free, { headers: { 'If-None-Match': etag } });
      assert.equal(refused.status, 429, 'the 61st request of the minute is refused even with a matching ETag');
    } finally {
      await own.close();
    }
  });

  it('the ETag of a list includes the clamped limit: limit=50 differs between free (20) and pro (50)', async () => {
    const path = `${server.url}/v1/exercises?limit=50`;
    const free = await get(path, server.keys.free);
    const pro = await get(path, server.keys.pro);
    assert.equal(free.body.limit, 20);
    assert.equal(pro.body.limit, 50);
    assert.notEqual(free.headers.get('etag'), pro.headers.get('etag'));
    const stale = await get(path, server.keys.pro, { headers: { 'If-None-Match': free.headers.get('etag')! } });
    assert.equal(stale.status, 200, "the free page's tag does not validate the pro page");
  });

  it('requests that mean the same page share a tag; ones that differ do not', async () => {
    const tag = async (query: string) => (await get(`${server.url}/v1/exercises?${query}`, server.keys.business)).headers.get('etag');
    assert.equal(await tag('muscle=chest&muscle=back'), await tag('muscle=back&muscle=chest'), 'OR-ed values in any order');
    assert.equal(await tag('limit=10&utm_source=x'), await tag('limit=10'), 'unknown parameters change nothing');
    assert.notEqual(await tag('limit=10'), await tag('limit=10&offset=10'));
    assert.notEqual(await tag('q=bench'), await tag('q=squat'));
  });

  it('random samples are never cached: no ETag, no-store', async () => {
    const { status, headers } = await get(`${server.url}/v1/exercises?random=true&limit=3`, server.keys.business);
    assert.equal(status, 200);
    assert.equal(headers.get('etag'), null);
    assert.equal(headers.get('cache-control'), 'no-store');
  });

  it('a new snapshot changes every tag, so clients refetch', async () => {
    const own = await startTestServer();
    try {
      const before = (await get(`${own.url}/v1/exercises/Barbell_Bench_Press`, own.keys.pro)).headers.get('etag')!;
      own.setCatalog(buildCatalog({ ...fixtureSnapshot(), lastUpdated: '2026-02-01T00:00:00.000Z' }, '2026-01-15.json'));
      const after = await get(`${own.url}/v1/exercises/Barbell_Bench_Press`, own.keys.pro, { headers: { 'If-None-Match': before } });
      assert.equal(after.status, 200);
      assert.notEqual(after.headers.get('etag'), before);
    } finally {
      await own.close();
    }
  });

  it('errors and health are no-store and carry no ETag', async () => {
    for (const [path, key] of [
      ['/v1/health', undefined],
      ['/v1/exercises/Nope', server.keys.pro],
      ['/v1/stats', undefined],
    ] as const) {
      const { headers } = await get(server.url + path, key);
      assert.equal(headers.get('cache-control'), 'no-store', path);
      assert.equal(headers.get('etag'), null, path);
    }
  });
});

describe('isNotModified', () => {
  const tag = 'W/"abc-e1"';
  const cases: [string | undefined, boolean][] = [
    [undefined, false],
    ['W/"abc-e1"', true],
    ['"abc-e1"', true],
    ['"x", W/"abc-e1"', true],
    ['*', true],
    ['W/"abc-e2"', false],
    ['"abc-e1', false],
  ];
  for (const [header, expected] of cases)
    it(`If-None-Match ${JSON.stringify(header)} -> ${expected}`, () => assert.equal(isNotModified(header, tag), expected));
});
