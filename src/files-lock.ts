/**
 * A lock file beside a JSON store, so that writers in several processes on one host (the admin API and
 * portal of every instance, and the keys CLI) read, change and write the store one at a time and no
 * write loses another. A lock older than STALE_MS belongs to a writer that died and is taken over.
 */
import { closeSync, mkdirSync, openSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

const STALE_MS = 10_000;
const RETRY_MS = 3;
const GIVE_UP_MS = 10_000;

/** Tries to create the lock file; true when this process now holds it. */
function tryLock(lockFile: string, nowMs: number): boolean {
  try {
    const fd = openSync(lockFile, 'wx');
    writeSync(fd, String(process.pid));
    closeSync(fd);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  try {
    if (nowMs - statSync(lockFile).mtimeMs > STALE_MS) unlinkSync(lockFile);
  } catch {
    // Released meanwhile: the next try takes it.
  }
  return false;
}

/** Per process, one holder at a time per lock file: waiters queue here instead of spinning on the file. */
const queues = new Map<string, Promise<unknown>>();

/**
 * Runs `work` holding `<file>.lock`; resolves with its result once the lock is released. Throws when
 * the lock cannot be taken within GIVE_UP_MS (a writer that holds it that long is stuck).
 */
export function withFileLock<T>(file: string, work: () => T | Promise<T>): Promise<T> {
  const lockFile = `${file}.lock`;
  const previous = queues.get(lockFile) ?? Promise.resolve();
  const next = previous.then(
    () => holdLock(lockFile, work),
    () => holdLock(lockFile, work),
  );
  queues.set(lockFile, next);
  void next
    .finally(() => {
      if (queues.get(lockFile) === next) queues.delete(lockFile);
    })
    .catch(() => undefined);
  return next;
}

async function holdLock<T>(lockFile: string, work: () => T | Promise<T>): Promise<T> {
  const started = Date.now();
  mkdirSync(dirname(lockFile), { recursive: true });
  while (!tryLock(lockFile, Date.now())) {
    if (Date.now() - started > GIVE_UP_MS) throw new Error(`${lockFile}: held by another writer for more than ${GIVE_UP_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
  }
  try {
    return await work();
  } finally {
    unlinkSync(lockFile);
  }
}

/**
 * `withFileLock` for a synchronous caller (the keys CLI): waits for the lock by sleeping the thread,
 * which only a short-lived CLI may do. Shares the lock file with the servers' writers.
 */
export function withFileLockSync<T>(file: string, work: () => T): T {
  const lockFile = `${file}.lock`;
  mkdirSync(dirname(lockFile), { recursive: true });
  const started = Date.now();
  const pause = new Int32Array(new SharedArrayBuffer(4));
  while (!tryLock(lockFile, Date.now())) {
    if (Date.now() - started > GIVE_UP_MS) throw new Error(`${lockFile}: held by another writer for more than ${GIVE_UP_MS} ms`);
    Atomics.wait(pause, 0, 0, RETRY_MS);
  }
  try {
    return work();
  } finally {
    unlinkSync(lockFile);
  }
}
