import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { readConfig } from '../../src/config.ts';
import { createMetrics } from '../../src/observe/metrics.ts';
import { startMetricsServer } from '../../src/observe/metrics-server.ts';
import { FIXTURE_FILE, fixtureCatalog, get, spawnService, tempDir } from '../helpers/service.ts';

const record = (route: string, status: number, durationMs: number, errorCode?: string) => ({
  requestId: 'r',
  method: 'GET',
  route,
  status,
  durationMs,
  bytes: 10,
  keyId: 'k',
  errorCode,
});

/** The value of one sample line of Prometheus text, or undefined when absent. */
function sample(text: string, name: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
}

describe('metrics', () => {
  it('count requests by route and status, time them, and count search timeouts', async () => {
    const catalog = fixtureCatalog();
    let storeStatus: 'ok' | 'error' = 'ok';
    const metrics = createMetrics({
      catalog: () => catalog,
      counterStoreStatus: () => storeStatus,
      now: () => Date.parse(catalog.lastUpdated) + 90_000,
    });
    metrics.observe(record('/v1/exercises/:id', 200, 0.2));
    metrics.observe(record('/v1/exercises/:id', 200, 0.3));
    metrics.observe(record('/v1/exercises', 503, 51, 'SEARCH_TIMEOUT'));
    metrics.countRefusedReload();
    let text = await metrics.registry.metrics();
    assert.equal(sample(text, 'http_requests_total{route="/v1/exercises/:id",status="200"}'), 2);
    assert.equal(sample(text, 'http_requests_total{route="/v1/exercises",status="503"}'), 1);
    assert.equal(sample(text, 'http_request_duration_seconds_bucket{le="0.00025",route="/v1/exercises/:id"}'), 1);
    assert.equal(sample(text, 'http_request_duration_seconds_bucket{le="0.0005",route="/v1/exercises/:id"}'), 2);
    assert.equal(sample(text, 'http_request_duration_seconds_count{route="/v1/exercises"}'), 1);
    assert.equal(sample(text, 'search_timeouts_total'), 1);
    assert.equal(sample(text, 'snapshot_reloads_refused_total'), 1);
    assert.equal(sample(text, `catalog_info{data_version="${catalog.dataVersion}"}`), 1);
    assert.equal(sample(text, `catalog_snapshot_age_seconds{data_version="${catalog.dataVersion}"}`), 90);
    assert.equal(sample(text, 'usage_counter_store_up'), 1);
    assert.ok(sample(text, 'nodejs_eventloop_lag_seconds') !== undefined, 'event-loop lag is exported');
    storeStatus = 'error';
    text = await metrics.registry.metrics();
    assert.equal(sample(text, 'usage_counter_store_up'), 0);
  });

  it('leave the snapshot gauges out until a catalog is loaded', async () => {
    const metrics = createMetrics({ catalog: () => undefined, counterStoreStatus: () => 'ok', now: Date.now });
    const text = await metrics.registry.metrics();
    assert.equal(text.includes('catalog_info{'), false);
    assert.equal(text.includes('catalog_snapshot_age_seconds{'), false);
  });

  it('are served at GET /metrics on their own listener, and nothing else there', async () => {
    const metrics = createMetrics({ catalog: () => undefined, counterStoreStatus: () => 'ok', now: Date.now });
    const server = await startMetricsServer(metrics.registry, '127.0.0.1', 0);
    try {
      const response = await fetch(`http://127.0.0.1:${server.port}/metrics`);
      assert.equal(response.status, 200);
      assert.match(response.headers.get('content-type')!, /^text\/plain; version=0\.0\.4/);
      assert.match(await response.text(), /# TYPE http_requests_total counter/);
      assert.equal((await fetch(`http://127.0.0.1:${server.port}/`)).status, 404);
    } finally {
      await server.close();
    }
  });

  it('METRICS_PORT may not be the API port', () => {
    const result = readConfig({ PORT: '3000', METRICS_PORT: '3000' });
    assert.deepEqual(result, {
      ok: false,
      problems: [
        { source: 'environment', path: 'METRICS_PORT', message: 'must differ from PORT (3000); metrics are never served on the API port' },
      ],
    });
    const fine = readConfig({ METRICS_PORT: '9464' });
    assert.equal(fine.ok && fine.value.metricsPort, 9464);
  });

  it('the service serves them on METRICS_PORT, never on the API port, and counts a refused snapshot', async () => {
    const root = tempDir('exlib-metrics-');
    const dataDir = join(root, 'data');
    mkdirSync(dataDir);
    copyFileSync(FIXTURE_FILE, join(dataDir, '2026-01-15.json'));
    const service = await spawnService({
      DATA_DIR: dataDir,
      KEYS_FILE: join(root, 'keys.json'),
      STATE_DIR: join(root, 'state'),
      METRICS_PORT: '0',
      RELOAD_INTERVAL_MS: '100',
    });
    try {
      const listening = await service.waitForLog((e) => e.message === 'metrics listening');
      const metricsUrl = `http://127.0.0.1:${String(listening.port)}/metrics`;
      assert.equal((await get(`${service.url}/metrics`)).status, 404, 'not on the API port');
      await get(`${service.url}/v1/health`);
      writeFileSync(join(dataDir, '2026-02-01.json'), '{"dataVersion":"2026-02-01"}');
      await service.waitForLog((e) => e.message === 'snapshot refused; the live catalog keeps serving');
      const text = await (await fetch(metricsUrl)).text();
      assert.equal(sample(text, 'http_requests_total{route="/v1/health",status="200"}'), 1);
      assert.equal(sample(text, 'http_requests_total{route="unmatched",status="404"}'), 1);
      assert.equal(sample(text, 'snapshot_reloads_refused_total'), 1);
      assert.equal(sample(text, 'catalog_info{data_version="2026-01-15"}'), 1);
    } finally {
      service.proc.kill('SIGTERM');
      await service.exited;
    }
  });
});
