/**
 * Seen from the front, a key's limb directions are as one sees them, each side's "outward" its own
 * (src/motion/pose-keys.ts anglesOf): with the trunk leaning sideways, the right limbs are drawn at the
 * angles written, as the left ones are. Until renderer 1.15.0 the right limbs were drawn turned outward
 * by twice the lean (a right thigh written at 10 degrees under a 20-degree lean was drawn at 50), and
 * writers wrote their right sides to make up for it; the bundled descriptions were rewritten to what
 * they drew (every figure the same at 40 instants of each loop), so their clips did not change.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Description, readDescriptions } from '../../src/motion/motion-files.ts';
import { keyStartSeconds } from '../../src/motion/motion.ts';
import type { Point } from '../../src/motion/skeleton.ts';
import { bodyAt } from '../../src/motion/timeline.ts';
import { descriptionsIn } from '../helpers/motion-descriptions.ts';

const strength = descriptionsIn('strength');

/** Degrees from straight down of the segment `from` -> `to`, positive toward `outward` (+1: +x, -1: -x). */
function seen(from: Point, to: Point, outward: 1 | -1): number {
  return (Math.atan2(outward * (to[0] - from[0]), from[1] - to[1]) * 180) / Math.PI;
}

/** Thigh, shank, upper arm and forearm of both sides as drawn at key `index`; the left side's outward is +x. */
function limbsAt(d: Description, index: number) {
  const body = bodyAt(d.motion, keyStartSeconds(d.motion, index));
  const side = (name: 'left' | 'right', outward: 1 | -1) => ({
    thigh: seen(body.legs[name].root, body.legs[name].middle, outward),
    shank: seen(body.legs[name].middle, body.legs[name].end, outward),
    upperArm: seen(body.arms[name].root, body.arms[name].middle, outward),
    forearm: seen(body.arms[name].middle, body.arms[name].hand, outward),
  });
  return { left: side('left', 1), right: side('right', -1) };
}

const near = (actual: number, expected: number, what: string) =>
  assert.ok(Math.abs(actual - expected) < 0.5, `${what}: drawn at ${actual.toFixed(2)} degrees, written ${expected}`);

const leaning = (view: 'front' | 'side', trunk: number, spine: number) => ({
  pattern: 'pose',
  view,
  fixed: 'pelvis',
  keys: [
    { name: 'leaning', trunk, spine, legs: [10, 25], arms: [30, 60], hold: 0.5, move: 1 },
    { name: 'upright', legs: [10, 25], arms: [30, 60], hold: 0.5, move: 1 },
  ],
});

describe('a front view with the trunk leaning sideways', () => {
  for (const [trunk, spine] of [
    [20, 0],
    [-25, 10],
    [15, -30],
  ] as const) {
    it(`draws both sides' limbs at the angles written (trunk ${trunk}, spine ${spine})`, () => {
      const limbs = limbsAt(strength.description(leaning('front', trunk, spine)), 0);
      for (const side of ['left', 'right'] as const) {
        near(limbs[side].thigh, 10, `${side} thigh`);
        near(limbs[side].shank, 25, `${side} shank`);
        near(limbs[side].upperArm, 30, `${side} upper arm`);
        near(limbs[side].forearm, 60, `${side} forearm`);
      }
    });
  }

  it('leaves the side view as it was: both sides at the angles written, forward', () => {
    const d = strength.description(leaning('side', 30, 10));
    const body = bodyAt(d.motion, 0);
    for (const side of ['left', 'right'] as const) near(seen(body.legs[side].root, body.legs[side].middle, 1), 10, `${side} thigh`);
  });

  it('draws a bundled triangle pose as its description now reads: the right leg 44.64 degrees out, the right arm down', () => {
    const read = readDescriptions('data/source/motion', 'test');
    assert.ok(read.ok);
    const limbs = limbsAt(read.value.find((d) => d.id === 'Triangle_Pose')!, 2);
    near(limbs.right.thigh, 44.64, 'right thigh');
    near(limbs.left.thigh, 25.27, 'left thigh');
    near(limbs.right.upperArm, -4, 'right upper arm');
    near(limbs.left.upperArm, 180, 'left upper arm');
  });
});
