/**
 * Pacing the reading process's build to the CPU serving leaves idle (issue 19: a reload with the search
 * p99 unchanged, and served within 2 s on a busy machine). On two cores, two searching clients keep the
 * serving thread and its clients on both, and a reload's read and index build, run flat out, take their
 * CPU from serving: at the lowest priority (nice 19) the p99 during reloads was unchanged, but beside two
 * CPU-bound processes the build then got so little CPU that reloads took over a minute; and a process
 * cannot raise its priority again without privileges. So the build waits in user space instead, and only
 * while it can afford to: between slices of about a millisecond it looks at how many other tasks are
 * runnable (the kernel's count in /proc/loadavg), and while they want all the CPUs but one (at least
 * one: serving's own burst needs a core of its own), it waits a millisecond, but only while it can
 * still be over by its deadline running flat out at the rate of CPU it has had, or at its share of the
 * CPUs beside what is runnable now if that is lower (expecting to take the last read's CPU time, scaled
 * up when more of the file changed: below).
 * So a machine that is busy for good gets the build as fast as before, and a reload of a quiet machine's
 * day of edits uses what serving leaves idle.
 * Where the count cannot be read (not Linux), the build never waits.
 *
 * Why all but one: waiting only while the others wanted every CPU let the build run whenever the
 * serving thread and its client took turns on the two cores, and a search that arrived then waited for
 * a core. Timed by a client light enough not to be the measure (bench/kept-connection.ts), the search
 * p99 during reloads was 2.3-4.1x the p99 before them on the machine as it is; waiting while others want
 * one core, 1.26-1.45x (1.12-1.33x with the serving thread's slices of 0.25 ms), the reloads 0.1-0.3 s
 * longer there and beside two CPU-bound processes as before (docs/performance.md#reloading-a-snapshot,
 * stop 46).
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import type { Pacer } from '../time-slices.ts';

/**
 * When a read's build should be over at the latest, from its start (ms): the goal is 2 s from the file to
 * serving, and the serving thread's part (taking the pieces, adopting them) takes up to about 0.6 s of it
 * beside two CPU-bound processes.
 */
export const READ_TARGET_MS = 1000;
/**
 * How long a build runs (ms) before it knows its rate (the CPU it gets for each ms of wall time it runs)
 * well enough to wait: until then it does not wait.
 */
const RATE_MEASURED_AFTER_MS = 10;

/**
 * How many tasks other than the caller are runnable now, from /proc/loadavg's fourth field ("running/
 * total", the caller counted in it), or undefined where it cannot be read.
 */
export function othersRunnable(loadavg: () => string = () => readFileSync('/proc/loadavg', 'latin1')): number | undefined {
  let text: string;
  try {
    text = loadavg();
  } catch {
    return undefined;
  }
  const running = /^\S+ \S+ \S+ (\d+)\//.exec(text)?.[1];
  return running === undefined ? undefined : Math.max(0, Number(running) - 1);
}

const WAIT_CELL = new Int32Array(new SharedArrayBuffer(4));

/** Blocks the thread about `ms` (Atomics.wait on a cell no one wakes: a process of its own, never the serving thread). */
export function blockFor(ms: number): void {
  Atomics.wait(WAIT_CELL, 0, 0, ms);
}

/** What a read cost: its CPU, its file's size and how many of those bytes were in records that changed (ReadMemory.changedBytes). */
export interface ReadCost {
  readonly cpuMs: number;
  readonly fileBytes: number;
  readonly changedBytes: number;
}

/**
 * The part of a read's CPU that every read costs, as bytes changed per byte of the file: walking the
 * file, checking what it holds together, building every language's index. In process (`--single-threaded`,
 * the bundled 12.3 MB snapshot, quiet), a day's edits (70 KB of records changed) took 190-240 ms, every
 * record's English (4.1 MB) 280-420 and every record in three languages (11.7 MB) 480-540: about 200 ms
 * plus 27 ms a changed MB, so what every read costs is worth 7.4 MB changed, 0.6 of the file.
 */
const FIXED_SHARE = 0.6;

/**
 * The CPU time a read is expected to take (ms), from the last read's cost, or undefined with none (then
 * the build never waits): the last read's CPU scaled by the work of each, a part that grows with the
 * file and a part with the bytes changed (FIXED_SHARE). Expected to take just the last read's CPU, a read
 * that changes every record after a day's edits (two to three times the CPU) waited 200-550 ms early on
 * and then ran past its deadline, on a busy machine the reload 1.7-2.1 s; scaled by the bytes changed
 * alone, it expected a hundred times the CPU and never waited, even on a machine with the time to.
 */
export function expectedCpuMs(last: ReadCost | undefined, fileBytes: number, changedBytes: number): number | undefined {
  if (last === undefined) return undefined;
  const work = (file: number, changed: number) => FIXED_SHARE * file + changed;
  return (last.cpuMs * work(fileBytes, changedBytes)) / Math.max(work(last.fileBytes, last.changedBytes), 1);
}

export interface IdleCpuOptions {
  /** When the read started, and when its build should be over (READ_TARGET_MS after), in `now`'s clock. */
  readonly start: number;
  readonly deadline: number;
  /** The CPU time the build is expected to take (ms: expectedCpuMs), or undefined (then it never waits). */
  readonly expectedCpuMs: number | undefined;
  readonly now: () => number;
  /** The CPU time the process has taken since the read started (ms). */
  readonly cpuMs: () => number;
  readonly othersRunnable?: () => number | undefined;
  readonly cpus?: number;
  readonly block?: (ms: number) => void;
}

/** How many other runnable tasks make the build wait, on `cpus` CPUs: all of them but one, at least one. */
export function busyAt(cpus: number): number {
  return Math.max(1, cpus - 1);
}

/**
 * A pacer that waits while other runnable tasks want all the CPUs but one (busyAt), as long as the build can still be over by
 * its deadline: what is left of its expected CPU time, at the rate of CPU it has got while running or its
 * share of the CPUs beside the tasks runnable now, whichever is lower, must fit in the time left. A build
 * that has taken more than it was expected to no longer waits.
 */
export function idleCpuPacer(options: IdleCpuOptions): Pacer & { readonly waitedMs: () => number } {
  const { expectedCpuMs, deadline, now, cpuMs } = options;
  const cpus = options.cpus ?? availableParallelism();
  const busy = busyAt(cpus);
  const others = options.othersRunnable ?? othersRunnable;
  const block = options.block ?? blockFor;
  // Cleared for good the first time the count cannot be read.
  let canCount = true;
  let mark = options.start;
  let runMs = 0;
  let waitedMs = 0;
  return {
    waitedMs: () => waitedMs,
    shouldWait() {
      const at = now();
      runMs += at - mark;
      mark = at;
      if (expectedCpuMs === undefined || !canCount || runMs < RATE_MEASURED_AFTER_MS) return false;
      const used = cpuMs();
      const left = expectedCpuMs - used;
      if (left <= 0) return false;
      const runnable = others();
      if (runnable === undefined) canCount = false;
      if (runnable === undefined || runnable < busy) return false;
      // The rate it has had was measured in the moments it ran, which were the moments others left a core
      // idle; running from now on through the others it would get at most its share of the CPUs. Taking
      // the rate alone, the first reload beside two CPU-bound processes (stop 59) waited 561 ms, then took
      // 1.1 s more to build and missed its deadline.
      const rate = Math.min(used / runMs, cpus / (runnable + 1));
      return at + left / Math.max(rate, 0.05) < deadline;
    },
    wait() {
      block(1);
      const at = now();
      waitedMs += at - mark;
      mark = at;
    },
  };
}
