import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createApi } from '../../src/http/api.ts';
import { requestIds } from '../../src/http/request-id.ts';
import type { RequestRecord } from '../../src/observe/request-record.ts';
import { get, startTestServer, type TestServer } from '../helpers/service.ts';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

describe('X-Request-Id', () => {
  it('every response carries a made id, different each time', async () => {
    const seen = new Set<string>();
    for (const [path, key, method] of [
      ['/v1/health'],
      ['/v1/stats', server.keys.pro],
      ['/v1/stats'],
      ['/nowhere'],
      ['/v1/stats', undefined, 'OPTIONS'],
      ['/v1/stats', undefined, 'POST'],
      ['/docs'],
    ] as const) {
      const { headers } = await get(server.url + path, key, method === undefined ? {} : { method });
      const id = headers.get('x-request-id');
      assert.match(id ?? '', /^[A-Za-z0-9_-]{8}-[0-9a-z]+$/, `${method ?? 'GET'} ${path}`);
      seen.add(id!);
    }
    assert.equal(seen.size, 7);
  });

  it('a safe id sent by the client is kept', async () => {
    for (const id of ['0f8fad5b-d9cb-469f-a165-70867728950e', 'trace:abc.DEF_1', 'x'.repeat(128)]) {
      const { headers } = await get(`${server.url}/v1/stats`, server.keys.pro, { headers: { 'X-Request-Id': id } });
      assert.equal(headers.get('x-request-id'), id);
    }
  });

  it('an unsafe one (too long, odd characters, empty) is replaced', async () => {
    for (const id of ['x'.repeat(129), 'a b', 'a"b', '<script>', 'é']) {
      const { headers } = await get(`${server.url}/v1/stats`, server.keys.pro, { headers: { 'X-Request-Id': id } });
      assert.notEqual(headers.get('x-request-id'), id);
      assert.match(headers.get('x-request-id')!, /^[A-Za-z0-9_-]{8}-[0-9a-z]+$/);
    }
  });

  it('a key-shaped one is replaced by a made id, and the log never sees it', async () => {
    const records: RequestRecord[] = [];
    const observed = await startTestServer({ observe: (record) => records.push(record) });
    try {
      const key = observed.keys.pro!;
      for (const id of [key, `trace-${key}`, `${key}:1`, `exlib_${'A'.repeat(32)}`]) {
        const { status, headers, body } = await get(`${observed.url}/v1/stats`, key, { headers: { 'X-Request-Id': id } });
        assert.equal(status, 200);
        assert.match(headers.get('x-request-id')!, /^[A-Za-z0-9_-]{8}-[0-9a-z]+$/, id);
        assert.equal(JSON.stringify(body).includes('exlib_'), false);
      }
      assert.equal(records.length, 4);
      assert.equal(JSON.stringify(records).includes('exlib_'), false, 'nothing key-shaped reaches the access log');
      const { headers } = await get(`${observed.url}/v1/stats`, key, { headers: { 'X-Request-Id': 'exlib_short' } });
      assert.equal(headers.get('x-request-id'), 'exlib_short', 'only a value holding a whole key shape is replaced');
    } finally {
      await observed.close();
    }
  });

  it('a request the HTTP parser refused carries one too', () => {
    const api = createApi(server.deps);
    const reply = api.malformed(431);
    assert.equal(reply.status, 431);
    assert.match(reply.headers.find(([name]) => name === 'X-Request-Id')?.[1] ?? '', /-1$/);
  });
});

describe('requestIds', () => {
  it('counts up after a fixed prefix', () => {
    const next = requestIds('pfx');
    assert.deepEqual([next(undefined), next('bad id'), next('ok-1'), next(undefined)], ['pfx-1', 'pfx-2', 'ok-1', 'pfx-3']);
  });

  it('makes an id in place of a key-shaped one', () => {
    const next = requestIds('pfx');
    assert.deepEqual([next(`exlib_${'a1'.repeat(16)}`), next(`x-exlib_${'Z'.repeat(32)}-y`)], ['pfx-1', 'pfx-2']);
  });
});
