import autocannon from 'autocannon';
import { join } from 'node:path';
import { startChild, stopChild, readCpuTicks, CLOCK_TICKS_PER_SECOND } from './bench/child-servers.ts';
import { prepareScratch } from './bench/scratch.ts';
import { DATA_DIR, ROOT } from './bench/settings.ts';
const scratch = prepareScratch();
const path = process.argv[2] ?? '/v1/exercises/Barbell_Bench_Press';
const variants: [string, Record<string,string>][] = [['plain', { NO_ACCESS_LOG: '1' }], ['log', { LOG_LEVEL: 'info' }], ['metrics', { NO_ACCESS_LOG: '1', METRICS_PORT: '0' }], ['both', { LOG_LEVEL: 'info', METRICS_PORT: '0' }]];
for (const round of [1, 2]) for (const [name, extra] of variants) {
  const svc = await startChild('service', [join(ROOT, 'src/main.ts')], { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR, KEYS_FILE: scratch.keysFile, STATE_DIR: scratch.stateDir, TIERS_FILE: scratch.tiersFile, ...extra }, join(scratch.dir, 'access.log'));
  await svc.waitForLog('catalog loaded', 30000);
  const opts = { url: svc.url + path, connections: 50, duration: 2, headers: { 'x-api-key': scratch.apiKey } };
  await autocannon(opts);
  const t0 = readCpuTicks(svc.pid);
  const r = await autocannon({ ...opts, duration: 5 });
  const cpu = (readCpuTicks(svc.pid) - t0) / CLOCK_TICKS_PER_SECOND;
  console.log(round, name.padEnd(8), Math.round(r.requests.average), 'req/s', (cpu * 1e6 / r.requests.total).toFixed(1), 'µs/req', r.non2xx);
  await stopChild(svc);
}
