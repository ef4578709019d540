/**
 * The best k of many scored positions without sorting them all: a binary min-heap of size k keyed
 * by (key, then lower position wins), so ties keep the default order (docs/api.md#default-order).
 */
export class TopK {
  #capacity = 0;
  #keys = new Float64Array(64);
  #positions = new Int32Array(64);
  #size = 0;

  constructor(capacity: number) {
    this.reset(capacity);
  }

  /** Empties the heap for a new selection of `capacity`; the arrays are kept when they are big enough. */
  reset(capacity: number): this {
    if (capacity > this.#keys.length) {
      this.#keys = new Float64Array(capacity);
      this.#positions = new Int32Array(capacity);
    }
    this.#capacity = capacity;
    this.#size = 0;
    return this;
  }

  /** True when (keyA, posA) ranks below (keyB, posB). */
  static #isWorse(keyA: number, posA: number, keyB: number, posB: number): boolean {
    return keyA < keyB || (keyA === keyB && posA > posB);
  }

  /** Whether an entry with this key (or any lower one) could still be kept. */
  admits(key: number, position: number): boolean {
    return this.#size < this.#capacity || TopK.#isWorse(this.#keys[0]!, this.#positions[0]!, key, position);
  }

  offer(key: number, position: number): void {
    if (this.#capacity === 0) return;
    const keys = this.#keys;
    const positions = this.#positions;
    if (this.#size < this.#capacity) {
      let i = this.#size++;
      while (i > 0) {
        const parent = (i - 1) >>> 1;
        if (!TopK.#isWorse(key, position, keys[parent]!, positions[parent]!)) break;
        keys[i] = keys[parent]!;
        positions[i] = positions[parent]!;
        i = parent;
      }
      keys[i] = key;
      positions[i] = position;
      return;
    }
    if (!TopK.#isWorse(keys[0]!, positions[0]!, key, position)) return;
    this.#siftDown(key, position, this.#size);
  }

  /** Puts (key, position) at the root of the first `size` slots and moves it down to where it belongs. */
  #siftDown(key: number, position: number, size: number): void {
    const keys = this.#keys;
    const positions = this.#positions;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= size) break;
      const right = left + 1;
      const child = right < size && TopK.#isWorse(keys[right]!, positions[right]!, keys[left]!, positions[left]!) ? right : left;
      if (!TopK.#isWorse(keys[child]!, positions[child]!, key, position)) break;
      keys[i] = keys[child]!;
      positions[i] = positions[child]!;
      i = child;
    }
    keys[i] = key;
    positions[i] = position;
  }

  /** The kept positions, best first (empties the heap: each one is popped off in turn). */
  sorted(): Int32Array {
    const keys = this.#keys;
    const positions = this.#positions;
    const out = new Int32Array(this.#size);
    for (let n = this.#size; n > 0; n--) {
      // The root is the worst kept: it goes last among those still in the heap.
      out[n - 1] = positions[0]!;
      this.#siftDown(keys[n - 1]!, positions[n - 1]!, n - 1);
    }
    this.#size = 0;
    return out;
  }
}
