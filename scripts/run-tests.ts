/**
 * Runs the test suite: every `*.test.ts` under test/ at any depth (Node 20's runner takes no globs),
 * then the over-the-wire suites (test/http/, test/main/) once more on the other HTTP engine, so every
 * engine this machine offers passes the same tests: where uWebSockets.js 20.57 loads, `auto` is uWS and
 * the second run node:http; elsewhere `auto` is node:http and the second run the older uWS build
 * (ENGINE=uws), when it loads. Each file runs in a process of its own through node:test's `run()`, as
 * `node --test` runs it, and is reported by scripts/quiet-reporter.ts: one line per file, failures in
 * full, the summary last.
 *
 * Usage:
 *   node --import tsx scripts/run-tests.ts            all tests (ENGINE=auto), then the wire suites on the other engine
 *   node --import tsx scripts/run-tests.ts --wire     only the wire suites, once per engine that loads on this Node
 *   node --import tsx scripts/run-tests.ts --wire --uws-only   only the wire suites on uWebSockets.js (CI's Debian 13 glibc runs)
 *   node --import tsx scripts/run-tests.ts --wire --node-only  only the wire suites on node:http
 *   node --import tsx scripts/run-tests.ts --tap      the same, reported as node's TAP (every test, every duration)
 *   node --import tsx scripts/run-tests.ts test/search test/http/api.test.ts   only the files under these paths
 *   node --import tsx scripts/run-tests.ts --help
 */
import { existsSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { run as runTests } from 'node:test';
import { tap } from 'node:test/reporters';
import { oldUwsLoads, uwsLoadFailure } from '../src/http/engines/engine.ts';
import { type FileReport, fileReport, formatFileReport, formatSummary, isGreen } from './quiet-reporter.ts';
import { killTestProcessTree } from './test-process-tree.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WIRE_FOLDERS = ['test/http/', 'test/main/'];

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'fixtures' || entry.name === 'helpers' ? [] : testFiles(path);
      return entry.name.endsWith('.test.ts') ? [relative(ROOT, path)] : [];
    })
    .sort();
}

/**
 * How many test files run at once: TEST_CONCURRENCY, else as `node --test` does, as many as there are
 * cores but one.
 */
const CONCURRENCY = Number(process.env.TEST_CONCURRENCY) || Math.max(1, availableParallelism() - 1);
/**
 * Folders whose files only compute (no servers, no clocks, no wall-clock bounds): they run first, on every
 * core (TEST_CONCURRENCY still rules when set), before the files that the cores-but-one rule protects. The
 * motion descriptions' checks are the suite's largest CPU-bound part, and on a 2-core box they ran one
 * file at a time with a core idle. (The fixtures' folder runs only when named: the runner's own test.)
 */
const COMPUTE_FOLDERS = ['test/motion/', 'test/fixtures/runner/compute/'];
const COMPUTE_CONCURRENCY = Number(process.env.TEST_CONCURRENCY) || availableParallelism();

/**
 * How long one file may run: TEST_FILE_TIMEOUT_MS, else 5 minutes (the slowest file takes about 30 s).
 * A file still running then is failed, with what it wrote, and its processes are killed, so a hang costs
 * one file and says where it was instead of running out CI's clock with nothing printed.
 */
const FILE_TIMEOUT_MS = Number(process.env.TEST_FILE_TIMEOUT_MS) || 300_000;

/** Runs one file's tests, failed and its process tree killed when it outlives FILE_TIMEOUT_MS. */
function runFile(file: string): Promise<FileReport> {
  const path = join(ROOT, file);
  const deadline = new AbortController();
  const timer = setTimeout(() => {
    // The tree first: once the file's process dies, what it started is orphaned and can no longer be found.
    const killed = killTestProcessTree(path);
    const seconds = Math.round(FILE_TIMEOUT_MS / 1000);
    const timedOut = new Error(`still running after ${seconds} s (TEST_FILE_TIMEOUT_MS): stopped, with ${killed} processes it started`);
    timedOut.stack = timedOut.message; // the runner's timer frame says nothing about the file
    deadline.abort(timedOut);
  }, FILE_TIMEOUT_MS);
  return fileReport(file, runTests({ files: [path], signal: deadline.signal })).finally(() => clearTimeout(timer));
}

/** One pass over `files` with ENGINE set for their processes; resolves true when nothing failed. */
async function run(files: string[], engine: string, isTap: boolean): Promise<boolean> {
  process.stdout.write(`\n# ${files.length} test files, ENGINE=${engine}, Node ${process.version}\n`);
  // The test processes inherit this process's environment and its --import tsx.
  process.env.ENGINE = engine;
  if (isTap) return runTap(files);
  const startedMs = performance.now();
  const reports: FileReport[] = [];
  async function pool(queue: string[], concurrency: number): Promise<void> {
    async function worker(): Promise<void> {
      for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
        const report = await runFile(file);
        reports.push(report);
        process.stdout.write(formatFileReport(report));
      }
    }
    await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker));
  }
  const isCompute = (file: string) => COMPUTE_FOLDERS.some((folder) => file.startsWith(folder));
  await pool(files.filter(isCompute), COMPUTE_CONCURRENCY);
  await pool(
    files.filter((file) => !isCompute(file)),
    CONCURRENCY,
  );
  process.stdout.write(formatSummary(reports, performance.now() - startedMs));
  return reports.every(isGreen);
}

/** The pass as node's TAP: every test with its duration. */
function runTap(files: string[]): Promise<boolean> {
  let isGreenRun = true;
  const stream = runTests({ files: files.map((file) => join(ROOT, file)), concurrency: CONCURRENCY });
  stream.on('test:fail', () => {
    isGreenRun = false;
  });
  return new Promise((resolve) => {
    stream
      .compose(tap)
      .on('end', () => resolve(isGreenRun))
      .pipe(process.stdout, { end: false });
  });
}

const args = process.argv.slice(2);
if (args.includes('--help')) {
  process.stdout.write('usage: node --import tsx scripts/run-tests.ts [--wire [--uws-only | --node-only]] [--tap] [path...]\n');
  process.exit(0);
}
// Paths given on the command line narrow the run to the files under them; a test file named outright
// runs even where the search does not look (test/fixtures/runner/ holds the runner's own cases).
const only = args.filter((arg) => !arg.startsWith('--'));
const named = only
  .filter((path) => path.endsWith('.test.ts') && existsSync(join(ROOT, path)))
  .map((path) => relative(ROOT, join(ROOT, path)));
const found = testFiles(join(ROOT, 'test')).filter((file) => only.length === 0 || only.some((path) => file.startsWith(path)));
const all = [...new Set([...found, ...named])].sort();
const wire = all.filter((file) => WIRE_FOLDERS.some((folder) => file.startsWith(folder)));
const isAutoUws = (await uwsLoadFailure()) === undefined;
const canUseUws = isAutoUws || (await oldUwsLoads());
const isUwsOnly = args.includes('--uws-only');
const isNodeOnly = args.includes('--node-only');
if (isUwsOnly && !canUseUws) {
  process.stderr.write(`--uws-only: no uWebSockets.js build loads on Node ${process.version}\n`);
  process.exit(1);
}
const other: [string[], string][] = isAutoUws ? [[wire, 'node']] : canUseUws ? [[wire, 'uws']] : [];
const runs: [string[], string][] = args.includes('--wire')
  ? [
      ...(canUseUws && !isNodeOnly ? [[wire, 'uws'] as [string[], string]] : []),
      ...(isUwsOnly ? [] : [[wire, 'node'] as [string[], string]]),
    ]
  : [[all, 'auto'], ...other];
let isGreenRun = true;
for (const [files, engine] of runs.filter(([files]) => files.length > 0))
  isGreenRun = (await run(files, engine, args.includes('--tap'))) && isGreenRun;
process.exit(isGreenRun ? 0 : 1);
