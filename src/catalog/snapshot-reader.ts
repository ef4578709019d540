/**
 * Reading one snapshot file safely (docs/operations.md#safe-snapshot-reading): only a regular file inside DATA_DIR,
 * at most MAX_SNAPSHOT_BYTES, valid UTF-8, bounded nesting, then the snapshot check. Problems name the
 * file and the reason and never quote its content. Synchronous: the server runs it in its reading
 * process (reading-process-entry.ts); the CLI runs it directly.
 */
import { closeSync, constants, fstatSync, openSync, readSync, realpathSync, statSync } from 'node:fs';
import { sep } from 'node:path';
import { DATE_FILE_NAME } from '../dates.ts';
import { jsonErrorReason } from '../files.ts';
import { ok, refuse, type Result, withSource } from '../problems.ts';
import { checkSnapshot } from './snapshot-check.ts';
import type { Snapshot } from './snapshot-schema.ts';
import { stringEnd } from './json-walk.ts';
import { parseReusing, type SpanMemory } from './snapshot-spans.ts';

/** A snapshot is five levels deep (root, exercises, exercise, videos, video); anything past this is not one. */
export const MAX_NESTING = 32;

const cannotRead = (file: string, error: unknown) =>
  refuse(file, '', `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'unknown error'})`);

/** Reads the whole file if it is a regular file under `dir` (when given) of at most `maxBytes`. */
export function readBoundedFile(file: string, dir: string | undefined, maxBytes: number): Result<Buffer> {
  let real: string;
  try {
    real = realpathSync(file);
    if (dir !== undefined) {
      const root = realpathSync(dir);
      if (!real.startsWith(root + sep)) return refuse(file, '', `points outside ${dir}; only files inside it are read`);
    }
    // stat before open: opening a FIFO for reading would block until a writer comes.
    if (!statSync(real).isFile()) return refuse(file, '', 'is not a regular file');
  } catch (error) {
    return cannotRead(file, error);
  }
  let fd: number;
  try {
    fd = openSync(real, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    return cannotRead(file, error);
  }
  try {
    const stat = fstatSync(fd); // the file opened may not be the one checked above
    if (!stat.isFile()) return refuse(file, '', 'is not a regular file');
    if (stat.size > maxBytes) return refuse(file, '', `is ${stat.size} bytes, over MAX_SNAPSHOT_BYTES (${maxBytes}); refused unread`);
    // Read one byte past the size seen, so a file that grows while read is caught rather than truncated.
    const buffer = Buffer.allocUnsafe(stat.size + 1);
    let length = 0;
    for (;;) {
      const count = readSync(fd, buffer, length, buffer.length - length, null);
      if (count === 0) break;
      length += count;
      if (length > maxBytes || length === buffer.length) return refuse(file, '', 'changed size while being read; refused');
    }
    return ok(buffer.subarray(0, length));
  } catch (error) {
    return cannotRead(file, error);
  } finally {
    closeSync(fd);
  }
}

/**
 * The deepest nesting of arrays and objects in JSON text, or Infinity once past `limit` (no need to go
 * on). Strings are skipped with indexOf, not walked: a snapshot is mostly text, and this made the scan
 * 3-4x faster (62 to 17 ms on the bundled 12.8 MB; issue 19). An unterminated string ends the scan: the
 * parse that follows refuses it.
 */
export function nestingDepth(text: string, limit: number): number {
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      const end = stringEnd(text, i);
      if (end === -1) return deepest;
      i = end;
    } else if (c === 0x7b || c === 0x5b) {
      depth += 1;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return Number.POSITIVE_INFINITY;
      }
    } else if (c === 0x7d || c === 0x5d) depth -= 1;
  }
  return deepest;
}

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/**
 * Reads, decodes, parses and checks one snapshot file; every problem is prefixed with the file's path.
 * One read, nothing kept for a next (the CLI, tests, tools): the whole file is parsed at once.
 */
export function readSnapshot(file: string, dir: string | undefined, maxBytes: number): Result<Snapshot> {
  const bytes = readBoundedFile(file, dir, maxBytes);
  if (!bytes.ok) return bytes;
  const raw = parseWhole(file, bytes.value);
  return raw.ok ? checked(file, raw.value, undefined) : raw;
}

/**
 * What a read leaves for the next read of the same file's successors in the same process (the reading
 * process's, reading-process-entry.ts): the snapshot as checked, and its records' bytes and values.
 */
export interface ReadMemory {
  readonly snapshot: Snapshot;
  readonly spans: SpanMemory | undefined;
  /** The file's size, and how many of its bytes were in records the earlier read did not hold as they are (all, when parsed whole). */
  readonly fileBytes: number;
  readonly changedBytes: number;
}

/**
 * readSnapshot, with what `earlier` (the last read that passed) leaves: records whose bytes did not
 * change are not decoded or parsed again (snapshot-spans.ts), and records equal to its checked ones are
 * not checked field by field again (snapshot-check.ts). The answer is the same either way (tested).
 */
export function rereadSnapshot(
  file: string,
  dir: string | undefined,
  maxBytes: number,
  earlier: ReadMemory | undefined,
): Result<ReadMemory> {
  const bytes = readBoundedFile(file, dir, maxBytes);
  if (!bytes.ok) return bytes;
  const reused = parseReusing(bytes.value, MAX_NESTING, earlier?.spans);
  let raw: unknown = reused?.raw;
  if (reused === undefined) {
    const parsed = parseWhole(file, bytes.value);
    if (!parsed.ok) return parsed;
    raw = parsed.value;
  }
  const result = checked(file, raw, earlier?.snapshot);
  if (!result.ok) return result;
  const fileBytes = bytes.value.length;
  return ok({ snapshot: result.value, spans: reused?.memory, fileBytes, changedBytes: reused?.changedBytes ?? fileBytes });
}

/** `raw` (parsed from `file`) checked as a snapshot, beside `earlier` (one that passed), problems naming the file. */
function checked(file: string, raw: unknown, earlier: Snapshot | undefined): Result<Snapshot> {
  // The name's date as written, real or not: dataVersion must equal it, and must itself be a real date.
  const date = DATE_FILE_NAME.exec(file.split(/[\\/]/).pop() ?? '')?.[1];
  const result = checkSnapshot(raw, date, earlier);
  return result.ok ? result : { ok: false, problems: withSource(result.problems, file) };
}

/** The whole file decoded and parsed at once, or precisely why it cannot be. */
function parseWhole(file: string, bytes: Uint8Array): Result<unknown> {
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    return refuse(file, '', 'is not valid UTF-8');
  }
  if (nestingDepth(text, MAX_NESTING) > MAX_NESTING)
    return refuse(file, '', `nests arrays and objects more than ${MAX_NESTING} deep; not a snapshot`);
  try {
    return ok(JSON.parse(text));
  } catch (error) {
    return refuse(file, '', jsonErrorReason(error));
  }
}
