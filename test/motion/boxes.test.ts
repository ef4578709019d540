/**
 * A figure that jumps onto, steps off and drops from a box (src/motion/resting.ts liftBetween,
 * src/motion/box-check.ts): its height is continuous through the loop, a foot crossing the box's edge
 * in the air neither snapping it up onto the box nor dropping it to the floor; and `check` refuses a
 * foot through the box, a planted foot in the air, and a pelvis that jumps between two frames.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkMotion } from '../../src/motion/motion-check.ts';
import { keyStartSeconds, type Motion } from '../../src/motion/motion.ts';
import { stepPath } from '../../src/motion/limb-paths.ts';
import { bodyAt, FRAMES_PER_SECOND } from '../../src/motion/timeline.ts';
import { descriptionsIn } from '../helpers/motion-descriptions.ts';

const { description } = descriptionsIn('plyometrics');

/** The farthest the pelvis moves from one frame to the next before the clip reaches key `last`. */
function largestPelvisStep(motion: Motion, last: number): number {
  let largest = 0;
  let before = bodyAt(motion, 0).pelvis;
  for (let frame = 1; frame / FRAMES_PER_SECOND <= keyStartSeconds(motion, last); frame += 1) {
    const pelvis = bodyAt(motion, frame / FRAMES_PER_SECOND).pelvis;
    largest = Math.max(largest, Math.hypot(pelvis[0] - before[0], pelvis[1] - before[1]));
    before = pelvis;
  }
  return largest;
}

const messages = (source: Record<string, unknown>): string[] => checkMotion(description(source)).map((p) => p.message);

const box = { props: ['box'], box: [0.45, 0.95, 0.5], loop: 'dissolve' };
const dip = { name: 'dip', trunk: 35, legs: [50, -25, 90], arms: [-50, -40], hold: 0.2, move: 0.3 };
const flight = { name: 'in the air', trunk: 15, legs: [100, 10], arms: [120, 130], at: 0.3, air: 0.6, hold: 0, move: 0.3 };
const landed = { name: 'land on the box', trunk: 35, legs: [55, -25, 90], arms: [60, 70], at: 0.6, hold: 0.3, move: 0.6 };

describe('a jump onto a box', () => {
  const jump = { pattern: 'pose', ...box, keys: [dip, flight, landed] };

  it('rises continuously: its feet crossing the edge in the air never lift the pelvis 20 cm in a frame', () => {
    // Grounded frame by frame on what was under the lowest foot, the pelvis rose 51 cm in one frame.
    assert.equal(largestPelvisStep(description(jump).motion, 2).toFixed(3), '0.153');
    assert.deepEqual(messages(jump), []);
  });

  it('is refused when it lands without a flight: the feet pass through the box', () => {
    const through = { pattern: 'pose', ...box, keys: [{ ...dip, move: 0.4 }, landed] };
    assert.deepEqual(messages(through), ['at 0.40 s the left toe is 25 cm inside the box (under its top at x 0.55)']);
  });
});

describe('a step off a box', () => {
  const off = { pattern: 'pose', props: ['box'], box: [-0.6, 0, 0.5], fixed: 'leftToe' };
  const onEdge = { name: 'on the box edge', legs: [0, 0, 90], arms: [5, 10], hold: 0.3, move: 0.4 };

  it('drops continuously to the floor in front of the box, the feet clear of it', () => {
    const drop = {
      ...off,
      loop: 'dissolve',
      keys: [
        onEdge,
        // Past the edge, level with the box top: its air is over the floor under its lowest foot.
        { name: 'step off', legs: { left: [0, 0, 90], right: [35, 10, 90] }, at: 0.45, air: 0.45, hold: 0, move: 0.3 },
        { name: 'land', trunk: 30, legs: [50, -30, 90], arms: [-30, -10], at: 0.5, hold: 0.6, move: 0.5 },
      ],
    };
    const { motion } = description(drop);
    assert.equal(largestPelvisStep(motion, 2).toFixed(3), '0.139');
    assert.equal(bodyAt(motion, keyStartSeconds(motion, 2)).legs.left.heel[1].toFixed(3), '0.000');
    assert.deepEqual(messages(drop), []);
  });

  it('is refused when a foot put on the floor cannot reach it', () => {
    const reach = {
      ...off,
      keys: [onEdge, { name: 'reach down', legs: { left: [0, 0, 90], right: [10, 0, 90] }, feetOnFloor: 'right', hold: 0.3, move: 0.4 }],
    };
    assert.deepEqual(messages(reach), [
      'key 1 "reach down": the planted right foot is 50 cm above the floor: put it on the floor or the box top',
    ]);
  });
});

describe('a pelvis that jumps between frames', () => {
  it('is refused: a knee crossing onto the box lifts the figure by its height in one frame', () => {
    const kneeling = {
      pattern: 'pose',
      props: ['box'],
      box: [0.3, 0.9, 0.3],
      fixed: 'leftKnee',
      keys: [
        { name: 'kneeling', legs: [0, -90, -90], hold: 0.2, move: 1 },
        { name: 'kneeling on the box', legs: [0, -90, -90], at: 0.6, hold: 0.3, move: 1 },
      ],
    };
    assert.deepEqual(messages(kneeling), ['at 0.70 s the pelvis jumps 28 cm in one frame (4 cm in the frames beside it)']);
  });
});

describe('a step onto or off a box (stepPath)', () => {
  it('rises before it reaches over the edge when the ground rises, and reaches out before it drops when it falls', () => {
    // 40% of the way up onto a 15 cm step: 74% of the rise made, not yet moved toward the step.
    const [x, y] = stepPath([0, 0.08], [-0.45, 0.23], 0.4, 0, 0.15);
    assert.deepEqual([x.toFixed(3), y.toFixed(3)], ['0.000', '0.191']);
    // 40% of the way down off it: 74% of the way out past the edge, not yet lower.
    const [xDown, yDown] = stepPath([-0.45, 0.23], [0, 0.08], 0.4, 0, -0.15);
    assert.deepEqual([xDown.toFixed(3), yDown.toFixed(3)], ['-0.117', '0.230']);
  });

  it('keeps to the straight line, lifted, on level ground', () => {
    assert.deepEqual(stepPath([0, 0.08], [0.4, 0.08], 0.5, 0.12, 0), [0.2, 0.2]);
  });
});
