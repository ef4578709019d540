/**
 * Sitting seen from the front (src/motion/front-seat.ts, front-seat-pads.ts): a bench seen end on, a
 * machine's seat or a chair bears the pelvis, which `check` holds on its top, while the legs pass in front
 * of it to the floor; a seated key is not a standing one; a machine's knee or arm pads stay on the body
 * and its weight stack rises only as they are pushed on.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { padCentres, padTravel, soleOf } from '../../src/motion/front-seat-pads.ts';
import { checkMotion } from '../../src/motion/motion-check.ts';
import { cameraFor, frameSvg } from '../../src/motion/render-svg.ts';
import { bodyAt, clearance, FRAMES_PER_SECOND, frameCount, supportsOf } from '../../src/motion/timeline.ts';
import type { Body } from '../../src/motion/skeleton.ts';
import { descriptionsIn } from '../helpers/motion-descriptions.ts';

const { description, refused } = descriptionsIn('strength');
const messagesOf = (source: Record<string, unknown>): string[] => checkMotion(description(source)).map((p) => p.message);

/** A seated lateral raise on a bench seen end on, the feet on the floor in front of it. */
const raise = (thigh = 85, extra: Record<string, unknown> = {}) => ({
  pattern: 'pose',
  view: 'front',
  props: ['dumbbells', 'bench'],
  fixed: 'pelvis',
  frontSeat: { on: 'bench' },
  keys: [
    { name: 'down', legs: [8, 4], toward: { legs: [thigh, 0] }, feetOnFloor: 'both', arms: [12, 6], hold: 0.4, move: 1 },
    { name: 'up', legs: [8, 4], toward: { legs: [thigh, 0] }, feetOnFloor: 'both', arms: [90, 84], hold: 0.4, move: 1 },
  ],
  ...extra,
});

/** A hip abductor (or, `in`, adductor) machine: knees from `from` to `to` (directions and tilts toward the viewer). */
const knees = (presses: 'knees-out' | 'knees-in', from: readonly number[], to: readonly number[]) => ({
  pattern: 'pose',
  view: 'front',
  props: ['seat', 'pad'],
  fixed: 'pelvis',
  frontSeat: { on: 'seat', height: 0.52, back: true },
  sidePads: presses,
  keys: [
    { name: 'rest', legs: [from[0], 0], toward: { legs: [from[1], 0] }, arms: [10, -24], hold: 0.3, move: 0.35 },
    { name: 'on', legs: [45, 0], toward: { legs: [84.3, 0] }, arms: [10, -24], hold: 0, move: 0.9 },
    { name: 'pushed', legs: [to[0], 0], toward: { legs: [to[1], 0] }, arms: [10, -24], hold: 0.6, move: 1.1 },
    { name: 'back', legs: [45, 0], toward: { legs: [84.3, 0] }, arms: [10, -24], hold: 0, move: 0.4 },
  ],
});
const TOGETHER = [-27, 85.5];
const APART = [82, 61.7];

const everyFrame = (source: Record<string, unknown>, each: (body: Body, seconds: number) => void) => {
  const { motion } = description(source);
  for (let frame = 0; frame < frameCount(motion); frame += 1) each(bodyAt(motion, frame / FRAMES_PER_SECOND), frame / FRAMES_PER_SECOND);
};

describe('a seat seen from the front', () => {
  it('bears the pelvis on its top in every frame while the feet stand on the floor in front of it', () => {
    assert.deepEqual(messagesOf(raise()), []);
    const { motion } = description(raise());
    const bench = motion.fixed.find((prop) => prop.endOn === 'bench')!;
    assert.deepEqual([bench.kind, bench.x0, bench.x1, bench.y], ['bench', -0.15, 0.15, 0.43]);
    const supports = supportsOf(motion.fixed);
    everyFrame(raise(), (body) => {
      assert.ok(Math.abs(clearance(body, 'pelvis', supports)) < 1e-9, 'the pelvis rests on the bench top');
      // The feet are over the bench's width, but in front of it: on the floor, not on its top.
      assert.ok(Math.abs(body.legs.left.heel[0]) < 0.15 && Math.abs(body.legs.left.heel[1]) < 0.005);
    });
    for (const key of motion.keys) {
      assert.equal(key.isBalanced, false, 'a seated key is not held to the standing balance check');
      assert.ok(key.contacts.some((c) => c.point === 'pelvis' && c.on === 'bench'));
      assert.ok(key.contacts.some((c) => c.point === 'leftHeel' && c.on === 'floor'));
    }
  });

  it('is drawn as a seat seen end on, and a chair with its back', () => {
    const { motion } = description(raise());
    const svg = frameSvg(motion, bodyAt(motion, 0), cameraFor(motion, [bodyAt(motion, 0)]));
    assert.match(svg, /fill="#7a3b2e"/, 'the bench pad');
    const chair = description(raise(85, { props: ['dumbbells', 'seat'], frontSeat: { on: 'chair' } })).motion;
    const seat = chair.fixed.find((prop) => prop.endOn === 'chair')!;
    assert.deepEqual([seat.kind, seat.y, seat.backTop], ['seat', 0.45, 0.95]);
  });

  it('refuses a pelvis held off the seat by the legs, a side view, a fixed point off the pelvis and a bad value', () => {
    // Legs nearer the picture plane are longer as drawn: the feet stand the figure up off the bench.
    assert.match(messagesOf(raise(60))[0]!, /^at 0\.00 s the pelvis is \d+ cm above the bench it sits on/);
    assert.ok(
      messagesOf({ ...raise(), view: 'side', keys: raise().keys.map(({ toward: _, ...k }) => k) }).includes(
        'a bench seen end on (frontSeat) is drawn from the front only: from the side use bench or seat',
      ),
    );
    assert.ok(
      messagesOf({ ...raise(), fixed: 'leftHeel' }).includes('frontSeat is centred under the pelvis, which sits on it: fixed is pelvis'),
    );
    assert.match(refused(raise(85, { frontSeat: { on: 'sofa' } })), /frontSeat\.on is one of bench, seat, chair/);
    assert.match(refused(raise(85, { frontSeat: { on: 'bench', height: 0.9 } })), /a seat seen from the front is 0\.3 to 0\.75 m high/);
  });
});

describe("a seated machine's side pads", () => {
  it('press the outsides of the knees at one height, the soles on their bars, and lift the stack as the knees part', () => {
    const source = knees('knees-out', TOGETHER, APART);
    assert.deepEqual(messagesOf(source), []);
    const { motion } = description(source);
    const pads = motion.fixed.find((prop) => prop.presses === 'knees-out')!;
    const lifts: number[] = [];
    everyFrame(source, (body) => {
      const places = padCentres(pads, body);
      for (const side of ['left', 'right'] as const) {
        const knee = body.legs[side].middle;
        const outward = Math.sign(knee[0]);
        // The pad's inner face on the knee's drawn outside (the thigh's half width), at the pad's height.
        assert.ok(Math.abs((places[side].centre[0] - knee[0]) * outward - 0.0925) < 1e-9);
        assert.ok(Math.abs(knee[1] - places[side].centre[1]) <= 0.03);
        assert.ok(Math.abs(soleOf(body, side)[1] - pads.platform![side === 'left' ? 0 : 1]![1]) <= 0.03);
      }
      lifts.push(padTravel(pads, body));
    });
    assert.equal(lifts[0], 0);
    assert.ok(Math.min(...lifts) >= 0 && Math.max(...lifts) > 0.4, 'the knees 43 cm further apart at the top');
  });

  it('refuse a pad left behind, the stack sinking below its rest, and pads without a machine seat', () => {
    // Straight from together to apart the knees dip below their pads mid-move (the tilts ease apart).
    const direct = knees('knees-out', TOGETHER, APART);
    direct.keys = [direct.keys[0]!, direct.keys[2]!];
    assert.match(messagesOf(direct)[0]!, /^at \d+\.\d\d s the left knee is \d+ cm below its pad, which swings level$/);
    // An adductor whose knees open past where the first key set the pads lowers the stack below its rest.
    assert.match(
      messagesOf(knees('knees-in', [45, 84.3], APART))[0]!,
      /the knees are wider than where the first key sets the pads \(\d+ cm\): the weight stack would sink below its rest$/,
    );
    assert.deepEqual(messagesOf(knees('knees-in', APART, TOGETHER)), []);
    assert.ok(
      messagesOf({ ...knees('knees-out', TOGETHER, APART), props: ['bench', 'pad'], frontSeat: { on: 'bench', height: 0.52 } }).includes(
        "sidePads are a seated machine's: sit on it (frontSeat on a seat)",
      ),
    );
  });

  it('turn arm pads about the shoulders and refuse a shrug that leaves them', () => {
    const arms = (up = 0) => ({
      ...raise(),
      props: ['seat', 'pad'],
      frontSeat: { on: 'seat' },
      sidePads: 'upper-arms',
      keys: raise().keys.map((k, i) => ({ ...k, ...(i === 1 ? { shoulders: { up } } : {}) })),
    });
    assert.deepEqual(messagesOf(arms()), []);
    const pads = description(arms()).motion.fixed.find((prop) => prop.presses === 'upper-arms')!;
    everyFrame(arms(), (body) => {
      const { centre, pivot } = padCentres(pads, body).left;
      assert.ok(Math.abs(pivot[0] - body.arms.left.root[0]) < 1e-9 && Math.abs(pivot[1] - body.arms.left.root[1]) < 1e-9);
      // On the outside of the upper arm: 24 cm along it, the arm's and the pad's half thicknesses off its line.
      const [dx, dy] = [body.arms.left.middle[0] - pivot[0], body.arms.left.middle[1] - pivot[1]];
      const across = Math.abs((centre[0] - pivot[0]) * dy - (centre[1] - pivot[1]) * dx) / Math.hypot(dx, dy);
      assert.ok(Math.abs(across - 0.0725) < 1e-9);
    });
    assert.match(
      messagesOf(arms(0.06))[0]!,
      /^at \d+\.\d\d s the left shoulder is \d+ cm from its pad lever's pivot: the pad would leave the upper arm$/,
    );
  });
});
