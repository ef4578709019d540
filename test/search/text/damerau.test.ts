import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { damerauDistance } from '../../../src/search/text/damerau.ts';
import { seededRandom } from '../../helpers/random.ts';

/** The optimal-string-alignment distance written plainly (full table, no early exit). */
function naive(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

describe('damerauDistance', () => {
  const TABLE: [string, string, number][] = [
    ['sqaut', 'squat', 1],
    ['plnak', 'plank', 1],
    ['deadlfit', 'deadlift', 1],
    ['crul', 'curl', 1],
    ['benchh', 'bench', 1],
    ['romanain', 'romanian', 1],
    ['squat', 'squat', 0],
    ['abc', 'cba', 2],
    ['', 'row', 3],
  ];
  for (const [a, b, expected] of TABLE)
    it(`"${a}" is ${expected} from "${b}" (a swap is one edit)`, () => assert.equal(damerauDistance(a, b, 5), expected));

  it('answers limit + 1 once the distance is known to exceed the limit', () => {
    assert.equal(damerauDistance('squat', 'press', 1), 2);
    assert.equal(damerauDistance('a', 'abcdef', 2), 3);
  });

  it('matches the plain dynamic programme on random words (seeded)', () => {
    const random = seededRandom(99);
    const word = () => Array.from({ length: Math.floor(random() * 7) }, () => 'abcd'[Math.floor(random() * 4)]).join('');
    for (let i = 0; i < 3000; i++) {
      const a = word();
      const b = word();
      const limit = Math.floor(random() * 4);
      assert.equal(damerauDistance(a, b, limit), Math.min(naive(a, b), limit + 1), `${a} / ${b} / ${limit}`);
    }
  });
});
