/**
 * A three-quarter key passed through without stopping (`"through": true`, three-timeline.ts): the moves either side
 * keep their speed at it, where every other key brings the figure to rest; the schema refuses one that is held.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { turnedDescriptions } from '../helpers/turned-descriptions.ts';
import { keyStartSeconds3, type TurnedMotion } from '../../src/motion/three-motion.ts';
import { bodyAt3 } from '../../src/motion/three-timeline.ts';
import { distance3 } from '../../src/motion/three-vec.ts';

const FILE = 'data/source/motion/strength-3d.json';
type Source = Record<string, unknown>;
/** An arm raised forward in two moves, through a key at shoulder height halfway. */
const RAISE = {
  view: 'three-quarter',
  keys: [
    { name: 'arms at the sides', hold: 0.3, move: 0.6, planted: ['leftFoot', 'rightFoot'] },
    { name: 'arms forward', hold: 0, move: 0.6, shoulders: [90, 5, 0] },
    { name: 'arms overhead', hold: 0.3, move: 1.2, shoulders: [170, 5, 0] },
  ],
};
const withMiddle = (change: Source): Source => ({ ...RAISE, keys: RAISE.keys.map((key, i) => (i === 1 ? { ...key, ...change } : key)) });

const { build, motionOf } = turnedDescriptions(FILE, 'strength', 'Front_Raise');

/** How fast (metres a second) the left hand moves at `seconds`, over a thirtieth of a second either side. */
function handSpeed(motion: TurnedMotion, seconds: number): number {
  const step = 1 / 60;
  return distance3(bodyAt3(motion, seconds - step).arms.left.hand, bodyAt3(motion, seconds + step).arms.left.hand) / (2 * step);
}

describe('three-quarter through keys', () => {
  it('keeps the hand moving at a through key, where a plain key stops it', () => {
    const stopping = motionOf(RAISE);
    const passing = motionOf(withMiddle({ through: true }));
    const at = keyStartSeconds3(passing, 1);
    assert.ok(handSpeed(stopping, at) < 0.1, `a plain key: ${handSpeed(stopping, at).toFixed(2)} m/s`);
    assert.ok(handSpeed(passing, at) > 0.8, `a through key: ${handSpeed(passing, at).toFixed(2)} m/s`);
    // The waypoint is still reached: at its time the body is the key's pose.
    assert.ok(distance3(bodyAt3(passing, at).arms.left.hand, bodyAt3(stopping, at).arms.left.hand) < 1e-9);
  });

  it('refuses a through key that is held, naming its hold', () => {
    const result = build(withMiddle({ through: true, hold: 0.2 }));
    assert.ok(!result.ok);
    assert.match(
      result.problems.map((p) => `${p.path}: ${p.message}`).join('; '),
      /keys\.1\.hold: a key passed through without stopping is not held: hold must be 0, not 0\.2/,
    );
  });
});
