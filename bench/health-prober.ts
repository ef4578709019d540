/**
 * Probes GET /v1/health every few ms from a process of its own (so that the load generator's busy
 * event loop does not add to what is measured) and prints the latencies as JSON on stdout.
 *
 *   node --import tsx bench/health-prober.ts <base-url> <seconds> <every-ms>
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';

async function main(): Promise<void> {
  const [base, seconds, everyMs] = process.argv.slice(2);
  if (base === undefined || seconds === undefined || everyMs === undefined)
    throw new Error('usage: health-prober.ts <base-url> <seconds> <every-ms>');
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const end = performance.now() + Number(seconds) * 1000;
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  while (performance.now() < end) {
    const start = performance.now();
    const status = await new Promise<number>((resolve, reject) => {
      http
        .get(`${base}/v1/health`, { agent }, (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        })
        .on('error', reject);
    });
    latencies.push(performance.now() - start);
    statuses[status] = (statuses[status] ?? 0) + 1;
    await new Promise((resolve) => setTimeout(resolve, Number(everyMs)));
  }
  agent.destroy();
  process.stdout.write(`${JSON.stringify({ latencies, statuses })}\n`);
}

void main();
