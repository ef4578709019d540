/**
 * The reload suite's open loop (bench/snapshot-service.ts searchAtRate): what it is for is that a stall
 * of the service delays every search sent during it, where a closed loop of two connections counts two.
 * So searches must go on being sent while the server holds its event loop (a process of its own here,
 * as the service is), each on a connection of its own when the others wait, and each timed from its send.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, it } from 'node:test';
import { countOf, searchAtRate } from '../../bench/snapshot-service.ts';

/**
 * Long beside the noise of a box running the rest of the suite: with 60 ms, the searches around the stall
 * had a median of 21 ms there once (stop 55), over the 15 ms the test held the fast ones to.
 */
const STALL_MS = 200;

/** A server that holds its event loop for STALL_MS at its 20th request, and says when it has answered 1,000 (most of them after the stall, fast). */
const SERVER = `
let answered = 0;
require('node:http').createServer((request, response) => {
  answered += 1;
  if (request.headers['x-api-key'] !== 'k') response.statusCode = 401;
  if (answered === 20) { const start = Date.now(); while (Date.now() - start < ${STALL_MS}); }
  if (answered === 1000) process.send('enough');
  response.end('{}');
}).listen(0, '127.0.0.1', function () { process.send(this.address().port); });
`;

describe('searchAtRate', () => {
  it('keeps sending through a stall of the server, and times every search sent during it as delayed', async () => {
    const server = spawn(process.execPath, ['-e', SERVER], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    try {
      const [port] = (await once(server, 'message')) as [number];
      const searching = searchAtRate(`http://127.0.0.1:${port}`, 'k', ['press'], 1000);
      await once(server, 'message');
      await searching.stop();
      assert.equal(countOf(searching.failureKinds), 0);
      const delays = searching.samples.map((s) => s.ms).sort((a, b) => a - b);
      // About 200 searches were sent during the stall, each waiting for the rest of it; a closed loop of
      // two connections would have had two such samples.
      const delayed = delays.filter((ms) => ms >= STALL_MS / 4).length;
      assert.ok(delayed >= 20, `only ${delayed} searches of ${delays.length} waited ${STALL_MS / 4} ms or more`);
      // And the others were fast: the delay is the server's, not the client's.
      assert.ok(delays[Math.floor(delays.length / 2)]! < STALL_MS / 4, `median ${delays[delays.length >> 1]} ms`);
    } finally {
      server.kill();
    }
  });
});
