/**
 * A flight drawn as a thrown body (src/motion/thrown.ts, flight-keys.ts): keys marked `flight` are in
 * the air between a take-off and a touch-down; the pelvis follows one parabola under g at one speed along
 * the floor, nothing stalls at the take-off or the top, the schema refuses a misuse, and a description
 * that does not mark a flight moves as it always did.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkMotion } from '../../src/motion/motion-check.ts';
import type { Description } from '../../src/motion/motion-files.ts';
import { ease, easeIn, easeOut, G, moveProgress } from '../../src/motion/thrown.ts';
import { bodyAt, FRAMES_PER_SECOND, frameCount, locate } from '../../src/motion/timeline.ts';
import { cycleSeconds, keyStartSeconds } from '../../src/motion/motion.ts';
import { descriptionsIn } from '../helpers/motion-descriptions.ts';

const plyometrics = descriptionsIn('plyometrics');
const built = (source: Record<string, unknown>, id = 'Standing_Long_Jump', category = 'plyometrics'): Description =>
  descriptionsIn(category).description(source, id);
const refusal = (source: Record<string, unknown>): string => plyometrics.refused(source, 'Standing_Long_Jump');

const load = { name: 'hinge, arms back', trunk: 45, legs: [55, -25, 90], arms: [-60, -50], hold: 0.2, move: 0.3 };
const takeoff = { name: 'push off', trunk: 40, legs: [-38, -38, 15], arms: [135, 140], hold: 0, move: 0.28 };
const air = { name: 'knees forward', trunk: 25, legs: [75, 5, 95], arms: [100, 110], flight: true, hold: 0, move: 0.27 };
const touchdown = { name: 'heels reach the floor', trunk: 35, legs: [70, 25, 110], arms: [60, 70], at: 2.1, hold: 0, move: 0.3 };
const landed = { name: 'squat', trunk: 50, legs: [85, -20, 90], arms: [20, 40], at: 2.25, hold: 0.6, move: 0.5 };
const broadJump = { pattern: 'pose', fixed: 'leftToe', loop: 'dissolve', keys: [load, takeoff, air, touchdown, landed] };

/** The frames (as seconds) from the take-off key's time to the touch-down key's, inclusive. */
function flightFrames(d: Description, from: number, to: number): number[] {
  const [start, end] = [keyStartSeconds(d.motion, from), keyStartSeconds(d.motion, to)];
  const frames: number[] = [];
  for (let f = Math.ceil(start * FRAMES_PER_SECOND - 1e-9); f / FRAMES_PER_SECOND <= end + 1e-9; f += 1) frames.push(f / FRAMES_PER_SECOND);
  return frames;
}

describe('a flight drawn as a thrown body', () => {
  const jump = built(broadJump);
  const start = keyStartSeconds(jump.motion, 1);
  const seconds = keyStartSeconds(jump.motion, 3) - start;
  const p0 = bodyAt(jump.motion, start).pelvis;
  const p1 = bodyAt(jump.motion, start + seconds).pelvis;

  it('moves the pelvis on one parabola under g from the take-off to the touch-down, frame by frame', () => {
    assert.ok(Math.abs(seconds - 0.55) < 1e-9);
    for (const s of flightFrames(jump, 1, 3)) {
      const t = s - start;
      const y = p0[1] + ((p1[1] - p0[1]) * t) / seconds + (G / 2) * t * (seconds - t);
      assert.ok(Math.abs(bodyAt(jump.motion, s).pelvis[1] - y) < 1e-9, `at ${s.toFixed(3)} s: ${bodyAt(jump.motion, s).pelvis[1]} vs ${y}`);
    }
  });

  it('travels along the floor at one speed through the flight', () => {
    const xs = flightFrames(jump, 1, 3).map((s) => bodyAt(jump.motion, s).pelvis[0]);
    const speed = (p1[0] - p0[0]) / seconds;
    assert.ok(speed > 1, `a broad jump goes forward: ${speed} m/s`);
    for (let i = 1; i < xs.length; i += 1) assert.ok(Math.abs(xs[i]! - xs[i - 1]! - speed / FRAMES_PER_SECOND) < 1e-9);
  });

  it('places the key in the air on the parabola, resting on nothing, and passes the checks', () => {
    const key = jump.motion.keys[2]!;
    assert.equal(key.flight, true);
    assert.deepEqual(key.contacts, []);
    assert.equal(jump.motion.keys[1]!.isBalanced, false, 'a take-off is not a quiet stance');
    assert.deepEqual(checkMotion(jump), []);
  });

  it('never stalls: no frame about the take-off or the top repeats the pelvis of the frame before', () => {
    const from = Math.round((start - 0.1) * FRAMES_PER_SECOND);
    const to = Math.round((start + seconds) * FRAMES_PER_SECOND);
    for (let f = from + 1; f <= to; f += 1) {
      const [a, b] = [bodyAt(jump.motion, (f - 1) / FRAMES_PER_SECOND).pelvis, bodyAt(jump.motion, f / FRAMES_PER_SECOND).pelvis];
      assert.ok(Math.hypot(b[0] - a[0], b[1] - a[1]) > 0.03, `frame ${f} moves ${Math.hypot(b[0] - a[0], b[1] - a[1])} m`);
    }
  });

  it('eases the push in only and the landing out only', () => {
    const keys = jump.motion.keys;
    assert.equal(moveProgress(keys, 0, 0.5), easeIn(0.5));
    assert.equal(moveProgress(keys, 1, 0.5), 0.5);
    assert.equal(moveProgress(keys, 3, 0.5), easeOut(0.5));
    assert.equal(moveProgress(keys, 4, 0.5), ease(0.5));
    // Ease-in ends moving (its slope at 1 is 1.875), ease-out starts moving.
    assert.ok(easeIn(1) - easeIn(0.99) > 0.018 && easeOut(0.01) - easeOut(0) > 0.018);
    assert.ok(easeIn(0.01) < 1e-5 && 1 - easeOut(0.99) < 1e-5);
  });

  it('drops a body stepping off a box straight down under g, without a rise', () => {
    const drop = built(
      {
        pattern: 'pose',
        fixed: 'leftToe',
        box: [-0.5, 0.05, 0.45],
        loop: 'dissolve',
        keys: [
          { name: 'stand on the edge', legs: [0, 0], arms: [10, 15], hold: 0.5, move: 0.3 },
          { name: 'step off', legs: { left: [0, 0], right: [30, 10, 100] }, arms: [15, 20], hold: 0, move: 0.15 },
          { name: 'falling', legs: [12, 5, 100], arms: [20, 25], flight: true, hold: 0, move: 0.15 },
          { name: 'land', trunk: 10, legs: [15, 0, 100], arms: [20, 25], at: 0.3, hold: 0, move: 0.3 },
          { name: 'absorb', trunk: 35, legs: [60, -30, 90], arms: [-30, -20], at: 0.3, hold: 0.8, move: 0.4 },
        ],
      },
      'Depth_Drop',
    );
    const [t0, t1] = [keyStartSeconds(drop.motion, 1), keyStartSeconds(drop.motion, 3)];
    const heights = flightFrames(drop, 1, 3).map((s) => bodyAt(drop.motion, s).pelvis[1]);
    const fall = heights[0]! - heights.at(-1)!;
    // Falling h takes √(2h/g): a flight of that time has its top at the take-off.
    assert.ok(Math.abs(t1 - t0 - Math.sqrt((2 * fall) / G)) < 0.02, `${t1 - t0} s for ${fall} m`);
    for (let i = 1; i < heights.length; i += 1) assert.ok(heights[i]! <= heights[i - 1]! + 0.002, `frame ${i} rises`);
  });

  it('refuses a misuse with a clear message', () => {
    const keys = broadJump.keys;
    assert.match(refusal({ ...broadJump, keys: [load, takeoff, { ...air, air: 0.3 }, touchdown, landed] }), /leave out air and at/);
    assert.match(refusal({ ...broadJump, keys: [load, takeoff, { ...air, at: 0.8 }, touchdown, landed] }), /leave out air and at/);
    assert.match(refusal({ ...broadJump, keys: [load, { ...takeoff, hold: 0.2 }, air, touchdown, landed] }), /hold 0 at the take-off/);
    assert.match(refusal({ ...broadJump, keys: [load, takeoff, { ...air, hold: 0.1 }, touchdown, landed] }), /hold 0/);
    assert.match(refusal({ ...broadJump, keys: [load, takeoff, air, { ...touchdown, hold: 0.3 }, landed] }), /hold 0/);
    assert.match(
      refusal({ ...broadJump, keys: [load, takeoff, { ...air, feetOnFloor: 'both' }, touchdown, landed] }),
      /rests on nothing: no feetOnFloor/,
    );
    assert.match(
      refusal({ ...broadJump, keys: keys.map((k) => ({ ...k, flight: true, hold: 0, at: 0 })) }),
      /not every key can be in the air/,
    );
    assert.match(
      refusal({ ...broadJump, keys: [takeoff, air, touchdown, landed, { ...air, name: 'in the air at the end' }] }),
      /loop dissolve/,
    );
    assert.match(
      refusal({ ...broadJump, keys: [load, takeoff, { ...air, flight: false }, touchdown, landed] }),
      /flight is true on a key in the air/,
    );
  });
});

describe('a description that marks no flight', () => {
  it('moves exactly as before: every move eased at both ends (a travelling one linear)', () => {
    const rocket = built(
      {
        pattern: 'pose',
        fixed: 'leftToe',
        keys: [
          { name: 'half squat', trunk: 30, legs: [52, -30, 90], arms: [-10, 5], hold: 0.35, move: 0.22 },
          { name: 'push off', trunk: 3, legs: [0, 0, 30], arms: [165, 170], hold: 0, move: 0.3 },
          { name: 'top', legs: [0, 0, 25], arms: [178, 180], air: 0.26, hold: 0, move: 0.3 },
          { name: 'touch down', trunk: 5, legs: [5, -3, 35], arms: [150, 160], hold: 0, move: 0.35 },
        ],
      },
      'Rocket_Jump',
    );
    const keys = rocket.motion.keys;
    for (let frame = 0; frame < frameCount(rocket.motion); frame += 1) {
      const s = frame / FRAMES_PER_SECOND;
      const { from, progress } = locate(rocket.motion, s);
      const into = s - keyStartSeconds(rocket.motion, from) - keys[from]!.hold;
      assert.ok(Math.abs(progress - (into <= 0 ? 0 : ease(into / keys[from]!.move))) < 1e-12, `frame ${frame}`);
    }
    assert.ok(cycleSeconds(rocket.motion) > 1);
  });
});
