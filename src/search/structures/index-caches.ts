/**
 * Every cache and scratch buffer kept for one catalog, made one way and owned by its search index
 * (issue 21). A module declares what it keeps as a CacheKind at module scope and reads it with
 * `index.caches.of(KIND)`: the value is made from the index on first use and dropped with the index,
 * which is dropped with its catalog, so nothing cached outlives what it was built from (a reload starts
 * afresh) and no module keeps a WeakMap of its own. Caches that evict are BoundedCaches.
 */
import { BoundedCache } from './bounded-cache.ts';

/** What one module keeps per search index: its name (for reading a heap snapshot) and how to make it. */
export interface CacheKind<T, Owner> {
  readonly name: string;
  make(owner: Owner): T;
}

export class IndexCaches<Owner> {
  readonly #made = new Map<CacheKind<unknown, Owner>, unknown>();
  #owner: Owner | undefined;

  /** The index the caches belong to; set once it is built, before anything is read. */
  own(owner: Owner): void {
    this.#owner = owner;
  }

  /** The value `kind` keeps for this index, made on first use. */
  of<T>(kind: CacheKind<T, Owner>): T {
    let value = this.#made.get(kind) as T | undefined;
    if (value === undefined) {
      if (this.#owner === undefined) throw new Error(`search index caches: ${kind.name} read before the index was built`);
      value = kind.make(this.#owner);
      this.#made.set(kind, value);
    }
    return value;
  }

  /** Empties every cache made so far (scratch buffers stay): what a benchmark of cold queries needs. */
  clear(): void {
    for (const value of this.#made.values()) if (value instanceof BoundedCache) value.clear();
  }

  /** The names of what has been made, in the order it was. */
  get names(): string[] {
    return [...this.#made.keys()].map((kind) => kind.name);
  }
}
