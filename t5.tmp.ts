import pino from 'pino';
import { createAccessLog } from './src/observe/access-log.ts';
const rec = { requestId: 'abcdefgh-1z', method: 'GET', route: '/v1/exercises/:id', status: 200, durationMs: 0.123, bytes: 2384, keyId: 'key_abcdefghijkl', errorCode: undefined };
async function run(name: string, fn: () => void) {
  const batches = 4000, per = 50;
  for (let b = 0; b < 400; b++) { for (let i = 0; i < per; i++) fn(); await new Promise((r) => setImmediate(r)); }
  const c0 = process.cpuUsage();
  for (let b = 0; b < batches; b++) { for (let i = 0; i < per; i++) fn(); await new Promise((r) => setImmediate(r)); }
  const cpu = process.cpuUsage(c0);
  console.log(name.padEnd(40), ((cpu.user + cpu.system) / (batches * per)).toFixed(2), 'µs cpu/line (incl. loop turn)');
}
await run('nothing', () => {});
const log = createAccessLog(pino.destination({ dest: '/dev/null', sync: false, minLength: 4096, periodicFlush: 200 }));
await run('accessLog (pino)', () => log.log(rec as any));
const plain = pino({ base: null }, pino.destination({ dest: '/dev/null', sync: false, minLength: 4096 }));
await run('pino msg only', () => plain.info('request'));
await run('pino small obj', () => plain.info({ status: 200 }, 'request'));
