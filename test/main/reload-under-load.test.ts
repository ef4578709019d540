/**
 * A new snapshot is picked up on a busy machine, from its file appearing (no poll to wait for) or from
 * SIGHUP, while serving goes on: two CPU-bound processes run and clients keep searching throughout.
 * The time it took is reported, not asserted: the 2 s goal (issue 19) is a speed goal, and this shared
 * machine's load swings it from 1.2 to 5 s; `npm run bench` is where it is measured.
 */
import assert from 'node:assert/strict';
import { copyFileSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { type Busy, busyMachine } from '../helpers/busy.ts';
import { type ChildService, get, issueKey, ROOT, serviceFolders, spawnService, unlimitedTiersFile } from '../helpers/service.ts';

const SHIPPED = join(ROOT, 'data/2026-11-28.json');

/** The shipped catalog under another date, written beside and renamed in, so it appears whole. */
function publish(dataDir: string, date: string): number {
  const snapshot = JSON.parse(readFileSync(SHIPPED, 'utf8')) as { dataVersion: string };
  snapshot.dataVersion = date;
  const temp = join(dataDir, `.${date}.tmp`);
  writeFileSync(temp, JSON.stringify(snapshot));
  const appeared = Date.now();
  renameSync(temp, join(dataDir, `${date}.json`));
  return appeared;
}

describe('reload on a busy machine', () => {
  let busy: Busy;
  let service: ChildService;
  let dataDir: string;
  let key: string;
  before(async () => {
    const folders = serviceFolders('exlib-reload-');
    dataDir = folders.dataDir;
    copyFileSync(SHIPPED, join(dataDir, '2026-11-28.json'));
    key = (await issueKey(folders.env, 'business')).key;
    // A poll that never comes within the test: the new file must be found by the watch. No per-minute
    // limit: two clients on a quick engine (node:http on Node 26) passed business's within the test.
    service = await spawnService({
      ...folders.env,
      TIERS_FILE: unlimitedTiersFile(folders.root),
      LOG_LEVEL: 'info',
      RELOAD_INTERVAL_MS: '600000',
    });
    busy = await busyMachine(2);
  });
  after(async () => {
    await busy?.stop();
    if (service === undefined) return;
    service.proc.kill('SIGTERM');
    await service.exited;
  });

  /** The service's exit, if it ended, and the last lines it logged: what a failed search is read with. */
  function serviceState(): string {
    const { exitCode, signalCode } = service.proc;
    return `service exit ${exitCode ?? '-'} signal ${signalCode ?? '-'}; last log lines:\n${service.stderr().split('\n').slice(-15).join('\n')}`;
  }

  /** Keeps two clients searching until stopped; resolves with every status seen and the p99 of their times. */
  function traffic(): { stop(): Promise<number[]>; p99(): number } {
    let isRunning = true;
    const statuses: number[] = [];
    const times: number[] = [];
    const clients = Array.from({ length: 2 }, async (_, i) => {
      for (let n = 0; isRunning; n++) {
        const started = performance.now();
        try {
          statuses.push((await get(`${service.url}/v1/exercises?q=${['press', 'squat', 'row'][(n + i) % 3]}&limit=5`, key)).status);
        } catch {
          statuses.push(0); // no answer: the assertion says what became of the service
          return;
        }
        times.push(performance.now() - started);
      }
    });
    return {
      stop: async () => {
        isRunning = false;
        await Promise.all(clients);
        return statuses;
      },
      p99: () => [...times].sort((a, b) => a - b)[Math.floor(times.length * 0.99)] ?? 0,
    };
  }

  /** The p99 of the same searches for `ms` with no reload under way: what the reload's p99 is set beside. */
  async function quietP99(ms = 1500): Promise<number> {
    const flow = traffic();
    await new Promise((resolve) => setTimeout(resolve, ms));
    assert.deepEqual([...new Set(await flow.stop())], [200], serviceState());
    return flow.p99();
  }

  it('a new file is served once it appears, without waiting for the poll, with every search answered meanwhile', async (t) => {
    const baseP99 = await quietP99();
    const flow = traffic();
    const loaded = service.waitForLog((e) => e.message === 'catalog loaded' && e.dataVersion === '2026-11-29', 20_000);
    const appeared = publish(dataDir, '2026-11-29');
    const line = await loaded;
    const tookMs = Date.parse(String(line.time)) - appeared;
    const statuses = await flow.stop();
    t.diagnostic(
      `served ${tookMs} ms after the file appeared: ${JSON.stringify(line.ms)}; search p99 ${flow.p99().toFixed(1)} ms during, ${baseP99.toFixed(1)} ms without a reload`,
    );
    assert.deepEqual([...new Set(statuses)], [200], serviceState());
    // Built where no search waits behind it (issue 19: the search p99 unchanged during a reload).
    assert.equal(line.builtBy, 'reading process');
    assert.equal((await get(`${service.url}/v1/health`)).body.dataVersion, '2026-11-29');
  });

  it('a changed file is served on SIGHUP, with every search answered meanwhile', async (t) => {
    const baseP99 = await quietP99();
    const flow = traffic();
    const snapshot = JSON.parse(readFileSync(join(dataDir, '2026-11-29.json'), 'utf8')) as { lastUpdated: string };
    snapshot.lastUpdated = '2026-11-29T12:00:00.000Z';
    writeFileSync(join(dataDir, '2026-11-29.json'), JSON.stringify(snapshot));
    const loaded = service.waitForLog((e) => e.message === 'catalog loaded', 20_000, 3);
    const signalled = Date.now();
    service.proc.kill('SIGHUP');
    const line = await loaded;
    const tookMs = Date.parse(String(line.time)) - signalled;
    const statuses = await flow.stop();
    t.diagnostic(
      `served ${tookMs} ms after SIGHUP: ${JSON.stringify(line.ms)}; search p99 ${flow.p99().toFixed(1)} ms during, ${baseP99.toFixed(1)} ms without a reload`,
    );
    assert.deepEqual([...new Set(statuses)], [200], serviceState());
    assert.deepEqual([line.dataVersion, line.previous], ['2026-11-29', '2026-11-29'], 'the changed file replaced the live one');
    assert.equal(line.builtBy, 'reading process');
  });
});
