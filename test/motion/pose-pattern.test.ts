/** The pose pattern: segment directions to joint angles, a figure that rests on the floor in every frame, derived contacts. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkMotion } from '../../src/motion/motion-check.ts';
import { buildDescription, type Description } from '../../src/motion/motion-files.ts';
import { anglesOf } from '../../src/motion/pose-keys.ts';
import type { PoseKey } from '../../src/motion/pose-params.ts';
import { RENDERER_VERSION } from '../../src/motion/render-media.ts';
import { distance } from '../../src/motion/skeleton.ts';
import { cameraFor, frameSvg } from '../../src/motion/render-svg.ts';
import { COLOURS } from '../../src/motion/svg-kit.ts';
import { bodyAt, FRAMES_PER_SECOND, frameCount, keyBody, liftToFloor, pointOf } from '../../src/motion/timeline.ts';

const poseKey = (k: Partial<PoseKey>): PoseKey => ({
  name: 'k',
  trunk: 0,
  spine: 0,
  neck: 0,
  legs: [0, 0],
  arms: [5, 10],
  air: 0,
  at: 0,
  hold: 0.5,
  move: 1,
  ...k,
});

function built(source: Record<string, unknown>, id = 'Childs_Pose'): Description {
  const result = buildDescription('data/source/motion/stretching.json', 'stretching', id, source, RENDERER_VERSION);
  assert.ok(result.ok, JSON.stringify(!result.ok && result.problems));
  return result.value;
}

const childsPose = {
  pattern: 'pose',
  props: ['mat'],
  fixed: 'leftKnee',
  keys: [
    { name: 'kneeling tall', legs: [0, -90, -90], arms: [5, 5] },
    { name: "child's pose", trunk: 95, spine: 20, neck: 10, legs: [55, -85, -90], arms: [100, 100], handsOnFloor: 'both' },
  ],
};

describe('pose pattern', () => {
  it('turns segment directions into joint angles (0 hangs down, 90 points forward, 180 up)', () => {
    const seated = anglesOf(poseKey({ legs: [90, 0], arms: [90, 180] }));
    assert.deepEqual([seated.left.leg.hip, seated.left.leg.knee, seated.left.leg.ankle], [90, 90, 0]);
    assert.deepEqual([seated.left.arm.shoulder, seated.left.arm.elbow], [90, 90]);
    // Face down (trunk level), thighs and shanks pointing back in line with it: hips and knees straight.
    const prone = anglesOf(poseKey({ trunk: 90, legs: [-90, -90], arms: [0, 0] }));
    assert.deepEqual([prone.left.leg.hip, prone.left.leg.knee, prone.left.arm.shoulder], [0, 0, 90]);
    // A foot pointing back along a kneeling shank is fully plantarflexed; by default it is square to the shank.
    assert.equal(anglesOf(poseKey({ legs: [0, -90, -80] })).left.leg.ankle, -80);
    assert.equal(anglesOf(poseKey({ legs: [0, -90] })).left.leg.ankle, 0);
    const sides = anglesOf(poseKey({ legs: { left: [0, 0], right: [60, 0] } }));
    assert.deepEqual([sides.left.leg.hip, sides.right.leg.hip], [0, 60]);
  });

  it('rests every key and every frame on the floor, and promises a contact for each part resting there', () => {
    const description = built(childsPose);
    assert.deepEqual(checkMotion(description), []);
    const { motion } = description;
    for (const key of motion.keys) assert.ok(Math.abs(liftToFloor(keyBody(key, motion.view).body)) < 1e-9, key.name);
    for (let frame = 0; frame < frameCount(motion); frame += 1) {
      assert.ok(Math.abs(liftToFloor(bodyAt(motion, frame / FRAMES_PER_SECOND))) < 1e-9, `frame ${frame}`);
    }
    const [kneeling, folded] = motion.keys as [(typeof motion.keys)[0], (typeof motion.keys)[0]];
    const points = (key: typeof kneeling) => key.contacts.map((contact) => contact.point).sort();
    // Kneeling rests on the insteps (the knees hover within the body's thickness of the floor), never the seat.
    assert.ok(points(kneeling).includes('leftToe') && !points(kneeling).includes('pelvis'));
    assert.ok(points(folded).includes('leftHand') && points(folded).includes('rightHand'));
    // Hands put on the floor by inverse kinematics rest there.
    const body = keyBody(folded, motion.view).body;
    assert.ok(Math.abs(pointOf(body, 'leftHand')[1] - 0.03) < 1e-9);
    // A knee that near the floor reads as kneeling, so the key is not held to the standing balance check.
    assert.equal(kneeling.isBalanced, false);
    // Stretched out along the floor the loop is wider than tall, so it is framed landscape.
    assert.equal(motion.frame, 'landscape');
  });

  it('holds a standing key to the balance check, and the check names the key that tips over', () => {
    const leaning = built(
      { pattern: 'pose', keys: [{ name: 'standing' }, { name: 'leaning', trunk: 40, arms: [90, 90] }] },
      'Standing_Toe_Touches',
    );
    assert.equal(leaning.motion.keys[0]!.isBalanced, true);
    const problems = checkMotion(leaning).map((p) => p.path);
    assert.deepEqual(problems, ['motions.Standing_Toe_Touches (pattern pose, key 1 "leaning")']);
  });

  it('lets the centre of mass sit anywhere between the feet of a split stance, not only over the middle of one foot', () => {
    const lunge = built(
      {
        pattern: 'pose',
        keys: [
          { name: 'standing' },
          { name: 'long split stance, front foot loaded', trunk: 20, legs: { left: [60, -10], right: [-40, -40] }, feetOnFloor: 'both' },
        ],
      },
      'Standing_Toe_Touches',
    );
    const stance = lunge.motion.keys[1]!;
    assert.equal(stance.isBalanced, true);
    assert.deepEqual(checkMotion(lunge), []);
  });

  it('does not hold a figure leaning its hands on a wall to the standing balance check, and draws a wall behind a figure behind it', () => {
    const wallPushUp = built(
      {
        pattern: 'pose',
        props: ['wall'],
        wall: 1.3,
        keys: [
          { name: 'leaning, arms long', trunk: 25, legs: [-25, -25], arms: [100, 100] },
          { name: 'chest near the wall', trunk: 35, legs: [-35, -35], arms: [60, 150] },
        ],
      },
      'Standing_Toe_Touches',
    );
    assert.equal(wallPushUp.motion.keys[0]!.isBalanced, false);
    assert.deepEqual(checkMotion(wallPushUp), []);
    const wallSit = built({ pattern: 'pose', props: ['wall'], wall: -0.3, keys: [{ name: 'a' }, { name: 'b' }] }, 'Standing_Toe_Touches');
    const wall = wallSit.motion.fixed.find((prop) => prop.kind === 'wall')!;
    assert.ok(wall.x1 < wall.x0, 'a wall behind the figure extends behind its face');
  });

  it('refuses a Smith bar that leaves its rails: seen from the side it runs straight up and down them', () => {
    const squat = (smith: number, bottom: Record<string, unknown>) =>
      built(
        {
          pattern: 'pose',
          props: ['barbell', 'smith'],
          holdIn: 'back',
          smith,
          keys: [
            { name: 'standing', legs: [0, 0, 90], arms: [-70, 100], trunk: 8 },
            { name: 'bottom', arms: [-80, 90], ...bottom },
          ],
        },
        'Smith_Machine_Squat',
      );
    // Hips back and the trunk leaning 30 degrees: the bar on the back travels 11 cm forward.
    const drifting = checkMotion(squat(-0.08, { trunk: 30, legs: [95, -32, 90] }));
    assert.ok(
      drifting.some((p) => /^at \d+\.\d\d s the bar is \d+ cm off the Smith machine's rails/.test(p.message)),
      JSON.stringify(drifting),
    );
    // Knees forward under an upright trunk (the feet set ahead, as on a Smith machine): the bar stays over its rail.
    assert.deepEqual(checkMotion(squat(0.02, { trunk: 15, legs: [50, -35, 90] })), []);
    // The rails hold the bar, and the bar the figure: leaning back into it with the feet a foot ahead (a
    // hack squat) is not refused for a centre of mass behind the feet, as it is with a free bar.
    const hack = (props: string[]) =>
      checkMotion(
        built(
          {
            pattern: 'pose',
            props,
            holdIn: 'back',
            ...(props.includes('smith') ? { smith: -0.15 } : {}),
            keys: [
              { name: 'leaning back, feet ahead', trunk: -12, legs: [30, 30, 90], arms: [-70, 100] },
              { name: 'bottom', trunk: -5, legs: [95, 15, 90], arms: [-70, 100] },
            ],
          },
          'Smith_Machine_Hack_Squat',
        ),
      );
    assert.ok(!hack(['barbell', 'smith']).some((p) => /centre of mass/.test(p.message)), JSON.stringify(hack(['barbell', 'smith'])));
    assert.ok(hack(['barbell']).some((p) => /centre of mass/.test(p.message)));
  });

  it("draws an incline bench whose seat is a support, a Smith machine's rails, and two cables with their own ends", () => {
    const props = built(
      {
        pattern: 'pose',
        props: ['incline', 'smith', 'cable'],
        fixed: 'pelvis',
        incline: [-0.05, 45],
        smith: 0.2,
        cable: [-0.9, 2.0],
        to: 'left',
        cable2: [0.9, 2.0],
        to2: 'right',
        keys: [
          { name: 'a', trunk: -45, legs: [80, 0], arms: [135, 135], feetOnFloor: 'both' },
          { name: 'b', trunk: -45, legs: [80, 0], arms: [20, 150], feetOnFloor: 'both' },
        ],
      },
      'Standing_Toe_Touches',
    );
    const kinds = props.motion.fixed.map((prop) => `${prop.kind}${prop.to === undefined ? '' : `:${prop.to}`}`).sort();
    assert.deepEqual(kinds, ['cable:left', 'cable:right', 'incline', 'smith']);
    // Seated on the incline's seat: the pelvis rests on it, not on the floor.
    assert.ok(props.motion.keys[0]!.contacts.some((contact) => contact.point === 'pelvis' && contact.on === 'incline'));
    assert.deepEqual(checkMotion(props), []);
  });

  it('bends the elbows back between a straight-armed plank and the bottom of a push-up, never toward the head', () => {
    /** How far the left elbow lies behind (toward the feet, -x) the midpoint of shoulder and hand, midway through the first move. */
    const elbowBehind = (description: Description) => {
      const [first] = description.motion.keys;
      const body = bodyAt(description.motion, first!.hold + first!.move / 2);
      const arm = body.arms.left;
      return (arm.root[0] + arm.hand[0]) / 2 - arm.middle[0];
    };
    // The tuned pattern (its keys' hands are placed on the floor by targets).
    assert.ok(elbowBehind(built({ pattern: 'push-up' }, 'Pushups')) > 0.03, 'push-up pattern');
    // A pose description whose first key has straight arms: no elbow choice there, the bottom key's holds.
    const posed = built(
      {
        pattern: 'pose',
        fixed: 'leftToe',
        keys: [
          { name: 'plank', trunk: 75, legs: [-75, -75], arms: [0, 0], handsOnFloor: 'both' },
          { name: 'bottom', trunk: 85, legs: [-85, -85], arms: [-60, 30], handsOnFloor: 'both' },
        ],
      },
      'Pushups',
    );
    assert.equal(posed.motion.keys[0]!.elbows, undefined, 'straight arms make no elbow choice');
    assert.ok(elbowBehind(posed) > 0.03, 'pose pattern');
  });

  it('lays a decline bench press on a decline bench: the pelvis on its high seat, the head below it, the pad and leg roller drawn', () => {
    const decline = built(
      {
        pattern: 'pose',
        props: ['decline', 'dumbbells'],
        fixed: 'pelvis',
        decline: [-0.1, 20],
        keys: [
          { name: 'press', trunk: -110, legs: [85, 0], arms: [185, 185] },
          { name: 'bottom', trunk: -110, legs: [85, 0], arms: [60, 170] },
        ],
      },
      'Decline_Dumbbell_Bench_Press',
    );
    const bench = decline.motion.fixed.find((prop) => prop.kind === 'decline')!;
    assert.deepEqual([bench.x0, bench.x1.toFixed(2), bench.y, bench.angle], [-0.1, '0.25', 0.55, 20]);
    const key = decline.motion.keys[0]!;
    assert.ok(
      key.contacts.some((contact) => contact.point === 'pelvis' && contact.on === 'decline'),
      'the pelvis rests on the seat',
    );
    const { body } = keyBody(key, decline.motion.view);
    assert.ok(pointOf(body, 'head')[1] < pointOf(body, 'pelvis')[1] - 0.1, 'the head lies lower than the hips');
    assert.deepEqual(checkMotion(decline), []);
    const svg = frameSvg(decline.motion, body, cameraFor(decline.motion, [body]));
    // The seat and the falling pad in the pad's colour, and the round leg roller.
    assert.ok((svg.match(new RegExp(COLOURS.pad, 'g')) ?? []).length >= 3, svg);
    assert.match(svg, /<circle/);
  });

  it('refuses stills that name no key, a limb of the wrong length and a direction out of range, naming the field', () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...childsPose, stills: [0, 2] }, /stills must name keys/],
      [{ ...childsPose, keys: [{ name: 'a', arms: [1, 2, 3, 4] }, { name: 'b' }] }, /motions\.A\.keys\.0\.arms/],
      [{ ...childsPose, keys: [{ name: 'a', trunk: 200 }, { name: 'b' }] }, /motions\.A\.keys\.0\.trunk/],
      [{ ...childsPose, keys: [{ name: 'a' }] }, /needs at least a start and an end key/],
    ];
    for (const [source, expected] of cases) {
      const result = buildDescription('data/source/motion/x.json', 'stretching', 'A', source, '1');
      assert.equal(result.ok, false, JSON.stringify(source));
      if (!result.ok) assert.match(`${result.problems[0]!.path} ${result.problems[0]!.message}`, expected);
    }
  });

  it('refuses a kneeling key whose knee hovers while the hands rest (straight arms are longer than the thighs)', () => {
    const allFours = (trunk: number) => ({ name: 'hands and knees', trunk, legs: [0, -90, -90], arms: [0, 0], handsOnFloor: 'both' });
    const level = built({ pattern: 'pose', props: ['mat'], fixed: 'leftKnee', keys: [allFours(90), allFours(88)] }, 'Cat_Stretch');
    const problems = checkMotion(level).map((p) => p.message);
    assert.ok(
      problems.some((m) => /the leftKnee \(the fixed point\) is 1\d cm above what is under it while the hands rest/.test(m)),
      problems.join('\n'),
    );
    // The shoulders higher than the hips, as a person on all fours holds them: the knee rests, the arms stay long.
    const tilted = built({ pattern: 'pose', props: ['mat'], fixed: 'leftKnee', keys: [allFours(72), allFours(74)] }, 'Cat_Stretch');
    assert.deepEqual(checkMotion(tilted), []);
    const { body } = keyBody(tilted.motion.keys[0]!, 'side');
    assert.ok(pointOf(body, 'leftKnee')[1] < 0.13, `the knee at ${pointOf(body, 'leftKnee')[1]} m`);
    assert.ok(distance(body.arms.left.root, body.arms.left.hand) > 0.58, 'the arms stay long');
  });
});
