import { readSnapshotFile } from '../src/catalog/snapshot-files.ts';
import { buildCatalog } from '../src/catalog/catalog.ts';
import { buildSearchIndexNow } from '../src/search/search-index.ts';
import { suggest, SUGGEST_TIMED_OUT } from '../src/search/suggest.ts';
const r = readSnapshotFile('data/2026-11-21.json'); if (!r.ok) throw new Error('bad');
const catalog = buildCatalog(r.snapshot, 'x');
const index = buildSearchIndexNow(catalog);
const sessions = ['bench press', 'kettlebell swing', 'romanian deadlift', 'downward dog', 'pull up', 'benchpress', 'rdl', 'db curl', 'sqaut', 'ohp', 'lat pulldown', 'hip thrust', 'plank', 'push-up', 'dumbell row', 'kb swing'];
const show = (q: string) => {
  const ranked = suggest(index, q, 5, Infinity, () => 0);
  if (ranked === SUGGEST_TIMED_OUT) return 'TIMEOUT';
  return Array.from(ranked, (p) => catalog.exercises[p]!.name).join(' | ');
};
for (const s of sessions) for (let i = 1; i <= s.length; i++) { const q = s.slice(0, i); console.log(JSON.stringify(q), '->', show(q)); }
const index2 = buildSearchIndexNow(catalog);
const times: number[] = [];
for (const e of catalog.exercises) for (let i = 1; i <= Math.min(e.name.length, 16); i++) {
  const q = e.name.slice(0, i); const t = performance.now();
  suggest(index2, q, 10, Infinity, () => 0);
  times.push((performance.now() - t) * 1000);
}
times.sort((a, b) => a - b);
console.log('n', times.length, 'p50', times[times.length >> 1]!.toFixed(1), 'p99', times[Math.floor(times.length * 0.99)]!.toFixed(1), 'max', times[times.length - 1]!.toFixed(1));
