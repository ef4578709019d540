/**
 * The three-quarter figure's geometry (src/motion/three-figure.ts): forward kinematics keeps Winter's segment
 * lengths and turns each joint the way its angle names, inverse kinematics reaches its target bent toward its
 * pole, and the centre of mass of a symmetric pose lies on the midline.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SEGMENT } from '../../src/motion/body-measures.ts';
import { type Angles3, type LimbAngles3, pose3, twoBone3 } from '../../src/motion/three-figure.ts';
import { distance3, dot3, normalize3, sub3, type Vec3 } from '../../src/motion/three-vec.ts';

const LIMB: LimbAngles3 = {
  hip: { flexion: 0, abduction: 0, rotation: 0 },
  knee: 0,
  ankle: 0,
  shoulder: { flexion: 0, abduction: 0, rotation: 0 },
  elbow: 0,
};
const STANDING: Angles3 = {
  heading: 0,
  lean: 0,
  roll: 0,
  spine: { flexion: 0, sideBend: 0, twist: 0 },
  neck: { flexion: 0, sideBend: 0, turn: 0 },
  left: LIMB,
  right: LIMB,
};
const withLeft = (limb: Partial<LimbAngles3>, angles: Partial<Angles3> = {}): Angles3 => ({
  ...STANDING,
  ...angles,
  left: { ...LIMB, ...limb },
});
const near = (a: Vec3, b: Vec3, tolerance = 1e-9) => assert.ok(distance3(a, b) < tolerance, `${a} is not at ${b}`);
const direction = (from: Vec3, to: Vec3) => normalize3(sub3(to, from));

describe('forward kinematics', () => {
  it('stands on Winter’s segment lengths: the hips below the pelvis’s sides, the head above the shoulders', () => {
    const body = pose3(STANDING, [0, 1, 0]);
    const { hip, knee, ankle } = body.legs.left;
    assert.ok(Math.abs(distance3(hip, knee) - SEGMENT.thigh) < 1e-9);
    assert.ok(Math.abs(distance3(knee, ankle) - SEGMENT.shank) < 1e-9);
    near(hip, [0, 1, -SEGMENT.halfHips]);
    near(body.legs.right.hip, [0, 1, SEGMENT.halfHips]);
    near(body.head, [0, 1 + SEGMENT.lowerTrunk + SEGMENT.upperTrunk + SEGMENT.neck + SEGMENT.headRadius, 0]);
    // The foot points forward (+x) from under the ankle, heel behind it.
    assert.ok(body.legs.left.toe[0] > body.legs.left.heel[0]);
    assert.ok(Math.abs(body.legs.left.toe[1] - (ankle[1] - SEGMENT.ankleHeight)) < 1e-9);
  });

  it('turns each ball joint about its own axis: flexion forward, abduction out to its side, rotation about the limb', () => {
    const flexed = pose3(withLeft({ hip: { flexion: 90, abduction: 0, rotation: 0 } })).legs.left;
    near(direction(flexed.hip, flexed.knee), [1, 0, 0]);
    const abducted = pose3(withLeft({ hip: { flexion: 0, abduction: 90, rotation: 0 } })).legs.left;
    // The left side is -z: out to the side is -z for the left leg.
    near(direction(abducted.hip, abducted.knee), [0, 0, -1]);
    // A hip flexed 90 then abducted 45 swings the thigh out across the floor, level (a fire hydrant's knee out).
    const hydrant = pose3(withLeft({ hip: { flexion: 90, abduction: 45, rotation: 0 } })).legs.left;
    near(direction(hydrant.hip, hydrant.knee), normalize3([1, 0, -1]));
    // Rotation turns a bent knee's shank: internally, the left foot swings out (-z), the knee staying.
    const straight = pose3(withLeft({ knee: 90 })).legs.left;
    const turned = pose3(withLeft({ knee: 90, hip: { flexion: 0, abduction: 0, rotation: 30 } })).legs.left;
    near(turned.knee, straight.knee);
    assert.ok(turned.ankle[2] < straight.ankle[2] - 0.1);
    const arm = pose3(withLeft({ shoulder: { flexion: 0, abduction: 90, rotation: 0 }, elbow: 0 })).arms.left;
    near(direction(arm.shoulder, arm.elbow), [0, 0, -1]);
  });

  it('bends the knee backward and the elbow forward, and leans, rolls and twists the trunk', () => {
    const knee = pose3(withLeft({ knee: 90 })).legs.left;
    near(direction(knee.knee, knee.ankle), [-1, 0, 0]);
    const elbow = pose3(withLeft({ elbow: 90 })).arms.left;
    near(direction(elbow.elbow, elbow.wrist), [1, 0, 0]);
    const facedown = pose3({ ...STANDING, lean: 90 });
    near(direction(facedown.pelvis, facedown.neckBase), [1, 0, 0]);
    const onRightSide = pose3({ ...STANDING, roll: 90 });
    near(direction(onRightSide.pelvis, onRightSide.neckBase), [0, 0, 1]);
    // A twist to the left turns the chest: its right shoulder comes forward.
    const twisted = pose3({ ...STANDING, spine: { flexion: 0, sideBend: 0, twist: 30 } });
    assert.ok(twisted.arms.right.shoulder[0] > 0.05 && twisted.arms.left.shoulder[0] < -0.05);
    assert.equal(twisted.legs.right.hip[0], 0);
  });

  it('puts the centre of mass of a symmetric standing pose on the midline, above the hips', () => {
    const { centre, pelvis } = pose3(STANDING, [0, SEGMENT.thigh + SEGMENT.shank + SEGMENT.ankleHeight, 0]);
    assert.ok(Math.abs(centre[2]) < 1e-9);
    // Winter: about 55% of the height up (0.96 m of 1.75 m).
    assert.ok(centre[1] > 0.9 && centre[1] < 1.05, `centre at ${centre[1]}`);
    assert.ok(centre[1] > pelvis[1]);
  });
});

describe('two-bone inverse kinematics', () => {
  it('reaches a target within reach, with the middle joint bent toward the pole', () => {
    const root: Vec3 = [0, 0, 0];
    const target: Vec3 = [0.3, -0.5, 0.1];
    for (const pole of [
      [1, 0, 0],
      [0, 0, -1],
    ] as Vec3[]) {
      const { middle, end } = twoBone3(root, target, 0.43, 0.42, pole);
      near(end, target, 1e-6);
      assert.ok(Math.abs(distance3(root, middle) - 0.43) < 1e-9);
      assert.ok(Math.abs(distance3(middle, end) - 0.42) < 1e-6);
      // The middle joint lies off the root-target line on the pole's side.
      const along = normalize3(sub3(target, root));
      const off = sub3(middle, [along[0] * dot3(middle, along), along[1] * dot3(middle, along), along[2] * dot3(middle, along)]);
      assert.ok(dot3(off, pole) > 0.05, `the middle joint bends toward ${pole}`);
    }
  });

  it('points straight at a target out of reach', () => {
    const { middle, end } = twoBone3([0, 0, 0], [0, -2, 0], 0.43, 0.42, [1, 0, 0]);
    near(middle, [0, -0.43, 0], 1e-4);
    near(end, [0, -0.85, 0], 1e-4);
  });

  it('places a target hand and keeps the elbow on the side its angles bend it', () => {
    const free = pose3(withLeft({ shoulder: { flexion: 60, abduction: 0, rotation: 0 }, elbow: 60 }));
    const target: Vec3 = [free.arms.left.hand[0] - 0.05, free.arms.left.hand[1] - 0.05, free.arms.left.hand[2]];
    const placed = pose3(withLeft({ shoulder: { flexion: 60, abduction: 0, rotation: 0 }, elbow: 60 }), [0, 0, 0], {
      hands: { left: target },
    });
    near(placed.arms.left.hand, target, 1e-6);
    assert.ok(distance3(placed.arms.left.elbow, free.arms.left.elbow) < 0.1);
  });
});
