/** The validator refuses a knee bent backward (hyperextended) past 10 degrees, seen from the side, at a key and between keys. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { KNEE_BACKWARD } from '../../src/motion/knee-backward.ts';
import { checkMotion } from '../../src/motion/motion-check.ts';
import { buildDescription, type Description } from '../../src/motion/motion-files.ts';
import { RENDERER_VERSION } from '../../src/motion/render-media.ts';

/** Standing on the right foot, trunk upright, the left thigh swung back to -30 degrees, its shank at `shank` (then `other`) degrees. */
function backLeg(shank: number, other = shank): Description {
  const thigh = -30;
  const key = (name: string, s: number) => ({
    name,
    trunk: 0,
    legs: { right: [0, 0], left: [thigh, s] },
    feetOnFloor: 'right',
    arms: [0, 0],
    hold: 0.5,
    move: 0.5,
  });
  const keys = [key('back leg', shank), key('back leg again', other)];
  const source = { pattern: 'pose', fixed: 'rightHeel', keys };
  const built = buildDescription('data/source/motion/yoga.json', 'yoga', 'Warrior_III', source, RENDERER_VERSION);
  assert.ok(built.ok, JSON.stringify(!built.ok && built.problems));
  return built.value;
}

const knees = (d: Description) =>
  checkMotion(d)
    .map((p) => p.message)
    .filter((m) => /knee/.test(m));

describe('a knee bent backward', () => {
  it('is refused past 10 degrees at a key, naming the key, the side and the angle', () => {
    assert.equal(KNEE_BACKWARD, 10);
    // The shank 45 degrees forward of the thigh's line: the knee bent backward 45 degrees.
    const problems = checkMotion(backLeg(15)).filter((p) => /knee/.test(p.message));
    assert.equal(problems.length, 2);
    assert.equal(problems[0]!.path, 'motions.Warrior_III (pattern pose, key 0 "back leg")');
    assert.equal(problems[0]!.message, 'left knee bent backward 45°; at most 10°');
    assert.equal(problems[1]!.path, 'motions.Warrior_III (pattern pose, key 1 "back leg again")');
    assert.deepEqual(knees(backLeg(-15, -30)), ['left knee bent backward 15°; at most 10°']);
  });

  it('passes a straight knee, a normal few degrees of hyperextension and a knee bent the normal way', () => {
    assert.deepEqual(checkMotion(backLeg(-30)), []);
    assert.deepEqual(checkMotion(backLeg(-22)), []);
    assert.deepEqual(checkMotion(backLeg(-85)), []);
  });

  it('is named once per key, not again in the frames between', () => {
    // The frames between keys are checked too, but a knee a key already names is not named again for each of them.
    assert.deepEqual(knees(backLeg(15, -30)), ['left knee bent backward 45°; at most 10°']);
    assert.deepEqual(checkMotion(backLeg(-30, -85)), []);
  });
});
