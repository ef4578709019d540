import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { compress, encodeOnce, negotiate } from '../../src/http/compression.ts';
import { canonicalListRequest, pageCache } from '../../src/http/page-cache.ts';
import { fixtureCatalog, get, startTestServer, type TestServer } from '../helpers/service.ts';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

/** A raw GET (fetch would decompress): status, headers and the bytes as sent. */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('compression over the wire', () => {
  const paths = [
    '/v1/exercises/Barbell_Bench_Press',
    '/v1/exercises?limit=20',
    '/v1/exercises?q=bench%20press',
    '/v1/muscles',
    '/v1/openapi.json',
    '/docs',
  ];
  for (const path of paths) {
    it(`${path}: br and gzip decode to the identity bytes, with Vary and Content-Length of the encoded body`, async () => {
      const key = server.keys.business!;
      const identity = await rawGet(server.url + path, { 'x-api-key': key });
      assert.equal(identity.status, 200);
      assert.equal(identity.headers['content-encoding'], undefined);
      for (const [encoding, decode] of [
        ['br', brotliDecompressSync],
        ['gzip', gunzipSync],
      ] as const) {
        const encoded = await rawGet(server.url + path, { 'x-api-key': key, 'accept-encoding': `${encoding}, identity` });
        assert.equal(encoded.headers['content-encoding'], encoding);
        assert.match(String(encoded.headers.vary), /^Accept-Encoding/);
        assert.equal(Number(encoded.headers['content-length']), encoded.body.length);
        assert.ok(encoded.body.length < identity.body.length, 'smaller than identity');
        assert.deepEqual(decode(encoded.body), identity.body);
        assert.equal(encoded.headers.etag, identity.headers.etag, 'one weak tag for every coding');
      }
    });
  }

  it('prefers br, honours q=0, and sends small bodies as they are', async () => {
    const key = server.keys.business!;
    const path = `${server.url}/v1/exercises/Barbell_Bench_Press`;
    assert.equal((await rawGet(path, { 'x-api-key': key, 'accept-encoding': 'gzip, deflate, br' })).headers['content-encoding'], 'br');
    assert.equal((await rawGet(path, { 'x-api-key': key, 'accept-encoding': 'br;q=0, gzip' })).headers['content-encoding'], 'gzip');
    const tiny = await rawGet(`${server.url}/v1/exercises?q=zzzzqqq`, { 'x-api-key': key, 'accept-encoding': 'br' });
    assert.equal(tiny.headers['content-encoding'], undefined, 'an empty page is below the threshold');
    assert.equal(JSON.parse(tiny.body.toString()).data.length, 0);
  });

  it('HEAD reports the encoded length without a body', async () => {
    const key = server.keys.business!;
    const path = `${server.url}/v1/exercises/Barbell_Bench_Press`;
    const { headers } = await get(path, key, { method: 'HEAD', headers: { 'Accept-Encoding': 'gzip' } });
    const full = await rawGet(path, { 'x-api-key': key, 'accept-encoding': 'gzip' });
    assert.equal(headers.get('content-encoding'), 'gzip');
    assert.equal(Number(headers.get('content-length')), full.body.length);
  });
});

describe('negotiate', () => {
  const cases: [string | undefined, string][] = [
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br', 'br'],
    ['gzip, br', 'br'],
    ['br;q=0', 'identity'],
    ['br;q=0.0, gzip;q=0.5', 'gzip'],
    ['*', 'br'],
    ['deflate', 'identity'],
    ['GZIP', 'gzip'],
  ];
  for (const [header, expected] of cases) it(`${JSON.stringify(header)} -> ${expected}`, () => assert.equal(negotiate(header), expected));
});

describe('compressed once', () => {
  it('a body built once per snapshot is compressed on first use and the same bytes are served after', () => {
    const catalog = fixtureCatalog();
    const body = catalog.exerciseBodies[0]!;
    const first = encodeOnce(body, 'br');
    assert.equal(first.encoding, 'br');
    assert.equal(encodeOnce(body, 'br').body, first.body, 'the very same Buffer, not a new compression');
    assert.deepEqual(brotliDecompressSync(first.body), body);
    assert.notEqual(encodeOnce(body, 'gzip').body, first.body);
  });

  it("a page is compressed once per distinct request and kept in its catalog's page cache", async () => {
    const own = await startTestServer();
    try {
      const catalog = fixtureCatalog();
      own.setCatalog(catalog);
      const url = `${own.url}/v1/exercises?equipment=barbell&limit=10`;
      await rawGet(url, { 'x-api-key': own.keys.business!, 'accept-encoding': 'br' });
      const canonical = canonicalListRequest(
        { q: undefined, filters: [{ field: 'equipment', values: ['barbell'] }], random: false, limit: 10, offset: 0, facets: [] },
        10,
      );
      const index = own.deps.search()!;
      const cached = pageCache(index).get(`br:${canonical}`);
      assert.ok(cached, 'the br page is cached under its canonical request');
      const again = await rawGet(url, { 'x-api-key': own.keys.business!, 'accept-encoding': 'br' });
      assert.deepEqual(again.body, cached);
      assert.equal(pageCache(index).get(`br:${canonical}`), cached, 'the same Buffer: nothing was compressed again');
      // A new snapshot comes with a new search index, and the pages of the old one go with it.
      own.setCatalog(fixtureCatalog());
      const reloaded = own.deps.search()!;
      assert.notEqual(reloaded, index);
      assert.equal(pageCache(reloaded).get(`br:${canonical}`), undefined, 'a reload starts with an empty page cache');
      await rawGet(url, { 'x-api-key': own.keys.business!, 'accept-encoding': 'br' });
      assert.ok(pageCache(reloaded).get(`br:${canonical}`), "the page is cached again, in the new index's cache");
    } finally {
      await own.close();
    }
  });

  it('compress round-trips both codings', () => {
    const text = Buffer.from('x'.repeat(2000));
    assert.deepEqual(gunzipSync(compress(text, 'gzip', false)), text);
    assert.deepEqual(brotliDecompressSync(compress(text, 'br', false)), text);
  });
});
