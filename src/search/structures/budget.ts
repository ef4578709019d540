/**
 * The deadline of one search, checked inside term expansion and scoring (not only between terms),
 * so that no search holds the event loop much past SEARCH_BUDGET_MS whatever the catalog's size.
 */

/** Thrown by `Budget.check` past the deadline; caught where the search started and answered as a timeout. */
export class SearchTimedOut extends Error {
  constructor() {
    super('search passed its deadline');
  }
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
