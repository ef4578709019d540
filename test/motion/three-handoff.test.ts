/**
 * A kettlebell changing hands in the three-quarter view (a key's `"holds"`, three-handoff.ts): refused on any other
 * load and straight from one hand to the other; handed over through a key that holds it in both, where the fists
 * must meet on its handle; gliding between the hands instead of jumping; each still drawn with its own key's hold.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatProblems } from '../../src/problems.ts';
import { turnedDescriptions } from '../helpers/turned-descriptions.ts';
import { turnedFilm } from '../../src/motion/three-film.ts';
import { heldBetween, keyHolds } from '../../src/motion/three-handoff.ts';
import { loadPieces } from '../../src/motion/three-loads.ts';
import { keyStartSeconds3, type TurnedMotion } from '../../src/motion/three-motion.ts';
import { bodyBetween3, frameCount3, FRAMES_PER_SECOND_3D, locate3 } from '../../src/motion/three-timeline.ts';
import { distance3, lerp3, sub3, type Vec3 } from '../../src/motion/three-vec.ts';

const FILE = 'data/source/motion/strength-3d.json';
type Source = Record<string, unknown>;
const STAND = { hips: [5, 10, 0], knees: 5, ankles: 2, planted: ['leftFoot', 'rightFoot'] };
/** Both fists on the handle in front of the thighs, 8 cm apart (the two-hand kettlebell's grip). */
const BOTH = { shoulders: [22, -14, 0], elbows: 10 };
const PASS = {
  view: 'three-quarter',
  holds: 'right-kettlebell',
  keys: [
    { name: 'right hand, bell at the side', hold: 0.2, move: 0.6, ...STAND, shoulders: [10, 8, 0], elbows: 10 },
    { name: 'both hands on the handle', hold: 0.1, move: 0.6, ...BOTH, holds: 'kettlebell' },
    { name: 'left hand, bell at the side', hold: 0.2, move: 0.6, shoulders: [10, 8, 0], holds: 'left-kettlebell' },
    { name: 'both hands again', hold: 0.1, move: 0.6, ...BOTH, holds: 'kettlebell' },
  ],
};

const { build: built, motionOf, problemsAt: checked } = turnedDescriptions(FILE, 'strength', 'Kettlebell_Pass');
const withKey = (index: number, change: Source): Source => ({
  ...PASS,
  keys: PASS.keys.map((key, i) => (i === index ? { ...key, ...change } : key)),
});

/** The bell's centre in every frame of the loop, and the middle of the two hands. */
function framesOf(motion: TurnedMotion): { bell: Vec3; hands: Vec3 }[] {
  return Array.from({ length: frameCount3(motion) }, (_, frame) => {
    const { from, to, progress } = locate3(motion, frame / FRAMES_PER_SECOND_3D);
    const body = bodyBetween3(motion, from, to, progress);
    const bell = loadPieces(body, heldBetween(motion, from, to, progress)).find((p) => p.shape === 'sphere');
    assert.ok(bell?.shape === 'sphere');
    return { bell: bell.centre, hands: lerp3(body.arms.left.hand, body.arms.right.hand, 0.5) };
  });
}

describe('a kettlebell changing hands in the three-quarter view', () => {
  it('passes from hand to hand through a key in both, and each key holds it as it says', () => {
    assert.equal(checked(PASS), '');
    const motion = motionOf(PASS);
    // A key without its own hold keeps the one before it; the first takes the description's.
    assert.deepEqual(
      motion.keys.map((_, i) => keyHolds(motion, i)),
      ['right-kettlebell', 'kettlebell', 'left-kettlebell', 'kettlebell'],
    );
    const inherited = motionOf({ ...PASS, keys: PASS.keys.map((key, i) => (i === 3 ? { ...key, holds: undefined } : key)) });
    assert.equal(keyHolds(inherited, 3), 'left-kettlebell');
  });

  it('refuses a key hold on any load but a kettlebell, and names the field', () => {
    const result = built({ ...PASS, holds: 'dumbbells' });
    assert.ok(!result.ok);
    assert.match(
      formatProblems(result.problems).join('\n'),
      /strength-3d\.json: motions\.Kettlebell_Pass\.keys\.1\.holds: a key changes the hand a kettlebell is in; the description holds dumbbells/,
    );
    const unknown = built(withKey(1, { holds: 'left-dumbbell' }));
    assert.ok(!unknown.ok);
    assert.match(
      formatProblems(unknown.problems).join('\n'),
      /keys\.1\.holds: must be one of kettlebell, left-kettlebell, right-kettlebell/,
    );
  });

  it('refuses a bell going straight from one hand to the other, and a hand-over where the fists are apart', () => {
    // Key 1 in the left hand: right (key 0) to left with no key in both.
    assert.match(
      checked(withKey(1, { holds: 'left-kettlebell' })),
      /keys\.1 \("both hands on the handle"\): the kettlebell goes from the right hand in key 0 to the left here: hand it over through a key that holds it in both/,
    );
    // The loop's seam counts too: the last key in the left hand, the first in the right.
    assert.match(
      checked(withKey(3, { holds: 'left-kettlebell' })),
      /keys\.0 \("right hand, bell at the side"\): the kettlebell goes from the left hand in key 3 to the right here/,
    );
    // Both hands named at a key whose fists are 30 cm or more apart: they cannot both be on the handle.
    assert.match(
      checked(withKey(1, { shoulders: [22, 10, 0] })),
      /keys\.1 \("both hands on the handle"\): the hands are \d+\.\d cm apart; a kettlebell held by its handle in both hands is gripped 8 cm apart/,
    );
  });

  it('glides the bell between the hands instead of jumping at the hand-over', () => {
    const frames = framesOf(motionOf(PASS));
    // The bell's change of velocity from one frame to the next (its second difference): smooth eased moves change it by
    // a centimetre or less; a bell that changed hands at once would jump the 4 cm from one fist to the handle's middle
    // in one frame, where the hands are still at the key.
    const jerks = frames.map((f, i) => {
      const [before, after] = [frames.at(i - 1)!, frames[(i + 1) % frames.length]!];
      return distance3(sub3(after.bell, f.bell), sub3(f.bell, before.bell));
    });
    const worst = Math.max(...jerks);
    assert.ok(worst < 0.012, `the bell's velocity changes by ${(worst * 100).toFixed(1)} cm a frame`);
    // At a key in both hands it hangs between them; at a key in one hand, under that hand.
    const motion = motionOf(PASS);
    const at = (key: number) => framesOf(motion)[Math.round(keyStartSeconds3(motion, key) * FRAMES_PER_SECOND_3D)]!;
    const both = at(1);
    assert.ok(Math.abs(both.bell[2] - both.hands[2]) < 0.002);
    // Its far hand's tone fades with it: half-way to both hands, half of the right arm's.
    const halfway = loadPieces(bodyBetween3(motion, 0, 1, 0.5), heldBetween(motion, 0, 1, 0.5));
    assert.deepEqual(
      halfway.map((p) => [p.side, p.share]),
      [
        ['right', 0.5],
        ['right', 0.5],
      ],
    );
    const left = at(2);
    const leftHand = bodyBetween3(motion, 2, 3, 0).arms.left.hand;
    assert.ok(distance3(left.bell, [leftHand[0], leftHand[1] - 0.15, leftHand[2]]) < 0.01);
  });

  it('draws each still with its own key hold, and the frames between with the bell on its way', () => {
    const pass = turnedFilm(motionOf({ ...PASS, stills: [0, 2] }));
    const lefty = turnedFilm(
      motionOf({ ...PASS, holds: 'left-kettlebell', keys: PASS.keys.map(({ holds: _, ...key }) => key), stills: [0, 2] }),
    );
    // Key 2 holds it in the left hand: its still is the all-left clip's; key 0's (the right hand) is not.
    assert.equal(pass.stillSvgs()[1], lefty.stillSvgs()[1]);
    assert.notEqual(pass.stillSvgs()[0], lefty.stillSvgs()[0]);
  });
});
