/**
 * The bench-press pattern's lockout (src/motion/patterns-floor.ts): the arms straight over the
 * shoulders, not stopped short with the elbows bent (review 8 failed a powerlifting bench press whose
 * elbows stayed at about 150 degrees at the top).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildDescription } from '../../src/motion/motion-files.ts';
import { RENDERER_VERSION } from '../../src/motion/render-media.ts';
import { distance } from '../../src/motion/skeleton.ts';
import { keyBody } from '../../src/motion/timeline.ts';

describe('a bench press', () => {
  it('locks the elbows out at the top: the elbow at 165 degrees or more', () => {
    const result = buildDescription(
      'data/source/motion/powerlifting.json',
      'powerlifting',
      'Bench_Press_-_Powerlifting',
      { pattern: 'bench-press', props: ['barbell', 'bench'] },
      RENDERER_VERSION,
    );
    assert.ok(result.ok, 'it builds');
    const lockout = keyBody(result.value.motion.keys[0]!, 'side').body.arms.left;
    const upper = distance(lockout.root, lockout.middle);
    const fore = distance(lockout.middle, lockout.hand);
    const reach = distance(lockout.root, lockout.hand);
    const elbow = (Math.acos((upper ** 2 + fore ** 2 - reach ** 2) / (2 * upper * fore)) * 180) / Math.PI;
    assert.ok(elbow >= 165, `the elbow is at ${elbow.toFixed(0)} degrees at the top`);
  });
});
