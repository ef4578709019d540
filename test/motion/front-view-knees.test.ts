/**
 * A front view that bends the hips and knees toward the viewer (front-depth.ts): a key's `toward` tilts
 * the trunk and each thigh and shank out of the picture, drawn foreshortened, so a squat seen from the
 * front lowers the pelvis between two short thighs instead of splaying the knees out to the side.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { foreshortened, mixDepth } from '../../src/motion/front-depth.ts';
import { checkMotion } from '../../src/motion/motion-check.ts';
import type { Description } from '../../src/motion/motion-files.ts';
import { distance, SEGMENT } from '../../src/motion/skeleton.ts';
import { bodyAt, FRAMES_PER_SECOND, frameCount, heldAt, loopKeyBody } from '../../src/motion/timeline.ts';
import { descriptionsIn } from '../helpers/motion-descriptions.ts';

const strength = descriptionsIn('strength');
const build = (source: Record<string, unknown>) => strength.built(source, 'Squat');
const built = (source: Record<string, unknown>): Description => strength.description(source, 'Squat');
const messages = (source: Record<string, unknown>): string[] => {
  const result = build(source);
  return result.ok ? checkMotion(result.value).map((p) => p.message) : result.problems.map((p) => p.message);
};

const standing = { name: 'standing', legs: [0, 0], arms: [5, 10], feetOnFloor: 'both' };
/** A squat seen from the front: thighs 70 degrees toward the viewer, shanks 25 away from it (the knee ahead of the ankle), the trunk leaning 35. */
const frontSquat = {
  pattern: 'pose',
  view: 'front',
  keys: [standing, { name: 'bottom', legs: [0, 0], arms: [5, 10], feetOnFloor: 'both', toward: { trunk: 35, legs: [70, -25] } }],
};
/** The same squat from the side: the same angles as directions in the picture, the feet flat. */
const sideSquat = {
  pattern: 'pose',
  keys: [standing, { name: 'bottom', trunk: 35, legs: [70, -25, 90], arms: [5, 10] }],
};
/** The front squat with its feet where the directions carry them, not put on the floor. */
const frontFree = { ...frontSquat, keys: [standing, { ...frontSquat.keys[1], feetOnFloor: undefined }] };
const COS = (degrees: number) => Math.cos((degrees * Math.PI) / 180);

describe('front view knees (toward)', () => {
  it("lowers a front-view squat's pelvis exactly as far as the side view's with the same angles", () => {
    const front = loopKeyBody(built(frontFree).motion, 1).body;
    const side = loopKeyBody(built(sideSquat).motion, 1).body;
    const expected = SEGMENT.ankleHeight + SEGMENT.shank * COS(-25) + SEGMENT.thigh * COS(70);
    assert.ok(Math.abs(front.pelvis[1] - expected) < 1e-9, `front pelvis ${front.pelvis[1]}, expected ${expected}`);
    assert.ok(Math.abs(side.pelvis[1] - expected) < 1e-9, `side pelvis ${side.pelvis[1]}, expected ${expected}`);
    // Put on the floor, the feet are reached at 99% of the leg's length (pose-keys.ts): within 0.01 mm.
    assert.ok(Math.abs(loopKeyBody(built(frontSquat).motion, 1).body.pelvis[1] - expected) < 1e-5);
  });

  it('draws each thigh and shank its length times the cosine of its tilt, the knee straight over the ankle', () => {
    const body = loopKeyBody(built(frontSquat).motion, 1).body;
    for (const side of ['left', 'right'] as const) {
      const leg = body.legs[side];
      assert.ok(Math.abs(distance(leg.root, leg.middle) - 0.43 * COS(70)) < 1e-9);
      assert.ok(Math.abs(distance(leg.middle, leg.end) - 0.42 * COS(-25)) < 1e-9);
      // Over the ankle within a millimetre (the foot on the floor is reached at 99% of the leg).
      assert.ok(Math.abs(leg.middle[0] - leg.end[0]) < 0.001, `${side} knee ${leg.middle[0]} over ankle ${leg.end[0]}`);
    }
    // The trunk leaning 35 degrees toward the viewer is drawn shorter by the same rule.
    assert.ok(Math.abs(distance(body.pelvis, body.waist) - SEGMENT.lowerTrunk * COS(35)) < 1e-9);
    assert.equal(foreshortened(0.43, 0), 0.43);
    assert.ok(Math.abs(foreshortened(0.43, 60) - 0.215) < 1e-12);
  });

  it('keeps both planted feet where they stand through the loop, and passes check', () => {
    const squat = built(frontSquat);
    const heels = { left: [] as number[][], right: [] as number[][] };
    for (let frame = 0; frame < frameCount(squat.motion); frame += 1) {
      const body = bodyAt(squat.motion, frame / FRAMES_PER_SECOND);
      for (const side of ['left', 'right'] as const) heels[side].push([...body.legs[side].heel]);
    }
    for (const side of ['left', 'right'] as const) {
      for (const axis of [0, 1]) {
        const values = heels[side].map((p) => p[axis]!);
        assert.ok(Math.max(...values) - Math.min(...values) < 0.001, `${side} heel moves ${Math.max(...values) - Math.min(...values)} m`);
      }
    }
    assert.deepEqual(checkMotion(squat), []);
  });

  it('puts the foot of a leg straight in the picture but tilted toward the viewer where its directions put it', () => {
    // A leg 12 degrees out, knee bent toward the viewer: its whole drawn length reaches the floor, so the
    // foot is not pulled in under the hip as the 99% reach of a locked leg would pull it.
    const source = { ...frontSquat, keys: [standing, { ...frontSquat.keys[1], legs: [12, 12], toward: { legs: [30, -30] } }] };
    const body = loopKeyBody(built(source).motion, 1).body;
    const expected = 0.1 + (0.43 + 0.42) * COS(30) * Math.sin((12 * Math.PI) / 180);
    assert.ok(
      Math.abs(body.legs.left.end[0] - body.pelvis[0] - expected) < 1e-6,
      `${body.legs.left.end[0] - body.pelvis[0]} vs ${expected}`,
    );
  });

  it('lays a bar on the back across the shoulders seen from the front, held anywhere along it at its height', () => {
    const squat = (arms: number[]) => ({
      ...frontSquat,
      props: ['barbell'],
      holdIn: 'back',
      keys: frontSquat.keys.map((k) => ({ ...k, arms })),
    });
    const held = built(squat([-11, 142]));
    const body = loopKeyBody(held.motion, 1).body;
    const bar = heldAt(body, held.motion.held[0]!);
    assert.equal(bar[0], body.neckBase[0]);
    assert.deepEqual(checkMotion(held), []);
    // Hands hanging at the sides are nowhere near the bar's height.
    assert.match(messages(squat([5, 10]))[0]!, /^the barbell rests on the shoulders \d+ cm from the nearest hand$/);
  });

  it('rolls a foot onto its heel, toes up, seen sole on: the heel stays, the toe rises by the sine of the rise', () => {
    const rolled = { ...frontSquat.keys[1], legs: [30, 30], toward: { legs: [10, 10], toes: { left: 80 } } };
    const body = loopKeyBody(built({ ...frontSquat, keys: [standing, rolled] }).motion, 1).body;
    const { heel, toe } = body.legs.left;
    assert.ok(Math.abs(toe[1] - heel[1] - 0.25 * Math.sin((80 * Math.PI) / 180)) < 1e-9);
    assert.ok(Math.abs(toe[0] - heel[0] - 0.1 * COS(80)) < 1e-9);
    // The other foot, flat, is drawn as every front-view foot is: 10 cm across, level.
    assert.ok(Math.abs(body.legs.right.toe[1] - body.legs.right.heel[1]) < 1e-12);
    assert.ok(messages({ ...frontSquat, keys: [standing, { ...rolled, toward: { toes: { left: 95 } } }] })[0]!.startsWith('Invalid value'));
  });

  it('eases the tilts between keys and draws a key without them exactly as before', () => {
    assert.deepEqual(mixDepth(undefined, { trunk: 40, left: [60, 20], right: [0, 0] }, 0.5), {
      trunk: 20,
      left: [30, 10, 0],
      right: [0, 0, 0],
    });
    assert.equal(mixDepth(undefined, undefined, 0.5), undefined);
    // (Not put on the floor: a tilted leg's foot is reached at its whole drawn length, pose-keys.ts.)
    const wide = { name: 'wide', legs: [20, 20], arms: [5, 10] };
    const plain = built({ ...frontSquat, keys: [standing, wide] });
    const zero = built({ ...frontSquat, keys: [standing, { ...wide, toward: {} }] });
    assert.equal(plain.motion.keys[1]!.angles.toward, undefined);
    for (let frame = 0; frame < frameCount(plain.motion); frame += 1)
      assert.deepEqual(bodyAt(zero.motion, frame / FRAMES_PER_SECOND), bodyAt(plain.motion, frame / FRAMES_PER_SECOND));
  });

  it('refuses a knee bent forward, a tilt out of range and a tilt in the side view', () => {
    const withToward = (toward: unknown, view = 'front') => ({
      ...frontSquat,
      view,
      keys: [standing, { ...frontSquat.keys[1], toward }],
    });
    assert.deepEqual(messages(withToward({ legs: [20, 50] })), [
      'a knee bends backward only: the shank cannot point more toward the viewer than its thigh',
    ]);
    assert.ok(messages(withToward({ legs: [100, 20] }))[0]!.startsWith('Invalid value: Expected <=90'));
    assert.ok(messages(withToward({ trunk: -10 }))[0]!.startsWith('Invalid value: Expected >=0'));
    assert.deepEqual(messages(withToward({ legs: [70, -25] }, 'side')), [
      'key "bottom" tilts segments toward the viewer (toward), which only the front view draws: in the side view give the directions',
    ]);
  });
});
