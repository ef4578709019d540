/**
 * What the three-quarter figure sits and lies on (src/motion/three-seat.ts): a planted pelvis rests on two sit bones
 * seated and on the two buttocks lying on the back, so the balance outline is as wide as the pelvis; a planted
 * `lowerBack` (the sacrum and the loins) bears a crunch whose shoulder blades are off the floor.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildAnyDescription } from '../../src/motion/motion-files.ts';
import { RENDERER_VERSION } from '../../src/motion/render-media.ts';
import { checkTurned, PLANT_TOLERANCE } from '../../src/motion/three-check.ts';
import { restPoints } from '../../src/motion/three-parts.ts';
import { bodyAt3, FRAMES_PER_SECOND_3D, frameCount3, placedKeys } from '../../src/motion/three-timeline.ts';
import type { TurnedMotion } from '../../src/motion/three-motion.ts';
import { apply, distance3, sub3 } from '../../src/motion/three-vec.ts';

const FILE = 'data/source/motion/strength-3d.json';
type Source = Record<string, unknown>;

function motionOf(source: Source, id = 'Russian_Twist'): TurnedMotion {
  const result = buildAnyDescription(FILE, 'strength', id, source, RENDERER_VERSION);
  assert.ok(result.ok, JSON.stringify(!result.ok && result.problems));
  return result.value.motion as TurnedMotion;
}
const checked = (source: Source, id = 'Russian_Twist'): string =>
  checkTurned(FILE, id, motionOf(source, id))
    .map((p) => `${p.path}: ${p.message}`)
    .join('; ');

const SEATED = { name: 'seated upright', hold: 0.3, move: 0.8, hips: [90, 0, 0], knees: 90, planted: ['pelvis', 'leftHeel', 'rightHeel'] };
const TWIST = (turn: number): Source => ({
  view: 'three-quarter',
  mat: true,
  holds: 'plate',
  keys: [
    {
      name: 'seated, plate turned left',
      hold: 0.3,
      move: 0.8,
      lean: -28,
      hips: [80, 5, 0],
      knees: 95,
      ankles: 10,
      spine: [10, 0, turn],
      shoulders: [45, 5, 0],
      elbows: 90,
      planted: ['pelvis', 'leftHeel', 'rightHeel'],
    },
    { name: 'plate turned right', hold: 0.3, move: 0.8, spine: [10, 0, -turn] },
  ],
});

/** Where each of the pelvis's points rests in placed key `index`, in the pelvis's own frame from the hip joints' midpoint. */
function pelvisRests(source: Source, index = 0) {
  const { body } = placedKeys(motionOf(source))[index]!;
  return restPoints('pelvis').map((point) => {
    const at = point.at(body);
    // The contact on the floor is under the point, `rest` below it.
    const contact = [at[0], at[1] - point.rest, at[2]] as const;
    const t = body.pelvisFrame;
    const transposed = [
      [t[0][0], t[1][0], t[2][0]],
      [t[0][1], t[1][1], t[2][1]],
      [t[0][2], t[1][2], t[2][2]],
    ] as const;
    return { name: point.name, contact, local: apply(transposed, sub3(contact, body.pelvis)), hipHeight: body.pelvis[1] };
  });
}

describe('the pelvis at rest', () => {
  it('sits on two sit bones, 12 cm apart, behind and below the hip joints, the hip joints 8 cm up', () => {
    const [left, right] = pelvisRests({ view: 'three-quarter', keys: [SEATED] });
    assert.equal(left!.name, "pelvis's left seat");
    for (const point of [left!, right!]) {
      assert.ok(Math.abs(point.contact[1]) < 1e-9, 'on the floor');
      assert.ok(Math.abs(point.local[0] + 0.04) < 1e-9, '4 cm behind the hip joints');
      assert.ok(Math.abs(point.local[1] + 0.08) < 1e-9, '8 cm below them');
      assert.ok(Math.abs(point.hipHeight - 0.08) < 1e-9);
    }
    assert.ok(Math.abs(right!.contact[2] - left!.contact[2] - 0.12) < 1e-9);
  });

  it('lies on the back on both buttocks, 10 cm behind the hip joints, as wide as the sit bones', () => {
    const lying = { ...SEATED, name: 'lying', lean: -90, hips: [0, 0, 0], knees: 0, planted: ['pelvis', 'leftHeel', 'rightHeel'] };
    const [left, right] = pelvisRests({ view: 'three-quarter', keys: [lying] });
    assert.ok(Math.abs(left!.hipHeight - 0.1) < 1e-9);
    assert.ok(Math.abs(right!.contact[2] - left!.contact[2] - 0.12) < 1e-9);
    assert.ok(Math.abs(left!.local[0] + 0.1) < 1e-9);
  });

  it('rolls from the sit bones onto the buttocks leaning back, the hip joints rising smoothly', () => {
    const heights = [0, -10, -20, -30, -40, -50, -60].map(
      (lean) => pelvisRests({ view: 'three-quarter', keys: [{ ...SEATED, lean }] })[0]!,
    );
    // Upright on the sit bones the hip joints are 8 cm up; leaning back 30 degrees, nearly the lying 10.
    assert.ok(Math.abs(heights[0]!.hipHeight - 0.08) < 1e-9 && heights[3]!.hipHeight > 0.095);
    for (let i = 1; i < heights.length; i += 1) {
      assert.ok(heights[i]!.hipHeight >= heights[i - 1]!.hipHeight - 0.005, 'no drop');
      // The contact's direction from the hip joints turns from down toward behind them.
      const roll = (p: (typeof heights)[number]) => Math.atan2(-p.local[0], -p.local[1]);
      assert.ok(roll(heights[i]!) > roll(heights[i - 1]!), 'rolls back');
    }
  });

  it('balances a seated plate twist turned 40 degrees each way (on one point it tipped past 25)', () => {
    assert.equal(checked(TWIST(40)), '');
  });
});

const LYING = {
  name: 'lying, knees bent',
  hold: 0.4,
  move: 0.8,
  lean: -90,
  hips: [45, 4, 0],
  knees: 95,
  ankles: -40,
  neck: [5, 0, 0],
  shoulders: [165, 25, 70],
  elbows: 135,
  planted: ['pelvis', 'lowerBack', 'back', 'leftFoot', 'rightFoot'],
};
const CRUNCH = (planted: string[]): Source => ({
  view: 'three-quarter',
  mat: true,
  keys: [LYING, { name: 'shoulder blades lifted', hold: 0.5, move: 0.8, spine: [30, 0, 0], neck: [20, 0, 0], planted }],
});

describe('the lower back at rest', () => {
  it('is a part the schema takes, and one it names when a part is unknown', () => {
    assert.deepEqual(motionOf(CRUNCH(['pelvis', 'lowerBack'])).keys[1]!.planted, ['pelvis', 'lowerBack']);
    const result = buildAnyDescription(FILE, 'strength', 'Crunches', CRUNCH(['lowBack']), RENDERER_VERSION);
    assert.ok(!result.ok);
    assert.match(JSON.stringify(result.problems), /keys\.1\.planted\.0","message":"must be one of [^"]*pelvis, lowerBack, back/);
  });

  it('bears a crunch: the shoulder blades lift and the sacrum and loins stay within 2 cm of the floor and of their places', () => {
    const motion = motionOf(CRUNCH(['pelvis', 'lowerBack', 'leftFoot', 'rightFoot']), 'Crunches');
    const points = restPoints('lowerBack');
    assert.deepEqual(
      points.map((p) => p.name),
      ["lowerBack's sacrum", "lowerBack's left loin", "lowerBack's right loin"],
    );
    const placed = placedKeys(motion);
    // The neck base is up off the floor in the crunch: the upper back no longer bears it.
    assert.ok(placed[1]!.body.neckBase[1] > 0.2);
    for (const { body } of placed) for (const point of points) assert.ok(Math.abs(point.at(body)[1] - point.rest) <= PLANT_TOLERANCE);
    for (let frame = 0; frame < frameCount3(motion); frame += 1) {
      const body = bodyAt3(motion, frame / FRAMES_PER_SECOND_3D);
      for (const point of points) assert.ok(distance3(point.at(body), placed[0]!.places.get(point.name)!) <= PLANT_TOLERANCE);
    }
  });

  it('passes a crunch the pelvis alone refused, its centre of mass over the lower back', () => {
    assert.equal(checked(CRUNCH(['pelvis', 'lowerBack', 'leftFoot', 'rightFoot']), 'Crunches'), '');
    assert.match(
      checked(CRUNCH(['pelvis', 'leftFoot', 'rightFoot']), 'Crunches'),
      /keys\.1 \("shoulder blades lifted"\): the centre of mass is 1\d cm outside what rests on the floor \(pelvis, leftFoot, rightFoot\)/,
    );
  });

  it('passes a bicycle crunch, one knee in and the other leg out, the spine twisted toward the knee', () => {
    const bike = {
      view: 'three-quarter',
      mat: true,
      keys: [
        {
          name: 'right knee in, left elbow to it',
          hold: 0.2,
          move: 0.6,
          lean: -90,
          spine: [35, 0, -40],
          neck: [20, 0, 0],
          rightHip: [115, 3, 0],
          rightKnee: 110,
          leftHip: [35, 3, 0],
          leftKnee: 10,
          ankles: -20,
          shoulders: [120, 0, 35],
          elbows: 135,
          planted: ['pelvis', 'lowerBack'],
        },
        {
          name: 'left knee in, right elbow to it',
          hold: 0.2,
          move: 0.6,
          spine: [35, 0, 40],
          leftHip: [115, 3, 0],
          leftKnee: 110,
          rightHip: [35, 3, 0],
          rightKnee: 10,
        },
      ],
    };
    assert.equal(checked(bike, 'Air_Bike'), '');
    assert.match(
      checked({ ...bike, keys: [{ ...bike.keys[0]!, planted: ['pelvis'] }, bike.keys[1]!] }, 'Air_Bike'),
      /centre of mass is \d+ cm outside/,
    );
  });
});
