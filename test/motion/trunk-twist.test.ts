/**
 * A trunk turned about the spine in the front view (trunk-twist.ts): a key's `twist` narrows the
 * shoulder line (and the hips' with the pelvis's turn) by the cosine of the turn, puts the arm of the
 * side turned away behind the trunk, lighter, and the other over it with a light edge, eases between
 * keys, and is refused out of range or in the side view.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkMotion } from '../../src/motion/motion-check.ts';
import { behindColour } from '../../src/motion/render-twist.ts';
import { cameraFor, frameSvg } from '../../src/motion/render-svg.ts';
import { distance, SEGMENT } from '../../src/motion/skeleton.ts';
import { COLOURS } from '../../src/motion/svg-kit.ts';
import { bodyAt, loopKeyBody } from '../../src/motion/timeline.ts';
import { depthOfSide, mixTwist, shoulderRange, sternumShift, turnedHalf, turnedWidth } from '../../src/motion/trunk-twist.ts';
import { descriptionsIn } from '../helpers/motion-descriptions.ts';

const strength = descriptionsIn('strength');
const square = { name: 'square', legs: [5, 5], arms: [5, 10], feetOnFloor: 'both', hold: 0.5, move: 1 };
const twisted = (twist: unknown, view = 'front', arms: unknown = [5, 10]) => ({
  pattern: 'pose',
  view,
  keys: [square, { ...square, name: 'turned', twist, arms }],
});
const messages = (source: Record<string, unknown>): string[] => {
  const result = strength.built(source, 'Dumbbell_Woodchop');
  return result.ok ? checkMotion(result.value).map((p) => p.message) : result.problems.map((p) => p.message);
};
const COS = (degrees: number) => Math.cos((degrees * Math.PI) / 180);
const close = (a: number, b: number, what: string) => assert.ok(Math.abs(a - b) < 1e-9, `${what}: ${a}, expected ${b}`);

describe('trunk twist (front view)', () => {
  it('narrows the shoulder line by the cosine of the chest turn and the hips by the pelvis turn', () => {
    const body = loopKeyBody(strength.description(twisted({ chest: 70, hips: 30 })).motion, 1).body;
    close(distance(body.arms.left.root, body.arms.right.root), 2 * SEGMENT.halfShoulders * COS(70), 'shoulders');
    close(distance(body.legs.left.root, body.legs.right.root), 2 * SEGMENT.halfHips * COS(30), 'hips');
    // A number turns the chest alone: the hips stay square.
    const chestOnly = loopKeyBody(strength.description(twisted(40)).motion, 1).body;
    close(distance(chestOnly.arms.left.root, chestOnly.arms.right.root), 2 * SEGMENT.halfShoulders * COS(40), 'shoulders');
    close(distance(chestOnly.legs.left.root, chestOnly.legs.right.root), 2 * SEGMENT.halfHips, 'hips');
    assert.deepEqual(chestOnly.twist, { chest: 40, hips: 0 });
    assert.equal(turnedHalf(0.19, 0), 0.19);
    assert.equal(turnedWidth(0.28, 0.23, 0), 0.28);
    close(turnedWidth(0.28, 0.23, 90), 0.23, 'a trunk turned side on is as wide as it is deep');
  });

  it('puts the shoulder turned to the left behind the spine and swings the chest line toward it', () => {
    close(depthOfSide('left', 0.19, 30), -0.095, 'left shoulder');
    close(depthOfSide('right', 0.19, 30), 0.095, 'right shoulder');
    close(sternumShift(30), 0.05, 'the centre line moves toward the figure left (the viewer right)');
    assert.equal(sternumShift(0), 0);
  });

  it('draws the arm turned away behind the trunk, lighter, and the other over it with a light edge', () => {
    const motion = strength.description(twisted(15, 'front', { left: [40, 40], right: [-20, -20] })).motion;
    const body = loopKeyBody(motion, 1).body;
    const svg = frameSvg(motion, body, cameraFor(motion, [body]));
    const faded = behindColour(15);
    assert.equal(faded, '#546b8a');
    const [armBehind, head, edge] = [
      svg.indexOf(`stroke="${faded}"`),
      svg.indexOf(`fill="${COLOURS.skin}"`),
      svg.lastIndexOf(`stroke="${COLOURS.background}"`),
    ];
    assert.ok(armBehind > 0 && armBehind < head, 'the left arm is drawn before the trunk and head');
    assert.ok(edge > head, "the right arm's edge is drawn after the trunk");
    assert.ok(svg.includes(`stroke="${COLOURS.far}"`), 'the chest centre line');
    // Turned the other way the right arm goes behind; a turn of 30 degrees or more fades it fully.
    assert.equal(behindColour(-45), COLOURS.far);
    assert.equal(behindColour(0), COLOURS.near);
  });

  it('eases the turn between keys and draws a description without it exactly as before', () => {
    assert.deepEqual(mixTwist(undefined, { chest: 60, hips: 20 }, 0.5), { chest: 30, hips: 10 });
    assert.equal(mixTwist(undefined, undefined, 0.5), undefined);
    const motion = strength.description(twisted({ chest: 60, hips: 20 })).motion;
    // Halfway through the move (eased symmetrically), half the turn.
    const half = bodyAt(motion, 0.5 + 0.5);
    assert.ok(Math.abs(half.twist!.chest - 30) < 1e-9, `chest ${half.twist!.chest}`);
    const plain = strength.description({ pattern: 'pose', view: 'front', keys: [square, { ...square, name: 'b' }] }).motion;
    assert.equal(bodyAt(plain, 1).twist, undefined);
    assert.equal(plain.keys[1]!.angles.twist, undefined);
  });

  it("reads a turned chest's near arm reaching across the body as a forward reach, not an adduction", () => {
    const across = { left: [-120, -120], right: [5, 10] };
    // Turned right, the left shoulder comes toward the viewer: its arm across the body is a reach forward.
    assert.deepEqual(messages(twisted(-40, 'front', across)), []);
    assert.deepEqual(messages(twisted(0, 'front', across)), ['left shoulder flexion -120° is outside -65..185°']);
    // Turned left, the left shoulder goes back: no forward reach explains its arm across the body.
    assert.deepEqual(messages(twisted(40, 'front', across)), ['left shoulder flexion -120° is outside -65..185°']);
    assert.deepEqual(shoulderRange({ chest: -40, hips: 0 }, 'left', [-65, 185]), [-185, 185]);
    assert.deepEqual(shoulderRange({ chest: -10, hips: 0 }, 'left', [-65, 185]), [-65, 185]);
  });

  it("draws a turned trunk's cable over the trunk, an untwisted one's under it", () => {
    const cableKeys = (twist?: number) => ({
      pattern: 'pose',
      view: 'front',
      props: ['cable'],
      cable: [-1.2, 2.2],
      keys: [square, { ...square, name: 'turned', arms: { left: [-40, -40], right: [30, 30] }, ...(twist === undefined ? {} : { twist }) }],
    });
    const order = (twist?: number) => {
      const motion = strength.description(cableKeys(twist)).motion;
      const body = loopKeyBody(motion, 1).body;
      const camera = cameraFor(motion, [body]);
      const svg = frameSvg(motion, body, camera);
      // The cable is the last iron line: after the head (drawn with the trunk) or before it.
      const head = svg.indexOf(`r="${Math.round(SEGMENT.headRadius * camera.scale * 10) / 10}" fill="${COLOURS.skin}"`);
      assert.ok(head > 0);
      return head < svg.lastIndexOf(`stroke="${COLOURS.iron}"`) ? 'over' : 'under';
    };
    assert.equal(order(-30), 'over');
    assert.equal(order(), 'under');
  });

  it('refuses a turn past the spine or the hips, and a twist in the side view', () => {
    assert.deepEqual(messages(twisted(60)), ['the chest on a square pelvis turns at most 45 degrees either way']);
    assert.deepEqual(messages(twisted({ chest: 90, hips: 30 })), ['the spine turns at most 45 degrees: the chest within 45 of the pelvis']);
    assert.deepEqual(messages(twisted({ chest: 20, hips: 50 })), ['the pelvis turns at most 45 degrees either way']);
    assert.ok(messages(twisted('left'))[0]!.startsWith(`twist is the chest's turn, -45 to 45 degrees, or {"chest", "hips"}`));
    assert.deepEqual(messages(twisted(30))[0], undefined);
    assert.equal(
      messages(twisted(30, 'side'))[0],
      'key "turned" turns the trunk about the spine (twist), which only the front view draws: show it from the front',
    );
  });
});
