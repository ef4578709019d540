/**
 * The reload suite's count of the service's collections (bench/gc-metrics.ts), read from two scrapes of
 * prom-client's `nodejs_gc_duration_seconds` histogram as prom-client writes it: the collections between
 * the scrapes by kind, their pauses in all, and how many paused over 1 ms and over 10 ms.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { Histogram, Registry } from 'prom-client';
import { collectionsBetween, describeCollections, gcTotals, scrapeApart } from '../../bench/gc-metrics.ts';

/** A registry holding the histogram as prom-client's default GC metric declares it. */
function gcRegistry() {
  const registry = new Registry();
  const histogram = new Histogram({
    name: 'nodejs_gc_duration_seconds',
    help: 'Garbage collection duration by kind, one of major, minor, incremental or weakcb.',
    labelNames: ['kind'],
    buckets: [0.001, 0.01, 0.1, 1, 2, 5],
    registers: [registry],
  });
  return { registry, histogram };
}

describe('collections between two scrapes', () => {
  it('counts each kind, its pauses in all, and those over 1 ms and over 10 ms', async () => {
    const { registry, histogram } = gcRegistry();
    for (const seconds of [0.0005, 0.002]) histogram.observe({ kind: 'minor' }, seconds);
    const before = await registry.metrics();
    for (const seconds of [0.0004, 0.0015, 0.004, 0.012]) histogram.observe({ kind: 'minor' }, seconds);
    for (const seconds of [0.007, 0.02]) histogram.observe({ kind: 'major' }, seconds);
    const after = await registry.metrics();
    assert.deepEqual(collectionsBetween(before, after), [
      { kind: 'minor', count: 4, ms: 17.9, over1Ms: 3, over10Ms: 1 },
      { kind: 'major', count: 2, ms: 27, over1Ms: 2, over10Ms: 1 },
    ]);
    assert.equal(
      describeCollections(collectionsBetween(before, after)),
      'minor 4 (17.9 ms; 3 over 1 ms, 1 over 10 ms), major 2 (27 ms; 2 over 1 ms, 1 over 10 ms)',
    );
  });

  it('reads only the collections histogram, and nothing from a scrape without it', async () => {
    const { registry, histogram } = gcRegistry();
    histogram.observe({ kind: 'incremental' }, 0.003);
    const text = `${await registry.metrics()}\nnodejs_eventloop_lag_seconds 0.002\nhttp_requests_total{route="/v1/exercises"} 5\n`;
    assert.deepEqual([...gcTotals(text).keys()], ['incremental']);
    assert.deepEqual(collectionsBetween('', ''), []);
    assert.deepEqual(collectionsBetween('', text), [{ kind: 'incremental', count: 1, ms: 3, over1Ms: 1, over10Ms: 0 }]);
  });
});

describe('a scrape in a process apart', () => {
  it('reads the metrics text whole, refuses an answer that is not 200, and leaves no file behind', async () => {
    const text = `# TYPE x counter\n${'x 1\n'.repeat(20_000)}`;
    const seen: (string | undefined)[] = [];
    const server = createServer((request, response) => {
      seen.push(request.url);
      response.writeHead(request.url === '/metrics' ? 200 : 404).end(request.url === '/metrics' ? text : 'no');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const dir = mkdtempSync(join(tmpdir(), 'scrape-apart-'));
    try {
      assert.equal(await scrapeApart(`${base}/metrics`, dir), text, 'the whole text, as served');
      await assert.rejects(scrapeApart(`${base}/nothing`, dir), /failed \(exit 2\)/);
      assert.deepEqual(seen, ['/metrics', '/nothing'], 'each scrape one request');
      assert.deepEqual(readdirSync(dir), [], 'no file left in the scratch folder');
    } finally {
      server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
