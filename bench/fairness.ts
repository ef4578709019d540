/**
 * Fairness: while 20 clients each keep one 200-character worst-case search in flight (distinct
 * queries, so the ranking cache never answers), how long does GET /v1/health take? A search is
 * synchronous on the one server thread, so health waits behind whatever searches are queued: this
 * measures that the cost of a search is bounded by construction.
 */
import { performance } from 'node:perf_hooks';
import { worstCaseQuery } from './query-mix.ts';

export const FAIRNESS_CLIENTS = 20;
const PROBE_EVERY_MS = 20;

export interface FairnessFigures {
  catalog: string;
  seconds: number;
  clients: number;
  searches: number;
  searchStatuses: Record<string, number>;
  searchesPerSecond: number;
  health: { probes: number; p50Ms: number; p99Ms: number; maxMs: number };
}

export async function measureFairness(label: string, url: string, apiKey: string, seconds: number): Promise<FairnessFigures> {
  const end = performance.now() + seconds * 1000;
  const statuses: Record<string, number> = {};
  let searches = 0;
  let variant = 0;
  const client = async (): Promise<void> => {
    while (performance.now() < end) {
      // Distinct every time: the letters rotate and a counter is added, so no two share a cache key.
      const q = `${worstCaseQuery(variant % 26)}`.slice(0, 190) + ` ${variant++}`;
      const response = await fetch(`${url}/v1/exercises?q=${encodeURIComponent(q)}&limit=20`, { headers: { 'x-api-key': apiKey } });
      await response.arrayBuffer();
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      searches++;
    }
  };
  const probes: number[] = [];
  const prober = async (): Promise<void> => {
    // Let the clients fill the queue first.
    await new Promise((resolve) => setTimeout(resolve, 200));
    while (performance.now() < end) {
      const start = performance.now();
      const response = await fetch(`${url}/v1/health`);
      await response.arrayBuffer();
      probes.push(performance.now() - start);
      await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
    }
  };
  const started = performance.now();
  await Promise.all([...Array.from({ length: FAIRNESS_CLIENTS }, client), prober()]);
  const elapsed = (performance.now() - started) / 1000;
  const sorted = probes.sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * q) - 1)] ?? Number.NaN;
  return {
    catalog: label,
    seconds: elapsed,
    clients: FAIRNESS_CLIENTS,
    searches,
    searchStatuses: statuses,
    searchesPerSecond: searches / elapsed,
    health: { probes: sorted.length, p50Ms: at(0.5), p99Ms: at(0.99), maxMs: sorted[sorted.length - 1] ?? Number.NaN },
  };
}
