/**
 * The deadline of one search, checked inside term expansion and scoring (not only between terms),
 * so that no search holds the event loop much past SEARCH_BUDGET_MS whatever the catalog's size.
 */

/**
 * The one form a search past its deadline takes outside search/ (issue 21): every search function
 * (findPage, findMatchSet, suggest) returns TIMED_OUT, which the route answers as SEARCH_TIMEOUT.
 */
export const TIMED_OUT = Symbol('search timed out');

/** Thrown by `Budget.check` past the deadline; caught where the search started (`timedOut`). */
export class SearchTimedOut extends Error {
  constructor() {
    super('search passed its deadline');
  }
}

/** What a search answers for what it caught: TIMED_OUT past its deadline; anything else is a bug, thrown on. */
export function timedOut(error: unknown): typeof TIMED_OUT {
  if (error instanceof SearchTimedOut) return TIMED_OUT;
  throw error;
}

export class Budget {
  readonly #deadline: number;
  readonly #now: () => number;
  /** Work units (postings touched, terms looked at) since the clock was last read. */
  #work = 0;

  constructor(deadline: number, now: () => number) {
    this.#deadline = deadline;
    this.#now = now;
  }

  /** Reads the clock; throws SearchTimedOut past the deadline. */
  check(): void {
    this.#work = 0;
    if (this.#now() > this.#deadline) throw new SearchTimedOut();
  }

  /** Counts `units` of work and reads the clock every few thousand units (a few tens of microseconds). */
  spend(units: number): void {
    this.#work += units;
    if (this.#work >= WORK_PER_CLOCK_READ) this.check();
  }
}

const WORK_PER_CLOCK_READ = 4096;
