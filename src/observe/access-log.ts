/**
 * The access log: one JSON line per answered request, written through pino to an asynchronous
 * destination (sonic-boom buffers lines and writes them off the request path), on stdout by default,
 * apart from the diagnostic log on stderr. It holds the key's id, never the key, and the route's
 * pattern, never the raw path (which could hold anything a client typed).
 */
import pino from 'pino';
import type { RequestObserver, RequestRecord } from './request-record.ts';

export interface AccessLog {
  log: RequestObserver;
  /** Writes what is buffered, synchronously: call before the process exits. */
  flush(): void;
}

/** A stream pino can write to; tests pass their own. Default: fd 1, written asynchronously (lines that arrive while a write is in flight go out together). */
export type AccessLogDestination = pino.DestinationStream & { flushSync?: () => void };

export function createAccessLog(destination: AccessLogDestination = pino.destination({ dest: 1, sync: false })): AccessLog {
  const logger = pino(
    {
      base: null,
      messageKey: 'message',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
  return {
    log: function logRequest(record: RequestRecord) {
      logger.info({
        requestId: record.requestId,
        method: record.method,
        route: record.route,
        status: record.status,
        durationMs: Math.round(record.durationMs * 1000) / 1000,
        bytes: record.bytes,
        keyId: record.keyId,
        errorCode: record.errorCode,
      }, 'request');
    },
    flush() {
      destination.flushSync?.();
    },
  };
}
