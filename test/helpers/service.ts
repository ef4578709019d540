/**
 * Test helpers: the fixture snapshot, an in-process server on port 0 built from the real components
 * (with a movable clock), and a real `src/main.ts` child process for signal and restart tests.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildCatalog, type Catalog } from '../../src/catalog/catalog.ts';
import { runKeysCli } from '../../src/cli/keys.ts';
import { readSnapshotFile } from '../../src/catalog/snapshot-files.ts';
import type { Snapshot } from '../../src/catalog/snapshot-schema.ts';
import { type ApiDeps, createApi } from '../../src/http/api.ts';
import { type EngineChoice, startServer } from '../../src/http/engines/engine.ts';
import type { Server } from '../../src/http/engines/server.ts';
import { createKey, EMPTY_STORE, indexByHash, type KeyStore } from '../../src/keys/key-store.ts';
import { loadTierTable, type TierTable } from '../../src/limits/tiers.ts';
import { MemoryUsageStore, type UsageStore } from '../../src/limits/usage-store.ts';
import { createLogger } from '../../src/log.ts';
import { formatProblems } from '../../src/problems.ts';
import { buildSearchIndexNow, type SearchIndex } from '../../src/search/search-index.ts';
import { onJsonLines } from './json-lines.ts';
import { openApiProblems } from './openapi-check.ts';

export const ROOT = new URL('../../', import.meta.url).pathname;
export const FIXTURE_DIR = join(ROOT, 'test/fixtures/snapshots');
export const FIXTURE_FILE = join(FIXTURE_DIR, '2026-01-15.json');

export function fixtureSnapshot(): Snapshot {
  const result = readSnapshotFile(FIXTURE_FILE);
  if (!result.ok) throw new Error(`fixture is invalid: ${formatProblems(result.problems).join('; ')}`);
  return result.value;
}

export function fixtureCatalog(): Catalog {
  return buildCatalog(fixtureSnapshot(), '2026-01-15.json');
}

export function defaultTiers(): TierTable {
  const result = loadTierTable(undefined);
  if (!result.ok) throw new Error(formatProblems(result.problems).join('; '));
  return result.value;
}

export function tempDir(prefix = 'exlib-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** Folders for a real service process: DATA_DIR holding the fixture snapshot, and where keys and state go. */
export function serviceFolders(prefix = 'exlib-proc-'): {
  root: string;
  dataDir: string;
  env: { DATA_DIR: string; KEYS_FILE: string; STATE_DIR: string };
} {
  const root = tempDir(prefix);
  const dataDir = join(root, 'data');
  mkdirSync(dataDir);
  copyFileSync(FIXTURE_FILE, join(dataDir, '2026-01-15.json'));
  return { root, dataDir, env: { DATA_DIR: dataDir, KEYS_FILE: join(root, 'var/keys.json'), STATE_DIR: join(root, 'var/state') } };
}

/** A tier table whose one tier no test can exhaust, so load tests measure serving, not 429s. */
export function unlimitedTiersFile(root: string): string {
  const file = join(root, 'tiers.json');
  writeFileSync(file, JSON.stringify({ business: { dailyRequests: 1_000_000, perMinute: 1_000_000, maxResults: 100, overage: true } }));
  return file;
}

/** Issues a key through the real keys CLI, as an operator would, against the files `env` names. */
export async function issueKey(env: Record<string, string>, tier: string): Promise<{ id: string; key: string }> {
  let printed = '';
  const code = await runKeysCli(
    ['create', '--tier', tier, '--json'],
    { ...process.env, ...env },
    (t) => (printed = t),
    (t) => (printed = t),
  );
  if (code !== 0) throw new Error(`keys create failed: ${printed}`);
  return JSON.parse(printed) as { id: string; key: string };
}

/** A clock tests move by hand. Starts at 2026-11-21T12:00:00.000Z unless told otherwise. */
export class TestClock {
  ms: number;
  constructor(iso = '2026-11-21T12:00:00.000Z') {
    this.ms = Date.parse(iso);
  }
  now = (): number => this.ms;
  set(iso: string): void {
    this.ms = Date.parse(iso);
  }
  advance(ms: number): void {
    this.ms += ms;
  }
}

/** The engine the over-the-wire suites run against: CI runs them once per engine (ENGINE=uws, ENGINE=node). */
export const TEST_ENGINE = (process.env.ENGINE ?? 'auto') as EngineChoice;

export interface TestServer {
  url: string;
  engine: 'uws' | 'node';
  /** The uWebSockets.js build (`20.57.0`, `uws-pack@20.0.8`) or `node:http`. */
  build: string;
  /** One key per tier of the built-in table: free, starter, pro, business. */
  keys: Record<string, string>;
  keyIds: Record<string, string>;
  clock: TestClock;
  usage: UsageStore;
  deps: ApiDeps;
  setCatalog(catalog: Catalog | undefined): void;
  setKeyStore(store: KeyStore): void;
  store: KeyStore;
  close(): Promise<void>;
}

export async function startTestServer(overrides: Partial<ApiDeps> = {}): Promise<TestServer> {
  let catalog: Catalog | undefined = fixtureCatalog();
  let search: SearchIndex | undefined = buildSearchIndexNow(catalog);
  const tiers = overrides.tiers ?? defaultTiers();
  let store: KeyStore = EMPTY_STORE;
  const keys: Record<string, string> = {};
  const keyIds: Record<string, string> = {};
  for (const tier of tiers.keys()) {
    const issued = createKey(store, tier, `${tier} test key`, new Date());
    store = issued.store;
    keys[tier] = issued.key;
    keyIds[tier] = issued.record.id;
  }
  let byHash = indexByHash(store);
  const clock = new TestClock();
  const deps: ApiDeps = {
    catalog: () => catalog,
    search: () => search,
    keysByHash: () => byHash,
    tiers,
    usage: new MemoryUsageStore(),
    docsUrlBase: () => 'https://docs.example.test',
    upgradeUrl: 'https://example.test/upgrade',
    searchBudgetMs: 1000,
    version: '1.0.0',
    now: clock.now,
    monotonic: () => performance.now(),
    random: Math.random,
    logger: createLogger('silent'),
    ...overrides,
  };
  const api = createApi(deps);
  const server: Server = await startServer(TEST_ENGINE, {
    host: '127.0.0.1',
    port: 0,
    isPortExclusive: true,
    handle: api.handle,
    malformed: api.malformed,
    logger: deps.logger,
  });
  const result: TestServer = {
    url: `http://127.0.0.1:${server.port}`,
    engine: server.engine,
    build: server.build,
    keys,
    keyIds,
    clock,
    usage: deps.usage,
    deps,
    store,
    setCatalog(next) {
      catalog = next;
      search = next === undefined ? undefined : buildSearchIndexNow(next);
    },
    setKeyStore(next) {
      result.store = next;
      byHash = indexByHash(next);
    },
    close: () => server.close(),
  };
  return result;
}

/**
 * GET with an optional key; returns status, headers and the parsed JSON body. Every response is
 * checked against the service's OpenAPI document first, so the document cannot drift from the wire.
 */
export async function get(url: string, key?: string, init: RequestInit = {}): Promise<{ status: number; headers: Headers; body: any }> {
  const headers = new Headers(init.headers);
  if (key !== undefined) headers.set('X-API-Key', key);
  const response = await fetch(url, { ...init, headers });
  const text = await response.text();
  const problems = openApiProblems({ method: init.method ?? 'GET', url, status: response.status, headers: response.headers, text });
  if (problems.length > 0) throw new Error(`the response departs from the OpenAPI document:\n${problems.join('\n')}`);
  let body: unknown = text;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    /* not JSON: the test sees the raw text */
  }
  return { status: response.status, headers: response.headers, body };
}

export interface ChildService {
  proc: ChildProcess;
  url: string;
  stdout: () => string;
  stderr: () => string;
  /** Resolves when the `occurrence`-th stderr log line satisfying `test` appears; rejects after `timeoutMs`. */
  waitForLog(test: (entry: Record<string, unknown>) => boolean, timeoutMs?: number, occurrence?: number): Promise<Record<string, unknown>>;
  /** Resolves with the exit code (or signal) once the process ends. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /**
   * SIGTERM, and the exit within `graceMs`; a process still running then is killed and the call
   * rejects with its log: a server that does not stop on SIGTERM is a fault, not a test to wait out.
   */
  stop(graceMs?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * How long a started service may take to listen and load its catalog. It takes 1-2 s; the load suites
 * start instances while two CPU-bound processes spin, and on a box busy beyond that a start took over
 * 15 s. A service that exits instead is reported at once.
 */
export const START_TIMEOUT_MS = 60_000;

/** Starts `src/main.ts` as a real process on a free port and waits until it listens. */
export async function spawnService(env: Record<string, string>, startTimeoutMs = START_TIMEOUT_MS): Promise<ChildService> {
  const proc = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src/main.ts')], {
    cwd: ROOT,
    // No background renderer unless a test asks for one: it would render the whole catalog's media.
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'debug', MEDIA_RENDER: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  const waiters: { test: (e: Record<string, unknown>) => boolean; remaining: number; resolve: (e: Record<string, unknown>) => void }[] = [];
  const seen: Record<string, unknown>[] = [];
  proc.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  proc.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  onJsonLines(proc.stderr!, (entry) => {
    seen.push(entry);
    for (const waiter of [...waiters]) {
      if (waiter.test(entry) && --waiter.remaining === 0) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(entry);
      }
    }
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const waitForLog = (test: (e: Record<string, unknown>) => boolean, timeoutMs = 15_000, occurrence = 1) => {
    const already = seen.filter(test);
    if (already.length >= occurrence) return Promise.resolve(already[occurrence - 1]!);
    return new Promise<Record<string, unknown>>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching log line within ${timeoutMs} ms; stderr:\n${err}`)), timeoutMs);
      waiters.push({
        test,
        remaining: occurrence - already.length,
        resolve: (e) => {
          clearTimeout(timer);
          resolve(e);
        },
      });
      void exited.then(() => {
        clearTimeout(timer);
        reject(new Error(`process exited before the log line appeared; stderr:\n${err}`));
      });
    });
  };
  let listening: Record<string, unknown>;
  try {
    listening = await waitForLog((e) => e.message === 'listening', startTimeoutMs);
    // The catalog loads after listening (off the event loop); tests that bring one wait until it serves.
    const dataDir = env.DATA_DIR;
    if (dataDir !== undefined && readdirSync(dataDir).some((name) => name.endsWith('.json'))) {
      await waitForLog(
        (e) => e.message === 'catalog loaded' || e.message === 'snapshot refused; the live catalog keeps serving',
        startTimeoutMs,
      );
    }
  } catch (error) {
    // A service that did not come up is stopped: left running, its pipes would keep the test file's
    // process alive after the test failed, until the runner's deadline.
    proc.kill('SIGKILL');
    await exited;
    throw error;
  }
  const stop = async (graceMs = 20_000) => {
    proc.kill('SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), graceMs)));
    const result = await Promise.race([exited, late]).finally(() => clearTimeout(timer));
    if (result !== 'late') return result;
    proc.kill('SIGKILL');
    await exited;
    throw new Error(`still running ${graceMs} ms after SIGTERM; killed. stderr:\n${err.slice(-4000)}`);
  };
  return { proc, url: `http://127.0.0.1:${String(listening.port)}`, stdout: () => out, stderr: () => err, waitForLog, exited, stop };
}

/** Runs `src/main.ts` with `env` until it exits by itself (a refused start); returns its exit code and output. */
export function runToExit(
  env: Record<string, string>,
  timeoutMs = 15_000,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src/main.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', MEDIA_RENDER: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  proc.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  proc.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error(`still running after ${timeoutMs} ms; stderr:\n${stderr}`));
    }, timeoutMs);
    proc.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Polls `probe` until it returns a value other than undefined; for state with no event to wait on. */
export async function eventually<T>(probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 5000, everyMs = 25): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
