/** depthProblems: the bundled catalog's depth rules, each problem naming the exercise id and field. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { depthProblems } from '../../src/catalog/snapshot-depth.ts';
import type { Exercise } from '../../src/catalog/snapshot-schema.ts';
import { formatProblems } from '../../src/problems.ts';
import { deepSnapshot } from '../helpers/snapshots.ts';

describe('depthProblems', () => {
  it('finds nothing in a snapshot at depth', () => {
    assert.deepEqual(formatProblems(depthProblems(deepSnapshot())), []);
  });

  it('names the id and field of every rule broken', () => {
    const snapshot = deepSnapshot();
    const [bench, pull, wheel, goblet] = snapshot.exercises as [Exercise, Exercise, Exercise, Exercise];
    bench.keywords = ['bench', 'flat bench', 'legs', 'Core', 'bench', 'Hip Flexors', 'pectoralis major'];
    bench.instructions = bench.instructions.slice(0, 3);
    pull.exerciseTips = pull.exerciseTips.slice(0, 2);
    pull.commonMistakes = pull.commonMistakes.slice(0, 1);
    wheel.variations = ['Ab Wheel Rollout', 'Dragon Flag', 'Pull Up'];
    wheel.overview = 'Too short to teach anything.';
    goblet.safetyInfo = 'Be careful.';
    goblet.keywords = Array.from({ length: 11 }, (_, i) => `goblet ${i}`);
    goblet.variations = [...goblet.variations, 'Pull Up', 'Pull Up', 'Pull Up'];
    assert.deepEqual(formatProblems(depthProblems(snapshot)), [
      'exercises[Barbell_Bench_Press].instructions: needs at least 4 steps (has 3)',
      'exercises[Barbell_Bench_Press].keywords: "legs" is a bare body part or generic word, not an alias',
      'exercises[Barbell_Bench_Press].keywords: "Core" is a bare body part or generic word, not an alias',
      'exercises[Barbell_Bench_Press].keywords: "bench" is listed twice',
      'exercises[Barbell_Bench_Press].keywords: "Hip Flexors" is a bare body part or generic word, not an alias',
      'exercises[Barbell_Bench_Press].keywords: "pectoralis major" is a bare body part or generic word, not an alias',
      'exercises[Pull_Up].exerciseTips: needs at least 3 tips (has 2)',
      'exercises[Pull_Up].commonMistakes: needs at least 2 mistakes (has 1)',
      'exercises[Ab_Wheel_Rollout].variations: "Ab Wheel Rollout" is the exercise itself',
      'exercises[Ab_Wheel_Rollout].variations: "Dragon Flag" names no exercise in the catalog',
      'exercises[Ab_Wheel_Rollout].overview: needs at least 25 words (has 5)',
      'exercises[Goblet_Squat].keywords: needs 5-10 keywords (has 11)',
      'exercises[Goblet_Squat].variations: needs 3-5 variations (has 6)',
      'exercises[Goblet_Squat].safetyInfo: needs a real safety note of at least 10 words (has 2)',
    ]);
  });

  it('treats an empty overview as zero words', () => {
    const snapshot = deepSnapshot();
    snapshot.exercises[0]!.overview = '   ';
    assert.deepEqual(formatProblems(depthProblems(snapshot)), ['exercises[Barbell_Bench_Press].overview: needs at least 25 words (has 0)']);
  });
});
