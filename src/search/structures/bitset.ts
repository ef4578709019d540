/**
 * Fixed-size bitsets over catalog positions. Position i is the i-th exercise in default order, so
 * walking set bits from low to high yields matches already sorted for paging.
 */
export type Bitset = Uint32Array;

export function createBitset(size: number): Bitset {
  return new Uint32Array((size + 31) >>> 5);
}

export function setBit(bits: Bitset, position: number): void {
  bits[position >>> 5]! |= 1 << (position & 31);
}

export function hasBit(bits: Bitset, position: number): boolean {
  return (bits[position >>> 5]! & (1 << (position & 31))) !== 0;
}

/** ORs every source into a new bitset. */
export function unionOf(size: number, sources: readonly Bitset[]): Bitset {
  const out = createBitset(size);
  for (const source of sources) for (let w = 0; w < out.length; w++) out[w]! |= source[w]!;
  return out;
}

/** ANDs `other` into `target` in place. */
export function intersectInto(target: Bitset, other: Bitset): void {
  for (let w = 0; w < target.length; w++) target[w]! &= other[w]!;
}

function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export function countBits(bits: Bitset): number {
  let count = 0;
  for (let w = 0; w < bits.length; w++) count += popcount32(bits[w]!);
  return count;
}

/** Positions of set bits in ascending order, skipping the first `skip` and returning at most `take`. */
export function collectBits(bits: Bitset, skip: number, take: number): number[] {
  const out: number[] = [];
  if (take <= 0) return out;
  let seen = 0;
  for (let w = 0; w < bits.length; w++) {
    let word = bits[w]!;
    if (word === 0) continue;
    const inWord = popcount32(word);
    if (seen + inWord <= skip) {
      seen += inWord;
      continue;
    }
    while (word !== 0) {
      const low = word & -word;
      const position = (w << 5) + (31 - Math.clz32(low));
      word ^= low;
      if (seen++ >= skip) {
        out.push(position);
        if (out.length === take) return out;
      }
    }
  }
  return out;
}

/** How many positions are set in both `a` and `b` (same size), looking only at the words `words` (where `a` has bits). */
export function countWords(a: Bitset, b: Bitset, words: Int32Array): number {
  let count = 0;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    count += popcount32(a[w]! & b[w]!);
  }
  return count;
}

/** The bitset of `positions`. */
export function bitsetOf(size: number, positions: ArrayLike<number>): Bitset {
  const bits = createBitset(size);
  for (let i = 0; i < positions.length; i++) setBit(bits, positions[i]!);
  return bits;
}
