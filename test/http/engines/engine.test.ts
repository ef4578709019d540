import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { describe, it } from 'node:test';
import { FIXED_UWS_BUILD, OLD_UWS_BUILD, oldUwsLoads, startServer, uwsLoadFailure } from '../../../src/http/engines/engine.ts';
import type { EngineOptions } from '../../../src/http/engines/server.ts';
import { createLogger } from '../../../src/log.ts';

const REPLY = { status: 200, headers: [['Content-Type', 'text/plain']] as [string, string][], body: 'ok' };

function optionsFor(port: number, lines: Record<string, unknown>[] = []): EngineOptions {
  return {
    host: '127.0.0.1',
    port,
    isPortExclusive: true,
    handle: () => ({ ...REPLY, headers: [...REPLY.headers] }),
    malformed: (status) => ({ status, headers: [], body: '' }),
    logger: createLogger('info', (line) => lines.push(JSON.parse(line) as Record<string, unknown>)),
  };
}

async function takenPort(): Promise<{ port: number; release(): void }> {
  const taken = createServer();
  await new Promise<void>((resolve) => taken.listen({ port: 0, host: '127.0.0.1', exclusive: true }, resolve));
  return { port: (taken.address() as { port: number }).port, release: () => taken.close() };
}

describe('startServer', () => {
  it('ENGINE=auto serves with uWebSockets.js 20.57 where it loads, else with node:http (never the older build), and logs which', async () => {
    const failure = await uwsLoadFailure();
    const lines: Record<string, unknown>[] = [];
    const server = await startServer('auto', optionsFor(0, lines));
    try {
      assert.equal(server.engine, failure === undefined ? 'uws' : 'node');
      assert.equal(server.build, failure === undefined ? FIXED_UWS_BUILD : 'node:http');
      const response = await fetch(`http://127.0.0.1:${server.port}/anything`);
      assert.equal(await response.text(), 'ok');
      const listening = lines.find((line) => line.message === 'listening');
      assert.deepEqual(
        { engine: listening?.engine, build: listening?.build, port: listening?.port, pid: listening?.pid },
        { engine: server.engine, build: server.build, port: server.port, pid: process.pid },
      );
      const fellBack = lines.filter(
        (line) => line.message === `uWebSockets.js ${FIXED_UWS_BUILD} cannot load here; serving with node:http`,
      );
      assert.equal(fellBack.length, failure === undefined ? 0 : 1);
    } finally {
      await server.close();
    }
  });

  it('ENGINE=uws serves with 20.57, else with the older build and one warning naming its defect, else is refused', async () => {
    const failure = await uwsLoadFailure();
    const hasOld = await oldUwsLoads();
    if (failure !== undefined && !hasOld) {
      await assert.rejects(startServer('uws', optionsFor(0)), (error: Error) =>
        error.message.startsWith(`ENGINE=uws: uWebSockets.js cannot load on Node ${process.version}: ${failure}`),
      );
      return;
    }
    const lines: Record<string, unknown>[] = [];
    const server = await startServer('uws', optionsFor(0, lines));
    assert.equal(server.engine, 'uws');
    assert.equal(server.build, failure === undefined ? FIXED_UWS_BUILD : OLD_UWS_BUILD);
    const warnings = lines.filter((line) => String(line.message).includes('uNetworking/uWebSockets#1776'));
    assert.equal(warnings.length, failure === undefined ? 0 : 1);
    await server.close();
  });

  for (const engine of ['node', 'uws'] as const) {
    it(`ENGINE=${engine} on a port in use is refused, naming the address and the reason`, async (t) => {
      if (engine === 'uws' && (await uwsLoadFailure()) !== undefined && !(await oldUwsLoads())) {
        return t.skip('uWebSockets.js cannot load on this Node');
      }
      const taken = await takenPort();
      try {
        await assert.rejects(startServer(engine, optionsFor(taken.port)), {
          message: `cannot listen on 127.0.0.1:${taken.port}: the port is already in use (is another instance running?)`,
        });
      } finally {
        taken.release();
      }
    });
  }
});
