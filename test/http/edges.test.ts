/**
 * HTTP edges (docs/api.md#http-behaviour) on whichever engine TEST_ENGINE names, and the behaviours
 * uWebSockets.js has of its own that docs/operations.md#behind-a-proxy documents, pinned per engine.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { OLD_UWS_BUILD } from '../../src/http/engines/engine.ts';
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

  it('a request split in two TCP segments at any point of its request line and Host header is served (the older uWS build: 505 at some)', async (t) => {
    const whole = `GET /v1/health HTTP/1.1\r\nHost: ${host()}\r\nConnection: close\r\n\r\n`;
    const splits = Array.from({ length: whole.indexOf('\r\nConnection') }, (_, i) => i + 1);
    const refused: number[] = [];
    for (let from = 0; from < splits.length; from += 12) {
      const answers = await Promise.all(
        splits
          .slice(from, from + 12)
          .map(async (at) => [at, statuses((await rawExchange(server.url, [whole.slice(0, at), whole.slice(at)])).text)] as const),
      );
      for (const [at, seen] of answers) if (seen.join() !== '200') refused.push(at);
    }
    t.diagnostic(`${server.build} on Node ${process.version}: ${splits.length - refused.length} of ${splits.length} split points served`);
    if (server.build === OLD_UWS_BUILD) {
      // uNetworking/uWebSockets#1776: why ENGINE=auto never picks this build (docs/operations.md#requirements-and-engines).
      assert.ok(refused.length > 0, 'the older build still shows the defect it is documented with');
    } else {
      assert.deepEqual(refused, [], `${server.build}: split points answered other than 200`);
    }
  });

  it('headers over 16 KB get 431 in the envelope on both engines; uWebSockets.js answers in its own HTML only past 64 KB (documented)', async () => {
    const sized = (bytes: number) =>
      request(['GET /v1/health HTTP/1.1', `Host: ${host()}`, `X-Padding: ${'a'.repeat(bytes)}`, 'Connection: close']);
    const medium = await rawExchange(server.url, [sized(5_000)]);
    assert.deepEqual(statuses(medium.text), [200]);
    const large = await rawExchange(server.url, [sized(20_000)]);
    assert.deepEqual(statuses(large.text), [431]);
    assert.match(large.text, /"code":"BAD_REQUEST"/);
    const huge = await rawExchange(server.url, [sized(70_000)]);
    assert.deepEqual(statuses(huge.text), [431]);
    if (engine === 'node') assert.match(huge.text, /"code":"BAD_REQUEST"/);
    else assert.match(huge.text, /<h1>Request Header Fields Too Large<\/h1>/);
  });

  it('a malformed header line gets a 400 envelope from node:http, 400 in HTML from uWS 20.57, no answer from the older build (documented)', async () => {
    const { text } = await rawExchange(server.url, [request(['GET /v1/health HTTP/1.1', `Host: ${host()}`, 'Bad Header Line'])], 700);
    assert.deepEqual(statuses(text), server.build === OLD_UWS_BUILD ? [] : [400]);
    if (engine === 'node') assert.match(text, /"code":"BAD_REQUEST"/);
    // Either way the server goes on serving.
    assert.equal((await get(`${server.url}/v1/health`)).status, 200);
  });
});
