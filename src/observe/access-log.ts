/**
 * The access log: one JSON line per answered request, written to an asynchronous destination
 * (batched-destination.ts: lines are written in batches off the request path), on stdout, apart from
 * the diagnostic log on stderr. It holds the key's id, never the key, and the route's pattern, never
 * the raw path (which could hold anything a client typed).
 *
 * The line is pino's shape (`"level":30`, `"time"` in epoch ms, the record's fields, `"message"`), so
 * the tools that read the diagnostic log read it too, but it is written here: its fields are fixed,
 * and pino's generic serializer cost 4-9 µs of a request's 44 on node:http (issue 19's point lookup
 * goal), writing it by hand about 1.
 */
import { createBatchedDestination } from './batched-destination.ts';
import type { RequestObserver, RequestRecord } from './request-record.ts';

export interface AccessLog {
  log: RequestObserver;
  /** Writes what is buffered, synchronously: call before the process exits. */
  flush(): void;
}

/** Where lines go; tests pass their own. Default: stdout, batched and written asynchronously. */
export interface AccessLogDestination {
  write(line: string): unknown;
  flushSync?: () => void;
}

/** Info, as pino numbers it. */
const INFO = 30;

/** The record as one line; undefined fields are left out, as pino leaves them out. */
function accessLine(record: RequestRecord, time: number): string {
  // Strings from the client (the request id, the method) go through JSON.stringify; the rest are numbers.
  let line = `{"level":${INFO},"time":${time},"requestId":${JSON.stringify(record.requestId)},"method":${JSON.stringify(record.method)},"route":${JSON.stringify(record.route)},"status":${record.status},"durationMs":${Number.isFinite(record.durationMs) ? record.durationMs : null},"bytes":${record.bytes}`;
  if (record.keyId !== undefined) line += `,"keyId":${JSON.stringify(record.keyId)}`;
  if (record.errorCode !== undefined) line += `,"errorCode":${JSON.stringify(record.errorCode)}`;
  return `${line},"message":"request"}\n`;
}

export function createAccessLog(destination: AccessLogDestination = createBatchedDestination(1), now: () => number = Date.now): AccessLog {
  return {
    log: function logRequest(record: RequestRecord) {
      destination.write(accessLine(record, now()));
    },
    flush() {
      destination.flushSync?.();
    },
  };
}
