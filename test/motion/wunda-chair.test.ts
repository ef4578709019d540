/**
 * The Wunda chair (src/motion/wunda-chair.ts): its seat is a support the pelvis rests on, its pedal is
 * hinged low at the back of the box with its bar under the balls of the first key's feet, it swings down
 * as the feet press it and stays under them through the loop; `check` refuses feet that leave it, a
 * pedal past its stops, and the chair seen from the front.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as v from 'valibot';
import { checkMotion } from '../../src/motion/motion-check.ts';
import { keyStartSeconds } from '../../src/motion/motion.ts';
import { cameraFor, frameSvg } from '../../src/motion/render-svg.ts';
import { RIG_ENTRIES } from '../../src/motion/rig-params.ts';
import { distance } from '../../src/motion/skeleton.ts';
import { REST_HEIGHT } from '../../src/motion/resting.ts';
import { bodyAt, FRAMES_PER_SECOND, frameCount, keyBody, loopKeyBody } from '../../src/motion/timeline.ts';
import { ballOf, pedalBar, WUNDA } from '../../src/motion/wunda-chair.ts';
import { descriptionsIn } from '../helpers/motion-descriptions.ts';

const { description } = descriptionsIn('pilates');

const messagesOf = (source: Record<string, unknown>): string[] => checkMotion(description(source)).map((p) => p.message);

const footwork = (pressed: readonly number[]) => ({
  pattern: 'pose',
  props: ['wunda-chair'],
  fixed: 'pelvis',
  wundaChair: [0.15, -0.45],
  keys: [
    { name: 'pedal up', legs: [112, -26, 90], arms: [-25, 40], handsOnFloor: 'both', hold: 0.4, move: 0.6 },
    { name: 'pressing', legs: [88, -24, 98], arms: [-25, 40], handsOnFloor: 'both', hold: 0, move: 0.6 },
    { name: 'pedal down', legs: pressed, arms: [-25, 40], handsOnFloor: 'both', hold: 0.3, move: 0.7 },
    { name: 'rising', legs: [88, -24, 98], arms: [-25, 40], handsOnFloor: 'both', hold: 0, move: 0.7 },
  ],
});

describe('Wunda chair: the schema and the scene', () => {
  it('takes [front x, back x] and refuses anything else with a clear message', () => {
    const schema = v.object({ wundaChair: RIG_ENTRIES.wundaChair });
    assert.equal(v.safeParse(schema, { wundaChair: [0.15, -0.45] }).success, true);
    const far = v.safeParse(schema, { wundaChair: [0.15, -9] });
    assert.equal(far.success, false);
    assert.equal(far.issues?.[0]?.message, 'a place along the floor is -3 to 3 m');
    assert.equal(v.safeParse(schema, { wundaChair: [0.15] }).success, false);
  });

  it('seats the pelvis on its seat and hinges the pedal low at the back, its bar under the balls of the feet', () => {
    const d = description(footwork([68, -18, 105]));
    const chair = d.motion.fixed.find((prop) => prop.kind === 'wunda-chair')!;
    assert.deepEqual([chair.x0, chair.x1, chair.y], [-0.45, 0.15, WUNDA.seat]);
    assert.deepEqual(chair.pedal!.pivot, [-0.45, WUNDA.hinge]);
    const first = loopKeyBody(d.motion, 0).body;
    // Seated on the seat's pad (the pelvis's resting height above it), the hands on its edge.
    assert.ok(Math.abs(first.pelvis[1] - WUNDA.seat - REST_HEIGHT.pelvis) < 0.005);
    assert.ok(d.motion.keys[0]!.contacts.some((c) => c.on === 'wunda-chair' && c.point === 'leftHand'));
    assert.ok(distance(ballOf(first, 'left'), chair.pedal!.pivot) - chair.pedal!.length < 1e-9);
  });
});

describe('Wunda chair: the pedal under the feet', () => {
  it('stays under the balls of the feet through the loop, pressed from high to low', () => {
    const source = footwork([68, -18, 105]);
    assert.deepEqual(messagesOf(source), []);
    const d = description(source);
    const chair = d.motion.fixed.find((prop) => prop.kind === 'wunda-chair')!;
    const heights: number[] = [];
    for (let frame = 0; frame < frameCount(d.motion); frame += 1) {
      const body = bodyAt(d.motion, frame / FRAMES_PER_SECOND);
      const ball = ballOf(body, 'left');
      assert.ok(Math.abs(distance(ball, chair.pedal!.pivot) - chair.pedal!.length) <= 0.03);
      heights.push(pedalBar(chair, body)[1]);
    }
    assert.ok(Math.max(...heights) > 0.35 && Math.min(...heights) < 0.12, `${Math.max(...heights)} ${Math.min(...heights)}`);
    const bodies = d.motion.keys.map((k) => keyBody(k, d.motion.view).body);
    const svg = frameSvg(d.motion, bodies[2]!, cameraFor(d.motion, bodies), keyStartSeconds(d.motion, 2));
    assert.match(svg, /fill="#b07d4b" stroke="#7d5530"/);
  });

  it('refuses feet that leave the pedal, a pedal past its stop, and a front view', () => {
    assert.match(
      messagesOf(footwork([80, 10, 100]))[0]!,
      /^at \d+\.\d\d s the ball of the left foot is \d+ cm (beyond|short of) the Wunda chair's pedal$/,
    );
    const tooHigh = {
      ...footwork([68, -18, 105]),
      keys: [
        { name: 'knees to the chest', legs: [140, -5, 90], arms: [-25, 40], handsOnFloor: 'both', hold: 0.4, move: 0.6 },
        { name: 'same', legs: [140, -5, 90], arms: [-25, 40], handsOnFloor: 'both', hold: 0.4, move: 0.6 },
      ],
    };
    assert.deepEqual(
      messagesOf(tooHigh).filter((m) => m.includes('Wunda')),
      ["at 0.00 s the Wunda chair's pedal is 53 cm up; it travels from 5 cm (pressed down) to 50 cm (its springs' stop)"],
    );
    assert.deepEqual(
      messagesOf({ ...footwork([68, -18, 105]), view: 'front' }).filter((m) => m.includes('Wunda')),
      ['a Wunda chair is drawn from the side only'],
    );
  });
});
