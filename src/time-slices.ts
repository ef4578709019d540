/**
 * Long builds (a catalog, its search index) written as generators that yield between small units of
 * work, and the two ways to drive them: to the end at once (tests, CLI tools) or in slices of a quarter
 * of a millisecond with setImmediate between, so that even a build at 100x the catalog never holds the
 * event loop (docs/operations.md#snapshot-reloads: loading a snapshot never pauses serving).
 */
import { performance } from 'node:perf_hooks';

/** A build that yields (with no value) whenever it may be paused, and returns what it built. */
export type Steps<T> = Generator<void, T, void>;

/**
 * Longest stretch a sliced build runs on the serving thread before it lets the event loop serve (ms). A
 * search that arrives during a slice waits for the rest of it: with 4 ms slices the search p99 during
 * reloads was 1.4-2.3x the p99 before them, with 1 ms 1.1-1.5x (a client whose own CPU set most of
 * what it timed, before stop 46); timed by a light client (bench/kept-connection.ts), 0.25 ms slices
 * took the p99 during reloads from 1.26-1.45x to 1.12-1.33x of the p99 before them (with the reading
 * process leaving a core to serving, catalog/idle-cpu.ts), the reloads as long
 * (docs/performance.md#reloading-a-snapshot). A slice boundary costs one setImmediate.
 */
export const DEFAULT_SLICE_MS = 0.25;

/**
 * A paced build's slice (runPaced): in a process of its own, where a slice holds no one up and each
 * boundary costs a look at the machine's load.
 */
export const PACED_SLICE_MS = 1;

/** Runs a build to its end without pausing. */
export function runNow<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
  }
}

/** Runs one slice of a build, of about `sliceMs`: what it built when it ended in the slice. */
function slice<T>(steps: Steps<T>, sliceMs: number, now: () => number): { value: T } | undefined {
  const sliceEnd = now() + sliceMs;
  for (;;) {
    const step = steps.next();
    if (step.done === true) return { value: step.value };
    if (now() >= sliceEnd) return undefined;
  }
}

/** Runs a build in slices of about `sliceMs`, yielding to the event loop (setImmediate) between slices. */
export async function runInSlices<T>(steps: Steps<T>, sliceMs = DEFAULT_SLICE_MS, now: () => number = () => performance.now()): Promise<T> {
  for (;;) {
    const built = slice(steps, sliceMs, now);
    if (built !== undefined) return built.value;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** Comparisons between two pauses of a sliced sort: about a millisecond of work. */
const COMPARISONS_PER_STEP = 8192;

/**
 * The permutation that sorts positions 0..n-1 by `compare` (stable; a bottom-up merge sort), yielding
 * every few thousand comparisons: one Array.prototype.sort of 90,000 records holds the loop for ~100 ms.
 */
export function* sortedOrder(n: number, compare: (a: number, b: number) => number): Steps<Int32Array> {
  let from = new Int32Array(n);
  for (let i = 0; i < n; i++) from[i] = i;
  let to = new Int32Array(n);
  let work = 0;
  for (let width = 1; width < n; width *= 2) {
    for (let left = 0; left < n; left += 2 * width) {
      const mid = Math.min(left + width, n);
      const right = Math.min(left + 2 * width, n);
      let i = left;
      let j = mid;
      let k = left;
      while (i < mid && j < right) {
        to[k++] = compare(from[j]!, from[i]!) < 0 ? from[j++]! : from[i++]!;
        if (++work === COMPARISONS_PER_STEP) {
          work = 0;
          yield;
        }
      }
      while (i < mid) to[k++] = from[i++]!;
      while (j < right) to[k++] = from[j++]!;
    }
    [from, to] = [to, from];
  }
  return from;
}

/** What a paced build asks between its slices (catalog/idle-cpu.ts gives the reading process's). */
export interface Pacer {
  /** Whether to wait before the next slice, and so let others have the CPU. */
  shouldWait(): boolean;
  /** Blocks for a short while (about a millisecond). */
  wait(): void;
}

/**
 * Runs a build to its end in one call, like runNow, but between slices of about `sliceMs` waits for as
 * long as `pacer` says to: for a build in a process of its own, where blocking costs nothing but its
 * own time.
 */
export function runPaced<T>(steps: Steps<T>, pacer: Pacer, sliceMs = PACED_SLICE_MS, now: () => number = () => performance.now()): T {
  for (;;) {
    const built = slice(steps, sliceMs, now);
    if (built !== undefined) return built.value;
    while (pacer.shouldWait()) pacer.wait();
  }
}
