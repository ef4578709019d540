import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { intersectAdding, type PostingList, UnionScratch, unionBest } from '../../../src/search/ranking/posting-lists.ts';
import { Budget } from '../../../src/search/structures/budget.ts';
import { seededRandom } from '../../helpers/random.ts';

const SIZE = 5000;
const budget = new Budget(Number.POSITIVE_INFINITY, () => 0);

function randomList(random: () => number): PostingList {
  const density = random() < 0.3 ? 0.002 : random();
  const positions: number[] = [];
  for (let p = 0; p < SIZE; p++) if (random() < density) positions.push(p);
  return {
    positions: Int32Array.from(positions),
    scores: Float32Array.from(positions, () => Math.round(random() * 100) / 4),
    fields: Uint8Array.from(positions, () => Math.floor(random() * 4)),
    weight: 1,
  };
}

const asMap = (list: PostingList) =>
  new Map<number, [number, number]>(Array.from(list.positions, (p, i) => [p, [list.scores[i]!, list.fields[i]!]]));

describe('posting lists against a plain Map (seeded)', () => {
  it('unionBest keeps every position once, in order, with its best score and OR-ed fields', () => {
    const random = seededRandom(21);
    const scratch = new UnionScratch(SIZE);
    for (let round = 0; round < 60; round++) {
      const lists = Array.from({ length: 1 + Math.floor(random() * 4) }, () => randomList(random));
      const union = unionBest(lists, scratch, budget);
      const expected = new Map<number, [number, number]>();
      for (const list of lists) {
        for (const [p, [score, fields]] of asMap(list)) {
          const seen = expected.get(p);
          expected.set(p, seen === undefined ? [score, fields] : [Math.max(seen[0], score), seen[1] | fields]);
        }
      }
      const keys = [...expected.keys()].sort((a, b) => a - b);
      assert.deepEqual(Array.from(union.positions), keys, `round ${round}`);
      assert.deepEqual(
        [...asMap(union)].map(([, v]) => v),
        keys.map((p) => expected.get(p)!),
        `round ${round}`,
      );
    }
  });

  it('intersectAdding keeps the positions of both, scores added, fields AND-ed', () => {
    const random = seededRandom(22);
    for (let round = 0; round < 80; round++) {
      const a = randomList(random);
      const b = randomList(random);
      const both = intersectAdding(a, b, new UnionScratch(SIZE), budget);
      const am = asMap(a);
      const bm = asMap(b);
      const keys = [...am.keys()].filter((p) => bm.has(p));
      assert.deepEqual(Array.from(both.positions), keys, `round ${round}`);
      assert.deepEqual(
        [...asMap(both)].map(([, v]) => v),
        keys.map((p) => [Math.fround(am.get(p)![0] + bm.get(p)![0]), am.get(p)![1] & bm.get(p)![1]]),
      );
    }
  });
});
