/**
 * Crash-safe file replacement: write a temp file in the same folder, fsync it, rename it over the
 * target, then fsync the folder so the rename itself is durable (rename alone is not; see PostgreSQL's
 * durable_rename). A crash at any point leaves either the old file or the new one, never a torn one.
 */
import { closeSync, fsyncSync, openSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

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
