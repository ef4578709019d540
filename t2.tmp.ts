import pino from 'pino';
import SonicBoom from 'sonic-boom';
function time(name: string, fn: () => unknown, n = 300000) { for (let i=0;i<30000;i++) fn(); const c0 = process.cpuUsage(); const t = process.hrtime.bigint(); for (let i=0;i<n;i++) fn(); const wall = Number(process.hrtime.bigint()-t)/n/1000; const cpu = process.cpuUsage(c0); console.log(name.padEnd(50), wall.toFixed(2), 'µs wall', ((cpu.user+cpu.system)/n).toFixed(2), 'µs cpu'); }
const rec = { requestId: 'abcdefgh-1z', method: 'GET', route: '/v1/exercises/:id', status: 200, durationMs: 0.123, bytes: 2384, keyId: 'key_abcdefghijkl', errorCode: undefined };
const opts = { base: null, messageKey: 'message', timestamp: pino.stdTimeFunctions.isoTime, formatters: { level: (l: string) => ({ level: l }) } };
for (const [name, dest] of [
  ['async minLength0', pino.destination({ dest: '/dev/null', sync: false })],
  ['async minLength 8192', pino.destination({ dest: '/dev/null', sync: false, minLength: 8192 })],
  ['async minLength 32768', pino.destination({ dest: '/dev/null', sync: false, minLength: 16000 })],
] as const) {
  const l = pino(opts as any, dest as any);
  time(name, () => l.info(rec, 'request'));
}
const l2 = pino({ base: null, timestamp: pino.stdTimeFunctions.epochTime } as any, pino.destination({ dest: '/dev/null', sync: false, minLength: 8192 }));
time('epoch, default level, 8192', () => l2.info(rec, 'request'));
const sb = new SonicBoom({ dest: '/dev/null', sync: false, minLength: 8192 });
time('raw template into sonic-boom', () => sb.write(`{"level":"info","time":"${new Date().toISOString()}","requestId":"${rec.requestId}","method":"GET","route":"${rec.route}","status":${rec.status},"durationMs":${rec.durationMs},"bytes":${rec.bytes},"keyId":"${rec.keyId}","message":"request"}\n`));
