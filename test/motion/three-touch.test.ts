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

  it('laces the hands behind the head through a crunch, and takes no foot there', () => {
    // Lying with the knees bent, elbows out; the shoulder blades lift and the chin tucks.
    const lying = {
      name: 'lying, hands behind the head',
      hold: 0.4,
      move: 0.8,
      lean: -90,
      hips: [45, 4, 0],
      knees: 95,
      ankles: -40,
      neck: [5, 0, 0],
      shoulders: [170, 20, 60],
      elbows: 120,
      planted: ['pelvis', 'lowerBack', 'back', 'leftFoot', 'rightFoot'],
      touches: { leftHand: 'head', rightHand: 'head' },
    };
    const crunch = {
      view: 'three-quarter',
      keys: [
        lying,
        {
          name: 'shoulder blades lifted',
          hold: 0.5,
          move: 0.8,
          spine: [30, 0, 0],
          neck: [20, 0, 0],
          planted: ['pelvis', 'lowerBack', 'leftFoot', 'rightFoot'],
        },
      ],
    };
    const motion = motionOf(crunch);
    for (let frame = 0; frame < frameCount3(motion); frame += 1) {
      const body = bodyAt3(motion, frame / FRAMES_PER_SECOND_3D);
      for (const side of ['left', 'right'] as const) {
        const hand = endAt(body, `${side}Hand`);
        // Touching the head (its 10.5 cm and the hand's 4.2), behind it as the chest faces, on the hand's own side.
        assert.ok(
          Math.abs(distance3(hand, body.head) - 0.149) < 0.002,
          `${side} hand ${distance3(hand, body.head)} from the head at ${frame}`,
        );
        const chestForward = [body.chestFrame[0][0], body.chestFrame[1][0], body.chestFrame[2][0]] as const;
        const rel = [hand[0] - body.head[0], hand[1] - body.head[1], hand[2] - body.head[2]];
        assert.ok(
          rel[0]! * chestForward[0] + rel[1]! * chestForward[1] + rel[2]! * chestForward[2] < -0.05,
          `${side} hand behind the head`,
        );
      }
      assert.ok(distance3(endAt(body, 'leftHand'), endAt(body, 'rightHand')) > 0.15, 'each hand on its own side');
    }
    assert.deepEqual(checkTurned(FILE, 'Clamshell', motion), []);
    // Without the touch the same angles put the hands into the head.
    const { touches: _, ...free } = lying;
    const loose = bodyAt3(motionOf({ ...crunch, keys: [free, crunch.keys[1]] }), 0);
    assert.ok(distance3(endAt(loose, 'leftHand'), loose.head) < 0.13);
    const foot = buildTurned(FILE, 'Clamshell', { ...crunch, keys: [{ ...lying, touches: { leftFoot: 'head' } }] });
    assert.ok(!foot.ok);
    assert.match(JSON.stringify(foot.problems), /keys\.0\.touches\.leftFoot.*leftFoot cannot rest on the head; a hand can/);
  });
});
