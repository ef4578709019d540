import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { Catalog } from '../../src/catalog/catalog.ts';
import { eventually, fixtureCatalog, get, startTestServer, type TestServer } from '../helpers/service.ts';

const catalog = fixtureCatalog();
let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

const remaining = (headers: Headers) => Number(headers.get('x-ratelimit-remaining'));

describe('GET /v1/export', () => {
  it('streams every public exercise as one JSON line, in default order, with a Content-Length and an ETag', async () => {
    const { status, headers, body } = await get(`${server.url}/v1/export`, server.keys.pro);
    assert.equal(status, 200);
    assert.equal(headers.get('content-type'), 'application/x-ndjson');
    assert.match(headers.get('etag')!, /^W\/".+-export"$/);
    assert.equal(headers.get('cache-control'), 'private, no-cache');
    const expected = catalog.exerciseBytes.map((bytes) => `${bytes.toString()}\n`).join('');
    assert.equal(body, expected);
    assert.equal(Number(headers.get('content-length')), Buffer.byteLength(expected));
    const lines = (body as string)
      .split('\n')
      .slice(0, -1)
      .map((line) => JSON.parse(line));
    assert.deepEqual(
      lines.map((exercise) => exercise.id),
      catalog.exercises.map((exercise) => exercise.id),
    );
    assert.equal(
      lines.some((exercise) => 'source' in exercise),
      false,
    );
  });

  it('costs ceil(exercises / maxResults) requests, and a 304 for the version the client has costs one', async () => {
    const key = server.keys.starter!; // maxResults 50
    const before = remaining((await get(`${server.url}/v1/stats`, key)).headers);
    const exported = await get(`${server.url}/v1/export`, key);
    assert.equal(remaining(exported.headers), before - Math.ceil(catalog.exercises.length / 50));
    const again = await get(`${server.url}/v1/export`, key, { headers: { 'If-None-Match': exported.headers.get('etag')! } });
    assert.equal(again.status, 304);
    assert.equal(remaining(again.headers), remaining(exported.headers) - 1);
  });

  it('answers HEAD with the length and no body, metered like GET', async () => {
    const response = await fetch(`${server.url}/v1/export`, { method: 'HEAD', headers: { 'X-API-Key': server.keys.business! } });
    assert.equal(response.status, 200);
    assert.equal(
      Number(response.headers.get('content-length')),
      catalog.exerciseBytes.reduce((sum, bytes) => sum + bytes.length + 1, 0),
    );
    assert.equal(await response.text(), '');
  });

  it('refuses a tier with a pagination depth (free) with 403 PAGINATION_DEPTH_EXCEEDED, counted as one request', async () => {
    const key = server.keys.free!;
    const before = remaining((await get(`${server.url}/v1/stats`, key)).headers);
    const { status, headers, body } = await get(`${server.url}/v1/export`, key);
    assert.equal(status, 403);
    assert.equal(body.error.code, 'PAGINATION_DEPTH_EXCEEDED');
    assert.deepEqual(body.error.details, { upgrade_url: 'https://example.test/upgrade', current_tier: 'free' });
    assert.equal(remaining(headers), before - 1);
  });
});

/**
 * A catalog of `size` exercises (the fixture's bytes repeated) that counts how far the service has read
 * into it: what the process has pulled to send is `pulled` bytes.
 */
function countingCatalog(size: number): { catalog: Catalog; pulled: () => number; reset: () => void } {
  const bytes = catalog.exerciseBytes;
  let pulled = 0;
  const isPosition = (property: string | symbol): property is string =>
    typeof property === 'string' && /^\d+$/.test(property) && Number(property) < size;
  const exerciseBytes = new Proxy(bytes as Buffer[], {
    has: (target, property) => isPosition(property) || Reflect.has(target, property),
    get(target, property, receiver) {
      if (property === 'length') return size;
      if (isPosition(property)) {
        const piece = target[Number(property) % target.length]!;
        pulled += piece.length + 1;
        return piece;
      }
      return Reflect.get(target, property, receiver);
    },
  });
  const exercises = Array.from({ length: size }, (_, p) => catalog.exercises[p % catalog.exercises.length]!);
  return { catalog: { ...catalog, exercises, exerciseBytes }, pulled: () => pulled, reset: () => (pulled = 0) };
}

/** Sends GET /v1/export and stops reading after the first bytes; `received` counts what arrived. */
function slowReader(
  url: string,
  key: string,
): Promise<{ socket: Socket; received: () => number; resumeToEnd: (total: number) => Promise<number> }> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  let received = 0;
  let hasPaused = false;
  return new Promise((resolve) => {
    socket.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (!hasPaused) {
        hasPaused = true;
        socket.pause();
        resolve({
          socket,
          received: () => received,
          resumeToEnd: (total) =>
            new Promise((done) => {
              socket.on('data', () => {
                if (received >= total) done(received);
              });
              socket.resume();
            }),
        });
      }
    });
    socket.write(`GET /v1/export HTTP/1.1\r\nHost: localhost\r\nX-API-Key: ${key}\r\n\r\n`);
  });
}

describe('GET /v1/export with a slow reader', () => {
  it('holds a bounded amount in the process while the client does not read, then sends the rest', async () => {
    const size = 40_000; // about 70 MB of NDJSON
    const counting = countingCatalog(size);
    server.setCatalog(counting.catalog);
    try {
      // HEAD has the service work out the length (reading every exercise once); count from here on.
      const head = await fetch(`${server.url}/v1/export`, { method: 'HEAD', headers: { 'X-API-Key': server.keys.business! } });
      const total = Number(head.headers.get('content-length'));
      assert.ok(total > 60 * 2 ** 20, `a body of ${total} bytes, more than socket buffers hold`);
      counting.reset();
      const reader = await slowReader(server.url, server.keys.business!);
      // The service pulls until the socket pushes back; wait until it has stopped for a while.
      let last = -1;
      await eventually(
        () => {
          const now = counting.pulled();
          const isSteady = now === last;
          last = now;
          return isSteady ? true : undefined;
        },
        20_000,
        200,
      );
      const held = counting.pulled() - reader.received();
      assert.ok(held < 16 * 2 ** 20, `${held} bytes pulled but not received (of ${total}) on ${server.engine}`);
      assert.ok(counting.pulled() < total / 2, 'far from the whole body was pulled');
      const received = await reader.resumeToEnd(total);
      assert.ok(received >= total, 'the whole body arrives once the client reads again');
      reader.socket.destroy();
    } finally {
      server.setCatalog(catalog);
    }
  });
});
