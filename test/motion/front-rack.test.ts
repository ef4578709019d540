/**
 * A bar racked in front (a front squat) is held with the wrists bent back and the fingers under the bar,
 * so the elbows come up in front, the upper arms near level (src/motion/held-places.ts loadGrip). With the
 * hands gripping just ahead of the bar, the upper arms hung down the chest with the forearms folded up to
 * it, and every reviewer of a front squat failed its low elbows (stop 50).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkMotion } from '../../src/motion/motion-check.ts';
import { keyStartSeconds } from '../../src/motion/motion.ts';
import { angleOf } from '../../src/motion/skeleton.ts';
import { bodyAt, heldAt } from '../../src/motion/timeline.ts';
import { descriptionsIn } from '../helpers/motion-descriptions.ts';

const strength = descriptionsIn('strength');

describe('a front squat', () => {
  const description = strength.description({ pattern: 'squat', props: ['barbell'], rack: 'front' }, 'Front_Barbell_Squat');

  it('passes the check, the hands holding the bar where a racked bar is gripped', () => {
    assert.deepEqual(checkMotion(description), []);
  });

  for (const [index, name] of [
    [0, 'standing'],
    [1, 'at the bottom'],
  ] as const) {
    it(`holds the elbows up in front, the upper arms within 25 degrees of level (${name})`, () => {
      const { motion } = description;
      const body = bodyAt(motion, keyStartSeconds(motion, index));
      for (const side of ['left', 'right'] as const) {
        const { root: shoulder, middle: elbow } = body.arms[side];
        const upperArm = angleOf(shoulder, elbow); // 90: level and forward
        assert.ok(Math.abs(upperArm - 90) <= 25, `${side} upper arm ${upperArm.toFixed(1)} degrees from hanging (90 is level)`);
        assert.ok(elbow[0] > heldAt(body, motion.held[0]!)[0], `${side} elbow ahead of the bar`);
      }
    });
  }
});
