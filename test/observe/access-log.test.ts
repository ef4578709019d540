import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import { runKeysCli } from '../../src/cli/keys.ts';
import { createAccessLog } from '../../src/observe/access-log.ts';
import type { RequestRecord } from '../../src/observe/request-record.ts';
import { eventually, FIXTURE_FILE, get, spawnService, startTestServer, tempDir } from '../helpers/service.ts';

function memoryStream(): { stream: Writable; lines: () => Record<string, unknown>[] } {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return {
    stream,
    lines: () =>
      text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

describe('the access log', () => {
  it('writes each line as JSON that reads back to the record, whatever the client put in the request id', () => {
    const { stream, lines } = memoryStream();
    const log = createAccessLog(stream, () => 1_700_000_000_000);
    const hostile = 'a"b\\c\n\u2028}{';
    log.log({
      requestId: hostile,
      method: 'GET',
      route: 'unmatched',
      status: 400,
      durationMs: Number.NaN,
      bytes: 0,
      keyId: undefined,
      errorCode: 'BAD',
    });
    log.flush();
    assert.deepEqual(lines(), [
      {
        level: 30,
        time: 1_700_000_000_000,
        requestId: hostile,
        method: 'GET',
        route: 'unmatched',
        status: 400,
        durationMs: null,
        bytes: 0,
        errorCode: 'BAD',
        message: 'request',
      },
    ]);
  });

  it('writes one JSON line per request with id, route, status, duration, bytes and key id', () => {
    const { stream, lines } = memoryStream();
    const log = createAccessLog(stream);
    log.log({
      requestId: 'r-1',
      method: 'GET',
      route: '/v1/exercises/:id',
      status: 200,
      durationMs: 0.123,
      bytes: 2384,
      keyId: 'key_abc',
      errorCode: undefined,
    });
    log.log({
      requestId: 'r-2',
      method: 'HEAD',
      route: 'unmatched',
      status: 404,
      durationMs: 1,
      bytes: 0,
      keyId: undefined,
      errorCode: 'NOT_FOUND',
    });
    log.flush();
    const [first, second] = lines();
    assert.ok(Math.abs(Number(first!.time) - Date.now()) < 60_000, 'epoch milliseconds, as pino writes them');
    assert.deepEqual(
      { ...first, time: undefined },
      {
        level: 30,
        time: undefined,
        requestId: 'r-1',
        method: 'GET',
        route: '/v1/exercises/:id',
        status: 200,
        durationMs: 0.123,
        bytes: 2384,
        keyId: 'key_abc',
        message: 'request',
      },
    );
    assert.deepEqual(
      { ...second, time: undefined },
      {
        level: 30,
        time: undefined,
        requestId: 'r-2',
        method: 'HEAD',
        route: 'unmatched',
        status: 404,
        durationMs: 1,
        bytes: 0,
        errorCode: 'NOT_FOUND',
        message: 'request',
      },
    );
  });

  it('the pipeline reports every request once, with the route pattern and key id, never the key or the raw path', async () => {
    const records: RequestRecord[] = [];
    const server = await startTestServer({ observe: (record) => records.push(record) });
    try {
      const key = server.keys.pro!;
      const ok = await get(`${server.url}/v1/exercises/Barbell_Bench_Press`, key, { headers: { 'X-Request-Id': 'trace-1' } });
      await get(`${server.url}/v1/exercises/${key}`, key);
      const head = await get(`${server.url}/v1/stats`, key, { method: 'HEAD' });
      await get(`${server.url}/v1/stats`, key, { headers: { 'If-None-Match': head.headers.get('etag')! } });
      assert.equal(records.length, 4);
      const [first, second, headRecord, notModified] = records;
      assert.deepEqual(
        { ...first, durationMs: 0 },
        {
          requestId: 'trace-1',
          method: 'GET',
          route: '/v1/exercises/:id',
          status: 200,
          durationMs: 0,
          bytes: Number(ok.headers.get('content-length')),
          keyId: server.keyIds.pro,
          errorCode: undefined,
        },
      );
      assert.ok(first!.durationMs > 0 && first!.durationMs < 1000);
      assert.equal(second!.errorCode, 'NOT_FOUND');
      assert.equal(JSON.stringify(records).includes(key), false, 'the key never reaches the log');
      assert.deepEqual([headRecord!.status, headRecord!.bytes, notModified!.status, notModified!.bytes], [200, 0, 304, 0]);
    } finally {
      await server.close();
    }
  });

  it('the service at LOG_LEVEL=info writes a line per request on stdout, matching X-Request-Id', async () => {
    const root = tempDir('exlib-log-');
    const dataDir = join(root, 'data');
    mkdirSync(dataDir);
    copyFileSync(FIXTURE_FILE, join(dataDir, '2026-01-15.json'));
    const env = { DATA_DIR: dataDir, KEYS_FILE: join(root, 'keys.json'), STATE_DIR: join(root, 'state') };
    let printed = '';
    assert.equal(
      await runKeysCli(
        ['create', '--tier', 'pro', '--json'],
        { ...process.env, ...env },
        (t) => (printed = t),
        () => undefined,
      ),
      0,
    );
    const { id, key } = JSON.parse(printed) as { id: string; key: string };
    const service = await spawnService({ ...env, LOG_LEVEL: 'info' });
    try {
      const { headers } = await get(`${service.url}/v1/exercises?limit=2`, key);
      const requestId = headers.get('x-request-id')!;
      const line = await eventually(() =>
        service
          .stdout()
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as Record<string, unknown>)
          .find((e) => e.requestId === requestId),
      );
      assert.deepEqual(
        { ...line, time: 0, durationMs: 0 },
        {
          level: 30,
          time: 0,
          requestId,
          method: 'GET',
          route: '/v1/exercises',
          status: 200,
          durationMs: 0,
          bytes: Number(headers.get('content-length')),
          keyId: id,
          message: 'request',
        },
      );
      assert.equal(service.stdout().includes(key), false);
    } finally {
      service.proc.kill('SIGTERM');
      await service.exited;
    }
  });
});
