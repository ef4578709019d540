/**
 * Yoga blocks in the three-quarter scene (src/motion/three-block.ts, `"blocks"`): the schema takes them on one of
 * their three faces and refuses another height or a third block, naming the field; what is planted over a block's
 * top rests on it; a part drawn into one is refused; and each is drawn among the limbs.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { turnedDescriptions } from '../helpers/turned-descriptions.ts';
import { COLOURS } from '../../src/motion/svg-kit.ts';
import { footprintOf } from '../../src/motion/three-block.ts';
import { PLANT_TOLERANCE } from '../../src/motion/three-check.ts';
import { turnedFilm } from '../../src/motion/three-film.ts';
import { plantedPoints } from '../../src/motion/three-parts.ts';
import { placedKeys } from '../../src/motion/three-timeline.ts';

const FILE = 'data/source/motion/yoga-block-3d.json';
const { build, motionOf, problemsOf } = turnedDescriptions(FILE, 'yoga', 'Hero_Pose');

/** Seated, the knees bent and the feet on the floor, the arms reaching forward. */
const SEATED = {
  name: 'seated on a block',
  hold: 0.3,
  move: 1,
  hips: [90, 8, 0],
  knees: 90,
  ankles: 0,
  shoulders: [90, 0, 0],
  elbows: 10,
  planted: ['pelvis', 'leftFoot', 'rightFoot'],
};
/** A block lying flat under the sit bones (4 cm behind the hip joints). */
const UNDER_SEAT = { x: -0.04, z: 0, height: 0.1 };
const ON_A_BLOCK = { view: 'three-quarter', blocks: [UNDER_SEAT], keys: [SEATED] };

describe('yoga blocks', () => {
  it('stand on one of their three faces, 23 by 15 by 10 cm; another height or a third block is refused, naming the field', () => {
    assert.deepEqual(motionOf(ON_A_BLOCK).blocks, [UNDER_SEAT]);
    assert.deepEqual(
      [0.1, 0.15, 0.23].map((height) => footprintOf({ x: 0, z: 0, height })),
      [
        { halfX: 0.115, halfZ: 0.075 },
        { halfX: 0.115, halfZ: 0.05 },
        { halfX: 0.075, halfZ: 0.05 },
      ],
    );
    const odd = build({ ...ON_A_BLOCK, blocks: [{ x: 0, z: 0, height: 0.2 }] });
    assert.ok(!odd.ok);
    assert.match(JSON.stringify(odd.problems), /motions\.Hero_Pose\.blocks\.0\.height","message":"must be one of 0\.1, 0\.15, 0\.23/);
    const three = build({ ...ON_A_BLOCK, blocks: [UNDER_SEAT, UNDER_SEAT, UNDER_SEAT] });
    assert.ok(!three.ok);
    assert.match(JSON.stringify(three.problems), /motions\.Hero_Pose\.blocks","message":"must hold at most two blocks/);
  });

  it('bear what is planted over their top, at its rest height above it, the block’s height above the floor', () => {
    assert.equal(problemsOf(ON_A_BLOCK), '');
    const { body } = placedKeys(motionOf(ON_A_BLOCK))[0]!;
    for (const point of plantedPoints(['pelvis'])) {
      const at = point.at(body);
      assert.ok(Math.abs(at[1] - (UNDER_SEAT.height + point.rest)) <= PLANT_TOLERANCE, point.name);
    }
    // The feet stay on the floor in front of it.
    for (const side of ['left', 'right'] as const) assert.ok(Math.abs(body.legs[side].heel[1]) <= PLANT_TOLERANCE);
    // Without the block the same key sits on the floor, the block's height lower.
    const bare = placedKeys(motionOf({ view: 'three-quarter', keys: [SEATED] }))[0]!.body;
    assert.ok(Math.abs(body.pelvis[1] - bare.pelvis[1] - UNDER_SEAT.height) < 1e-9);
  });

  it('refuse a part drawn into one, and a planted point over one but not on its top', () => {
    // A block on end beside the left thigh, where the hand of an arm hanging at the side comes down through it.
    const hanging = { ...SEATED, shoulders: [20, 0, 0] };
    const beside = { ...ON_A_BLOCK, keys: [hanging], blocks: [UNDER_SEAT, { x: 0.25, z: -0.15, height: 0.23 }] };
    assert.match(problemsOf(beside), /at 0\.00 s the left hand passes \d+ cm into a yoga block/);
    assert.equal(problemsOf({ ...beside, blocks: [UNDER_SEAT] }), '');
    // The same block under the heel, which the key plants on the floor.
    const heel = { ...ON_A_BLOCK, blocks: [UNDER_SEAT, { x: 0.34, z: -0.15, height: 0.23 }] };
    assert.match(problemsOf(heel), /leftHeel is planted but \d+ cm under the block/);
  });

  it('are drawn, their top in the block colour and their sides darker, only where the scene has them', () => {
    const [svg] = turnedFilm(motionOf(ON_A_BLOCK)).stillSvgs();
    assert.ok(svg!.includes(COLOURS.yogaBlock));
    const [bare] = turnedFilm(motionOf({ view: 'three-quarter', keys: [SEATED] })).stillSvgs();
    assert.ok(!bare!.includes(COLOURS.yogaBlock));
  });
});
