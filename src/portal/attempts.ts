/**
 * Attempt limits of the portal's sign-up and log-in, per address and per account: at most `limit`
 * attempts in a fixed window of `windowMs`; past it, refused until the window ends
 * (docs/api.md#portal-limits). Counted in this process, on an injected clock; in a fleet, counted in
 * Redis for every instance together (redis-attempts.ts).
 */

/** What the portal asks of a limit; a fleet's answers come from Redis, so each may be a promise. */
export interface Attempts {
  /** Milliseconds until `key` may try again, or 0 when it may now. */
  retryAfterMs(key: string): number | Promise<number>;
  /** Counts one attempt (a failed log-in, a sign-up). */
  record(key: string): void | Promise<void>;
  /** Forgets `key`'s attempts (a successful log-in). */
  clear(key: string): void | Promise<void>;
}

export class AttemptLimiter implements Attempts {
  readonly #limit: number;
  readonly #windowMs: number;
  readonly #now: () => number;
  readonly #windows = new Map<string, { startMs: number; count: number }>();

  constructor(limit: number, windowMs: number, now: () => number) {
    this.#limit = limit;
    this.#windowMs = windowMs;
    this.#now = now;
  }

  #window(key: string): { startMs: number; count: number } {
    const now = this.#now();
    let window = this.#windows.get(key);
    if (window === undefined || now - window.startMs >= this.#windowMs) {
      if (this.#windows.size > 100_000) this.#prune(now);
      window = { startMs: now, count: 0 };
      this.#windows.set(key, window);
    }
    return window;
  }

  #prune(now: number): void {
    for (const [key, window] of this.#windows) if (now - window.startMs >= this.#windowMs) this.#windows.delete(key);
  }

  /** Milliseconds until `key` may try again, or 0 when it may now. */
  retryAfterMs(key: string): number {
    const window = this.#window(key);
    return window.count >= this.#limit ? window.startMs + this.#windowMs - this.#now() : 0;
  }

  /** Counts one attempt (a failed log-in, a sign-up). */
  record(key: string): void {
    this.#window(key).count += 1;
  }

  /** Forgets `key`'s attempts (a successful log-in). */
  clear(key: string): void {
    this.#windows.delete(key);
  }
}
