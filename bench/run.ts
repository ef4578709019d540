/**
 * `npm run bench`: the service's cost per request, as ratios to a bare uWebSockets.js server that
 * returns the same bytes, measured in the same run on the same box (research: performance-anchors.md
 * §0, §2, §9, §11). It starts the real service (`src/main.ts`) and `bench/baseline-server.ts` as child
 * processes, drives both with autocannon, reads each server's CPU time from /proc, also times the pure
 * query function in-process, prints a table and writes bench/results/latest.json.
 *
 *   npm run bench                       8 s per measured run
 *   BENCH_DURATION=20 npm run bench     longer runs, steadier figures
 *
 * Everything it writes goes to a scratch folder under os.tmpdir(), except bench/results/latest.json.
 * Exits 1 when a server fails to start or a scenario saw any non-2xx response or socket error.
 */
import autocannon from 'autocannon';
import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { buildCatalog, type Catalog } from '../src/catalog/catalog.ts';
import { listSnapshotFiles } from '../src/catalog/snapshot-files.ts';
import { checkSnapshot } from '../src/catalog/snapshot-schema.ts';
import { HttpError } from '../src/http/http-error.ts';
import { parseListParams } from '../src/http/list-params.ts';
import { createKey, EMPTY_STORE, writeKeyStore } from '../src/keys/key-store.ts';
import { DEFAULT_TIERS, loadTierTable } from '../src/limits/tiers.ts';
import { findPage, type PageQuery } from '../src/search/page-query.ts';
import { queryTerms, TIMED_OUT } from '../src/search/text-index.ts';

// ---------------------------------------------------------------------------------------------
// Settings
// ---------------------------------------------------------------------------------------------

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const DATA_DIR = join(ROOT, 'data');
const RESULTS_FILE = join(ROOT, 'bench/results/latest.json');
const CONNECTIONS = 50;
const WARMUP_SECONDS = 2;
/** The service's default SEARCH_BUDGET_MS, used as the deadline of in-process calls. */
const SEARCH_BUDGET_MS = 50;
const IN_PROCESS_CALLS = 3000;
const IN_PROCESS_WARMUP_CALLS = 300;
const CATALOG_BUILDS = 5;
const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 10_000;

/** A tier no benchmark can exhaust: the business tier's 2,000/min would turn most requests into 429s. */
const BENCH_TIER = { dailyRequests: 1_000_000_000, perMinute: 1_000_000_000, maxResults: 100, overage: true, safetyCapMultiple: 10 };

function readDurationSeconds(env: NodeJS.ProcessEnv): number {
  const raw = env.BENCH_DURATION ?? '8';
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds < 1) throw new Error(`BENCH_DURATION must be a number of seconds >= 1, got "${raw}"`);
  return seconds;
}

// ---------------------------------------------------------------------------------------------
// Scenarios
// ---------------------------------------------------------------------------------------------

type BaselineRoute = '/small' | '/page';

interface Scenario {
  id: string;
  title: string;
  /** What the scenario answers, for the report. */
  question: string;
  /** Service request paths; one is sent every time, several are cycled through. */
  paths: readonly string[];
  /** The baseline route whose body has the size of this scenario's responses. */
  baselineRoute: BaselineRoute;
}

const POINT_PATH = '/v1/exercises/Barbell_Bench_Press';
const PAGE_PATH = '/v1/exercises?limit=20';

/** Realistic searches, typos and prefixes included, as people type them into a search box. */
const TYPED_QUERIES = [
  'bench press', 'benchh pres', 'kettleb', 'romanian deadlift', 'pull up', 'push up', 'pushup', 'squat', 'front squat',
  'goblet squat', 'bulgarian split squat', 'hip thrust', 'glute bridge', 'lat pulldown', 'seated cable row', 'face pull',
  'overhead press', 'ohp', 'military press', 'arnold press', 'lateral raise', 'rear delt fly', 'bicep curl', 'hammer curl',
  'preacher curl', 'tricep extension', 'skull crusher', 'tricep dip', 'chest fly', 'cable crossover', 'incline bench',
  'decline bench press', 'dumbell row', 'deadlfit', 'sqaut', 'lunges', 'walking lunge', 'calf raise', 'leg press', 'leg curl',
  'leg extension', 'good morning', 'hyperextension', 'plank', 'side plank', 'crunch', 'russian twist', 'hanging leg raise',
  'ab wheel', 'mountain climber', 'burpee', 'box jump', 'kettlebell swing', 'turkish get up', 'clean and jerk', 'power clean',
  'snatch', 'farmers walk', 'shrug', 'upright row', 'hamstring stretch', 'hip flexor stretch', 'chin up', 'muscle up',
  'pec deck', 'smith machine squat', 'hack squat', 'sumo deadlift', 'trap bar deadlift', 'rack pull', 'pendlay row',
  't bar row', 'landmine press', 'zottman curl', 'cable kickback', 'donkey kick', 'band pull apart', 'reverse fly',
  'wrist curl', 'stiff leg deadlift', 'single leg rdl', 'pistol squat', 'nordic curl', 'handstand push up', 'pike push up',
  'diamond push up', 'close grip bench', 'floor press', 'spider curl', 'concentration curl', 'cable curl', 'rope pushdown',
  'overhead tricep', 'dumbbell pullover', 'glute ham raise', 'step up', 'sled push', 'jump rope', 'dead bug', 'bird dog',
  'superman', 'cat cow', 'pigeon stretch', 'wall sit', 'hip adduction', 'hip abduction', 'seated calf', 'kettlebel clean',
  'barbel curl', 'dumbel fly', 'tricep pushdwn', 'latt pulldown', 'shoulde press', 'hamstrng curl', 'abs', 'chest', 'back',
  'biceps', 'triceps', 'shoulders', 'quads', 'glutes', 'hamstrings', 'calves', 'forearms', 'lats', 'traps', 'lower back',
  'middle back', 'obliques', 'neck', 'cardio', 'stretching', 'plyometrics', 'powerlifting', 'olympic weightlifting',
  'strongman', 'bodyweight', 'medicine ball', 'exercise ball', 'foam roller', 'ez bar', 'kett', 'dumb', 'barb',
];
const MODIFIERS = [
  'incline', 'decline', 'seated', 'standing', 'lying', 'single arm', 'one leg', 'reverse grip', 'close grip', 'wide grip',
  'bent over', 'alternating', 'kneeling', 'split', 'sumo', 'front', 'overhead', 'hanging', 'weighted', 'isometric',
];
const EQUIPMENT_TERMS = ['barbell', 'dumbbell', 'cable', 'kettlebell', 'band', 'machine', 'smith machine', 'ez bar', 'bodyweight', 'medicine ball'];
const MOVEMENTS = [
  'press', 'curl', 'row', 'squat', 'deadlift', 'lunge', 'raise', 'fly', 'extension', 'pulldown', 'pullover', 'shrug', 'crunch',
  'twist', 'stretch', 'swing', 'snatch', 'clean', 'thrust', 'bridge', 'plank', 'dip', 'push up', 'pull up', 'kickback', 'step up',
  'good morning', 'calf raise', 'jump', 'hold',
];
const MUSCLE_TERMS = ['chest', 'shoulder', 'hamstring', 'quad', 'glute', 'bicep', 'tricep', 'lat', 'calf', 'ab', 'oblique', 'lower back', 'trap', 'forearm', 'hip', 'neck'];

/** A small seeded PRNG (mulberry32), so every run sends the same queries in the same order. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return function next(): number {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/**
 * At least `count` searches that are distinct after the service's own normalization (so each is a
 * separate ranking-cache key): the typed ones, then generated "modifier equipment movement" style phrases.
 */
function distinctQueries(count: number): string[] {
  const generated: string[] = [];
  for (const e of EQUIPMENT_TERMS) for (const m of MOVEMENTS) generated.push(`${e} ${m}`);
  for (const x of MODIFIERS) for (const m of MOVEMENTS) generated.push(`${x} ${m}`);
  for (const muscle of MUSCLE_TERMS) for (const m of MOVEMENTS) generated.push(`${muscle} ${m}`);
  for (const x of MODIFIERS) for (const e of EQUIPMENT_TERMS) for (const m of MOVEMENTS) generated.push(`${x} ${e} ${m}`);
  const random = seededRandom(20261121);
  const seen = new Set<string>();
  const queries: string[] = [];
  for (const query of [...TYPED_QUERIES, ...shuffled(generated, random)]) {
    const key = queryTerms(query).join(' ');
    if (seen.has(key)) continue;
    seen.add(key);
    queries.push(query);
    if (queries.length >= count) break;
  }
  return shuffled(queries, random);
}

function searchPath(query: string): string {
  return `/v1/exercises?q=${encodeURIComponent(query)}&limit=20`;
}

function buildScenarios(searchQueries: readonly string[], cacheCapacity: number): Scenario[] {
  return [
    {
      id: 'a',
      title: 'point lookup',
      question: 'GET /v1/exercises/:id: auth, metering and a precomputed body, against bare uWS with the same bytes.',
      paths: [POINT_PATH],
      baselineRoute: '/small',
    },
    {
      id: 'b',
      title: 'default list',
      question: 'GET /v1/exercises?limit=20 with no filter: the first 20 in default order, the page joined per request.',
      paths: [PAGE_PATH],
      baselineRoute: '/page',
    },
    {
      id: 'c',
      title: 'filtered list',
      question: 'Two facet filters ANDed over the bitsets, then a 20-item page.',
      paths: ['/v1/exercises?equipment=barbell&mechanic=compound&limit=20'],
      baselineRoute: '/page',
    },
    {
      id: 'd',
      title: 'search, repeated',
      question: 'The same text search every time: after the first request the ranking comes from the ranking cache.',
      paths: [searchPath('bench press')],
      baselineRoute: '/page',
    },
    {
      id: 'e',
      title: 'search, distinct',
      question:
        `A different search on every request, cycling through ${searchQueries.length} distinct queries ` +
        `(more than the ${cacheCapacity}-entry ranking cache, so a cyclic walk never hits it): the uncached MiniSearch cost.`,
      paths: searchQueries.map(searchPath),
      baselineRoute: '/page',
    },
  ];
}

/** The baseline path for a service path: the baseline route plus the same query string, so both get requests of the same size. */
function baselinePathFor(servicePath: string, route: BaselineRoute): string {
  const queryStart = servicePath.indexOf('?');
  return queryStart === -1 ? route : route + servicePath.slice(queryStart);
}

// ---------------------------------------------------------------------------------------------
// Scratch folder: tier table, key store, state
// ---------------------------------------------------------------------------------------------

interface Scratch {
  dir: string;
  tiersFile: string;
  keysFile: string;
  stateDir: string;
  apiKey: string;
}

/** A tier table with the four standard tiers plus `bench`, and a key store with one `bench` key, made by the project's own code. */
function prepareScratch(): Scratch {
  const dir = mkdtempSync(join(os.tmpdir(), 'exlib-bench-'));
  const tiersFile = join(dir, 'tiers.json');
  writeFileSync(tiersFile, `${JSON.stringify({ ...DEFAULT_TIERS, bench: BENCH_TIER }, null, 2)}\n`);
  const tiers = loadTierTable(tiersFile);
  if (!tiers.ok) throw new Error(`the bench tier table is invalid: ${tiers.problems.join('; ')}`);
  const keysFile = join(dir, 'keys.json');
  const issued = createKey(EMPTY_STORE, 'bench', 'benchmark', new Date());
  writeKeyStore(keysFile, issued.store);
  const stateDir = join(dir, 'state');
  mkdirSync(stateDir, { recursive: true });
  return { dir, tiersFile, keysFile, stateDir, apiKey: issued.key };
}

// ---------------------------------------------------------------------------------------------
// Child processes: start, wait for a log line, stop by PID
// ---------------------------------------------------------------------------------------------

type LogEntry = Record<string, unknown>;

interface ChildServer {
  name: string;
  proc: ChildProcess;
  pid: number;
  port: number;
  url: string;
  waitForLog(message: string, timeoutMs: number): Promise<LogEntry>;
  stderrTail(): string;
  exited: Promise<number | null>;
}

/** Every child started and not yet known to have exited; killed on any way out of this process. */
const liveChildren = new Set<ChildProcess>();

function isRunning(proc: ChildProcess): boolean {
  return proc.exitCode === null && proc.signalCode === null;
}

function killLiveChildren(): void {
  for (const proc of liveChildren) {
    if (isRunning(proc) && proc.pid !== undefined) {
      try {
        process.kill(proc.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
  }
}

process.on('exit', killLiveChildren);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    process.stderr.write(`\nbench: ${signal}, stopping the servers\n`);
    killLiveChildren();
    process.exit(130);
  });
}

/** Starts `node --import tsx <script> ...args`, collects its JSON log lines and resolves once it logs `listening`. */
async function startChild(name: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<ChildServer> {
  const proc = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  liveChildren.add(proc);
  const exited = new Promise<number | null>((resolve) => {
    proc.on('exit', (code) => {
      liveChildren.delete(proc);
      resolve(code);
    });
  });
  let stderr = '';
  let partial = '';
  const seen: LogEntry[] = [];
  const waiters: { message: string; resolve: (entry: LogEntry) => void }[] = [];
  proc.stdout!.resume(); // the service prints nothing there when the key store exists; drain it anyway
  proc.stderr!.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    stderr = (stderr + text).slice(-20_000);
    partial += text;
    const lines = partial.split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      let entry: LogEntry;
      try {
        entry = JSON.parse(line) as LogEntry;
      } catch {
        continue;
      }
      seen.push(entry);
      for (const waiter of waiters.filter((w) => w.message === entry.message)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(entry);
      }
    }
  });
  const waitForLog = (message: string, timeoutMs: number): Promise<LogEntry> => {
    const already = seen.find((entry) => entry.message === message);
    if (already !== undefined) return Promise.resolve(already);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${name}: no "${message}" log line within ${timeoutMs} ms; stderr:\n${stderr}`)), timeoutMs);
      waiters.push({ message, resolve: (entry) => (clearTimeout(timer), resolve(entry)) });
      void exited.then((code) => {
        clearTimeout(timer);
        reject(new Error(`${name} exited (code ${code}) before logging "${message}"; stderr:\n${stderr}`));
      });
    });
  };
  const listening = await waitForLog('listening', START_TIMEOUT_MS);
  const port = Number(listening.port);
  return { name, proc, pid: proc.pid!, port, url: `http://127.0.0.1:${port}`, waitForLog, stderrTail: () => stderr, exited };
}

/** SIGTERM by PID, then SIGKILL if it has not exited within STOP_TIMEOUT_MS. Resolves with the exit code. */
async function stopChild(child: ChildServer): Promise<number | null> {
  if (!isRunning(child.proc)) return child.proc.exitCode;
  process.kill(child.pid, 'SIGTERM');
  const timedOut = Symbol('timed out');
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([child.exited, new Promise<typeof timedOut>((resolve) => (timer = setTimeout(() => resolve(timedOut), STOP_TIMEOUT_MS)))]);
  clearTimeout(timer);
  if (outcome !== timedOut) return outcome;
  process.stderr.write(`bench: ${child.name} (pid ${child.pid}) ignored SIGTERM for ${STOP_TIMEOUT_MS} ms; sending SIGKILL\n`);
  process.kill(child.pid, 'SIGKILL');
  return child.exited;
}

// ---------------------------------------------------------------------------------------------
// /proc readings
// ---------------------------------------------------------------------------------------------

const CLOCK_TICKS_PER_SECOND = Number(execSync('getconf CLK_TCK').toString().trim());

/** utime + stime of every thread of `pid`, in clock ticks (fields 14 and 15 of /proc/<pid>/stat). */
function readCpuTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Field 2 (comm) is in parentheses and may contain spaces: count fields from the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const field = (n: number) => Number(fields[n - 3]);
  return field(14) + field(15);
}

function readRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
  if (match === null) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(match[1]) / 1024;
}

// ---------------------------------------------------------------------------------------------
// Load runs
// ---------------------------------------------------------------------------------------------

/** One measured autocannon run against one server. */
interface LoadFigures {
  target: 'service' | 'baseline';
  path: string;
  requestsPerSecond: number;
  totalRequests: number;
  /** autocannon's latency histogram holds whole milliseconds: 0 means under 1 ms. */
  p50Ms: number;
  p99Ms: number;
  /** Little's law, connections / (req/s): a sub-millisecond mean the integer histogram cannot give. */
  littleMeanMs: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  serverCpuMicrosPerRequest: number;
  /** Server CPU time over wall time; 100 means one core. */
  serverCpuPercent: number;
  /** This process's (autocannon's) CPU over wall time. */
  clientCpuPercent: number;
  /** Response bytes (headers included) per response. */
  bytesPerResponse: number;
}

/** A request generator: one fixed path, or a shared cursor cycling through several paths across all connections. */
function requestOptions(url: string, apiKey: string, paths: readonly string[], seconds: number, cursor: { next: number }): autocannon.Options {
  const base: autocannon.Options = { url: url + paths[0]!, connections: CONNECTIONS, duration: seconds, headers: { 'x-api-key': apiKey } };
  if (paths.length === 1) return base;
  return {
    ...base,
    requests: [
      {
        setupRequest(request) {
          request.path = paths[cursor.next++ % paths.length]!;
          return request;
        },
      },
    ],
  };
}

async function measureLoad(target: LoadFigures['target'], server: ChildServer, apiKey: string, paths: readonly string[], seconds: number): Promise<LoadFigures> {
  const cursor = { next: 0 };
  const warmup = await autocannon(requestOptions(server.url, apiKey, paths, WARMUP_SECONDS, cursor));
  if (warmup.non2xx > 0) process.stderr.write(`bench: warning: ${warmup.non2xx} non-2xx responses during the ${target} warm-up\n`);

  const ticksBefore = readCpuTicks(server.pid);
  const clientBefore = process.cpuUsage();
  const wallBefore = performance.now();
  const result = await autocannon(requestOptions(server.url, apiKey, paths, seconds, cursor));
  const wallSeconds = (performance.now() - wallBefore) / 1000;
  const client = process.cpuUsage(clientBefore);
  const serverCpuSeconds = (readCpuTicks(server.pid) - ticksBefore) / CLOCK_TICKS_PER_SECOND;

  const totalRequests = result.requests.total;
  return {
    target,
    path: paths.length === 1 ? paths[0]! : `${paths.length} paths, cycled (first: ${paths[0]})`,
    requestsPerSecond: result.requests.average,
    totalRequests,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    littleMeanMs: result.requests.average > 0 ? (CONNECTIONS / result.requests.average) * 1000 : Number.NaN,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    serverCpuMicrosPerRequest: totalRequests > 0 ? (serverCpuSeconds * 1e6) / totalRequests : Number.NaN,
    serverCpuPercent: (serverCpuSeconds / wallSeconds) * 100,
    clientCpuPercent: ((client.user + client.system) / 1e6 / wallSeconds) * 100,
    bytesPerResponse: totalRequests > 0 ? result.throughput.total / totalRequests : Number.NaN,
  };
}

interface ScenarioResult {
  id: string;
  title: string;
  question: string;
  service: LoadFigures;
  baseline: LoadFigures;
  ratios: {
    /** service req/s / baseline req/s. Capped by autocannon near 1.0 for cheap routes. */
    throughput: number;
    /** baseline CPU µs/req / service CPU µs/req: the share of bare-uWS efficiency the service keeps. */
    cpuEfficiency: number;
  };
}

async function runScenario(scenario: Scenario, service: ChildServer, baseline: ChildServer, apiKey: string, seconds: number): Promise<ScenarioResult> {
  process.stderr.write(`bench: ${scenario.id}. ${scenario.title}: service, then baseline ${scenario.baselineRoute} (${WARMUP_SECONDS} s + ${seconds} s each)\n`);
  const serviceFigures = await measureLoad('service', service, apiKey, scenario.paths, seconds);
  const baselinePaths = scenario.paths.map((path) => baselinePathFor(path, scenario.baselineRoute));
  const baselineFigures = await measureLoad('baseline', baseline, apiKey, baselinePaths, seconds);
  return {
    id: scenario.id,
    title: scenario.title,
    question: scenario.question,
    service: serviceFigures,
    baseline: baselineFigures,
    ratios: {
      throughput: serviceFigures.requestsPerSecond / baselineFigures.requestsPerSecond,
      cpuEfficiency: baselineFigures.serverCpuMicrosPerRequest / serviceFigures.serverCpuMicrosPerRequest,
    },
  };
}

function problemsOf(result: ScenarioResult): string[] {
  const problems: string[] = [];
  for (const figures of [result.service, result.baseline]) {
    const where = `${result.id}. ${result.title} (${figures.target})`;
    if (figures.non2xx > 0) problems.push(`${where}: ${figures.non2xx} non-2xx responses`);
    if (figures.errors > 0) problems.push(`${where}: ${figures.errors} socket errors (${figures.timeouts} timeouts)`);
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Service checks over HTTP (once, before any load)
// ---------------------------------------------------------------------------------------------

async function fetchBody(url: string, apiKey: string): Promise<Buffer> {
  const response = await fetch(url, { headers: { 'X-API-Key': apiKey } });
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}: ${body.toString('utf8').slice(0, 500)}`);
  return body;
}

/** Every scenario's first path must answer 200 before any load is sent (a 4xx here would make the whole run meaningless). */
async function checkScenarioPaths(scenarios: readonly Scenario[], service: ChildServer, apiKey: string): Promise<void> {
  for (const scenario of scenarios) await fetchBody(service.url + scenario.paths[0]!, apiKey);
}

// ---------------------------------------------------------------------------------------------
// In-process figures: catalog build and the pure query function
// ---------------------------------------------------------------------------------------------

interface CatalogBuildFigures {
  file: string;
  exercises: number;
  /** The first build in this process (cold JIT), then the median of the following ones. */
  firstMs: { parse: number; check: number; build: number; total: number };
  medianMs: { parse: number; check: number; build: number; total: number };
  builds: number;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** parse (JSON.parse of the file) + check (checkSnapshot) + buildCatalog, timed separately. */
function buildCatalogTimed(file: string): { catalog: Catalog; parse: number; check: number; build: number; total: number } {
  const name = file.split('/').pop()!;
  const t0 = performance.now();
  const raw: unknown = JSON.parse(readFileSync(file, 'utf8'));
  const t1 = performance.now();
  const checked = checkSnapshot(raw, name.slice(0, 10));
  if (!checked.ok) throw new Error(`${file} fails the snapshot check: ${checked.problems.slice(0, 5).join('; ')}`);
  const t2 = performance.now();
  const catalog = buildCatalog(checked.snapshot, name);
  const t3 = performance.now();
  return { catalog, parse: t1 - t0, check: t2 - t1, build: t3 - t2, total: t3 - t0 };
}

function measureCatalogBuild(): { catalog: Catalog; figures: CatalogBuildFigures } {
  const newest = listSnapshotFiles(DATA_DIR)[0];
  if (newest === undefined) throw new Error(`no snapshot file in ${DATA_DIR}`);
  const file = join(DATA_DIR, newest);
  const runs = Array.from({ length: CATALOG_BUILDS }, () => buildCatalogTimed(file));
  const [first, ...rest] = runs as [ReturnType<typeof buildCatalogTimed>, ...ReturnType<typeof buildCatalogTimed>[]];
  const pick = (key: 'parse' | 'check' | 'build' | 'total') => median(rest.map((run) => run[key]));
  return {
    catalog: runs[runs.length - 1]!.catalog,
    figures: {
      file: newest,
      exercises: first.catalog.exercises.length,
      firstMs: { parse: first.parse, check: first.check, build: first.build, total: first.total },
      medianMs: { parse: pick('parse'), check: pick('check'), build: pick('build'), total: pick('total') },
      builds: CATALOG_BUILDS,
    },
  };
}

interface QueryCostFigures {
  scenario: string;
  description: string;
  calls: number;
  meanMicros: number;
  medianMicros: number;
  p99Micros: number;
  timedOut: number;
}

/** The PageQuery the HTTP layer would hand to findPage for `path` (the bench tier's maxResults of 100 clamps nothing here). */
function pageQueryOf(path: string): PageQuery {
  const params = parseListParams(path.slice(path.indexOf('?') + 1));
  if (params instanceof HttpError) throw new Error(`${path}: ${params.message}`);
  return params;
}

/**
 * Times `findPage` over IN_PROCESS_CALLS calls (after a warm-up), cycling through `paths`.
 * With `isUncached`, the ranking cache is cleared before each call, outside the timed span.
 */
function measureQueryCost(catalog: Catalog, scenario: string, description: string, paths: readonly string[], isUncached: boolean): QueryCostFigures {
  const queries = paths.map(pageQueryOf);
  const now = () => performance.now();
  const samples = new Float64Array(IN_PROCESS_CALLS);
  let timedOut = 0;
  const call = (i: number): void => {
    if (isUncached) catalog.rankings.clear();
    const start = process.hrtime.bigint();
    const page = findPage(catalog, queries[i % queries.length]!, { deadline: now() + SEARCH_BUDGET_MS, now, random: Math.random });
    const elapsed = process.hrtime.bigint() - start;
    if (page === TIMED_OUT) timedOut += 1;
    samples[i] = Number(elapsed) / 1000;
  };
  for (let i = 0; i < IN_PROCESS_WARMUP_CALLS; i++) call(i % IN_PROCESS_CALLS);
  timedOut = 0;
  for (let i = 0; i < IN_PROCESS_CALLS; i++) call(i);
  samples.sort();
  return {
    scenario,
    description,
    calls: IN_PROCESS_CALLS,
    meanMicros: samples.reduce((sum, value) => sum + value, 0) / IN_PROCESS_CALLS,
    medianMicros: samples[Math.floor(IN_PROCESS_CALLS / 2)]!,
    p99Micros: samples[Math.ceil(IN_PROCESS_CALLS * 0.99) - 1]!,
    timedOut,
  };
}

function measureQueryCosts(catalog: Catalog, scenarios: readonly Scenario[]): QueryCostFigures[] {
  const pathsOf = (id: string) => scenarios.find((s) => s.id === id)!.paths;
  const figures = [
    measureQueryCost(catalog, 'c', 'filtered list (2 facets), no ranking', pathsOf('c'), false),
    measureQueryCost(catalog, 'd', 'search "bench press", ranking cache cleared before each call', pathsOf('d'), true),
    measureQueryCost(catalog, 'd (cached)', 'search "bench press", ranking served from the cache', pathsOf('d'), false),
    measureQueryCost(catalog, 'e', 'distinct searches, ranking cache cleared before each call', pathsOf('e'), true),
  ];
  catalog.rankings.clear();
  return figures;
}

// ---------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------

function formatNumber(value: number, digits = 0): string {
  if (!Number.isFinite(value)) return 'n/a';
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: readonly string[]) => cells.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

function loadRow(label: string, f: LoadFigures): string[] {
  return [
    label,
    f.target,
    formatNumber(f.requestsPerSecond),
    formatNumber(f.p50Ms),
    formatNumber(f.p99Ms),
    formatNumber(f.littleMeanMs, 2),
    formatNumber(f.non2xx + f.errors),
    formatNumber(f.serverCpuMicrosPerRequest, 1),
    formatNumber(f.serverCpuPercent),
    formatNumber(f.clientCpuPercent),
    formatNumber(f.bytesPerResponse),
  ];
}

function routeOf(baseline: LoadFigures): BaselineRoute {
  return baseline.path.startsWith('/small') ? '/small' : '/page';
}

interface Report {
  timestamp: string;
  node: string;
  autocannon: string;
  machine: { cpus: number; model: string; totalMemoryMb: number; platform: string; release: string };
  settings: { durationSeconds: number; warmupSeconds: number; connections: number; clockTicksPerSecond: number };
  /** Scenario e's query list: its size against the ranking cache's capacity, and its first entries. */
  distinctSearches: { count: number; rankingCacheCapacity: number; first: string[] };
  scenarios: ScenarioResult[];
  service: { rssAfterLoadMb: number; rssAfterBenchMb: number };
  inProcess: { catalogBuild: CatalogBuildFigures; findPage: QueryCostFigures[] };
  problems: string[];
  ok: boolean;
}

function printReport(report: Report): void {
  const { scenarios, inProcess, service } = report;
  const out: string[] = [];
  out.push('');
  out.push(`Benchmark: ${report.settings.connections} connections, ${report.settings.durationSeconds} s per measured run after a ${report.settings.warmupSeconds} s warm-up; ` +
    `${report.machine.cpus} x ${report.machine.model}; node ${report.node}; autocannon ${report.autocannon} (in this process, one thread)`);
  out.push('');
  out.push(table(
    ['scenario', 'target', 'req/s', 'p50 ms', 'p99 ms', 'c/rps ms', 'non-2xx', 'CPU µs/req', 'server CPU %', 'client CPU %', 'B/resp'],
    scenarios.flatMap((s) => [loadRow(`${s.id}. ${s.title}`, s.service), loadRow(`   bare uWS ${routeOf(s.baseline)}`, s.baseline)]),
  ));
  out.push('p50/p99: autocannon\'s histogram holds whole milliseconds (0 = under 1 ms); c/rps is the Little\'s-law mean latency.');
  out.push('CPU µs/req: the server process\'s utime+stime (all threads, /proc/<pid>/stat) over the measured run, per request.');
  out.push('');
  out.push(table(
    ['scenario', 'baseline', 'req/s ratio', 'CPU efficiency ratio'],
    scenarios.map((s) => [`${s.id}. ${s.title}`, routeOf(s.baseline), formatNumber(s.ratios.throughput, 2), formatNumber(s.ratios.cpuEfficiency, 2)]),
  ));
  out.push('req/s ratio = service / baseline (autocannon caps both near its own limit on cheap routes);');
  out.push('CPU efficiency ratio = baseline µs/req / service µs/req (1.0 = as cheap as bare uWS with the same bytes). Watch this one.');
  out.push('');
  out.push(table(
    ['in-process findPage', 'case', 'mean µs', 'median µs', 'p99 µs', 'calls'],
    inProcess.findPage.map((q) => [q.scenario, q.description, formatNumber(q.meanMicros, 1), formatNumber(q.medianMicros, 1), formatNumber(q.p99Micros, 1), formatNumber(q.calls)]),
  ));
  const build = inProcess.catalogBuild;
  out.push('');
  out.push(`Catalog build (${build.file}, ${build.exercises} exercises): first ${formatNumber(build.firstMs.total, 1)} ms ` +
    `(parse ${formatNumber(build.firstMs.parse, 1)} + check ${formatNumber(build.firstMs.check, 1)} + buildCatalog ${formatNumber(build.firstMs.build, 1)}), ` +
    `median of the next ${build.builds - 1}: ${formatNumber(build.medianMs.total, 1)} ms ` +
    `(parse ${formatNumber(build.medianMs.parse, 1)} + check ${formatNumber(build.medianMs.check, 1)} + buildCatalog ${formatNumber(build.medianMs.build, 1)})`);
  out.push(`Service RSS: ${formatNumber(service.rssAfterLoadMb, 1)} MB after the catalog loaded, ${formatNumber(service.rssAfterBenchMb, 1)} MB after the load runs`);
  out.push('');
  process.stdout.write(`${out.join('\n')}\n`);
  if (report.problems.length > 0) {
    const bar = '!'.repeat(78);
    process.stdout.write(`${bar}\n!!! BENCHMARK INVALID: requests failed\n${report.problems.map((p) => `!!!   ${p}`).join('\n')}\n${bar}\n`);
  }
}

function writeReport(report: Report): void {
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`);
  process.stdout.write(`Wrote ${RESULTS_FILE}\n`);
}

function autocannonVersion(): string {
  const file = join(ROOT, 'node_modules/autocannon/package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const seconds = readDurationSeconds(process.env);
  const scratch = prepareScratch();
  const servers: ChildServer[] = [];
  try {
    process.stderr.write('bench: in-process figures (catalog build, findPage)\n');
    const { catalog, figures: catalogBuild } = measureCatalogBuild();
    const cacheCapacity = catalog.rankings.max;
    const searchQueries = distinctQueries(Math.max(200, Math.ceil(cacheCapacity * 2.5)));
    const scenarios = buildScenarios(searchQueries, cacheCapacity);
    const findPageFigures = measureQueryCosts(catalog, scenarios);

    process.stderr.write('bench: starting the service\n');
    const service = await startChild('service', [join(ROOT, 'src/main.ts')], {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DATA_DIR,
      KEYS_FILE: scratch.keysFile,
      STATE_DIR: scratch.stateDir,
      TIERS_FILE: scratch.tiersFile,
    });
    servers.push(service);
    await service.waitForLog('catalog loaded', START_TIMEOUT_MS);
    const rssAfterLoadMb = readRssMb(service.pid);

    const smallFile = join(scratch.dir, 'small.json');
    const pageFile = join(scratch.dir, 'page.json');
    const small = await fetchBody(service.url + POINT_PATH, scratch.apiKey);
    const page = await fetchBody(service.url + PAGE_PATH, scratch.apiKey);
    writeFileSync(smallFile, small);
    writeFileSync(pageFile, page);
    await checkScenarioPaths(scenarios, service, scratch.apiKey);

    process.stderr.write('bench: starting the bare uWS baseline\n');
    const baseline = await startChild('baseline', [join(ROOT, 'bench/baseline-server.ts'), smallFile, pageFile], { ...process.env });
    servers.push(baseline);
    if (!(await fetchBody(`${baseline.url}/small`, '')).equals(small) || !(await fetchBody(`${baseline.url}/page`, '')).equals(page)) {
      throw new Error('the baseline does not return the bytes the service returned');
    }

    const results: ScenarioResult[] = [];
    for (const scenario of scenarios) results.push(await runScenario(scenario, service, baseline, scratch.apiKey, seconds));
    const rssAfterBenchMb = readRssMb(service.pid);

    const problems = results.flatMap(problemsOf);
    const cpus = os.cpus();
    const report: Report = {
      timestamp: new Date().toISOString(),
      node: process.version,
      autocannon: autocannonVersion(),
      machine: { cpus: cpus.length, model: cpus[0]?.model ?? 'unknown', totalMemoryMb: Math.round(os.totalmem() / 2 ** 20), platform: os.platform(), release: os.release() },
      settings: { durationSeconds: seconds, warmupSeconds: WARMUP_SECONDS, connections: CONNECTIONS, clockTicksPerSecond: CLOCK_TICKS_PER_SECOND },
      distinctSearches: { count: searchQueries.length, rankingCacheCapacity: cacheCapacity, first: searchQueries.slice(0, 20) },
      scenarios: results,
      service: { rssAfterLoadMb, rssAfterBenchMb },
      inProcess: { catalogBuild, findPage: findPageFigures },
      problems,
      ok: problems.length === 0,
    };
    printReport(report);
    writeReport(report);
    return report.ok ? 0 : 1;
  } finally {
    for (const server of servers.reverse()) {
      const code = await stopChild(server);
      if (server.name === 'service' && code !== 0) process.stderr.write(`bench: warning: the service exited with code ${code}; stderr tail:\n${server.stderrTail().slice(-2000)}\n`);
    }
    rmSync(scratch.dir, { recursive: true, force: true });
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`bench: failed: ${(error as Error)?.stack ?? String(error)}\n`);
    killLiveChildren();
    process.exitCode = 1;
  },
);
