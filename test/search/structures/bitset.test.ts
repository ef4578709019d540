import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { collectBits, countBits, createBitset, hasBit, intersectInto, setBit, unionOf } from '../../../src/search/structures/bitset.ts';
import { seededRandom } from '../../helpers/random.ts';

function fromSet(size: number, set: Set<number>) {
  const bits = createBitset(size);
  for (const p of set) setBit(bits, p);
  return bits;
}

function randomSet(random: () => number, size: number, density: number): Set<number> {
  const set = new Set<number>();
  for (let p = 0; p < size; p++) if (random() < density) set.add(p);
  return set;
}

describe('bitset', () => {
  it('agrees with a Set on membership, count, union, intersection and paging (seeded)', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const random = seededRandom(seed);
      const size = 1 + Math.floor(random() * 300);
      const a = randomSet(random, size, random());
      const b = randomSet(random, size, random());
      const bitsA = fromSet(size, a);
      const bitsB = fromSet(size, b);
      assert.equal(countBits(bitsA), a.size, `seed ${seed}`);
      for (let p = 0; p < size; p++) assert.equal(hasBit(bitsA, p), a.has(p), `seed ${seed} position ${p}`);
      const union = unionOf(size, [bitsA, bitsB]);
      assert.deepEqual(
        collectBits(union, 0, size),
        [...new Set([...a, ...b])].sort((x, y) => x - y),
        `seed ${seed} union`,
      );
      const both = Uint32Array.from(bitsA);
      intersectInto(both, bitsB);
      const expected = [...a].filter((p) => b.has(p)).sort((x, y) => x - y);
      assert.deepEqual(collectBits(both, 0, size), expected, `seed ${seed} intersection`);
      const skip = Math.floor(random() * (expected.length + 3));
      const take = Math.floor(random() * 25);
      assert.deepEqual(collectBits(both, skip, take), expected.slice(skip, skip + take), `seed ${seed} page`);
    }
  });

  it('collectBits returns nothing for take 0', () => {
    assert.deepEqual(collectBits(fromSet(10, new Set([1, 2])), 0, 0), []);
  });
});
