/**
 * The reload suite's count of the service's collections (bench/gc-metrics.ts), read from two scrapes of
 * prom-client's `nodejs_gc_duration_seconds` histogram as prom-client writes it: the collections between
 * the scrapes by kind, their pauses in all, and how many paused over 1 ms and over 10 ms.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Histogram, Registry } from 'prom-client';
import { collectionsBetween, describeCollections, gcTotals } from '../../bench/gc-metrics.ts';

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
