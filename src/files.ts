/**
 * The service's own JSON files (snapshots, key store, tier table, usage state): reading them with
 * problems that name the file (problems.ts), telling whether a file changed, and replacing one
 * crash-safely.
 */
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { fail, ok, type Problem, problem, refuse, type Result } from './problems.ts';

/**
 * Why text is not JSON, without quoting it: V8's messages include the first bytes of the input
 * (`Unexpected token 'r', "root:x:0:0"... is not valid JSON`), and a file may be anything.
 */
export function jsonErrorReason(error: unknown): string {
  const message = String((error as Error)?.message ?? error);
  const position = /position (\d+)/.exec(message)?.[1];
  if (message.startsWith('Unexpected end of JSON input')) return 'is not valid JSON: it ends too early (truncated?)';
  if (error instanceof RangeError) return 'is not valid JSON: nested too deeply';
  return `is not valid JSON${position === undefined ? '' : ` (at character ${position})`}`;
}

/** Reads and parses `file`; a missing, unreadable or malformed file is a problem naming it. */
export function readJsonFile(file: string): Result<unknown> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    return refuse(file, '', `cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  try {
    return ok(JSON.parse(text) as unknown);
  } catch (error) {
    return refuse(file, '', jsonErrorReason(error));
  }
}

/** Changes whenever the file is rewritten (an atomic replace gives a new inode), or undefined if it is gone. */
export function fileSignature(file: string): string | undefined {
  try {
    const stat = statSync(file);
    return `${stat.mtimeMs}:${stat.size}:${stat.ino}`;
  } catch {
    return undefined;
  }
}

/** The temp file a crash-safe write of `file` goes through: beside it (a rename stays in one folder), one per process. */
function tempFileFor(file: string): string {
  return join(dirname(file), `.${basename(file)}.${process.pid}.tmp`);
}

/**
 * Crash-safe replacement: write a temp file in the same folder, fsync it, rename it over the target,
 * then fsync the folder so the rename itself is durable (rename alone is not; see PostgreSQL's
 * durable_rename). A crash at any point leaves either the old file or the new one, never a torn one.
 */
export function writeFileAtomic(file: string, contents: string | Uint8Array): void {
  const folder = dirname(file);
  const temp = tempFileFor(file);
  const fd = openSync(temp, 'w', 0o600);
  try {
    if (typeof contents === 'string') writeSync(fd, contents);
    else writeSync(fd, contents);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    try {
      unlinkSync(temp);
    } catch {
      /* the temp file may not exist; the original error matters */
    }
    throw error;
  }
  closeSync(fd);
  renameSync(temp, file);
  const dirFd = openSync(folder, 'r');
  try {
    fsyncSync(dirFd);
  } finally {
    closeSync(dirFd);
  }
}

/**
 * writeFileAtomic on libuv's thread pool: the same steps, awaited, so that a slow disk's fsyncs never
 * hold the event loop. The usage sink's flush every second ran two fsyncs on the serving thread, 3-5 ms
 * each on this project's shared box and up to 25 ms (docs/performance.md#the-usage-sink-off-the-event-loop).
 */
export async function writeFileAtomicAsync(file: string, contents: string | Uint8Array): Promise<void> {
  const folder = dirname(file);
  const temp = tempFileFor(file);
  const handle = await open(temp, 'w', 0o600);
  try {
    await handle.writeFile(contents);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await unlink(temp).catch(() => undefined); // the temp file may not exist; the original error matters
    throw error;
  }
  await handle.close();
  await rename(temp, file);
  const folderHandle = await open(folder, 'r');
  try {
    await folderHandle.sync();
  } finally {
    await folderHandle.close();
  }
}

const FS_REASONS: Record<string, string> = {
  ENOTDIR: 'a folder on its path is a regular file',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on the device',
  EISDIR: 'it is a folder',
  ENOENT: 'it does not exist',
};

/** `<path>: cannot be <verb> (<code>: <reason>)`, for a file-system error an operator must act on. */
export function fsProblem(path: string, verb: string, error: unknown): Problem {
  const code = (error as NodeJS.ErrnoException)?.code;
  if (code === undefined) return problem(path, '', `cannot be ${verb} (${String((error as Error)?.message ?? error)})`);
  return problem(path, '', `cannot be ${verb} (${code}${FS_REASONS[code] ? `: ${FS_REASONS[code]}` : ''})`);
}

/**
 * Claims `file` for this process (`<pid>` inside), so that two servers never share one STATE_DIR. A
 * file left by a process that no longer runs is taken over. Returns a problem naming the owner otherwise.
 */
export function claimPidFile(file: string): Result<{ release(): void }> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o644);
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      return ok({
        release() {
          try {
            unlinkSync(file);
          } catch {
            /* already gone: nothing to release */
          }
        },
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return fail([fsProblem(file, 'created', error)]);
    }
    let owner = Number.NaN;
    try {
      owner = Number.parseInt(readFileSync(file, 'utf8'), 10);
    } catch {
      /* removed meanwhile: try again */
    }
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isRunning(owner)) {
      const why = `is in use by another server (pid ${owner}); one process owns one STATE_DIR with COUNTER_STORE=memory`;
      return refuse(dirname(file), '', why);
    }
    try {
      unlinkSync(file);
    } catch {
      /* another process took it over first; the next attempt says so */
    }
  }
  return refuse(file, '', 'could not be claimed');
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
