import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TopK } from '../../../src/search/structures/top-k.ts';
import { seededRandom } from '../../helpers/random.ts';

describe('TopK', () => {
  it('keeps the best k by key, ties to the lower position, like a full sort (seeded)', () => {
    const random = seededRandom(3);
    for (let round = 0; round < 200; round++) {
      const n = Math.floor(random() * 300);
      const k = Math.floor(random() * 40);
      const items = Array.from({ length: n }, (_, i) => ({ key: Math.floor(random() * 10), position: (i * 7919) % 1009 }));
      const top = new TopK(k);
      for (const item of items) top.offer(item.key, item.position);
      const expected = [...items]
        .sort((a, b) => b.key - a.key || a.position - b.position)
        .slice(0, k)
        .map((item) => item.position);
      assert.deepEqual(Array.from(top.sorted()), expected, `round ${round}`);
    }
  });
});
