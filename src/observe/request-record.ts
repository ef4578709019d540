/** What the pipeline reports about each answered request, for the access log and the metrics. */

export interface RequestRecord {
  requestId: string;
  /** Uppercase, as in the request line. */
  method: string;
  /** The route's pattern (`/v1/exercises/:id`), never the raw path: bounded for metric labels, no ids in logs. */
  route: string;
  status: number;
  /** From the request entering the pipeline to its Reply being ready, in milliseconds (to the microsecond). */
  durationMs: number;
  /** Body bytes sent (0 for HEAD and 304). */
  bytes: number;
  /** The key's id (never the key) when the request named a known key. */
  keyId: string | undefined;
  /** The envelope's code when the reply is an error. */
  errorCode: string | undefined;
}

export type RequestObserver = (record: RequestRecord) => void;
