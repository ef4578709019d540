/**
 * A key's `hop` (src/motion/hop.ts, src/motion/limb-paths.ts): both feet hop into the key on planted hands,
 * as a squat thrust jumps back to the plank and in again. Without it the same keys glide both feet along the
 * floor (the figure rests on its lowest part in every frame) and `step` lifts only one foot.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkMotion } from '../../src/motion/motion-check.ts';
import { slides } from '../../src/motion/slides.ts';
import type { Description } from '../../src/motion/motion-files.ts';
import { keyStartSeconds } from '../../src/motion/motion.ts';
import { bodyAt, clearance, FRAMES_PER_SECOND, frameCount, keyBody, pointOf } from '../../src/motion/timeline.ts';
import { descriptionsIn } from '../helpers/motion-descriptions.ts';

const conditioning = descriptionsIn('conditioning');
const build = (source: Record<string, unknown>) => conditioning.built(source, 'Squat_Thrust');
const built = (source: Record<string, unknown>) => conditioning.description(source, 'Squat_Thrust');

const refusal = (source: Record<string, unknown>): string => {
  const result = build(source);
  assert.ok(!result.ok, 'refused');
  return result.problems.map((problem) => problem.message).join('; ');
};

const SQUAT = { trunk: 55, spine: 10, neck: -25, legs: [105, -45], arms: [10, 10], handsOnFloor: 'both', feetOnFloor: 'both' };
const PLANK = {
  trunk: 68.5,
  neck: -10,
  legs: [-68.5, -68.5, -40],
  arms: [0, 0],
  handsOnFloor: 'both',
  feetOnFloor: 'both',
  onToes: 'both',
};
/** The hips rising over the hands as the legs drive back and the knees come in (they would drop to the floor). */
const BACK = { trunk: 80, spine: 5, neck: -20, legs: [55, -80, -80], arms: [0, 0], handsOnFloor: 'both', through: true, hold: 0 };
const IN = { trunk: 80, spine: 10, neck: -20, legs: [68, -55, -58], arms: [0, 0], handsOnFloor: 'both', through: true, hold: 0 };

/** A squat thrust's floor part, the pelvis fixed and placed (`at`) so the hands are in one place in every key. */
const squatThrust = (hop: number | undefined, waypoints = true) => {
  const hopping = hop === undefined ? {} : { hop };
  return {
    pattern: 'pose',
    fixed: 'pelvis',
    keys: [
      { name: 'squat, hands down', ...SQUAT, at: -0.118, hold: 0.2, move: 0.15 },
      ...(waypoints ? [{ name: 'legs driving back', ...BACK, at: -0.118, move: 0.15 }] : []),
      { name: 'plank', ...PLANK, ...hopping, at: -0.087, hold: 0.3, move: 0.15 },
      ...(waypoints ? [{ name: 'knees coming in', ...IN, at: -0.119, move: 0.15 }] : []),
      { name: 'squat again', ...SQUAT, ...hopping, at: -0.118, hold: 0.2, move: 0.15 },
    ],
  };
};

/** Each frame's seconds in the loop. */
const frames = (d: Description) => Array.from({ length: frameCount(d.motion) }, (_, frame) => frame / FRAMES_PER_SECOND);

describe("a key's hop", () => {
  const hopping = built(squatThrust(0.1));
  const gliding = built(squatThrust(undefined));

  it('lifts both feet together, 10 cm at the middle, and lands them where the keys put them', () => {
    assert.deepEqual(checkMotion(hopping), []);
    const { motion } = hopping;
    const start = keyStartSeconds(motion, 0) + motion.keys[0]!.hold;
    const end = keyStartSeconds(motion, 2);
    const middle = bodyAt(motion, (start + end) / 2);
    const [left, right] = [clearance(middle, 'leftToe'), clearance(middle, 'rightToe')];
    assert.ok(left > 0.07 && left < 0.12, `the toes are ${left} m up halfway back`);
    assert.ok(Math.abs(left - right) < 1e-9, 'both feet together');
    // Two keys without a hop: both feet glide along the floor from the squat to the plank.
    const twoKeys = built(squatThrust(undefined, false)).motion;
    const halfway = twoKeys.keys[0]!.hold + twoKeys.keys[0]!.move / 2;
    assert.ok(clearance(bodyAt(twoKeys, halfway), 'leftToe') < 0.015, 'without hop they stay on the floor');
    const plank = keyBody(motion.keys[2]!, motion.view).body;
    assert.ok(Math.abs(pointOf(bodyAt(motion, end), 'leftToe')[0] - pointOf(plank, 'leftToe')[0]) < 1e-6, 'they land on the plank');
    for (const seconds of frames(hopping)) {
      const body = bodyAt(motion, seconds);
      for (const point of ['leftToe', 'leftHeel'] as const)
        assert.ok(pointOf(body, point)[1] < body.pelvis[1], `${seconds} s: the ${point} stays below the hips`);
    }
  });

  it('keeps the hands exactly where they are planted, and the feet glide nowhere', () => {
    const hand = pointOf(keyBody(hopping.motion.keys[0]!, hopping.motion.view).body, 'leftHand');
    for (const seconds of frames(hopping)) {
      const moved = Math.hypot(...([0, 1] as const).map((i) => pointOf(bodyAt(hopping.motion, seconds), 'leftHand')[i] - hand[i]));
      assert.ok(moved < 0.002, `${seconds} s: the left hand moved ${moved} m`);
    }
    assert.deepEqual(slides(hopping.motion), []);
    const glides = slides(gliding.motion).map((slide) => slide.point);
    assert.ok(glides.includes('leftToe') && glides.includes('rightToe'), `without hop the feet glide: ${glides.join(', ')}`);
  });

  it('carries the feet on one arc through the through keys between, where the hips rise over the hands', () => {
    const { motion } = hopping;
    const waypoint = keyStartSeconds(motion, 1);
    const body = bodyAt(motion, waypoint);
    const free = keyBody(motion.keys[1]!, motion.view).body;
    assert.ok(clearance(body, 'leftToe') > 0.05, `at the waypoint the toes are ${clearance(body, 'leftToe')} m up`);
    assert.ok(Math.abs(pointOf(body, 'leftToe')[0] - pointOf(free, 'leftToe')[0]) > 0.05, 'on the arc, not where the angles put them');
    assert.ok(body.pelvis[1] > 0.55, `the hips rise to ${body.pelvis[1]} m`);
    // Without the waypoints the knees drop onto the floor and lift the figure off its hands: the check names it.
    const problems = checkMotion(built(squatThrust(0.1, false))).map((problem) => problem.message);
    assert.ok(
      problems.some((message) => /left hand has moved \d+ cm while the feet hop into key 1 "plank"/.test(message)),
      problems.join('; '),
    );
  });

  it('is refused where it cannot be drawn, naming the field', () => {
    const source = squatThrust(0.1);
    const keys = source.keys as Record<string, unknown>[];
    assert.match(refusal({ ...source, keys: keys.map((k, i) => (i === 2 ? { ...k, hop: 0.3 } : k)) }), /hop is the feet's clearance/);
    assert.match(
      refusal({ ...source, keys: keys.map((k, i) => (i === 0 ? { ...k, feetOnFloor: 'left' } : k)) }),
      /key 2 "plank": a hop takes both feet .* feetOnFloor both/,
    );
    assert.match(
      refusal({ ...source, keys: keys.map((k, i) => (i === 1 ? { ...k, handsOnFloor: undefined } : k)) }),
      /key 2 "plank": a hop is made on planted hands: give key 1 handsOnFloor/,
    );
    assert.match(refusal({ ...source, keys: keys.map((k, i) => (i === 2 ? { ...k, step: 'left-foot' } : k)) }), /hop moves both feet/);
    assert.match(refusal({ ...source, fixed: 'leftToe' }), /fix the pelvis or a hand, not a foot/);
  });

  it('leaves descriptions without it as they were', () => {
    const plain = built(squatThrust(undefined));
    assert.equal(
      plain.motion.keys.some((key) => key.hop !== undefined),
      false,
    );
  });
});
