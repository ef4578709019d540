/**
 * Hands and feet held on the body (three-touch.ts, a key's `touches`): the end is on its spot at every frame of
 * the loop while the rest moves, the check says when a spot is out of reach, and the schema refuses a touch on the
 * end's own limb, naming the field.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkTurned } from '../../src/motion/three-check.ts';
import type { TurnedMotion } from '../../src/motion/three-motion.ts';
import { buildTurned } from '../../src/motion/three-params.ts';
import { bodyAt3, FRAMES_PER_SECOND_3D, frameCount3 } from '../../src/motion/three-timeline.ts';
import { endAt, touchesBetween, touchPoint } from '../../src/motion/three-touch.ts';
import { distance3 } from '../../src/motion/three-vec.ts';

const FILE = 'data/source/motion/physical_therapy-3d.json';

const LYING = {
  name: 'side-lying, knees together',
  hold: 0.5,
  move: 1,
  heading: 60,
  roll: 82,
  neck: [0, 30, 0],
  hips: [45, 0, 0],
  leftHip: [45, -5, 0],
  rightHip: [45, 0, -8],
  knees: 90,
  ankles: -20,
  rightShoulder: [165, 0, 0],
  rightElbow: 15,
  leftShoulder: [0, 10, 0],
  leftElbow: 35,
  planted: ['rightShoulder', 'rightHip', 'rightKnee', 'rightHand'],
  touches: { leftHand: 'leftHip', leftFoot: 'rightFoot' },
};
const CLAMSHELL = { view: 'three-quarter', keys: [LYING, { name: 'top knee opened', hold: 0.5, move: 1, leftHip: [45, 26, -38] }] };

function motionOf(source: unknown): TurnedMotion {
  const result = buildTurned(FILE, 'Clamshell', source);
  assert.ok(result.ok, JSON.stringify(result));
  return result.value;
}

describe('hands and feet held on the body', () => {
  it('keeps the top hand on the top hip and the feet together through the loop while the knee opens', () => {
    const motion = motionOf(CLAMSHELL);
    const knees: number[] = [];
    for (let frame = 0; frame < frameCount3(motion); frame += 1) {
      const body = bodyAt3(motion, frame / FRAMES_PER_SECOND_3D);
      assert.ok(distance3(endAt(body, 'leftHand'), touchPoint(body, 'leftHand', 'leftHip')) < 1e-6, `hand off the hip at frame ${frame}`);
      assert.ok(Math.abs(distance3(body.legs.left.ankle, body.legs.right.ankle) - 0.07) < 1e-6, `feet apart at frame ${frame}`);
      knees.push(body.legs.left.knee[1]);
    }
    // The knee still opens: it rises more than 20 cm.
    assert.ok(Math.max(...knees) - Math.min(...knees) > 0.2);
    assert.deepEqual(checkTurned(FILE, 'Clamshell', motion), []);
  });

  it('without touches the same angles leave the hand in the air and the foot sliding over the other', () => {
    const { touches: _, ...untouched } = LYING;
    const motion = motionOf({ ...CLAMSHELL, keys: [untouched, CLAMSHELL.keys[1]] });
    const start = bodyAt3(motion, 0);
    assert.ok(distance3(endAt(start, 'leftHand'), touchPoint(start, 'leftHand', 'leftHip')) > 0.05);
  });

  it('eases a touch taken up in a move from where the limb was to its spot', () => {
    assert.deepEqual(touchesBetween({}, { leftHand: 'leftHip' }, 0.25), [{ end: 'leftHand', spot: 'leftHip', weight: 0.25 }]);
    assert.deepEqual(touchesBetween({ leftHand: 'leftHip' }, { leftHand: 'leftHip' }, 0.25), [
      { end: 'leftHand', spot: 'leftHip', weight: 1 },
    ]);
  });

  it('says when a spot is out of reach', () => {
    const motion = motionOf({ ...CLAMSHELL, keys: [{ ...LYING, touches: { leftHand: 'rightFoot' } }, CLAMSHELL.keys[1]] });
    const messages = checkTurned(FILE, 'Clamshell', motion).map((p) => p.message);
    assert.ok(
      messages.some((m) => /leftHand, held on rightFoot, is \d+ cm from it \(out of reach\)/.test(m)),
      messages.join('\n'),
    );
  });

  it('refuses a foot on its own leg and an unknown spot, naming the field', () => {
    const own = buildTurned(FILE, 'Clamshell', { ...CLAMSHELL, keys: [{ ...LYING, touches: { leftFoot: 'leftKnee' } }] });
    assert.ok(!own.ok);
    assert.match(JSON.stringify(own.problems), /keys\.0\.touches\.leftFoot.*cannot rest on leftKnee, a part of its own limb/);
    const unknown = buildTurned(FILE, 'Clamshell', { ...CLAMSHELL, keys: [{ ...LYING, touches: { leftHand: 'nose' } }] });
    assert.ok(!unknown.ok);
    assert.match(JSON.stringify(unknown.problems), /touches/);
  });
});
