import { createApi } from './src/http/api.ts';
import { buildCatalog } from './src/catalog/catalog.ts';
import { readSnapshotFile, listSnapshotFiles } from './src/catalog/snapshot-files.ts';
import { createKey, EMPTY_STORE, indexByHash } from './src/keys/key-store.ts';
import { loadTierTable } from './src/limits/tiers.ts';
import { MemoryUsageStore } from './src/limits/usage-store.ts';
import { createLogger } from './src/log.ts';
import { createAccessLog } from './src/observe/access-log.ts';
import { createMetrics } from './src/observe/metrics.ts';
import { hashKey } from './src/keys/api-key.ts';
import pino from 'pino';
const f = listSnapshotFiles('data')[0]!; const r = readSnapshotFile('data/'+f); if (!r.ok) throw 1;
const catalog = buildCatalog(r.snapshot, f);
const tiers = (loadTierTable(undefined) as any).tiers;
const big = new Map(tiers); big.set('bench', { name:'bench', dailyRequests: 1e9, perMinute: 1e9, maxResults: 100, overage: true, overagePriceUsd: 0.002, safetyCapMultiple: 10 });
const issued = createKey(EMPTY_STORE, 'bench', 'b', new Date());
const byHash = indexByHash(issued.store);
function mk(observe?: any) { return createApi({ catalog: () => catalog, keysByHash: () => byHash, tiers: big as any, usage: new MemoryUsageStore(), docsUrlBase: () => 'x', upgradeUrl: 'u', searchBudgetMs: 50, version: '1', now: Date.now, monotonic: () => performance.now(), random: Math.random, logger: createLogger('silent'), observe }); }
const req = (path: string, query = '', extra: any = {}) => ({ method: 'get', path, query, apiKey: issued.key, hasSeveralKeys: false, ...extra });
const devnull = pino.destination({ dest: '/dev/null', sync: false });
const log = createAccessLog(devnull);
const metrics = createMetrics({ catalog: () => catalog, counterStoreStatus: () => 'ok', now: Date.now });
const variants: [string, any][] = [['bare', undefined], ['log', log.log], ['metrics', metrics.observe], ['both', (r: any) => { log.log(r); metrics.observe(r); }]];
function time(name: string, fn: () => unknown, n = 200000) { for (let i=0;i<20000;i++) fn(); const t = process.hrtime.bigint(); for (let i=0;i<n;i++) fn(); console.log(name.padEnd(40), (Number(process.hrtime.bigint()-t)/n/1000).toFixed(2), 'µs'); }
time('hashKey', () => hashKey(issued.key));
for (const [name, obs] of variants) {
  const api = mk(obs);
  time(`${name} point`, () => api.handle(req('/v1/exercises/Barbell_Bench_Press')));
  time(`${name} list`, () => api.handle(req('/v1/exercises', 'limit=20')));
}
const api = mk();
const etag = (api.handle(req('/v1/exercises/Barbell_Bench_Press')) as any).headers.find((h: any) => h[0]==='ETag')[1];
time('304', () => api.handle(req('/v1/exercises/Barbell_Bench_Press', '', { ifNoneMatch: etag })));
time('br list', () => api.handle(req('/v1/exercises', 'limit=20', { acceptEncoding: 'br' })));
