/** The servers as child processes: start and wait for a log line, stop by PID, kill on any exit, read CPU and RSS from /proc. */
import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { type LogEntry, onJsonLines } from '../test/helpers/json-lines.ts';
import { ROOT, START_TIMEOUT_MS, STOP_TIMEOUT_MS } from './settings.ts';

export interface ChildServer {
  name: string;
  proc: ChildProcess;
  pid: number;
  /** Whose CPU time a load run charges to this server (default: `pid` alone); a group of processes lists them all. */
  cpuPids?: readonly number[];
  port: number;
  url: string;
  /** The first `message` line logged (already or later) that `isWanted` accepts (default: any). */
  waitForLog(message: string, timeoutMs: number, isWanted?: (entry: LogEntry) => boolean): Promise<LogEntry>;
  stderrTail(): string;
  exited: Promise<number | null>;
}

/** Every child started and not yet known to have exited; killed on any way out of this process. */
const liveChildren = new Set<ChildProcess>();

function isRunning(proc: ChildProcess): boolean {
  return proc.exitCode === null && proc.signalCode === null;
}

/** SIGKILLs every child still running; safe to call more than once. */
export function killLiveChildren(): void {
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

// Registered when this module is first imported, so the cleanup holds from the start of a run.
process.on('exit', killLiveChildren);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    process.stderr.write(`\nbench: ${signal}, stopping the servers\n`);
    killLiveChildren();
    process.exit(130);
  });
}

/**
 * Starts `node --import tsx <script> ...args`, collects its JSON log lines and resolves once it logs
 * `listening`. With `stdoutFile`, its stdout (the service's access log) goes straight to that file, as
 * an operator's would, so this process does not spend CPU reading it during a load run.
 *
 * The service never renders media here (`MEDIA_RENDER=off`): in a checkout whose `var/media` is not yet
 * rendered, each service the bench started began the background render (minutes of CPU at the lowest
 * priority) beside the run it was measuring, and every run rendered a little more, so two checkouts'
 * runs did not meet the same machine.
 */
export async function startChild(name: string, args: readonly string[], env: NodeJS.ProcessEnv, stdoutFile?: string): Promise<ChildServer> {
  const stdoutFd = stdoutFile === undefined ? undefined : openSync(stdoutFile, 'w');
  const proc = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: ROOT,
    env: { ...env, MEDIA_RENDER: 'off' },
    stdio: ['ignore', stdoutFd ?? 'pipe', 'pipe'],
  });
  if (stdoutFd !== undefined) closeSync(stdoutFd); // the child has its own copy
  liveChildren.add(proc);
  const exited = new Promise<number | null>((resolve) => {
    proc.on('exit', (code) => {
      liveChildren.delete(proc);
      resolve(code);
    });
  });
  let stderr = '';
  const seen: LogEntry[] = [];
  const waiters: { message: string; isWanted: (entry: LogEntry) => boolean; resolve: (entry: LogEntry) => void }[] = [];
  proc.stdout?.resume(); // the service prints nothing there when the key store exists; drain it anyway
  proc.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-20_000)));
  onJsonLines(proc.stderr!, (entry) => {
    seen.push(entry);
    for (const waiter of waiters.filter((w) => w.message === entry.message && w.isWanted(entry))) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(entry);
    }
  });
  const waitForLog = (message: string, timeoutMs: number, isWanted: (entry: LogEntry) => boolean = () => true): Promise<LogEntry> => {
    const already = seen.find((entry) => entry.message === message && isWanted(entry));
    if (already !== undefined) return Promise.resolve(already);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${name}: no "${message}" log line within ${timeoutMs} ms; stderr:\n${stderr}`)),
        timeoutMs,
      );
      waiters.push({
        message,
        isWanted,
        resolve: (entry) => {
          clearTimeout(timer);
          resolve(entry);
        },
      });
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
export async function stopChild(child: ChildServer): Promise<number | null> {
  if (!isRunning(child.proc)) return child.proc.exitCode;
  process.kill(child.pid, 'SIGTERM');
  const timedOut = Symbol('timed out');
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    child.exited,
    new Promise<typeof timedOut>((resolve) => (timer = setTimeout(() => resolve(timedOut), STOP_TIMEOUT_MS))),
  ]);
  clearTimeout(timer);
  if (outcome !== timedOut) return outcome;
  process.stderr.write(`bench: ${child.name} (pid ${child.pid}) ignored SIGTERM for ${STOP_TIMEOUT_MS} ms; sending SIGKILL\n`);
  process.kill(child.pid, 'SIGKILL');
  return child.exited;
}

// ---------------------------------------------------------------------------------------------
// /proc readings
// ---------------------------------------------------------------------------------------------

export const CLOCK_TICKS_PER_SECOND = Number(execSync('getconf CLK_TCK').toString().trim());

/** utime + stime of every thread of `pid`, in clock ticks (fields 14 and 15 of /proc/<pid>/stat). */
export function readCpuTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Field 2 (comm) is in parentheses and may contain spaces: count fields from the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const field = (n: number) => Number(fields[n - 3]);
  return field(14) + field(15);
}

/** The resident set size of `pid` in MB (VmRSS of /proc/<pid>/status). */
export function readRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
  if (match === null) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(match[1]) / 1024;
}
