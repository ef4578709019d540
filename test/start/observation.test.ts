import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { describe, it } from 'node:test';
import { SNAPSHOT_REFUSED } from '../../src/catalog/snapshot-files.ts';
import { readConfig } from '../../src/config.ts';
import { createLogger } from '../../src/log.ts';
import { observation, serveMetrics } from '../../src/start/observation.ts';

const SOURCES = { catalog: () => undefined, counterStoreStatus: () => 'ok' as const, now: () => Date.parse('2026-11-22T12:00:00.000Z') };

function configOf(env: NodeJS.ProcessEnv) {
  const config = readConfig(env);
  assert.ok(config.ok);
  return config.value;
}

async function refusedCount(text: Promise<string>): Promise<number> {
  const match = /snapshot_reloads_refused_total (\d+)/.exec(await text);
  assert.ok(match, 'the refused-reload counter is exported');
  return Number(match[1]);
}

describe('observation', () => {
  it('observes nothing with LOG_LEVEL warn and no METRICS_PORT', () => {
    const logger = createLogger('silent');
    const seen = observation(configOf({ LOG_LEVEL: 'warn' }), logger, SOURCES);
    assert.deepEqual(seen, { accessLog: undefined, metrics: undefined, observe: undefined, loaderLogger: logger });
  });

  it('keeps the access log with LOG_LEVEL info, and tells it of every request', () => {
    const seen = observation(configOf({ LOG_LEVEL: 'info' }), createLogger('silent'), SOURCES);
    assert.ok(seen.accessLog !== undefined);
    assert.equal(seen.metrics, undefined);
    assert.equal(seen.observe, seen.accessLog.log);
  });

  it("with METRICS_PORT, counts the loader's refused snapshots from its log and nothing else", async () => {
    const lines: string[] = [];
    const seen = observation(
      configOf({ LOG_LEVEL: 'warn', METRICS_PORT: '9464' }),
      createLogger('debug', (l) => lines.push(l)),
      SOURCES,
    );
    assert.ok(seen.metrics !== undefined);
    assert.equal(seen.observe, seen.metrics.observe);
    seen.loaderLogger.error(SNAPSHOT_REFUSED, { file: 'data/2026-11-23.json' });
    seen.loaderLogger.info('catalog loaded');
    assert.equal(await refusedCount(seen.metrics.registry.metrics()), 1);
    assert.equal(lines.length, 2, 'every line still reaches the log');
  });

  it('tells both the access log and the metrics when both are on', () => {
    const seen = observation(configOf({ LOG_LEVEL: 'debug', METRICS_PORT: '9464' }), createLogger('silent'), SOURCES);
    assert.ok(seen.accessLog !== undefined && seen.metrics !== undefined);
    assert.equal(seen.observe?.name, 'observeRequest');
  });
});

describe('serveMetrics', () => {
  it('serves nothing when the metrics are off', async () => {
    assert.equal(await serveMetrics(undefined, configOf({}), createLogger('silent')), undefined);
  });

  it('listens on METRICS_PORT and logs where', async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger('info', (line) => lines.push(JSON.parse(line) as Record<string, unknown>));
    const config = configOf({ HOST: '127.0.0.1', METRICS_PORT: '0' });
    const { metrics } = observation(config, logger, SOURCES);
    const server = await serveMetrics(metrics, config, logger);
    assert.ok(server !== undefined && server.port > 0);
    try {
      const response = await fetch(`http://127.0.0.1:${server.port}/metrics`);
      assert.equal(response.status, 200);
      assert.match(await response.text(), /snapshot_reloads_refused_total 0/);
      assert.deepEqual(
        lines.filter((line) => line.message === 'metrics listening').map(({ host, port, path }) => ({ host, port, path })),
        [{ host: '127.0.0.1', port: server.port, path: '/metrics' }],
      );
    } finally {
      await server.close();
    }
  });

  it('names the address and the reason when the port is taken', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    try {
      const config = configOf({ HOST: '127.0.0.1', METRICS_PORT: String(port) });
      const { metrics } = observation(config, createLogger('silent'), SOURCES);
      await assert.rejects(serveMetrics(metrics, config, createLogger('silent')), {
        message: `cannot serve metrics on 127.0.0.1:${port}: EADDRINUSE`,
      });
    } finally {
      taken.close();
    }
  });
});
