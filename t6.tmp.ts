import pino from 'pino';
const plain = pino({ base: null }, pino.destination({ dest: '/dev/null', sync: false, minLength: 4096 }));
for (let b = 0; b < 20000; b++) { for (let i = 0; i < 50; i++) plain.info('request'); await new Promise((r) => setImmediate(r)); }
