/**
 * A key marked `through` (src/motion/pose-params.ts, thrown.ts moveProgress) is a waypoint the figure
 * passes without stopping: the moves either side keep their speed at it, where every other key eases to
 * rest (reviewers failed in-between keys, written to keep a path true, as stalls). A description that
 * marks none moves as it always did, and the schema refuses a through key that holds or flies.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Description } from '../../src/motion/motion-files.ts';
import { keyStartSeconds } from '../../src/motion/motion.ts';
import { ease, easeIn, easeOut, moveProgress } from '../../src/motion/thrown.ts';
import { bodyAt } from '../../src/motion/timeline.ts';
import { descriptionsIn } from '../helpers/motion-descriptions.ts';

const strength = descriptionsIn('strength');

const top = { name: 'stand', feetOnFloor: 'both', trunk: 0, legs: [0, 0, 90], arms: [-10, -10], hold: 0.4, move: 0.6 };
const half = { name: 'half way', feetOnFloor: 'both', trunk: 20, legs: [55, -45, 90], arms: [-10, -10], hold: 0, move: 0.6 };
const bottom = { name: 'bottom', feetOnFloor: 'both', trunk: 40, legs: [110, -90, 90], arms: [-10, -10], hold: 0.4, move: 0.6 };
const squat = (through: boolean) => ({
  pattern: 'pose',
  fixed: 'leftToe',
  keys: [top, { ...half, ...(through ? { through: true } : {}) }, bottom, { ...half, ...(through ? { through: true } : {}) }],
});

/** The pelvis's speed (m/s) over the 20 ms around `seconds`. */
function pelvisSpeed(d: Description, seconds: number): number {
  const [a, b] = [bodyAt(d.motion, seconds - 0.01).pelvis, bodyAt(d.motion, seconds + 0.01).pelvis];
  return Math.hypot(b[0] - a[0], b[1] - a[1]) / 0.02;
}

describe('a key passed through', () => {
  const stalling = strength.description(squat(false));
  const flowing = strength.description(squat(true));

  it('keeps the figure moving at it, where an unmarked key stops it', () => {
    for (const key of [1, 3]) {
      const at = keyStartSeconds(flowing.motion, key);
      assert.ok(pelvisSpeed(stalling, at) < 0.01, `unmarked key ${key}: ${pelvisSpeed(stalling, at)} m/s`);
      assert.ok(pelvisSpeed(flowing, at) > 0.2, `through key ${key}: ${pelvisSpeed(flowing, at)} m/s`);
    }
  });

  it('still passes through the key’s pose, and rests at the keys around it', () => {
    for (const key of [0, 1, 2, 3]) {
      const at = keyStartSeconds(flowing.motion, key);
      const [a, b] = [bodyAt(flowing.motion, at).pelvis, bodyAt(stalling.motion, at).pelvis];
      assert.ok(Math.hypot(a[0] - b[0], a[1] - b[1]) < 1e-9, `key ${key}: ${a} against ${b}`);
    }
    for (const key of [0, 2])
      assert.ok(pelvisSpeed(flowing, keyStartSeconds(flowing.motion, key) - 0.02) < 0.05, `key ${key} is reached at rest`);
  });

  it('eases only the ends at rest: in towards it, out from it, linear between two', () => {
    const keys = [{ move: 1 }, { move: 1, through: true as const }, { move: 1, through: true as const }, { move: 1 }];
    for (const u of [0.1, 0.35, 0.8]) {
      assert.equal(moveProgress(keys, 0, u), easeIn(u));
      assert.equal(moveProgress(keys, 1, u), u);
      assert.equal(moveProgress(keys, 2, u), easeOut(u));
      assert.equal(moveProgress(keys, 3, u), ease(u));
    }
  });

  it('is refused when it holds, or is in the air', () => {
    const holding = { ...squat(true), keys: [top, { ...half, through: true, hold: 0.3 }, bottom] };
    assert.match(strength.refused(holding), /through key is passed without stopping: give it hold 0/);
    const flying = { ...squat(true), keys: [top, { ...half, through: true, flight: true }, bottom] };
    assert.match(strength.refused(flying), /through key/);
  });
});
