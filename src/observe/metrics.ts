/**
 * Prometheus metrics (prom-client) in a registry of their own: requests by route and status, a
 * latency histogram, search timeouts, the snapshot's version and age, refused reloads, the counter
 * store's status and the event loop's lag (prom-client's default Node metrics). Served on
 * METRICS_PORT only (metrics-server.ts), never on the API port.
 *
 * The request path only increments: label children are looked up once per (route, status) and kept,
 * so prom-client never hashes label objects per request. Gauges are read when scraped.
 */
import client from 'prom-client';
import type { Catalog } from '../catalog/catalog.ts';
import type { RequestRecord } from './request-record.ts';

export interface MetricsSources {
  catalog(): Catalog | undefined;
  /** The usage-counter store: `ok`, or `error` when it (or its persistence) fails. */
  counterStoreStatus(): 'ok' | 'error';
  /** Wall-clock milliseconds since the epoch. */
  now(): number;
}

export interface Metrics {
  registry: client.Registry;
  observe(record: RequestRecord): void;
  /** A new snapshot was found and refused; the live one keeps serving. */
  countRefusedReload(): void;
}

/** Seconds; from a cached 304 (tens of µs) to a search near its budget. */
const LATENCY_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1];

export function createMetrics(sources: MetricsSources): Metrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });

  const requests = new client.Counter({ name: 'http_requests_total', help: 'Answered requests by route pattern and status.', labelNames: ['route', 'status'], registers: [registry] });
  const latency = new client.Histogram({ name: 'http_request_duration_seconds', help: 'Time from request to reply, by route pattern.', labelNames: ['route'], buckets: LATENCY_BUCKETS, registers: [registry] });
  const searchTimeouts = new client.Counter({ name: 'search_timeouts_total', help: 'Searches cancelled at their budget (503 SEARCH_TIMEOUT).', registers: [registry] });
  const refusedReloads = new client.Counter({ name: 'snapshot_reloads_refused_total', help: 'New snapshots found and refused; the live catalog kept serving.', registers: [registry] });
  new client.Gauge({
    name: 'catalog_info',
    help: 'The snapshot being served (value 1), by data version; absent until one is loaded.',
    labelNames: ['data_version'],
    registers: [registry],
    collect() {
      this.reset();
      const catalog = sources.catalog();
      if (catalog !== undefined) this.set({ data_version: catalog.dataVersion }, 1);
    },
  });
  new client.Gauge({
    name: 'catalog_snapshot_age_seconds',
    help: 'Seconds since the served snapshot\'s lastUpdated, by data version; absent until one is loaded.',
    labelNames: ['data_version'],
    registers: [registry],
    collect() {
      this.reset();
      const catalog = sources.catalog();
      if (catalog !== undefined) this.set({ data_version: catalog.dataVersion }, (sources.now() - Date.parse(catalog.lastUpdated)) / 1000);
    },
  });
  new client.Gauge({
    name: 'usage_counter_store_up',
    help: '1 when the usage-counter store (and its persistence) works, 0 when it fails (health says degraded).',
    registers: [registry],
    collect() {
      this.set(sources.counterStoreStatus() === 'ok' ? 1 : 0);
    },
  });

  const requestChildren = new Map<string, Map<number, client.Counter.Internal>>();
  const latencyChildren = new Map<string, client.Histogram.Internal<'route'>>();

  return {
    registry,
    observe: function countRequest(record) {
      let byStatus = requestChildren.get(record.route);
      if (byStatus === undefined) requestChildren.set(record.route, (byStatus = new Map()));
      let counter = byStatus.get(record.status);
      if (counter === undefined) byStatus.set(record.status, (counter = requests.labels(record.route, String(record.status))));
      counter.inc();
      let histogram = latencyChildren.get(record.route);
      if (histogram === undefined) latencyChildren.set(record.route, (histogram = latency.labels(record.route)));
      histogram.observe(record.durationMs / 1000);
      if (record.errorCode === 'SEARCH_TIMEOUT') searchTimeouts.inc();
    },
    countRefusedReload: () => refusedReloads.inc(),
  };
}
