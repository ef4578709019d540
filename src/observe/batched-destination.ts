/**
 * An asynchronous destination for the access log: lines gather in memory and go out in one
 * `fs.write` per batch (256 lines, or every 100 ms when traffic is light), never on the request path.
 * On this project's 2-core box, sonic-boom (pino.destination, when the log went through pino) cost
 * about twice as much CPU per line, mostly in its string buffer and one thread-pool write per few
 * lines (see bench/README.md).
 */
import { write, writeSync } from 'node:fs';

export interface BatchedDestination {
  write(line: string): void;
  /** Writes everything pending, synchronously: at exit. */
  flushSync(): void;
}

export interface BatchOptions {
  batchLines: number;
  flushEveryMs: number;
  /** A reader that stops reading (a full pipe) must not grow memory without end: past this, lines are dropped and counted. */
  maxPendingLines: number;
  now(): number;
}

const DEFAULTS: BatchOptions = { batchLines: 256, flushEveryMs: 100, maxPendingLines: 100_000, now: Date.now };
const RETRY_MS = 10;

/** The warning line that stands for the lines dropped while the reader was not reading. */
function droppedNotice(time: number, dropped: number): string {
  return `${JSON.stringify({ level: 40, time, message: 'access log lines dropped: the output was not being read', dropped })}\n`;
}

/** Writes the whole batch, retrying a full non-blocking pipe; gives up on any other error (at exit, nothing better to do). */
function writeAllSync(fd: number, batch: Buffer): void {
  let offset = 0;
  while (offset < batch.length) {
    try {
      offset += writeSync(fd, batch, offset, batch.length - offset);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') return;
    }
  }
}

export function createBatchedDestination(fd: number, options: Partial<BatchOptions> = {}): BatchedDestination {
  const { batchLines, flushEveryMs, maxPendingLines, now } = { ...DEFAULTS, ...options };
  let pending: string[] = [];
  let isWriting = false;
  let dropped = 0;

  function takeBatch(): Buffer {
    if (dropped > 0) {
      pending.unshift(droppedNotice(now(), dropped));
      dropped = 0;
    }
    const batch = Buffer.from(pending.join(''));
    pending = [];
    return batch;
  }

  function writeOut(batch: Buffer, offset: number): void {
    write(fd, batch, offset, batch.length - offset, null, function written(error, bytes) {
      if (error !== null) {
        // EAGAIN: a non-blocking pipe is full; try the same bytes again shortly. Anything else: give up this batch.
        if (error.code === 'EAGAIN') {
          setTimeout(() => writeOut(batch, offset), RETRY_MS).unref();
          return;
        }
      } else if (offset + bytes < batch.length) {
        writeOut(batch, offset + bytes);
        return;
      }
      isWriting = false;
      if (pending.length >= batchLines) flush();
    });
  }

  function flush(): void {
    if (isWriting || pending.length === 0) return;
    isWriting = true;
    writeOut(takeBatch(), 0);
  }

  setInterval(flush, flushEveryMs).unref();

  return {
    write: function enqueue(line) {
      if (pending.length >= maxPendingLines) {
        dropped += 1;
        return;
      }
      pending.push(line);
      if (pending.length >= batchLines) flush();
    },
    flushSync() {
      if (pending.length === 0 && dropped === 0) return;
      writeAllSync(fd, takeBatch());
    },
  };
}
