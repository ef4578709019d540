/**
 * How the runner spreads files over the cores: the folders that only compute on every core, before the rest.
 * What keeps a hang from running out CI's clock: the runner's deadline per file (scripts/run-tests.ts),
 * which fails a file that hangs with what it wrote and kills the processes it started; and the service
 * helper, which stops a service that did not come up instead of leaving it to hold the file open.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { commandLine, processEntries, processEntry } from '../../scripts/test-process-tree.ts';
import { spawnService } from '../helpers/service.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const HANGS = 'test/fixtures/runner/hangs.test.ts';

/** Whether `pid` still runs: a killed process whose parent is gone may linger as a zombie until reaped. */
function isRunning(pid: number): boolean {
  const entry = processEntry(pid);
  return entry !== undefined && entry.state !== 'Z';
}

const NO_PROC = !existsSync('/proc/self/stat') && "the runner finds a file's processes in /proc (Linux)";

/** Runs the runner on `files` as CI would run it, with `env` added; resolves its exit code and everything it wrote. */
async function runRunner(files: string[], env: Record<string, string>): Promise<{ code: number; out: string }> {
  // Without NODE_TEST_CONTEXT: the runner is a run of its own, not a file of this one; without
  // TEST_CONCURRENCY, as many files at once as the runner decides.
  const { NODE_TEST_CONTEXT: _, TEST_CONCURRENCY: __, ...inherited } = process.env;
  const runner = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/run-tests.ts'), ...files], {
    cwd: ROOT,
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  runner.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  runner.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const [code] = (await once(runner, 'exit')) as [number];
  return { code, out };
}

it('a file past TEST_FILE_TIMEOUT_MS fails with its output, and what it started is killed', { skip: NO_PROC }, async () => {
  const { code, out } = await runRunner([HANGS], { TEST_FILE_TIMEOUT_MS: '4000' });
  assert.equal(code, 1, out);
  assert.match(out, new RegExp(`FAIL ${HANGS}`), out);
  const killed = Number(/still running after 4 s \(TEST_FILE_TIMEOUT_MS\): stopped, with (\d+) processes it started/.exec(out)?.[1]);
  assert.ok(killed >= 2, `the lingering process and the blocking call's are counted:\n${out}`);
  const pid = Number(/lingering pid (\d+)/.exec(out)?.[1]);
  assert.ok(pid > 0, `the file's output is in the report:\n${out}`);
  assert.equal(isRunning(pid), false, `process ${pid}, started by the hung file, still runs`);
});

it("runs the compute folders' files side by side, on every core", { skip: availableParallelism() < 2 && 'one core' }, async () => {
  const meetDir = mkdtempSync(join(tmpdir(), 'runner-meet-'));
  try {
    const { code, out } = await runRunner(['test/fixtures/runner/compute/a.test.ts', 'test/fixtures/runner/compute/b.test.ts'], {
      RUNNER_MEET_DIR: meetDir,
    });
    assert.equal(code, 0, out);
    assert.match(out, /ok {3}test\/fixtures\/runner\/compute\/a\.test\.ts/, out);
    assert.match(out, /ok {3}test\/fixtures\/runner\/compute\/b\.test\.ts/, out);
  } finally {
    rmSync(meetDir, { recursive: true, force: true });
  }
});

it('a service that does not come up in time is stopped, not left to hold the test file open', { skip: NO_PROC }, async () => {
  // 1 ms: no service listens that fast, so the wait fails as a slow start on a saturated box does.
  const failure = await spawnService({}, 1).then(
    () => undefined,
    (error: Error) => error,
  );
  assert.match(String(failure), /no matching log line within 1 ms/);
  const pids = processEntries()
    .filter(({ pid, ppid }) => ppid === process.pid && isRunning(pid) && commandLine(pid).some((arg) => arg.includes('src/main.ts')))
    .map(({ pid }) => pid);
  assert.deepEqual(pids, [], 'a service process of this file still runs');
});
