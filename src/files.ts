/**
 * The service's own JSON files (snapshots, key store, tier table, usage state): reading them with one
 * error format that names the file, formatting validation issues against a file, telling whether a
 * file changed, and replacing one crash-safely.
 */
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import * as v from 'valibot';

export type JsonRead = { ok: true; value: unknown } | { ok: false; problem: string };

/** Reads and parses `file`; a missing, unreadable or malformed file is a problem naming it. */
export function readJsonFile(file: string): JsonRead {
  try {
    return { ok: true, value: JSON.parse(readFileSync(file, 'utf8')) as unknown };
  } catch (error) {
    return { ok: false, problem: `${file}: cannot be read as JSON (${(error as Error).message})` };
  }
}

/** One line per valibot issue: `<file>: <field path>: <message>`. */
export function fileIssues(file: string, issues: readonly v.BaseIssue<unknown>[]): string[] {
  return issues.map((issue) => `${file}: ${v.getDotPath(issue) ?? '(root)'}: ${issue.message}`);
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

/**
 * Crash-safe replacement: write a temp file in the same folder, fsync it, rename it over the target,
 * then fsync the folder so the rename itself is durable (rename alone is not; see PostgreSQL's
 * durable_rename). A crash at any point leaves either the old file or the new one, never a torn one.
 */
export function writeFileAtomic(file: string, contents: string): void {
  const folder = dirname(file);
  const temp = join(folder, `.${basename(file)}.${process.pid}.tmp`);
  const fd = openSync(temp, 'w', 0o600);
  try {
    writeSync(fd, contents);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    try { unlinkSync(temp); } catch { /* the temp file may not exist; the original error matters */ }
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
