/**
 * A weight machine in the pose pattern: a lever whose plates rise as the end it carries rises (or, on a
 * counter horn, as it is pulled down), a foot platform the soles stay flat on, a roller on the shin, a
 * seat, and pads placed against the body that `check` holds it to in every frame.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { leverEndPoint, padGap, platePoint, rollerCentre } from '../../src/motion/machine.ts';
import { onMachineProblem } from '../../src/motion/machine-check.ts';
import type { FixedProp } from '../../src/motion/motion.ts';
import { checkMotion } from '../../src/motion/motion-check.ts';
import type { Description } from '../../src/motion/motion-files.ts';
import { cameraFor, frameSvg } from '../../src/motion/render-svg.ts';
import { distance } from '../../src/motion/skeleton.ts';
import { COLOURS } from '../../src/motion/svg-kit.ts';
import { bodyAt, FRAMES_PER_SECOND, frameCount, keyBody, loopKeyBody } from '../../src/motion/timeline.ts';
import { descriptionsIn } from '../helpers/motion-descriptions.ts';

const { built, description } = descriptionsIn('strength');

const messages = (source: Record<string, unknown>): string[] => checkMotion(description(source)).map((p) => p.message);
const leverOf = (d: Description): FixedProp => d.motion.fixed.find((prop) => prop.kind === 'lever')!;

const legPress = {
  pattern: 'pose',
  props: ['seat', 'pad', 'lever'],
  seat: [-0.3, 0.2, 0.45],
  pads: ['back'],
  lever: [1.1, 0.4],
  to: 'feet',
  leverEnd: 'platform',
  fixed: 'pelvis',
  keys: [
    { name: 'pressed', trunk: -40, legs: [125, 135, 208], arms: [50, 70] },
    { name: 'lowered', trunk: -40, legs: [165, 80, 219.5], arms: [50, 70] },
  ],
};

const legExtension = {
  pattern: 'pose',
  props: ['seat', 'pad', 'lever'],
  seat: [-0.25, 0.3, 0.55],
  pads: ['back'],
  lever: [0.43, 0.66],
  to: 'feet',
  leverEnd: 'front-roller',
  fixed: 'pelvis',
  keys: [
    { name: 'bent', trunk: -12, legs: [88, -5], arms: [10, 35] },
    { name: 'straight', trunk: -12, legs: [88, 86], arms: [10, 35] },
  ],
};

const shoulderPress = {
  pattern: 'pose',
  props: ['seat', 'pad', 'lever'],
  seat: [-0.3, 0.2, 0.45],
  pads: ['back'],
  lever: [0.9, 1.5],
  fixed: 'pelvis',
  keys: [
    { name: 'at the shoulders', trunk: -10, legs: [88, 0], arms: [30, 175], feetOnFloor: 'both' },
    { name: 'overhead', trunk: -10, legs: [88, 0], arms: [168, 172], feetOnFloor: 'both' },
  ],
};

describe('a weight machine', () => {
  it('refuses machine parameters that do not fit, naming them', () => {
    const refused = (source: Record<string, unknown>): string => {
      const result = built(source);
      assert.ok(!result.ok);
      return result.problems.map((p) => `${p.path}: ${p.message}`).join('; ');
    };
    assert.match(refused({ ...legPress, to: 'hands' }), /a lever ending in a platform or a roller runs to the feet or one foot/);
    assert.match(refused({ ...legPress, lever: undefined }), /leverEnd and leverPlates belong to a lever/);
    assert.match(refused({ ...shoulderPress, leverEnd: 'pad' }), /a lever ending in a pad runs to the shoulders, the hips or the knees/);
    assert.equal(
      refused({ ...legPress, pads: ['head'] }),
      'motions.A.pads.0: Invalid type: Expected ("back" | "chest" | "thighs") but received "head" (received "head")',
    );
    assert.match(refused({ ...legPress, seat: [0, 0.4] }), /seat/);
  });

  it('puts the plates on the arm halfway to its end, so they rise as the end rises, and on a counter horn they rise as it falls', () => {
    assert.deepEqual(platePoint([0, 1], [1, 0]), [0.5, 0.5]);
    const counter = platePoint([0, 1], [1, 1], 'counter');
    assert.ok(Math.abs(counter[0] + 0.25) < 1e-9 && Math.abs(counter[1] - 1) < 1e-9);
    const extension = description(legExtension);
    const lever = leverOf(extension);
    const plateY = (i: number) => platePoint([lever.x0, lever.y], leverEndPoint(loopKeyBody(extension.motion, i).body, lever))[1];
    // The leg straightens: the roller, and so the plates, go up.
    assert.ok(plateY(1) - plateY(0) > 0.15, `${plateY(0)} -> ${plateY(1)}`);
    const curl = description({ ...legExtension, leverEnd: 'back-roller', leverPlates: 'counter' });
    const curled = leverOf(curl);
    const counterY = (i: number) =>
      platePoint([curled.x0, curled.y], leverEndPoint(loopKeyBody(curl.motion, i).body, curled), 'counter')[1];
    assert.ok(counterY(0) > counterY(1), 'the counter horn rises as the roller comes down');
  });

  it('draws the plates behind the figure, and the roller against the shin', () => {
    const extension = description(legExtension);
    const { body } = keyBody(extension.motion.keys[1]!, extension.motion.view);
    const svg = frameSvg(extension.motion, body, cameraFor(extension.motion, [body]));
    assert.ok(svg.indexOf(COLOURS.plate) > 0 && svg.indexOf(COLOURS.plate) < svg.indexOf(COLOURS.near));
    const roller = rollerCentre(body, 'left', 'front-roller');
    // 7 cm up the shin from the ankle, on its top (the front of a straightened leg), touching it.
    assert.ok(roller[1] > body.legs.left.end[1] + 0.08, JSON.stringify(roller));
    assert.ok(Math.abs(distance(roller, body.legs.left.end) - Math.hypot(0.07, 0.095)) < 1e-6);
  });

  it('seats the figure on the seat, its back on the backrest, and keeps the soles flat on the platform through the loop', () => {
    const press = description(legPress);
    assert.deepEqual(checkMotion(press), []);
    for (const key of press.motion.keys) assert.ok(key.contacts.some((c) => c.point === 'pelvis' && c.on === 'seat'));
    for (let frame = 0; frame < frameCount(press.motion); frame += 1)
      assert.equal(onMachineProblem(press.motion, bodyAt(press.motion, frame / FRAMES_PER_SECOND)), undefined, `frame ${frame}`);
    const backrest = press.motion.fixed.find((prop) => prop.kind === 'pad')!;
    assert.ok(Math.abs(padGap(keyBody(press.motion.keys[1]!, 'side').body, 'back', backrest.face!)) < 1e-9);
  });

  it('refuses a sole that leaves its place on the platform, a back off its backrest and a chest pressed into its pad', () => {
    // The platform turns 12 degrees with the arm; feet that keep their angle come off it.
    const [pressed, lowered] = legPress.keys;
    assert.match(
      messages({ ...legPress, keys: [pressed, { ...lowered, legs: [165, 80, 208] }] }).join('; '),
      /the left sole is \d+ cm off its place on the lever's platform/,
    );
    const [start, end] = shoulderPress.keys;
    assert.match(messages({ ...shoulderPress, keys: [start, { ...end, trunk: 15 }] }).join('; '), /the back is \d+ cm off its backrest/);
    const row = {
      ...shoulderPress,
      pads: ['chest'],
      keys: [
        { ...start, trunk: 0 },
        { ...end, trunk: 15 },
      ],
    };
    assert.match(messages(row).join('; '), /the chest is \d+ cm into its chest pad/);
    assert.deepEqual(messages(shoulderPress), []);
  });

  it('holds a figure under the shoulder pad of a lever to its arc, not to the standing balance check', () => {
    const calfRaise = {
      pattern: 'pose',
      props: ['box', 'lever'],
      box: [-0.1, 0.3, 0.15],
      lever: [-1.0, 2.1],
      to: 'shoulders',
      leverEnd: 'pad',
      fixed: 'leftToe',
      keys: [
        { name: 'heels dropped', legs: [0, 3, 112], arms: [25, 160] },
        { name: 'on the toes', legs: [0, 0, 42], arms: [25, 160] },
      ],
    };
    const raise = description(calfRaise);
    assert.deepEqual(checkMotion(raise), []);
    assert.deepEqual(
      raise.motion.keys.map((key) => key.isBalanced),
      [false, false],
    );
    // Without the machine the dropped heels put the centre of mass 21 cm behind the balls of the feet.
    const { lever, to, leverEnd, ...free } = calfRaise;
    assert.match(messages({ ...free, props: ['box'] }).join('; '), /the centre of mass is -21 cm from the middle of the feet/);
  });

  it('keeps the sole of a foot on a platform its sole when it points back (a kickback), at the keys and between them', () => {
    const kickback = {
      pattern: 'pose',
      props: ['pad', 'lever'],
      pads: ['chest'],
      lever: [-0.09, 0.92],
      to: 'left-foot',
      leverEnd: 'platform',
      fixed: 'rightHeel',
      keys: [
        {
          name: 'knee under the hip',
          trunk: 45,
          neck: -20,
          legs: { left: [55, -30, 10], right: [5, 5, 90] },
          arms: [40, 60],
          feetOnFloor: 'right',
        },
        {
          name: 'hip extended',
          trunk: 45,
          neck: -20,
          legs: { left: [-45, -130, -90], right: [5, 5, 90] },
          arms: [40, 60],
          feetOnFloor: 'right',
        },
      ],
    };
    const back = description(kickback);
    assert.deepEqual(checkMotion(back), []);
    // Pointed back, the foot's sole faces up and back toward the platform, not down as a kneeling instep would.
    const { body } = keyBody(back.motion.keys[1]!, 'side');
    const leg = body.legs.left;
    assert.ok((leg.heel[1] + leg.toe[1]) / 2 > leg.end[1] + 0.05, JSON.stringify(leg));
  });
});
