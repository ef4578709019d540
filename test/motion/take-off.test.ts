/**
 * A take-off and a touch-down that the flight carries on (src/motion/take-off.ts, release.ts): the pelvis
 * reaches the take-off at the flight's initial velocity and leaves the touch-down at its final one (no jump
 * in speed or direction, frame by frame), the feet on the floor stay put while it does; the hands reach a
 * ball's release, and leave it, at the ball's launch velocity and give with it at a catch, and the check
 * refuses a release they do not carry (release-check.ts) and a foot that clips a box's face in a flight.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ballAt } from '../../src/motion/ball-flight.ts';
import { RELEASE_MARGIN } from '../../src/motion/release-check.ts';
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

describe("a ball's release and catch the hands carry", () => {
  const standing = { legs: [0, 0], feetOnFloor: 'both' };
  /** A chest pass to a wall 2.2 m ahead: released with the elbows still opening, the arms long after it. */
  const pass = (release: object = {}, ballFlight: object = { release: 1, wall: [3, 1.83], catch: 4 }) => ({
    pattern: 'pose',
    props: ['ball', 'wall'],
    wall: 2.2,
    ballFlight,
    keys: [
      { name: 'ball at the chest', ...standing, arms: [20, 130], hold: 0.2, move: 0.2 },
      { name: 'push, release', ...standing, arms: [60, 110], hold: 0, move: 0.1, ...release },
      { name: 'arms long', ...standing, arms: [92, 92], hold: 0.1, move: 0.1 },
      { name: 'palms out', ...standing, arms: [92, 92], hold: 0, move: 0.3 },
      { name: 'catch', ...standing, arms: [80, 88], hold: 0, move: 0.15 },
    ],
  });
  const built = (source: Record<string, unknown>) => plyometrics.description(source, 'Medicine_Ball_Chest_Pass');
  const h = 1e-4;
  /** The ball's velocity from its places a step apart: in the hands (bodyAt) or in flight (ballAt). */
  const handsAt = (d: Description, s: number): Point => {
    const { left, right } = bodyAt(d.motion, s).arms;
    return [(left.hand[0] + right.hand[0]) / 2, (left.hand[1] + right.hand[1]) / 2];
  };
  const between = (a: Point, b: Point): Point => [(b[0] - a[0]) / h, (b[1] - a[1]) / h];
  const flying = (d: Description, s: number): Point => ballAt(d.motion, s) as Point;
  const off = (a: Point, b: Point) => Math.hypot(a[0] - b[0], a[1] - b[1]) / Math.hypot(b[0], b[1]);

  it("reaches the release and leaves it at the ball's launch velocity, in speed and direction (finite differences)", () => {
    const thrown = built(pass());
    const release = keyStartSeconds(thrown.motion, 1);
    const ball = between(flying(thrown, release + h), flying(thrown, release + 2 * h));
    const before = between(handsAt(thrown, release - h), handsAt(thrown, release));
    const after = between(handsAt(thrown, release), handsAt(thrown, release + h));
    assert.ok(Math.hypot(...ball) > 5, `a pass at ${Math.hypot(...ball).toFixed(2)} m/s`);
    // Before, the hands eased into the release: 1.5 m/s against the ball's 5.7.
    assert.ok(
      off(before, ball) < 0.03,
      `the hands reach the release at ${before.map((v) => v.toFixed(2))}, the ball leaves at ${ball.map((v) => v.toFixed(2))}`,
    );
    assert.ok(off(after, ball) < 0.1, `the hands leave it at ${after.map((v) => v.toFixed(2))}`);
    assert.deepEqual(checkMotion(thrown), []);
  });

  it('follows through from the release speed and comes to rest at the next key', () => {
    const thrown = built(pass());
    const [release, long] = [keyStartSeconds(thrown.motion, 1), keyStartSeconds(thrown.motion, 2)];
    const speeds = [0, 0.25, 0.5, 0.75].map((f) =>
      Math.hypot(...between(handsAt(thrown, release + f * (long - release)), handsAt(thrown, release + f * (long - release) + h))),
    );
    assert.ok(
      speeds.every((v, i) => i === 0 || v < speeds[i - 1]!),
      `slowing: ${speeds.map((v) => v.toFixed(2))}`,
    );
    assert.ok(Math.hypot(...between(handsAt(thrown, long - h), handsAt(thrown, long))) < 0.01, 'at rest at the arms-long key');
  });

  it("gives with the ball at a catch that is not held: the hands leave it at the ball's arrival velocity", () => {
    const thrown = built(pass());
    const caught = keyStartSeconds(thrown.motion, 4);
    const ball = between(flying(thrown, caught - 2 * h), flying(thrown, caught - h));
    const after = between(handsAt(thrown, caught), handsAt(thrown, caught + h));
    // Before, the hands left the catch from rest: the ball stopped dead from 5.6 m/s. Now they leave it at
    // the ball's velocity along the path the keys move them on: its projection there (after · ball = |after|²).
    const speed = Math.hypot(...after);
    assert.ok(speed > 1, `the hands leave the catch at ${speed.toFixed(2)} m/s`);
    const along = after[0] * ball[0] + after[1] * ball[1];
    assert.ok(
      Math.abs(along - speed * speed) < 0.02 * (ball[0] ** 2 + ball[1] ** 2),
      `${along.toFixed(3)} vs ${(speed * speed).toFixed(3)}`,
    );
  });

  it('refuses a release the hands do not carry: a path another way than the ball, or a held release', () => {
    const messages = (source: Record<string, unknown>) =>
      checkMotion(built(source))
        .map((p) => p.message)
        .join('; ');
    assert.equal(RELEASE_MARGIN, 0.25);
    // Released at full extension: the hands move across the ball's path, then stop.
    const straight = messages(pass({ arms: [88, 90] }, { release: 1, wall: [3, 1.8], catch: 4 }));
    assert.match(
      straight,
      /key 1 "push, release": the hands reach the release at \d+\.\d m\/s \([^)]*\) while the ball leaves at \d+\.\d m\/s \([^)]*\): the hands carry the ball \(within 25% of its velocity\); turn the hands' path \d+° toward the ball's/,
    );
    assert.match(straight, /the hands leave the release at/);
    const held = messages(pass({ hold: 0.2 }, { release: 1, wall: [3, 1.82], catch: 4 }));
    assert.match(held, /key 1 "push, release": the hands reach the release at 0\.0 m\/s .*a held release stops the hands: give it hold 0/);
  });
});

describe("a flight's feet clear a box's face", () => {
  const key = (name: string, trunk: number, legs: number[], arms: number[], more: object = {}) => ({
    name,
    trunk,
    legs,
    arms,
    hold: 0,
    ...more,
  });
  /** A box jump onto a 40 cm box 30 cm ahead of the toes: the knees driven up at once, or the heels first drawn up under the hips. */
  const boxJump = (heelsFirst: boolean) =>
    plyometrics.description(
      {
        pattern: 'pose',
        props: ['box'],
        fixed: 'leftToe',
        box: [0.3, 0.9, 0.4],
        loop: 'dissolve',
        keys: [
          key('stand', 0, [0, 0], [0, 5], { hold: 0.4, move: 0.45 }),
          key('quarter squat', 35, [45, -25, 90], [-10, -5], { hold: 0.1, move: 0.25 }),
          key('extend', 8, [-3, -3, 25], [2, 5], { move: 0.15 }),
          ...(heelsFirst ? [key('heels up', 20, [40, -70, 60], [15, 20], { flight: true, move: 0.15 })] : []),
          key('knees up', 30, [100, -50, 70], [15, 20], { flight: true, move: heelsFirst ? 0.2 : 0.25 }),
          key('land on the box', 25, [40, -10, 90], [10, 15], { at: 0.72, move: 0.3 }),
          key('soft squat', 35, [60, -25, 90], [10, 15], { at: 0.72, hold: 0.4, move: 0.6 }),
          key('stand up', 0, [0, 0], [0, 5], { at: 0.72, hold: 0.5, move: 0.5 }),
        ],
      },
      'Box_Jump_Multiple_Response',
    );
  const problems = (d: Description) =>
    checkMotion(d)
      .map((p) => p.message)
      .join('; ');

  it("refuses a toe that touches the box's face below its top between frames of the flight", () => {
    assert.match(
      problems(boxJump(false)),
      /at \d\.\d{3} s, in the flight, the left toe meets the box \d+ cm below its top \(x 0\.\d\d; its faces at 0\.30 and 0\.90\): clear it by 2 cm or more/,
    );
  });

  it('passes one whose heels come up under the hips before the knees drive forward', () => {
    assert.equal(problems(boxJump(true)), '');
  });
});
