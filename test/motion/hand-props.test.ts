/**
 * Small implements (src/motion/hand-props.ts): a Pilates ring that flattens as it is squeezed and refuses
 * to open past its size, a dowel the hands grip without sliding along it, a squeeze ball held between the
 * knees or ankles, an ab wheel that stays on the floor and turns as it rolls, a wrist roller whose plate
 * rises as the rope winds and never sinks into the floor, a towel that slides under a hand on a table, a
 * massage stick rolled along the shin.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AB_WHEEL_RADIUS, RING, squeezeSpan, stickGap, WRIST_ROLLER, wristRollerPlate } from '../../src/motion/hand-props.ts';
import { checkMotion } from '../../src/motion/motion-check.ts';
import type { Description } from '../../src/motion/motion-files.ts';
import { abWheelSpokes } from '../../src/motion/render-hand-props.ts';
import { cameraFor, frameSvg } from '../../src/motion/render-svg.ts';
import { keyStartSeconds } from '../../src/motion/motion.ts';
import { bodyAt, FRAMES_PER_SECOND, frameCount, heldAt, keyBody } from '../../src/motion/timeline.ts';
import { descriptionsIn } from '../helpers/motion-descriptions.ts';

const { built, description } = descriptionsIn('strength');

const messagesOf = (source: Record<string, unknown>): string[] => checkMotion(description(source)).map((p) => p.message);

/** The SVG of key `index` in a camera showing every key, drawn where the loop has got to at that key. */
function svgOf(d: Description, index: number): string {
  const bodies = d.motion.keys.map((k) => keyBody(k, d.motion.view).body);
  return frameSvg(d.motion, bodies[index]!, cameraFor(d.motion, bodies), keyStartSeconds(d.motion, index));
}

/** The ring's drawn semi-axis along the line between the hands (its `rx`, in pixels). */
const ringRx = (svg: string): number => Number(/<ellipse [^>]*rx="([\d.]+)"[^>]*transform=/.exec(svg)?.[1]);

const chestSqueeze = (open: readonly number[], squeezed: readonly number[]) => ({
  pattern: 'pose',
  view: 'front',
  props: ['pilates-ring'],
  keys: [
    { name: 'ring at the chest', legs: [0, 0, 90], arms: open },
    { name: 'squeeze', legs: [0, 0, 90], arms: squeezed },
  ],
});

describe('hand props: the schema', () => {
  it('holds a ring or ball between the knees or ankles, and refuses any other place or an unknown implement', () => {
    const bridge = { pattern: 'pose', props: ['pilates-ring'], keys: [{ name: 'a' }, { name: 'b' }] };
    for (const holdIn of ['knees', 'ankles']) {
      const d = description({ ...bridge, holdIn });
      assert.deepEqual(
        d.motion.held.map((prop) => [prop.kind, prop.at]),
        [['pilates-ring', holdIn]],
      );
    }
    const elbows = built({ ...bridge, holdIn: 'elbows' });
    assert.ok(!elbows.ok, 'elbows refused');
    assert.deepEqual(
      elbows.problems.map((p) => [p.path, p.message]),
      [
        [
          'motions.A.holdIn',
          'must be hands, left, right, back, front-rack, knees, ankles, around-ankles, belt, knee-crease, soles, left-sole or right-sole (received "elbows")',
        ],
      ],
    );
    const named = built({ ...bridge, props: ['magic-circle'] });
    assert.ok(
      !named.ok && named.problems.some((p) => p.path === 'motions.A.props.0' && p.message.includes('pilates-ring, dowel, squeeze-ball')),
    );
  });
});

describe('a Pilates ring', () => {
  it('flattens between the palms as they squeeze it, within its give', () => {
    const press = description(chestSqueeze([80, -70], [65, -85]));
    assert.deepEqual(checkMotion(press), []);
    const [open, squeezed] = [0, 1].map((i) => squeezeSpan(keyBody(press.motion.keys[i]!, 'front').body, press.motion.held[0]!));
    assert.ok(open! <= RING.open + 0.02 && open! > squeezed! + 0.06, `open ${open}, squeezed ${squeezed}`);
    assert.ok(squeezed! >= RING.squeezed - 0.02, `squeezed ${squeezed}`);
    assert.ok(ringRx(svgOf(press, 0)) > ringRx(svgOf(press, 1)) + 10, 'the drawn ring is narrower squeezed');
  });

  it('is refused wider than it opens and flatter than it gives, naming the time and the sizes', () => {
    const apart = messagesOf(chestSqueeze([80, -40], [65, -85]));
    assert.ok(
      apart.some((m) =>
        /^at 0\.00 s the Pilates ring between the hands is \d+ cm across; it opens to 36 cm and squeezes to 26 cm$/.test(m),
      ),
      apart.join('\n'),
    );
    const crushed = messagesOf(chestSqueeze([80, -70], [50, -100]));
    const across = crushed.map((m) => / the Pilates ring between the hands is (\d+) cm across/.exec(m)?.[1]).find((cm) => cm !== undefined);
    assert.ok(across !== undefined && Number(across) < RING.squeezed * 100, crushed.join('\n'));
  });

  it('is held between knees that stay together, seen from the side', () => {
    const bridge = {
      pattern: 'pose',
      props: ['pilates-ring', 'mat'],
      holdIn: 'knees',
      keys: [
        { name: 'lying', trunk: -90, legs: [148, 22], arms: [90, 90], handsOnFloor: 'both', feetOnFloor: 'both' },
        { name: 'bridge', trunk: -112, legs: [108, 12, 90], arms: [90, 90], handsOnFloor: 'both', feetOnFloor: 'both' },
      ],
    };
    assert.deepEqual(messagesOf(bridge), []);
    const apart = messagesOf({
      ...bridge,
      keys: [bridge.keys[0], { ...bridge.keys[1], legs: { left: [108, 12, 90], right: [175, 120] }, feetOnFloor: 'left' }],
    });
    assert.ok(
      apart.some((m) => / the knees squeezing the pilates-ring are \d+ cm apart along the floor; it is held between them$/.test(m)),
      apart.join('\n'),
    );
  });
});

describe('a Pilates ring around the ankles', () => {
  const press = (top: number) => ({
    pattern: 'pose',
    view: 'front',
    props: ['pilates-ring', 'mat'],
    holdIn: 'around-ankles',
    fixed: 'pelvis',
    keys: [98, top].map((angle, i) => ({
      name: `key ${i}`,
      trunk: 84,
      // Lying on the left side, seen from the front: the top (right) leg lifts outward, 98 degrees as seen.
      legs: { left: [-92, -92], right: [angle, angle] },
      arms: { left: [90, 90], right: [84, 78] },
    })),
  });

  it('is pulled open by the top leg within its give, and refused stretched past it', () => {
    const d = description(press(105));
    assert.deepEqual(checkMotion(d), []);
    const [rest, open] = [0, 1].map((i) => squeezeSpan(keyBody(d.motion.keys[i]!, 'front').body, d.motion.held[0]!));
    assert.ok(Math.abs(rest! - RING.open) <= 0.02 && open! > rest! + 0.06 && open! <= RING.pulled + 0.02, `${rest} then ${open}`);
    assert.ok(ringRx(svgOf(d, 1)) > ringRx(svgOf(d, 0)), 'drawn longer pulled open');
    const messages = messagesOf(press(113));
    assert.ok(
      messages.some((m) =>
        / the Pilates ring around the ankles is \d+ cm across; it rests on them at 36 cm and pulls open to 46 cm$/.test(m),
      ),
      messages.join('\n'),
    );
  });
});

describe('a dowel', () => {
  const wand = (left: readonly number[]) => ({
    pattern: 'pose',
    view: 'front',
    props: ['dowel'],
    keys: [
      { name: 'low', legs: [0, 0, 90], arms: [8, 8] },
      { name: 'pushed out', legs: [0, 0, 90], arms: { left, right: [100, 100] } },
    ],
  });

  it('is gripped by both hands one distance apart from the front, and refused when they slide along it', () => {
    assert.deepEqual(messagesOf(wand([-45, -95])), []);
    const sliding = messagesOf(wand([-20, -60]));
    assert.ok(
      sliding.some((m) => /^the hands slide \d+ cm along the dowel through the loop; keep them one distance apart, gripping it$/.test(m)),
      sliding.join('\n'),
    );
  });

  it('is seen end on in both hands from the side, which must be together', () => {
    const lift = {
      pattern: 'pose',
      props: ['dowel'],
      keys: [
        { name: 'behind the hips', legs: [0, 0, 90], arms: [-14, -8] },
        { name: 'lifted', legs: [0, 0, 90], arms: { left: [-60, 10], right: [-14, -8] } },
      ],
    };
    const messages = messagesOf(lift);
    assert.ok(
      messages.some((m) => /^the dowel is held in both hands, but the hands are \d+ cm apart$/.test(m)),
      messages.join('\n'),
    );
  });
});

describe('an ab wheel', () => {
  const rollout = {
    pattern: 'pose',
    props: ['ab-wheel'],
    fixed: 'leftKnee',
    keys: [
      { name: 'kneeling', trunk: 52, spine: 20, legs: [18, -90, -90], arms: [8, 8], handsOnFloor: 'both' },
      { name: 'rolled out', trunk: 80, legs: [-62, -90, -90], arms: [70, 70], handsOnFloor: 'both' },
    ],
  };

  it('stays on the floor under the hands through the loop, turning by the distance it rolls', () => {
    const d = description(rollout);
    assert.deepEqual(checkMotion(d), []);
    const prop = d.motion.held[0]!;
    const axles = Array.from({ length: frameCount(d.motion) }, (_, frame) => heldAt(bodyAt(d.motion, frame / FRAMES_PER_SECOND), prop));
    for (const [, y] of axles) assert.ok(Math.abs(y - AB_WHEEL_RADIUS) < 0.02, `axle at ${y} m`);
    const travelled = Math.max(...axles.map(([x]) => x)) - Math.min(...axles.map(([x]) => x));
    assert.ok(travelled > 0.4, `it rolls ${travelled} m`);
    // Rolling, not sliding: a spoke turns by the distance over the radius (backward as it rolls forward).
    const [a, b] = [axles[0]!, [axles[0]![0] + 0.1, axles[0]![1]] as const];
    const spokeAngle = (axle: readonly [number, number]) => {
      const [end] = abWheelSpokes([axle[0], axle[1]]);
      return Math.atan2(end![1] - axle[1], end![0] - axle[0]);
    };
    const turn = spokeAngle(b) - spokeAngle(a);
    assert.ok(Math.abs(turn + 0.1 / AB_WHEEL_RADIUS) < 1e-9 || Math.abs(turn + 0.1 / AB_WHEEL_RADIUS + 2 * Math.PI) < 1e-9, `${turn}`);
  });

  it('is refused off the floor, and from the front', () => {
    const lifted = messagesOf({ ...rollout, keys: rollout.keys.map(({ handsOnFloor: _, ...k }) => k) });
    assert.ok(
      lifted.some((m) =>
        /^at [\d.]+ s the ab wheel is \d+ cm (off|into) the floor; it rolls on it \(put the hands on it with handsOnFloor\)$/.test(m),
      ),
      lifted.join('\n'),
    );
    assert.ok(messagesOf({ ...rollout, view: 'front' }).includes('an ab wheel is drawn from the side only'));
  });
});

describe('a wrist roller', () => {
  const roller = (keys: readonly (readonly number[])[]) => ({
    pattern: 'pose',
    props: ['wrist-roller'],
    keys: keys.map((arms, i) => ({ name: `key ${i}`, legs: [0, 0, 90], arms, hold: 0.4, move: 4 / keys.length - 0.4 })),
  });

  it('lifts its plate from just off the floor to under the handle as the rope winds, and lowers it back', () => {
    const d = description(
      roller([
        [90, 90],
        [90, 90],
      ]),
    );
    assert.deepEqual(checkMotion(d), []);
    const plateAt = (seconds: number) => wristRollerPlate(d.motion, bodyAt(d.motion, seconds), seconds);
    const handle = heldAt(bodyAt(d.motion, 0), d.motion.held[0]!);
    assert.ok(Math.abs(plateAt(0)[1] - WRIST_ROLLER.plate - WRIST_ROLLER.unwoundClearance) < 1e-9, `${plateAt(0)}`);
    assert.ok(Math.abs(plateAt(2.2)[1] - (handle[1] - WRIST_ROLLER.woundBelowHands)) < 1e-9, `${plateAt(2.2)}`);
    assert.ok(plateAt(1.2)[1] > plateAt(0)[1] && plateAt(1.2)[1] < plateAt(2.2)[1], 'rising on the way');
    assert.ok(Math.abs(plateAt(4.0)[1] - plateAt(0)[1]) < 1e-9, 'unwound again a loop later');
    assert.notEqual(svgOf(d, 0), svgOf(d, 1), 'drawn where the rope has wound to');
  });

  it('is refused when lowered hands would put the plate under the floor', () => {
    // A third of the way wound, with the arms hanging: the rope still reaches past the floor.
    const messages = messagesOf(
      roller([
        [90, 90],
        [0, 0],
        [90, 90],
        [90, 90],
      ]),
    );
    assert.ok(
      messages.some((m) => /^at [\d.]+ s the wrist roller's plate is under the floor; hold the handle higher$/.test(m)),
      messages.join('\n'),
    );
  });
});

describe('a squeeze ball', () => {
  it('is held between the ankles: together from the side, its size apart from the front', () => {
    const raise = (view: 'side' | 'front', legs: unknown) => ({
      pattern: 'pose',
      view,
      props: ['squeeze-ball'],
      holdIn: 'ankles',
      keys: [
        { name: 'flat', legs },
        { name: 'also flat', legs },
      ],
    });
    assert.deepEqual(messagesOf(raise('side', [0, 0, 90])), []);
    const apart = messagesOf(raise('side', { left: [0, 0, 90], right: [20, 20, 110] }));
    assert.ok(
      apart.some((m) => / the ankles squeezing the squeeze-ball are \d+ cm apart along the floor/.test(m)),
      apart.join('\n'),
    );
    const wide = messagesOf(raise('front', { left: [10, 10], right: [10, 10] }));
    assert.ok(
      wide.some((m) => / the ball between the ankles is \d+ cm across; it is 10 cm$/.test(m)),
      wide.join('\n'),
    );
  });
});

describe('a towel', () => {
  const slide = (hands: 'left' | undefined) => ({
    pattern: 'pose',
    props: ['towel', 'box', 'bench'],
    holdIn: 'left',
    fixed: 'pelvis',
    box: [-0.25, 0.15, 0.475],
    bench: [0.62, 1.6, 0.78],
    keys: [
      { name: 'forearm on the towel', trunk: 22, legs: [82, -12], arms: { left: [45, 95], right: [-8, 5] }, handsOnFloor: hands },
      { name: 'slid forward', trunk: 45, legs: [82, -12], arms: { left: [84, 98], right: [-8, 5] }, handsOnFloor: hands },
    ],
  });

  it('lies under the hand on the table and slides with it', () => {
    const d = description(slide('left'));
    assert.deepEqual(checkMotion(d), []);
    const prop = d.motion.held[0]!;
    const [start, end] = [0, 1].map((i) => heldAt(keyBody(d.motion.keys[i]!, 'side').body, prop));
    assert.ok(end![0] - start![0] > 0.2, `it slides ${end![0] - start![0]} m`);
    for (const at of [start!, end!]) assert.ok(Math.abs(at[1] - 0.03 - 0.78) < 1e-9, `the hand rests on it at ${at[1]} m`);
    assert.ok(svgOf(d, 0).includes('#f4f1fa'), 'drawn');
  });

  it('is refused under a hand that leaves what it slides on', () => {
    const messages = messagesOf(slide(undefined));
    assert.ok(
      messages.some((m) => /^at [\d.]+ s the hand on the towel is \d+ cm (above|into) what the towel slides on$/.test(m)),
      messages.join('\n'),
    );
  });
});

describe('a massage stick', () => {
  const legs = { left: [125, 55], right: [100, 80] };
  const rolling = (arms: readonly (readonly number[])[]) => ({
    pattern: 'pose',
    props: ['massage-stick', 'mat'],
    fixed: 'pelvis',
    keys: arms.map((a, i) => ({ name: `key ${i}`, trunk: 20, spine: 15, neck: 12, legs, arms: a, hold: 0.2, move: 0.8 })),
  });

  it('rolls along the shin under both hands, on it in every frame', () => {
    const d = description(
      rolling([
        [-12, 116],
        [4, 100],
        [28, 78],
        [4, 100],
      ]),
    );
    assert.deepEqual(checkMotion(d), []);
    const prop = d.motion.held[0]!;
    const along = Array.from({ length: frameCount(d.motion) }, (_, frame) => {
      const body = bodyAt(d.motion, frame / FRAMES_PER_SECOND);
      const at = heldAt(body, prop);
      assert.ok(Math.abs(stickGap(body, at)) <= 0.02, `${stickGap(body, at)} m off the leg`);
      return at[0];
    });
    assert.ok(Math.max(...along) - Math.min(...along) > 0.2, 'from below the knee to above the ankle');
  });

  it('is refused off the leg it rolls along', () => {
    const messages = messagesOf(
      rolling([
        [-12, 116],
        [60, 100],
      ]),
    );
    assert.ok(
      messages.some((m) => /^at [\d.]+ s the massage stick is \d+ cm (off|into) the leg it rolls along$/.test(m)),
      messages.join('\n'),
    );
  });
});
