/** A growable list of 32-bit integers (term ids, positions), for the index build's passes. */
/** Ids appended while tokenizing, packed once at the end. */
export class IntList {
  data: Int32Array;
  length = 0;
  constructor(capacity: number) {
    this.data = new Int32Array(Math.max(1024, capacity));
  }
  push(value: number): void {
    if (this.length === this.data.length) {
      const bigger = new Int32Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = value;
  }
  packed(): Int32Array {
    return this.data.slice(0, this.length);
  }
}
