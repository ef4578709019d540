import pino from 'pino';
import { openSync, write } from 'node:fs';
async function run(name: string, fn: () => void) {
  const batches = 3000, per = 50;
  for (let b = 0; b < 300; b++) { for (let i = 0; i < per; i++) fn(); await new Promise((r) => setImmediate(r)); }
  const c0 = process.cpuUsage();
  for (let b = 0; b < batches; b++) { for (let i = 0; i < per; i++) fn(); await new Promise((r) => setImmediate(r)); }
  const cpu = process.cpuUsage(c0);
  console.log(name.padEnd(40), ((cpu.user + cpu.system) / (batches * per)).toFixed(2), 'µs');
}
const fd = openSync('/dev/null', 'a');
const lines: string[] = []; let writing = false;
function flush() { if (writing || lines.length === 0) return; writing = true; const chunk = lines.join(''); lines.length = 0; write(fd, chunk, () => { writing = false; if (lines.length >= 256) flush(); }); }
const dest = { write(s: string) { lines.push(s); if (lines.length >= 256) flush(); } };
const rec = { requestId: 'abcdefgh-1z', method: 'GET', route: '/v1/exercises/:id', status: 200, durationMs: 0.123, bytes: 2384, keyId: 'key_abcdefghijkl' };
const l = pino({ base: null, messageKey: 'message' }, dest as any);
await run('pino full obj, array destination', () => l.info(rec, 'request'));
const l2 = pino({ base: null, messageKey: 'message', timestamp: pino.stdTimeFunctions.isoTime, formatters: { level: (x: string) => ({ level: x }) } }, dest as any);
await run('pino iso+label, array destination', () => l2.info(rec, 'request'));
