/**
 * Prometheus metrics (prom-client) in a registry of their own: requests by route and status, a
 * latency histogram, search timeouts, the snapshot's version and age, refused reloads, the counter
 * store's status and the event loop's lag (prom-client's default Node metrics). Served on
 * METRICS_PORT only (metrics-server.ts), never on the API port.
 *
 * The request path only adds to plain numbers kept per route (a count per status, histogram buckets,
 * a sum): no label hashing, no allocation. prom-client reads them when scraped, through `collect`
 * hooks and one collector of its own shape for the histogram. Gauges are read when scraped too.
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

/** One route's tallies, written per request and read per scrape. */
interface RouteTally {
  byStatus: Map<number, number>;
  /** Cumulative counts are made at scrape time; here each bucket holds the requests that fell in it. */
  buckets: Float64Array;
  sum: number;
  count: number;
}

/** The latency histogram in prom-client's collector shape, built from the tallies at scrape time. */
function latencyCollector(tallies: ReadonlyMap<string, RouteTally>) {
  const name = 'http_request_duration_seconds';
  const base = { name, help: 'Time from request to reply, by route pattern.', type: 'histogram' as const, aggregator: 'sum' as const };
  return {
    ...base,
    get() {
      const values: { labels: Record<string, string | number>; value: number; metricName: string }[] = [];
      for (const [route, tally] of tallies) {
        let cumulative = 0;
        LATENCY_BUCKETS.forEach((le, i) => {
          cumulative += tally.buckets[i]!;
          values.push({ labels: { le, route }, value: cumulative, metricName: `${name}_bucket` });
        });
        values.push({ labels: { le: '+Inf', route }, value: tally.count, metricName: `${name}_bucket` });
        values.push({ labels: { route }, value: tally.sum, metricName: `${name}_sum` });
        values.push({ labels: { route }, value: tally.count, metricName: `${name}_count` });
      }
      return { ...base, values };
    },
    reset() {},
  };
}

function emptyTally(): RouteTally {
  return { byStatus: new Map(), buckets: new Float64Array(LATENCY_BUCKETS.length), sum: 0, count: 0 };
}

/** Adds one answered request to its route's tally: a few additions, no allocation once the route is known. */
function tallyRequest(tallies: Map<string, RouteTally>, record: RequestRecord): void {
  let tally = tallies.get(record.route);
  if (tally === undefined) {
    tally = emptyTally();
    tallies.set(record.route, tally);
  }
  tally.byStatus.set(record.status, (tally.byStatus.get(record.status) ?? 0) + 1);
  const seconds = record.durationMs / 1000;
  let bucket = 0;
  while (bucket < LATENCY_BUCKETS.length && seconds > LATENCY_BUCKETS[bucket]!) bucket += 1;
  if (bucket < LATENCY_BUCKETS.length) tally.buckets[bucket]! += 1;
  tally.sum += seconds;
  tally.count += 1;
}

/** Counts kept by the request path and the loader, read when scraped. */
interface Counts {
  searchTimeouts: number;
  refusedReloads: number;
}

/** A counter prom-client fills from `read()` at each scrape. */
function scrapedCounter(registry: client.Registry, name: string, help: string, read: () => number): void {
  new client.Counter({
    name,
    help,
    registers: [registry],
    collect() {
      this.reset();
      this.inc(read());
    },
  });
}

/** Requests by route and status, their latency, and the searches cancelled at their budget. */
function registerRequestMetrics(registry: client.Registry, tallies: ReadonlyMap<string, RouteTally>, counts: Counts): void {
  new client.Counter({
    name: 'http_requests_total',
    help: 'Answered requests by route pattern and status.',
    labelNames: ['route', 'status'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [route, tally] of tallies) for (const [status, count] of tally.byStatus) this.inc({ route, status }, count);
    },
  });
  registry.registerMetric(latencyCollector(tallies) as unknown as client.Metric);
  const timeoutsHelp = 'Searches cancelled at their budget (503 SEARCH_TIMEOUT).';
  scrapedCounter(registry, 'search_timeouts_total', timeoutsHelp, () => counts.searchTimeouts);
}

/** The snapshot served and its age, refused reloads, and the counter store's health. */
function registerServiceMetrics(registry: client.Registry, sources: MetricsSources, counts: Counts): void {
  const refusedHelp = 'New snapshots found and refused; the live catalog kept serving.';
  scrapedCounter(registry, 'snapshot_reloads_refused_total', refusedHelp, () => counts.refusedReloads);
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
    help: "Seconds since the served snapshot's lastUpdated, by data version; absent until one is loaded.",
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
}

export function createMetrics(sources: MetricsSources): Metrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
  const tallies = new Map<string, RouteTally>();
  const counts: Counts = { searchTimeouts: 0, refusedReloads: 0 };
  registerRequestMetrics(registry, tallies, counts);
  registerServiceMetrics(registry, sources, counts);
  return {
    registry,
    observe: function countRequest(record) {
      tallyRequest(tallies, record);
      if (record.errorCode === 'SEARCH_TIMEOUT') counts.searchTimeouts += 1;
    },
    countRefusedReload: function countRefusedReload() {
      counts.refusedReloads += 1;
    },
  };
}
