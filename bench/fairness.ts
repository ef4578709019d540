/**
 * Fairness: while 20 clients each keep one 200-character worst-case search in flight (distinct
 * queries, so the ranking cache never answers), how long does GET /v1/health take? A search is
 * synchronous on the one server thread, so health waits behind whatever searches are queued: this
 * measures that the cost of a search is bounded by construction. Health is probed from a process of
 * its own (health-prober.ts), so the clients' busy event loop here is not counted as server latency.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { worstCaseQuery } from './query-mix.ts';
import { ROOT } from './settings.ts';

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
      const q = `${worstCaseQuery(variant % 26).slice(0, 190)} ${variant++}`;
      const response = await fetch(`${url}/v1/exercises?q=${encodeURIComponent(q)}&limit=20`, { headers: { 'x-api-key': apiKey } });
      await response.arrayBuffer();
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      searches++;
    }
  };
  // The prober starts a little later and stops a little earlier, so it only sees a full queue.
  const prober = new Promise<{ latencies: number[] }>((resolve, reject) => {
    const proc = spawn(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'bench/health-prober.ts'), url, String(seconds - 1.5), String(PROBE_EVERY_MS)],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    proc.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    proc.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    proc.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out) as { latencies: number[] })
        : reject(new Error(`health prober exited ${code}: ${err.slice(-1000)}`)),
    );
  });
  const started = performance.now();
  const [{ latencies: probes }] = await Promise.all([prober, ...Array.from({ length: FAIRNESS_CLIENTS }, client)]);
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
