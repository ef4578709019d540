/**
 * Nothing from the network ends the process: 4,000 requests reset mid-flight (TCP RST right after the
 * request, or after the first bytes of the answer) across every route and page size, against the real
 * process on whichever engine ENGINE names; the process keeps serving.
 */
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { describe, it } from 'node:test';
import { get, issueKey, serviceFolders, spawnService, unlimitedTiersFile } from '../helpers/service.ts';

const RESETS = 4000;
const AT_ONCE = 100;

/** Sends one request and resets the connection: at once, or when the first bytes of the answer arrive. */
function resetMidFlight(url: URL, path: string, key: string, isAfterFirstBytes: boolean): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect(Number(url.port), url.hostname);
    socket.on('error', () => undefined); // our own reset
    socket.on('close', () => resolve());
    socket.on('connect', () => {
      // Reset once the request has reached the kernel, so the server reads it and then finds the peer gone.
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${url.host}\r\nX-API-Key: ${key}\r\n\r\n`, () => {
        if (!isAfterFirstBytes) socket.resetAndDestroy();
      });
    });
    socket.once('data', () => socket.resetAndDestroy());
  });
}

describe('aborted requests', () => {
  it(`survives ${RESETS} connection resets mid-flight across every route and page size`, async () => {
    const folders = serviceFolders('exlib-resets-');
    const env = { ...folders.env, TIERS_FILE: unlimitedTiersFile(folders.root) };
    const { key } = await issueKey(env, 'business');
    const service = await spawnService(env);
    try {
      const url = new URL(service.url);
      const paths = [
        '/v1/health',
        '/v1/muscles',
        '/v1/equipment',
        '/v1/categories',
        '/v1/stats',
        '/v1/exercises/Barbell_Bench_Press',
        '/v1/exercises/No_Such_Exercise',
        '/v1/exercises?q=press',
        '/v1/exercises?random=true&limit=50',
        '/v1/nowhere',
        ...[1, 5, 20, 50, 100].map((limit) => `/v1/exercises?limit=${limit}`),
      ];
      for (let start = 0; start < RESETS; start += AT_ONCE) {
        await Promise.all(
          Array.from({ length: AT_ONCE }, (_, i) => {
            const n = start + i;
            return resetMidFlight(url, paths[n % paths.length]!, key, n % 4 === 3);
          }),
        );
      }
      const health = await get(`${service.url}/v1/health`);
      assert.equal(health.status, 200);
      assert.equal((await get(`${service.url}/v1/exercises?limit=100`, key)).status, 200);
      const exited = await Promise.race([service.exited, new Promise((r) => setTimeout(() => r('running'), 100))]);
      assert.equal(exited, 'running', `the process stopped; stderr:\n${service.stderr()}`);
    } finally {
      service.proc.kill('SIGTERM');
      await service.exited;
    }
  });
});
