/**
 * A key's `pivot` (src/motion/foot-pivot.ts): seen from the front, the named foot turns on its ball, heel up and out,
 * its knee in toward the other leg: a wood chop's back foot. The ball stays on the floor, is a contact and counts in the
 * balance base, where the front view's `onToes` lifts the whole foot 8 cm off the floor and leaves the low keys of a chop
 * balanced over the other foot alone (the centre of mass 25 cm off it: docs/media-audit.md, Dumbbell_Woodchop).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkMotion } from '../../src/motion/motion-check.ts';
import { buildDescription, type Description } from '../../src/motion/motion-files.ts';
import { RENDERER_VERSION } from '../../src/motion/render-media.ts';
import { bodyAt, clearance, frameCount, FRAMES_PER_SECOND, keyBody } from '../../src/motion/timeline.ts';

const build = (source: Record<string, unknown>) =>
  buildDescription('data/source/motion/strength.json', 'strength', 'Dumbbell_Woodchop', source, RENDERER_VERSION);

function built(source: Record<string, unknown>): Description {
  const result = build(source);
  assert.ok(result.ok, JSON.stringify(!result.ok && result.problems));
  return result.value;
}

/** What the schema, or else the check, says of a description: each problem's path and message, a line each. */
const problemsOf = (source: Record<string, unknown>): string => {
  const result = build(source);
  return (result.ok ? checkMotion(result.value) : result.problems).map((p) => `${p.path}: ${p.message}`).join('\n');
};

/** A dumbbell chopped from high over the right shoulder to outside the left knee; `back` is how the right foot turns at the bottom. */
const chop = (back: Record<string, unknown> = { pivot: 'right' }, view = 'front') => ({
  pattern: 'pose',
  view,
  props: ['dumbbell'],
  keys: [
    {
      name: 'high over right shoulder',
      twist: { chest: -35, hips: -20 },
      legs: [12, 12],
      feetOnFloor: 'both',
      toward: { legs: [8, -3], arms: { left: [16.9, 7.3], right: [38.3, 37.3] } },
      arms: { left: [-137.8, -131.5], right: [142.9, 158.7] },
      hold: 0.3,
      move: 0.6,
    },
    {
      name: 'outside left knee',
      twist: { chest: 45, hips: 30 },
      legs: [18, 18],
      feetOnFloor: 'both',
      ...back,
      toward: { trunk: 45, legs: [62, -22], arms: { left: [24.7, 32.1], right: [-0.6, -0.6] } },
      arms: { left: [27.9, 17.6], right: [-29.9, -42.1] },
      hold: 0.3,
      move: 0.6,
    },
  ],
});

describe("a key's pivot", () => {
  it('keeps the ball of the pivoting foot on the floor with its heel raised, its knee bent in toward the other leg', () => {
    const d = built(chop());
    const body = keyBody(d.motion.keys[1]!, d.motion.view).body;
    assert.ok(Math.abs(clearance(body, 'rightToe')) < 0.01, `the toe is ${clearance(body, 'rightToe')} m off the floor`);
    assert.ok(clearance(body, 'rightHeel') > 0.05, `the heel is ${clearance(body, 'rightHeel')} m up`);
    assert.ok(Math.abs(clearance(body, 'leftHeel')) < 0.01 && Math.abs(clearance(body, 'leftToe')) < 0.01, 'the other foot is flat');
    // The right leg is on the viewer's left: its knee bends in toward the other leg, to the right of the line from hip to ankle.
    const { root, middle, end } = body.legs.right;
    const onLine = root[0] + ((end[0] - root[0]) * (root[1] - middle[1])) / (root[1] - end[1]);
    assert.ok(middle[0] - onLine > 0.03, `the knee is ${middle[0] - onLine} m inward of the line from hip to ankle`);
  });

  it('does not slide the ball as the heel rises and comes down between keys', () => {
    const d = built(chop());
    const toes = Array.from({ length: frameCount(d.motion) }, (_, i) => bodyAt(d.motion, i / FRAMES_PER_SECOND).legs.right.toe);
    const xs = toes.map((toe) => toe[0]);
    assert.ok(Math.max(...xs) - Math.min(...xs) < 0.01, `the ball moves ${Math.max(...xs) - Math.min(...xs)} m along the floor`);
    assert.ok(
      toes.every((toe) => Math.abs(toe[1]) < 0.01),
      'and stays on it',
    );
  });

  it('counts the ball in the balance base: the low key passes with a pivot and is refused with onToes', () => {
    const d = built(chop());
    const low = d.motion.keys[1]!;
    assert.ok(low.isBalanced, 'a standing key');
    assert.deepEqual(low.contacts.map((c) => c.point).sort(), ['leftHeel', 'leftToe', 'rightToe'], 'the ball rests, the heel does not');
    assert.deepEqual(checkMotion(d), []);
    assert.match(problemsOf(chop({ onToes: 'right' })), /outside left knee.*the centre of mass is -?\d+ cm from the middle of the feet/);
  });

  it('refuses a pivot the figure cannot draw, naming the field', () => {
    assert.match(problemsOf(chop({ pivot: 'up' })), /pivot.*must be left or right/);
    const unplaced = chop();
    unplaced.keys[1]!.feetOnFloor = 'left';
    assert.match(
      problemsOf(unplaced),
      /key 1 "outside left knee": pivot turns the right foot on its ball on the floor: place it there \(feetOnFloor\)/,
    );
    assert.match(problemsOf(chop({ pivot: 'right', onToes: 'right' })), /pivot already raises the right heel/);
    assert.match(problemsOf({ ...chop(), fixed: 'rightHeel' }), /pivot raises the right heel, the fixed point/);
    const side = problemsOf(chop({ pivot: 'right' }, 'side'));
    assert.match(side, /keys\.1\.pivot/);
    assert.match(side, /a foot pivoting on its ball is drawn from the front/);
  });
});
