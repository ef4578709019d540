/**
 * The uWebSockets.js shell's writer of streamed bodies (GET /v1/export), with backpressure.
 */
import type { HttpResponse } from 'uWebSockets.js';
import type { StreamedBody } from '../reply.ts';

/**
 * Sends a streamed body with backpressure: `tryEnd` hands uWS a piece and says whether the socket
 * took all of it; when it did not, the rest waits for `onWritable`, so a slow reader holds about one
 * piece in this process. Writes from here run inside uWS callbacks (the request or onWritable) or a
 * cork, so they are corked. `settle` is called once: when the body is sent or the client is gone.
 */
export class BodyPump {
  readonly #res: HttpResponse;
  readonly #pieces: Iterator<Buffer>;
  readonly #total: number;
  readonly #settle: () => void;
  #pending: Buffer | undefined;
  #pendingOffset = 0;
  #isSettled = false;

  constructor(res: HttpResponse, body: StreamedBody, settle: () => void) {
    this.#res = res;
    this.#pieces = body.pieces();
    this.#total = body.length;
    this.#settle = settle;
  }

  start(): void {
    if (this.#total === 0) {
      this.#res.end();
      this.#finish();
      return;
    }
    this.#res.onWritable(this.#writable.bind(this));
    this.#pump();
  }

  /** The client went away: stop pulling pieces. */
  abort(): void {
    this.#finish();
  }

  #finish(): void {
    if (this.#isSettled) return;
    this.#isSettled = true;
    this.#pending = undefined;
    this.#settle();
  }

  #pump(): void {
    while (!this.#isSettled) {
      const next = this.#pieces.next();
      if (next.done === true) return; // the last piece's tryEnd reported done
      const offset = this.#res.getWriteOffset();
      const [isWritten, isDone] = this.#res.tryEnd(next.value, this.#total);
      if (isDone) {
        this.#finish();
        return;
      }
      if (!isWritten) {
        this.#pending = next.value;
        this.#pendingOffset = offset;
        return;
      }
    }
  }

  #writable(offset: number): boolean {
    const pending = this.#pending;
    if (this.#isSettled || pending === undefined) return true;
    const [isWritten, isDone] = this.#res.tryEnd(pending.subarray(offset - this.#pendingOffset), this.#total);
    if (isDone) {
      this.#finish();
      return true;
    }
    if (!isWritten) return false;
    this.#pending = undefined;
    this.#pump();
    return true;
  }
}
