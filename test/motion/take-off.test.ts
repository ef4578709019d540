/**
 * A take-off and a touch-down that the flight carries on (src/motion/take-off.ts, release.ts): the pelvis
 * reaches the take-off at the flight's initial velocity and leaves the touch-down at its final one (no jump
 * in speed or direction, frame by frame), the feet on the floor stay put while it does, and the hands reach
 * a ball's release still moving.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ballAt } from '../../src/motion/ball-flight.ts';
import { checkMotion } from '../../src/motion/motion-check.ts';
import type { Description } from '../../src/motion/motion-files.ts';
import { keyStartSeconds } from '../../src/motion/motion.ts';
import type { Point } from '../../src/motion/skeleton.ts';
import { G } from '../../src/motion/thrown.ts';
import { bodyAt, FRAMES_PER_SECOND } from '../../src/motion/timeline.ts';
import { descriptionsIn } from '../helpers/motion-descriptions.ts';

const plyometrics = descriptionsIn('plyometrics');

const load = { name: 'hinge, arms back', trunk: 40, legs: [60, -30, 90], arms: [-60, -50], hold: 0.25, move: 0.35 };
const takeoff = { name: 'push off', trunk: 30, legs: [-22, -25, 15], arms: [140, 145], hold: 0, move: 0.2 };
const leave = { name: 'toes leave', trunk: 28, legs: [-10, -20, 10], arms: [140, 145], flight: true, hold: 0, move: 0.25 };
const air = { name: 'knees forward', trunk: 25, legs: [75, 5, 95], arms: [100, 110], flight: true, hold: 0, move: 0.27 };
const touchdown = { name: 'heels reach the floor', trunk: 35, legs: [70, 25, 110], arms: [60, 70], at: 2.95, hold: 0, move: 0.22 };
const landed = { name: 'squat', trunk: 55, legs: [92, -28, 88], arms: [30, 45], at: 2.95, hold: 1, move: 0.5 };
const jump: Description = plyometrics.description(
  { pattern: 'pose', fixed: 'leftToe', loop: 'dissolve', keys: [load, takeoff, leave, air, touchdown, landed] },
  'Standing_Long_Jump',
);

const pelvis = (s: number): Point => bodyAt(jump.motion, s).pelvis;
/** The pelvis's velocity (m/s) just before (`side` -1) or just after (+1) the instant `s`. */
function velocity(s: number, side: -1 | 1): Point {
  const h = 1e-5;
  const [a, b] = side < 0 ? [pelvis(s - h), pelvis(s)] : [pelvis(s), pelvis(s + h)];
  return [(b[0] - a[0]) / h, (b[1] - a[1]) / h];
}
/** The flight's velocity at its take-off and touch-down: one parabola under g through both pelvises. */
const [t0, t1] = [keyStartSeconds(jump.motion, 1), keyStartSeconds(jump.motion, 4)];
const [p0, p1] = [pelvis(t0), pelvis(t1)];
const flightVelocity = (atEnd: boolean): Point => [
  (p1[0] - p0[0]) / (t1 - t0),
  (p1[1] - p0[1]) / (t1 - t0) + ((atEnd ? -1 : 1) * G * (t1 - t0)) / 2,
];
const near = (a: Point, b: Point, within: number, what: string) =>
  assert.ok(Math.hypot(a[0] - b[0], a[1] - b[1]) < within, `${what}: ${a.map((v) => v.toFixed(3))} vs ${b.map((v) => v.toFixed(3))}`);

/** The pelvis's velocity frame by frame (finite differences over 1/30 s) from `from` to `to` seconds. */
function frameVelocities(from: number, to: number): Point[] {
  const frames: Point[] = [];
  for (let f = Math.round(from * FRAMES_PER_SECOND); f < Math.round(to * FRAMES_PER_SECOND); f += 1) {
    const [a, b] = [pelvis(f / FRAMES_PER_SECOND), pelvis((f + 1) / FRAMES_PER_SECOND)];
    frames.push([(b[0] - a[0]) * FRAMES_PER_SECOND, (b[1] - a[1]) * FRAMES_PER_SECOND]);
  }
  return frames;
}

describe('a take-off and a touch-down the flight carries on', () => {
  it('reaches the take-off at the flight velocity: along the floor and up', () => {
    assert.ok(Math.abs(t0 * FRAMES_PER_SECOND - Math.round(t0 * FRAMES_PER_SECOND)) < 1e-9, 'the take-off falls on a frame');
    near(velocity(t0, -1), flightVelocity(false), 0.02, 'the push ends at the flight velocity');
    near(velocity(t0, 1), flightVelocity(false), 0.02, 'the flight starts at it');
    assert.ok(flightVelocity(false)[0] > 1 && flightVelocity(false)[1] > 1, 'a broad jump goes forward and up');
  });

  it('leaves the touch-down at the flight velocity, the absorb slowing from it', () => {
    near(velocity(t1, -1), flightVelocity(true), 0.02, 'the flight ends at its velocity');
    near(velocity(t1, 1), flightVelocity(true), 0.02, 'the landing starts at it');
    const end = keyStartSeconds(jump.motion, 5);
    near(velocity(end, -1), [0, 0], 0.02, 'the absorb comes to rest at its key');
  });

  it('changes the velocity across the take-off frame and the touch-down frame by about what a frame of the flight does', () => {
    // Before, the push ended at 2-3 times the flight speed: the velocity jumped by metres a second in one frame.
    for (const key of [t0, t1]) {
      const [before, after] = frameVelocities(key - 1 / FRAMES_PER_SECOND, key + 1 / FRAMES_PER_SECOND);
      const change = Math.hypot(after![0] - before![0], after![1] - before![1]);
      assert.ok(change < 1.2, `at ${key.toFixed(3)} s the velocity changes by ${change.toFixed(2)} m/s in a frame`);
    }
  });

  it('keeps the feet on the floor where they stand while the body moves on through the push and the landing', () => {
    const toe = (s: number) => bodyAt(jump.motion, s).legs.left.toe;
    const pushed = toe(0.2);
    for (let s = 0.2; s <= t0; s += 0.01) near(toe(s), pushed, 0.005, `the push at ${s.toFixed(2)} s`);
    const landedAt = keyStartSeconds(jump.motion, 5);
    for (let s = t1; s <= landedAt; s += 0.01)
      assert.ok(Math.abs(toe(s)[0] - toe(landedAt)[0]) < 0.005, `the landing at ${s.toFixed(2)} s`);
    for (let s = t1 + 0.005; s <= landedAt; s += 0.01) {
      const foot = bodyAt(jump.motion, s).legs.left;
      const low = Math.min(foot.heel[1], foot.toe[1]);
      assert.ok(Math.abs(low) < 0.005, `the landing foot ${low.toFixed(3)} m off the floor at ${s.toFixed(3)} s`);
    }
    assert.deepEqual(checkMotion(jump), []);
  });
});

describe("a ball's release that does not stop the hands", () => {
  const standing = { legs: [0, 0], feetOnFloor: 'both' };
  const pass = (releaseHold: number) =>
    plyometrics.description(
      {
        pattern: 'pose',
        props: ['ball', 'wall'],
        wall: 2.2,
        ballFlight: { release: 1, wall: [2, 1.82], catch: 3 },
        keys: [
          { name: 'ball at the chest', ...standing, arms: [20, 150], hold: 0.2, move: 0.3 },
          { name: 'push, release', ...standing, arms: [88, 90], hold: releaseHold, move: 0.3 },
          { name: 'palms out', ...standing, arms: [88, 90], hold: 0, move: 0.3 },
          { name: 'catch', ...standing, arms: [80, 88], hold: 0.1, move: 0.45 },
        ],
      },
      'Medicine_Ball_Chest_Pass',
    );
  /** The hand's speed over the millisecond before (-1) or after (+1) the instant `s`. */
  const handSpeed = (d: Description, s: number, side: -1 | 1): number => {
    const h = 1e-3;
    const [a, b] = side < 0 ? [s - h, s] : [s, s + h];
    const [p, q] = [bodyAt(d.motion, a).arms.left.hand, bodyAt(d.motion, b).arms.left.hand];
    return Math.hypot(q[0] - p[0], q[1] - p[1]) / h;
  };

  it('brings the hands to the release moving, not eased to a stop, the ball leaving there', () => {
    const thrown = pass(0);
    const release = keyStartSeconds(thrown.motion, 1);
    assert.ok(handSpeed(thrown, release, -1) > 0.25, `the hands reach the release at ${handSpeed(thrown, release, -1).toFixed(2)} m/s`);
    assert.equal(ballAt(thrown.motion, release - 0.01), 'held');
    assert.notEqual(ballAt(thrown.motion, release + 0.01), 'held');
  });

  it('leaves a release that is held as it was: the hands stop there', () => {
    const held = pass(0.2);
    const speed = handSpeed(held, keyStartSeconds(held.motion, 1), -1);
    assert.ok(speed < 0.01, `${speed} m/s`);
  });
});
