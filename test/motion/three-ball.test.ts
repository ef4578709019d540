/**
 * A stability ball in the three-quarter scene (src/motion/three-ball.ts, `"ball"`): the schema takes it and refuses
 * another field, naming it; what is planted over its upper part rests on its surface, what is over its side on the
 * floor; a limb through it is refused; and it is drawn, in the planar ball's colours, among the limbs.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { turnedDescriptions } from '../helpers/turned-descriptions.ts';
import { COLOURS } from '../../src/motion/svg-kit.ts';
import { BALL_RADIUS, limbInBall, restingOn } from '../../src/motion/three-ball.ts';
import { moved } from '../../src/motion/three-figure.ts';
import { PLANT_TOLERANCE } from '../../src/motion/three-check.ts';
import { turnedFilm } from '../../src/motion/three-film.ts';
import { plantedPoints } from '../../src/motion/three-parts.ts';
import { placedKeys } from '../../src/motion/three-timeline.ts';

const FILE = 'data/source/motion/strength-ball-3d.json';
const { build, motionOf, problemsOf } = turnedDescriptions(FILE, 'strength', 'Stability_Ball_Russian_Twist');

const SEATED = {
  name: 'seated on the ball',
  hold: 0.3,
  move: 1,
  hips: [90, 8, 0],
  knees: 90,
  ankles: 0,
  shoulders: [80, 0, 0],
  elbows: 10,
  planted: ['pelvis', 'leftFoot', 'rightFoot'],
};
/** Seated on the ball's crown, feet on the floor, the trunk turning left. */
const BALL_TWIST = {
  view: 'three-quarter',
  camera: { round: 40, down: 30 },
  ball: { x: -0.05, z: 0 },
  keys: [SEATED, { name: 'turned left', hold: 0.3, move: 1, spine: [0, 0, 35] }],
};

describe('a stability ball', () => {
  it('is taken where it stands and refused with a field it does not have, naming it', () => {
    assert.deepEqual(motionOf(BALL_TWIST).ball, { x: -0.05, z: 0 });
    const odd = build({ ...BALL_TWIST, ball: { x: 0, z: 0, y: 1 } });
    assert.ok(!odd.ok);
    assert.match(JSON.stringify(odd.problems), /motions\.Stability_Ball_Russian_Twist\.ball\.y/);
  });

  it('seats the figure on its crown, the sit bones the two radii from its centre, and balances it there', () => {
    const motion = motionOf(BALL_TWIST);
    assert.equal(problemsOf(BALL_TWIST), '');
    const { body } = placedKeys(motion)[0]!;
    for (const point of plantedPoints(['pelvis'])) {
      const at = point.at(body);
      const fromCentre = Math.hypot(at[0] - -0.05, at[1] - BALL_RADIUS, at[2]);
      assert.ok(Math.abs(fromCentre - (BALL_RADIUS + point.rest)) <= PLANT_TOLERANCE, point.name);
    }
    // The feet stay on the floor beside it.
    for (const side of ['left', 'right'] as const) assert.ok(Math.abs(body.legs[side].heel[1]) <= PLANT_TOLERANCE);
    // Without the ball the same key sits on the floor, the ball's height and more lower.
    const { ball: _, ...bare } = BALL_TWIST;
    assert.ok(body.pelvis[1] - placedKeys(motionOf(bare))[0]!.body.pelvis[1] > 2 * BALL_RADIUS - 0.02);
  });

  it('bears only over its upper part: a point over its side rests on the floor', () => {
    const ball = { x: 0, z: 0 };
    assert.equal(restingOn({ ball }, [0, 0, 0], 0.05).what, 'the ball');
    assert.ok(Math.abs(restingOn({ ball }, [0, 0, 0], 0.05).height - (2 * BALL_RADIUS + 0.05)) < 1e-12);
    assert.equal(restingOn({ ball }, [0, 0, 0.95 * BALL_RADIUS], 0.05).what, 'the floor');
    // Beside a bench, the bench still bears what is over it.
    assert.equal(restingOn({ ball, bench: { from: 1, to: 2, height: 0.43 } }, [1.5, 0, 0], 0.05).what, "the bench's top");
  });

  it('refuses a limb passed into it, naming the limb', () => {
    // Knees bent back under the seat push the shins into the ball behind them.
    const tucked = { ...BALL_TWIST, keys: [{ ...SEATED, knees: 150, ankles: 40, planted: ['pelvis', 'leftToe', 'rightToe'] }] };
    assert.match(problemsOf(tucked), /the (left|right) (shin|foot|thigh) passes \d+ cm into the ball/);
    // A foot standing on its crown is not in it: measured by its heel and toe, as the floor measures it.
    const standing = placedKeys(
      motionOf({ view: 'three-quarter', keys: [{ name: 'standing', hold: 1, move: 1, planted: ['leftFoot', 'rightFoot'] }] }),
    )[0]!.body;
    const heel = standing.legs.left.heel;
    const onTop = moved(standing, [-heel[0], 2 * BALL_RADIUS - heel[1], -heel[2]]);
    assert.ok(Math.abs(limbInBall(onTop, { x: 0, z: 0 }).depth) < 1e-9);
  });

  it('draws the ball in the planar ball\u2019s colours, the near leg over it', () => {
    const svg = turnedFilm(motionOf(BALL_TWIST)).frameSvg(0);
    const ball = svg.indexOf(`fill="${COLOURS.stabilityBall}"`);
    assert.ok(ball > 0);
    assert.ok(svg.includes(`stroke="${COLOURS.stabilityBallEdge}"`));
    assert.ok(svg.lastIndexOf(`stroke="${COLOURS.near}"`) > ball, 'the near limbs painted after the ball');
    const { ball: _, ...bare } = BALL_TWIST;
    assert.ok(!turnedFilm(motionOf(bare)).frameSvg(0).includes(COLOURS.stabilityBall));
  });
});
