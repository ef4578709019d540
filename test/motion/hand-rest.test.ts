/**
 * A chair back or counter a standing figure rests a hand on for balance (`handRest`, a key's `handsOnRest`; hand-rest.ts,
 * render-hand-rest.ts): the hand is put on its top and held there, the chair is drawn, the key is no standing key for the
 * balance check but a light lean only; `check` refuses, naming handRest, a hand off its top, the near hand on a chair
 * beside the figure, a lean the hand would hold up, a part of the body passing into a chair in the picture and a hand on a
 * counter in front of the figure that does not reach toward it; the schema refuses the fields without each other.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkMotion } from '../../src/motion/motion-check.ts';
import type { Description } from '../../src/motion/motion-files.ts';
import { cameraFor, frameSvg } from '../../src/motion/render-svg.ts';
import { COLOURS } from '../../src/motion/svg-kit.ts';
import { bodyAt, FRAMES_PER_SECOND, frameCount } from '../../src/motion/timeline.ts';
import { descriptionsIn } from '../helpers/motion-descriptions.ts';

const stretching = descriptionsIn('stretching');
const problems = (d: Description) => checkMotion(d).map((p) => p.message);

/** Front leg swings beside a chair seen from the side: the right hand on its backrest, the near leg swinging. */
const swings = (extra: Record<string, unknown> = {}, rest: Record<string, unknown> = {}) => ({
  pattern: 'pose',
  props: ['chair'],
  fixed: 'rightHeel',
  handRest: { on: 'chair', x: 0.2, ...rest },
  keys: [
    {
      name: 'back',
      legs: { left: [-30, -32], right: [4, -3] },
      arms: { left: [-35, 40], right: [25, 45] },
      feetOnFloor: 'right',
      handsOnRest: 'right',
    },
    {
      name: 'front',
      legs: { left: [65, 58], right: [4, -3] },
      arms: { left: [-35, 40], right: [25, 45] },
      feetOnFloor: 'right',
      handsOnRest: 'right',
    },
  ],
  ...extra,
});

/** A chair seen from the front beside a figure standing on both feet, the left hand on its top rail. */
const besideFront = (x: number, arms: Record<string, unknown> = { left: [40, 20], right: [5, 10] }) => ({
  pattern: 'pose',
  view: 'front',
  props: ['chair'],
  handRest: { on: 'chair', x },
  keys: [
    { name: 'stand', legs: [3, 3], arms, feetOnFloor: 'both', handsOnRest: 'left' },
    { name: 'stand again', legs: [3, 3], arms, feetOnFloor: 'both', handsOnRest: 'left' },
  ],
});

describe('a chair back a standing figure rests a hand on (handRest)', () => {
  it('puts the right hand on the backrest top seen from the side in every frame, and draws the chair', () => {
    const d = stretching.description(swings());
    assert.deepEqual(problems(d), []);
    const chair = d.motion.fixed.find((prop) => prop.kind === 'chair');
    assert.ok(chair?.rest !== undefined);
    assert.equal(chair.rest.stands, 'beside');
    for (let i = 0; i < frameCount(d.motion); i += 1) {
      const hand = bodyAt(d.motion, i / FRAMES_PER_SECOND).arms.right.hand;
      // On the top (3 cm over it) within what check allows: the figure rises a little as the swinging foot passes low.
      assert.ok(Math.abs(hand[0] - 0.2) < 0.01 && Math.abs(hand[1] - 0.93) < 0.03, `frame ${i}: the hand at ${hand}`);
    }
    const body = bodyAt(d.motion, 0);
    const svg = frameSvg(d.motion, body, cameraFor(d.motion, [body]));
    assert.ok((svg.match(new RegExp(`fill="${COLOURS.wood}"`, 'g')) ?? []).length >= 5, 'the chair is drawn in wood');
  });

  it('refuses a hand the arm cannot put on the top, naming handRest', () => {
    assert.match(
      problems(stretching.description(swings({}, { x: 0.7 }))).join('; '),
      /handRest: key 0 "back": the right hand is \d+ cm off the chair's top/,
    );
  });

  it('refuses the near, left, hand on a chair beside the figure seen from the side', () => {
    const left = swings();
    for (const k of left.keys) k.handsOnRest = 'left';
    assert.match(problems(stretching.description(left)).join('; '), /rest the right hand on it/);
  });

  it('holds a resting key to a light lean, not to the standing balance check', () => {
    // Leaning 45 degrees forward at the hips: refused standing free, steadied by the hand on the chair ahead of the feet.
    const lean = (hand: boolean) => ({
      pattern: 'pose',
      props: ['chair'],
      fixed: 'rightHeel',
      handRest: { on: 'chair', x: 0.45 },
      keys: [0, 1].map((i) => ({
        name: `lean ${i}`,
        trunk: 45,
        legs: [-5, -5],
        arms: { left: [5, 10], right: [40, 40] },
        feetOnFloor: 'both',
        ...(hand || i === 1 ? { handsOnRest: 'right' } : {}),
      })),
    });
    assert.deepEqual(problems(stretching.description(lean(true))), []);
    assert.match(problems(stretching.description(lean(false))).join('; '), /the centre of mass is \d+ cm from the middle of the feet/);
  });

  it('refuses a lean past the feet and the hand', () => {
    const far = swings({ keys: swings().keys.map((k) => ({ ...k, trunk: -35, arms: { left: [-35, 40], right: [60, 60] } })) }, { x: 0.1 });
    assert.match(problems(stretching.description(far)).join('; '), /the centre of mass is \d+ cm past the feet and the hand on the chair/);
  });

  it('refuses a part of the body passing into a chair standing in the picture beside the figure', () => {
    assert.deepEqual(problems(stretching.description(besideFront(0.55))), []);
    assert.match(
      problems(stretching.description(besideFront(0.3))).join('; '),
      /handRest: at 0.00 s the left (thigh|shank|foot|upper arm|forearm) passes \d+ cm into the chair/,
    );
  });
});

describe('a counter (handRest on counter)', () => {
  const counter = (toward: Record<string, unknown> | undefined) => ({
    pattern: 'pose',
    view: 'front',
    props: ['counter'],
    handRest: { on: 'counter', x: 0 },
    keys: [0, 1].map((i) => ({
      name: `stand ${i}`,
      legs: [3, 3],
      arms: [8, 8],
      ...(toward === undefined ? {} : { toward }),
      feetOnFloor: 'both',
      handsOnRest: 'both',
    })),
  });

  it('seen from the front stands in front of the figure: the hands must reach toward it', () => {
    assert.deepEqual(problems(stretching.description(counter({ legs: [0, 0], arms: [35, 40] }))), []);
    assert.match(problems(stretching.description(counter(undefined))).join('; '), /tilt the arms toward it \(toward.arms\)/);
  });

  it('is refused without its hands, and hands on it without it', () => {
    const none = counter(undefined);
    for (const k of none.keys) delete (k as Record<string, unknown>).handsOnRest;
    assert.match(stretching.refused(none), /handRest: no key rests a hand on the counter/);
    const bare: Record<string, unknown> = counter(undefined);
    delete bare.handRest;
    assert.match(stretching.refused(bare), /handsOnRest puts hands on a chair back or counter: give handRest too/);
  });
});
