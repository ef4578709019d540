/**
 * The processes a test file started, found and killed when the runner gives up on the file
 * (scripts/run-tests.ts). node:test's `run()` kills the file's own process on abort, but what that
 * process started (services, redis-servers, the CPU spinners of test/helpers/busy.ts) would live on,
 * orphaned, and load the rest of the run; a process stuck in a synchronous call cannot run its own exit
 * handlers. Read from /proc (Linux, where CI runs); elsewhere nothing is found and only the file's own
 * process is stopped.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** A process as /proc/<pid>/stat gives it: its parent and its state (`Z`: a zombie, exited but not reaped). */
export interface ProcessEntry {
  pid: number;
  ppid: number;
  state: string;
}

/** `pid`'s entry, or undefined once it is gone (or where there is no /proc). */
export function processEntry(pid: number): ProcessEntry | undefined {
  try {
    // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so read after the last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { pid, ppid: Number(ppid), state: state! };
  } catch {
    return undefined;
  }
}

/** Every process readable in /proc; none where there is no /proc. */
export function processEntries(): ProcessEntry[] {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const entry = /^\d+$/.test(name) ? processEntry(Number(name)) : undefined;
    return entry === undefined ? [] : [entry];
  });
}

/** `pid`'s command line, one argument an element (empty once it is gone). */
export function commandLine(pid: number): string[] {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  } catch {
    return [];
  }
}

/**
 * SIGKILLs every process below the child of this process that runs the test file `path` (node:test
 * starts it as `node [flags] <path>`), deepest first; returns how many it killed. The file's own
 * process is left to the caller's abort, which reports the file as failed.
 */
export function killTestProcessTree(path: string, root = process.pid): number {
  const childrenOf = new Map<number, number[]>();
  for (const { pid, ppid } of processEntries()) {
    const children = childrenOf.get(ppid);
    if (children === undefined) childrenOf.set(ppid, [pid]);
    else children.push(pid);
  }
  const fileProcess = (childrenOf.get(root) ?? []).find((pid) => commandLine(pid).includes(path));
  if (fileProcess === undefined) return 0;
  const below: number[] = [];
  const visit = (pid: number) => {
    for (const child of childrenOf.get(pid) ?? []) {
      visit(child);
      below.push(child);
    }
  };
  visit(fileProcess);
  let killed = 0;
  for (const pid of below) {
    try {
      process.kill(pid, 'SIGKILL');
      killed += 1;
    } catch {
      // exited meanwhile
    }
  }
  return killed;
}
