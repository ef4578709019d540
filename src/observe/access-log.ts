/**
 * The access log: one JSON line per answered request, written through pino to an asynchronous
 * destination (batched-destination.ts: lines are written in batches off the request path), on stdout,
 * apart from the diagnostic log on stderr. It holds the key's id, never the key, and the route's
 * pattern, never the raw path (which could hold anything a client typed).
 */
import pino from 'pino';
import { createBatchedDestination } from './batched-destination.ts';
import type { RequestObserver, RequestRecord } from './request-record.ts';

export interface AccessLog {
  log: RequestObserver;
  /** Writes what is buffered, synchronously: call before the process exits. */
  flush(): void;
}

/** A stream pino can write to; tests pass their own. Default: stdout, batched and written asynchronously. */
export type AccessLogDestination = pino.DestinationStream & { flushSync?: () => void };

export function createAccessLog(destination: AccessLogDestination = createBatchedDestination(1)): AccessLog {
  // pino's own level and time fields (`"level":30`, `"time":<epoch ms>`) are precomputed or cheap;
  // level names and ISO times cost a formatter call and a Date per line (pino-pretty shows both).
  const logger = pino({ base: null, messageKey: 'message' }, destination);
  return {
    log: function logRequest(record: RequestRecord) {
      // The record is logged as it is (pino leaves out undefined fields): no second object per request.
      logger.info(record, 'request');
    },
    flush() {
      destination.flushSync?.();
    },
  };
}
