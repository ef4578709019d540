import pino from 'pino';
async function run(name: string, fn: () => void) {
  const batches = 3000, per = 50;
  for (let b = 0; b < 300; b++) { for (let i = 0; i < per; i++) fn(); await new Promise((r) => setImmediate(r)); }
  const c0 = process.cpuUsage();
  for (let b = 0; b < batches; b++) { for (let i = 0; i < per; i++) fn(); await new Promise((r) => setImmediate(r)); }
  const cpu = process.cpuUsage(c0);
  console.log(name.padEnd(40), ((cpu.user + cpu.system) / (batches * per)).toFixed(2), 'µs');
}
const dest = () => pino.destination({ dest: '/dev/null', sync: false, minLength: 4096 });
const a = pino({ base: null, messageKey: 'message' }, dest());
const rec = { requestId: 'abcdefgh-1z', method: 'GET', route: '/v1/exercises/:id', status: 200, durationMs: 0.123, bytes: 2384, keyId: 'key_abcdefghijkl' };
await run('full obj', () => a.info(rec, 'request'));
await run('numbers only', () => a.info({ status: 200, durationMs: 0.123, bytes: 2384 }, 'request'));
await run('strings only', () => a.info({ requestId: 'abcdefgh-1z', method: 'GET', route: '/v1/exercises/:id', keyId: 'key_abcdefghijkl' }, 'request'));
const b = pino({ base: null, messageKey: 'message', timestamp: false }, dest());
await run('full obj no time', () => b.info(rec, 'request'));
const c = pino({ base: null, messageKey: 'message', timestamp: false }, dest());
await run('full obj no time no msg', () => c.info(rec));
const s = pino.destination({ dest: '/dev/null', sync: false, minLength: 4096 });
await run('sonic write of a template', () => s.write(`{"level":30,"time":${Date.now()},"requestId":"${rec.requestId}","method":"${rec.method}","route":"${rec.route}","status":${rec.status},"durationMs":${rec.durationMs},"bytes":${rec.bytes},"keyId":"${rec.keyId}","message":"request"}\n`));
for (const [ml, mw] of [[16000, 16384], [60000, 65536], [200000, 262144]]) {
  const d = pino.destination({ dest: '/dev/null', sync: false, minLength: ml, maxWrite: mw });
  const l = pino({ base: null, messageKey: 'message' }, d);
  await run(`full obj minLength ${ml}`, () => l.info(rec, 'request'));
}
const dsync = pino.destination({ dest: '/dev/null', sync: true, minLength: 60000, maxWrite: 65536 });
const lsync = pino({ base: null, messageKey: 'message' }, dsync);
await run(`full obj SYNC minLength 60000`, () => lsync.info(rec, 'request'));
