import SonicBoom from 'sonic-boom';
function time(name: string, fn: () => unknown, n = 300000) { for (let i=0;i<30000;i++) fn(); const c0 = process.cpuUsage(); const t = process.hrtime.bigint(); for (let i=0;i<n;i++) fn(); const wall = Number(process.hrtime.bigint()-t)/n/1000; const cpu = process.cpuUsage(c0); console.log(name.padEnd(50), wall.toFixed(2), 'µs wall', ((cpu.user+cpu.system)/n).toFixed(2), 'µs cpu'); }
let s = '';
time('iso date', () => { s = new Date().toISOString(); });
time('template', () => { s = `{"level":"info","time":"${Date.now()}","requestId":"abc","method":"GET","route":"/v1/exercises/:id","status":200,"durationMs":0.123,"bytes":2384,"keyId":"key_xx","message":"request"}\n`; });
const sb = new SonicBoom({ dest: '/dev/null', sync: false, minLength: 8192 });
time('sb.write const', () => sb.write(s));
const sb0 = new SonicBoom({ dest: '/dev/null', sync: false });
time('sb.write const minLength0', () => sb0.write(s));
let buf = ''; time('string append', () => { buf += s; if (buf.length > 65536) buf = ''; });
