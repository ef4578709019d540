/**
 * HTTP edges (docs/api.md#http-behaviour) on whichever engine TEST_ENGINE names, and the behaviours
 * uWebSockets.js has of its own that docs/operations.md#behind-a-proxy documents, pinned per engine.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { rawExchange, statuses } from '../helpers/raw-http.ts';
import { get, startTestServer, type TestServer } from '../helpers/service.ts';

let server: TestServer;
let engine: 'uws' | 'node';

before(async () => {
  server = await startTestServer();
  engine = server.engine;
});
after(() => server.close());

const request = (lines: string[]) => `${lines.join('\r\n')}\r\n\r\n`;
const host = () => new URL(server.url).host;

describe('HEAD', () => {
  it('answers as GET would, with the same status and headers and no body, and is metered', async () => {
    const key = server.keys.pro!;
    const got = await get(`${server.url}/v1/exercises?limit=3`, key);
    const head = await fetch(`${server.url}/v1/exercises?limit=3`, { method: 'HEAD', headers: { 'X-API-Key': key } });
    assert.equal(head.status, 200);
    assert.equal(await head.text(), '');
    assert.equal(head.headers.get('content-type'), got.headers.get('content-type'));
    assert.equal(head.headers.get('content-length'), got.headers.get('content-length'));
    assert.equal(
      Number(head.headers.get('x-ratelimit-remaining')),
      Number(got.headers.get('x-ratelimit-remaining')) - 1,
      'a HEAD counts as a request',
    );
  });

  it('answers HEAD on a public route and on an unknown route like GET', async () => {
    assert.equal((await fetch(`${server.url}/v1/health`, { method: 'HEAD' })).status, 200);
    const missing = await fetch(`${server.url}/v2/nothing`, { method: 'HEAD' });
    assert.equal(missing.status, 404);
    assert.equal(await missing.text(), '');
  });
});

describe('keys at the edge', () => {
  it('refuses two X-API-Key headers as ambiguous, even when both are valid', async () => {
    const { text } = await rawExchange(server.url, [
      request([
        `GET /v1/stats HTTP/1.1`,
        `Host: ${host()}`,
        `X-API-Key: ${server.keys.pro}`,
        `X-API-Key: ${server.keys.free}`,
        'Connection: close',
      ]),
    ]);
    assert.deepEqual(statuses(text), [401]);
    const body = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4));
    assert.equal(body.error.code, 'INVALID_API_KEY');
    assert.equal(body.error.message, 'More than one X-API-Key header was sent.');
    assert.doesNotMatch(text, /exlib_[A-Za-z0-9]{32}/);
  });

  it('masks anything key-shaped it repeats back: in a 404 message and in details.received', async () => {
    const secret = server.keys.business!;
    const missing = await get(`${server.url}/v1/exercises/${secret}`, server.keys.pro);
    assert.equal(missing.status, 404);
    assert.equal(missing.body.error.message, `No exercise has the id "exlib_…${secret.slice(-4)}".`);
    const bad = await get(`${server.url}/v1/exercises?level=${secret}`, server.keys.pro);
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error.details.received, `exlib_…${secret.slice(-4)}`);
    const route = await get(`${server.url}/v1/${secret}`);
    assert.equal(route.status, 404);
    assert.ok(!JSON.stringify(route.body).includes(secret));
  });

  it('builds docs_url from configuration, never from the Host header', async () => {
    const { text } = await rawExchange(server.url, [request(['GET /v1/stats HTTP/1.1', 'Host: attacker.example', 'Connection: close'])]);
    const body = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4));
    assert.equal(body.error.docs_url, 'https://docs.example.test/errors#INVALID_API_KEY');
  });
});

describe('request framing', () => {
  it('never serves conflicting Content-Length headers as two requests', async () => {
    const smuggled = request(['GET /v1/health HTTP/1.1', `Host: ${host()}`]);
    const { text, isClosed } = await rawExchange(server.url, [
      `${request(['GET /v1/stats HTTP/1.1', `Host: ${host()}`, 'Content-Length: 0', `Content-Length: ${smuggled.length}`])}${smuggled}`,
    ]);
    assert.ok(isClosed, 'the connection is closed');
    // uWS closes at once (it cannot answer without reading on); node:http answers 400 in the envelope.
    assert.deepEqual(statuses(text), engine === 'uws' ? [] : [400]);
    if (engine === 'node') assert.match(text, /"code":"BAD_REQUEST"/);
  });

  it('HTTP/1.0 is answered by node:http, and refused with 505 by uWebSockets.js (documented: proxy_http_version 1.1)', async () => {
    const { text } = await rawExchange(server.url, [request(['GET /v1/health HTTP/1.0', `Host: ${host()}`])]);
    assert.deepEqual(statuses(text), engine === 'uws' ? [505] : [200]);
  });

  it('a request line split across two TCP segments: served by node:http, 505 from uWebSockets.js at some splits (documented)', async () => {
    const { text } = await rawExchange(server.url, ['GET /v1/health HT', `TP/1.1\r\nHost: ${host()}\r\nConnection: close\r\n\r\n`]);
    assert.deepEqual(statuses(text), engine === 'uws' ? [505] : [200]);
  });

  it('headers past the engine limit get 431: uWebSockets.js at about 4 KB (its own HTML), node:http at 16 KB (the envelope)', async () => {
    const sized = (bytes: number) =>
      request(['GET /v1/health HTTP/1.1', `Host: ${host()}`, `X-Padding: ${'a'.repeat(bytes)}`, 'Connection: close']);
    const medium = await rawExchange(server.url, [sized(5_000)]);
    assert.deepEqual(statuses(medium.text), engine === 'uws' ? [431] : [200]);
    const large = await rawExchange(server.url, [sized(20_000)]);
    assert.deepEqual(statuses(large.text), [431]);
    if (engine === 'node') assert.match(large.text, /"code":"BAD_REQUEST"/);
  });

  it('a malformed header line gets a 400 envelope from node:http and no answer from uWebSockets.js (documented)', async () => {
    const { text } = await rawExchange(server.url, [request(['GET /v1/health HTTP/1.1', `Host: ${host()}`, 'Bad Header Line'])], 700);
    assert.deepEqual(statuses(text), engine === 'uws' ? [] : [400]);
    // Either way the server goes on serving.
    assert.equal((await get(`${server.url}/v1/health`)).status, 200);
  });
});
