/**
 * The flight check (src/motion/flight-check.ts): a jump's time in the air agrees with the rise and fall
 * of its pelvis as a thrown body's does, the pelvis passes its top without hanging there and rises once;
 * `check` refuses a floating jump and passes a ballistic one.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ballisticSeconds, flightFault, flightProblems } from '../../src/motion/flight-check.ts';
import { bodyAt } from '../../src/motion/timeline.ts';
import { checkMotion } from '../../src/motion/motion-check.ts';
import type { Description } from '../../src/motion/motion-files.ts';
import { descriptionsIn } from '../helpers/motion-descriptions.ts';

const plyometrics = descriptionsIn('plyometrics');
const built = (keys: readonly object[], id = 'Rocket_Jump'): Description =>
  plyometrics.description({ pattern: 'pose', fixed: 'leftToe', keys }, id);

const squat = { name: 'half squat', trunk: 30, legs: [52, -30, 90], arms: [-10, 5], hold: 0.35, move: 0.22 };
const pushOff = { name: 'push off', trunk: 3, legs: [0, 0, 30], arms: [165, 170], hold: 0, move: 0.3 };
const touchDown = { name: 'touch down', trunk: 5, legs: [5, -3, 35], arms: [150, 160], hold: 0, move: 0.35 };
/** 26 cm up in 0.3 s: a thrown body's 0.23 s to its top, eased. */
const top = { name: 'top', legs: [0, 0, 25], arms: [178, 180], air: 0.26, hold: 0, move: 0.3 };

/** A thrown pelvis's heights in each of `frames` frames in the air, 30 a second, in a flight of (frames + 1) / 30 s rising `rise`. */
function thrown(rise: number, frames: number): number[] {
  const seconds = (frames + 1) / 30;
  const g = (8 * rise) / seconds ** 2;
  const speed = (g * seconds) / 2;
  return Array.from({ length: frames }, (_, i) => 1 + speed * ((i + 1) / 30) - (g / 2) * ((i + 1) / 30) ** 2);
}

describe('the flight check', () => {
  it('times a thrown body: 2√(2h/g) up and down, as h = g·T²/8', () => {
    assert.equal(ballisticSeconds(0.3, 0.3).toFixed(3), '0.495');
    assert.equal(ballisticSeconds(0.3, 0.8).toFixed(3), '0.651');
    assert.equal(ballisticSeconds(-0.1, 0).toFixed(3), '0.000');
  });

  it('passes a ballistic pelvis and refuses one in the air twice as long for its rise', () => {
    assert.equal(flightFault(thrown(0.3, 14)), undefined);
    const path = thrown(0.3, 14);
    const floating = [...path.slice(0, 7), ...Array(15).fill(1.3), ...path.slice(7)];
    assert.equal(
      flightFault(floating),
      'the figure is in the air 0.97 s, its pelvis rising 23 cm and falling 23 cm in 0.93 s, where a thrown body takes 0.43 s: it floats (lower the air time or raise the jump)',
    );
  });

  it('refuses a pelvis that hangs at its top, rises twice, or rises faster than a push-off throws it', () => {
    const path = thrown(0.3, 14);
    const hanging = [...path.slice(0, 8), ...Array(5).fill(1.3), ...path.slice(8)];
    assert.equal(
      flightFault(hanging),
      'the pelvis hangs within 1 cm of the top of the jump for 7 frames (0.23 s); a thrown body passes it in 3',
    );
    const hitched = path.map((y, i) => (i === 4 ? y - 0.12 : y));
    assert.equal(flightFault(hitched), 'the pelvis dips 9 cm and rises again in the air; a thrown body rises once, then falls');
    const snapped = thrown(0.9, 8);
    assert.match(flightFault(snapped) ?? '', /the legs straighten in the air/);
    // Holding a load, a lifter drops under it faster than it falls: not refused.
    assert.equal(flightFault(snapped, true), undefined);
  });

  it('passes a rocket jump that pushes off on straight legs and flies 26 cm', () => {
    const jump = built([squat, pushOff, top, touchDown]);
    assert.deepEqual(flightProblems(jump.motion), []);
    assert.deepEqual(checkMotion(jump), []);
  });

  it('refuses the rocket jump reviewers failed: in the air 1.2 s of 1.7, hanging 0.3 s at the top', () => {
    const floating = built([
      { name: 'half squat, arms at sides', trunk: 40, legs: [65, -38, 90], arms: [-10, 0], hold: 0.3, move: 0.5 },
      { name: 'launch, arms overhead', legs: [0, 0, 30], arms: [180, 180], air: 0.4, hold: 0.2, move: 0.7 },
    ]);
    const messages = checkMotion(floating).map((p) => p.message);
    assert.deepEqual(messages, [
      'at 0.40 s the pelvis hangs within 1 cm of the top of the jump for 11 frames (0.37 s); a thrown body passes it in 3',
    ]);
  });

  it('refuses a hop held at its top longer than a thrown body passes it', () => {
    const held = built([squat, pushOff, { ...top, hold: 0.2 }, touchDown]);
    assert.deepEqual(flightProblems(held.motion), [
      'at 0.67 s the pelvis hangs within 1 cm of the top of the jump for 9 frames (0.30 s); a thrown body passes it in 3',
    ]);
  });

  it('passes a pike in the air, whose hips rise faster than its centre of mass (an Aztec push-up)', () => {
    const aztec = built(
      [
        { name: 'high plank', trunk: 71, legs: [-71, -71, 20], arms: [0, 0], handsOnFloor: 'both', hold: 0.4, move: 0.5 },
        { name: 'chest low', trunk: 86, legs: [-86, -86, 10], arms: [-120, 30], handsOnFloor: 'both', hold: 0.05, move: 0.15 },
        { name: 'explode up', trunk: 75, legs: [-60, -60, 20], arms: [-5, -5], air: 0.03, hold: 0, move: 0.17 },
        {
          name: 'pike in the air',
          trunk: 125,
          spine: 10,
          neck: 10,
          legs: [-20, -20, 60],
          arms: [-40, -40],
          hold: 0,
          move: 0.17,
          at: 0.612,
          air: 0.142,
        },
        { name: 'extend back out', trunk: 80, legs: [-72, -72, 20], arms: [-3, -3], hold: 0, move: 0.16, at: -0.001, air: 0.175 },
        { name: 'land', trunk: 80, legs: [-80, -80, 15], arms: [-65, 45], handsOnFloor: 'both', hold: 0.15, move: 0.6 },
      ],
      'Aztec_Push_Up',
    );
    assert.deepEqual(flightProblems(aztec.motion), []);
    // Its pelvis alone, in the air from 1.07 s for 15 frames, rises 47 cm in 0.47 s: a pike, not a thrown body's path.
    const pelvis = Array.from({ length: 15 }, (_, i) => bodyAt(aztec.motion, (32 + i) / 30).pelvis[1]);
    assert.equal(
      flightFault(pelvis),
      'the figure is in the air 0.50 s, its pelvis rising 47 cm and falling 61 cm in 0.47 s, where a thrown body takes 0.66 s: the legs straighten in the air (push off with them straight on the floor)',
    );
  });
});
