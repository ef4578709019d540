/**
 * A read's pieces on the serving thread as they arrive (reading-process.ts), a build's taken from their
 * bytes one per turn of the event loop (issue 19: a reload with the search p99 unchanged). An answer of
 * the reading process carries up to 256 KB of a build's pieces; deserialized as it arrived, in one go, it
 * held the serving thread for 1-3 ms, and a search that came in meanwhile waited that long: that was
 * the p99 of searches while a reload's pieces were taken (3.32 ms against 0.54 while the file was read,
 * stop 57's run). Each piece is now at most about 32 KB (search/structures/part-chunks.ts), and a search waits at
 * most for one of them.
 */
import { deserialize } from 'node:v8';

export class ReceivedPieces {
  /** Every piece received, in order: a build's piece is undefined here until it is taken from its bytes. */
  readonly values: unknown[] = [];
  /** The bytes of the pieces not taken yet, by their place in `values`. */
  readonly #waiting = new Map<number, Uint8Array>();
  /** The first place that may still be waiting. */
  #next = 0;
  #isScheduled = false;
  #whenTaken: (() => void) | undefined;
  #isStopped = false;

  /**
   * `live`: the pieces of the read being served, which an answer may name by their place instead of
   * sending; `stopped` is told why a piece cannot be taken (its bytes are not what v8.serialize writes).
   */
  constructor(
    private readonly live: readonly unknown[] | undefined,
    private readonly stopped: (why: string) => void,
  ) {}

  get count(): number {
    return this.values.length;
  }

  /** A piece received whole (a catalog piece: its answer was deserialized as it arrived). */
  push(piece: unknown): void {
    this.values.push(piece);
  }

  /** An item of a build's answer: a piece's bytes, or the place of a piece the live read holds. Why it cannot be, if not. */
  add(item: number | Uint8Array): string | undefined {
    if (typeof item !== 'number') {
      this.#waiting.set(this.values.push(undefined) - 1, item);
      this.#schedule();
      return undefined;
    }
    if (this.live === undefined || !(item >= 0 && item < this.live.length))
      return `the reading process sent piece ${item} of a read this process does not hold`;
    this.values.push(this.live[item]);
    return undefined;
  }

  /** Calls `then` once every piece received so far has been taken from its bytes (at once when none is waiting). */
  whenTaken(then: () => void): void {
    if (this.#waiting.size === 0) then();
    else this.#whenTaken = then;
  }

  /** Takes no more pieces (the read ended). */
  stop(): void {
    this.#isStopped = true;
    this.#waiting.clear();
  }

  #schedule(): void {
    if (this.#isScheduled || this.#isStopped) return;
    this.#isScheduled = true;
    setImmediate(() => this.#takeOne());
  }

  #takeOne(): void {
    this.#isScheduled = false;
    if (this.#isStopped) return;
    while (!this.#waiting.has(this.#next) && this.#next < this.values.length) this.#next++;
    const bytes = this.#waiting.get(this.#next);
    if (bytes !== undefined) {
      this.#waiting.delete(this.#next);
      try {
        this.values[this.#next] = deserialize(bytes);
      } catch {
        this.stop();
        this.stopped('the reading process sent a piece that does not deserialize');
        return;
      }
    }
    if (this.#waiting.size > 0) {
      this.#schedule();
      return;
    }
    const then = this.#whenTaken;
    this.#whenTaken = undefined;
    then?.();
  }
}
