/**
 * The one kind of cache search and its callers keep (index-caches.ts): a plain Map, emptied whole when
 * it holds more than its budget. A Map lookup is several times cheaper than an LRU's, and per-term
 * caches (expansions, splits, slot lists) are read a few times per query; the words of a catalog are
 * few, so the budget is rarely reached, and when it is (a flood of distinct junk terms or queries),
 * starting over costs one rebuild per entry.
 */
export class BoundedCache<K, V> {
  readonly #entries = new Map<K, V>();
  readonly #budget: number;
  readonly #sizeOf: (value: V) => number;
  #held = 0;

  /** `budget` in units of `sizeOf` (by default, entries). */
  constructor(budget: number, sizeOf: (value: V) => number = () => 1) {
    this.#budget = budget;
    this.#sizeOf = sizeOf;
  }

  get(key: K): V | undefined {
    return this.#entries.get(key);
  }

  set(key: K, value: V): void {
    const size = this.#sizeOf(value);
    if (this.#held + size > this.#budget) {
      this.#entries.clear();
      this.#held = 0;
    }
    this.#entries.set(key, value);
    this.#held += size;
  }

  clear(): void {
    this.#entries.clear();
    this.#held = 0;
  }

  get size(): number {
    return this.#entries.size;
  }
}
