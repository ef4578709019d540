/**
 * A safety squat bar's elbows stay on the hips' side (load-arms.ts). Its handles' ends are fixed in the upper trunk's
 * axes, so a good morning hinging the trunk near horizontal turned the two ways an elbow can reach them with it, and the
 * one nearer where the key's angles put the elbow flipped past about 45 degrees of hinge from down by the trunk to out in
 * front of the face (stop 64). A lifter keeps the elbows pointing down and back toward the hips at every hinge.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkMotion } from '../../src/motion/motion-check.ts';
import { type Arm, type Body, type Point, SIDES } from '../../src/motion/skeleton.ts';
import { keyBody, loopKeyBody } from '../../src/motion/timeline.ts';
import { descriptionsIn, frameBodies } from '../helpers/motion-descriptions.ts';

const powerlifting = descriptionsIn('powerlifting');

/**
 * A safety bar good morning hinged to `hinge` degrees, the arms authored where a straight bar's would be, the upper
 * arms pointing forward with the trunk (where the old rule read them as an elbow out in front of the face).
 */
const goodMorning = (hinge: number, upperArm = hinge - 3) => ({
  pattern: 'pose',
  props: ['barbell'],
  holdIn: 'back',
  bar: 'safety',
  keys: [
    { name: 'standing tall, knees soft', trunk: 2, legs: [6, -8, 90], arms: [15, 150], hold: 0.3, move: 1.1 },
    {
      name: 'hinged, back flat',
      trunk: hinge,
      neck: -20,
      legs: [25, 8, 90],
      arms: [upperArm, upperArm + 140],
      hold: 0.3,
      move: 1.1,
    },
  ],
});

/** Which side of the line from the shoulder to the hand `point` is on (+1 or -1). */
const sideOf = (arm: Arm, point: Point): number =>
  Math.sign((arm.hand[0] - arm.root[0]) * (point[1] - arm.root[1]) - (arm.hand[1] - arm.root[1]) * (point[0] - arm.root[0]));

/** The trunk's hinge from upright in this frame (degrees). */
const hingeOf = (body: Body): number => (Math.atan2(body.neckBase[0] - body.pelvis[0], body.neckBase[1] - body.pelvis[1]) * 180) / Math.PI;

describe('safety squat bar elbows', () => {
  it('keeps the elbows on the hips side of the arm, behind the hands, at a 70-degree hinge', () => {
    const d = powerlifting.description(goodMorning(70), 'Safety_Bar_Good_Morning');
    const hinged = loopKeyBody(d.motion, 1).body;
    assert.ok(hingeOf(hinged) > 65, `the trunk is hinged ${hingeOf(hinged)} degrees`);
    for (const side of SIDES) {
      const arm = hinged.arms[side];
      assert.equal(sideOf(arm, arm.middle), sideOf(arm, hinged.pelvis), `the ${side} elbow is on the far side of the arm from the hips`);
      // Toward the hips (behind, the figure faces +x) of the hands, not out ahead of them in front of the face.
      assert.ok(arm.middle[0] < arm.hand[0] - 0.1, `the ${side} elbow is at x ${arm.middle[0]}, the hand at ${arm.hand[0]}`);
    }
  });

  it('never flips the elbows across the arm through the hinge and back', () => {
    for (const hinge of [45, 60, 70, 80]) {
      const d = powerlifting.description(goodMorning(hinge), 'Safety_Bar_Good_Morning');
      assert.deepEqual(checkMotion(d), []);
      for (const [i, body] of frameBodies(d).entries()) {
        for (const side of SIDES) {
          const arm = body.arms[side];
          assert.equal(
            sideOf(arm, arm.middle),
            sideOf(arm, body.pelvis),
            `hinge ${hinge}, frame ${i}: the ${side} elbow is away from the hips`,
          );
        }
      }
    }
  });

  it('keeps that side whatever the key authors for the upper arm', () => {
    for (const upperArm of [-40, 0, 40, 90]) {
      const d = powerlifting.description(goodMorning(75, upperArm), 'Safety_Bar_Good_Morning');
      const arm = loopKeyBody(d.motion, 1).body.arms.left;
      assert.ok(arm.middle[0] < arm.hand[0], `upper arm ${upperArm}: the elbow is ahead of the hand`);
    }
  });

  it('leaves a straight bar on the back as the keys author it', () => {
    const { bar: _, ...straight } = goodMorning(70);
    const d = powerlifting.description(straight, 'Good_Morning');
    assert.equal(d.motion.held[0]!.bar, undefined);
    assert.deepEqual(checkMotion(d), []);
    // Its elbows bend the way the key's angles put them (elbow-bends.ts), not held to the hips' side.
    const authored = keyBody(d.motion.keys[1]!, d.motion.view).body;
    const drawn = loopKeyBody(d.motion, 1).body;
    for (const side of SIDES) assert.deepEqual(drawn.arms[side].middle, authored.arms[side].middle);
  });
});
