/**
 * A barbell held in both hands, seen from the side, rests against the thighs and never passes into them
 * (src/motion/bar-against-thighs.ts). Hung from straight arms at a hang or a lockout, its hub was drawn
 * inside the thighs in 48 descriptions (random review 29 failed two deadlifts for it).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LEG_HALF_WIDTH } from '../../src/motion/body-measures.ts';
import { BAR_CLEARANCE, thighIntrusion } from '../../src/motion/bar-against-thighs.ts';
import { checkMotion } from '../../src/motion/motion-check.ts';
import type { Motion } from '../../src/motion/motion.ts';
import { keyStartSeconds } from '../../src/motion/motion.ts';
import { angleOf, type Body, type Point } from '../../src/motion/skeleton.ts';
import { bodyAt, FRAMES_PER_SECOND, frameCount, heldAt, loopKeyBody } from '../../src/motion/timeline.ts';
import { descriptionsIn } from '../helpers/motion-descriptions.ts';

const strength = descriptionsIn('strength');

/** A hang held from straight arms, the thighs sloping forward from the hips to the knees: the bar hangs inside them. */
const HANG = [
  { name: 'hang, bar above the knees', trunk: 30, neck: -10, legs: [22, -8, 90], arms: [-2, -2], hold: 0.2, move: 0.6 },
  { name: 'standing tall', legs: [0, 0, 90], arms: [0, 0], hold: 0.3, move: 0.6 },
];

function framesOf(motion: Motion): Body[] {
  return Array.from({ length: frameCount(motion) }, (_, frame) => bodyAt(motion, frame / FRAMES_PER_SECOND));
}

/** How far the bar's hub is into the thighs from the side it belongs on, in the deepest frame (0 when never in). */
function deepest(motion: Motion, out: 1 | -1): number {
  const load = motion.held[0]!;
  return Math.max(0, ...framesOf(motion).map((body) => thighIntrusion(body, heldAt(body, load), out, 0) ?? 0));
}

/** The gap between the hub and the front of the foremost thigh at its height (undefined off the thighs). */
function gapAt(body: Body, bar: Point): number | undefined {
  const fronts = (['left', 'right'] as const).flatMap((side) => {
    const { root: hip, middle: knee } = body.legs[side];
    if (bar[1] <= knee[1] + 0.08 || bar[1] >= hip[1]) return [];
    return [knee[0] + ((hip[0] - knee[0]) * (bar[1] - knee[1])) / (hip[1] - knee[1]) + LEG_HALF_WIDTH.thigh];
  });
  return fronts.length === 0 ? undefined : bar[0] - Math.max(...fronts);
}

describe('a barbell against the thighs', () => {
  it('is drawn in front of the thighs, never inside them, where straight arms would hang it inside', () => {
    const hung = strength.description({ pattern: 'pose', props: ['barbell'], barAt: 'around', keys: HANG }).motion;
    // Without the rule (a trap bar's, which the figure stands inside) this hang puts the hub inside the thighs.
    assert.ok(deepest(hung, 1) > 0.03, `the arms alone put the bar ${deepest(hung, 1).toFixed(3)} m into the thighs`);
    const motion = strength.description({ pattern: 'pose', props: ['barbell'], keys: HANG }).motion;
    assert.equal(deepest(motion, 1), 0);
    // It touches them where the arms had it inside: moved just out, not flung forward.
    const load = motion.held[0]!;
    const before = framesOf(hung);
    let moved = 0;
    for (const [frame, body] of framesOf(motion).entries()) {
      const was = before[frame]!;
      if (thighIntrusion(was, heldAt(was, load), 1) === undefined) continue;
      const gap = gapAt(body, heldAt(body, load));
      if (gap === undefined) continue;
      moved += 1;
      assert.ok(Math.abs(gap - BAR_CLEARANCE) < 0.002, `frame ${frame}: the bar is ${gap.toFixed(3)} m in front of the thighs`);
    }
    assert.ok(moved > 5, `${moved} frames moved the bar out`);
  });

  it('leaves a trap bar where the arms hang it, beside the legs', () => {
    const motion = strength.description({ pattern: 'pose', props: ['barbell'], barAt: 'around', keys: HANG }).motion;
    const body = bodyAt(motion, keyStartSeconds(motion, 1));
    const arm = body.arms.left;
    assert.ok(Math.abs(angleOf(arm.root, arm.hand)) < 1, `the arm hangs at ${angleOf(arm.root, arm.hand).toFixed(1)} degrees`);
  });

  it('keeps a bar held behind the legs behind the thighs (a hack squat)', () => {
    const keys = [
      { name: 'standing, bar behind the legs', legs: [0, 0, 90], arms: [-4, -4], hold: 0.3, move: 1.1 },
      { name: 'bottom', trunk: 22, legs: [90, -43, 90], arms: [-10, -10], hold: 0.2, move: 1.1 },
    ];
    const around = strength.description({ pattern: 'pose', props: ['barbell'], barAt: 'around', keys }).motion;
    assert.ok(deepest(around, -1) > 0.01, 'the arms alone put the bar into the backs of the thighs');
    const motion = strength.description({ pattern: 'pose', props: ['barbell'], barAt: 'behind', keys }).motion;
    assert.equal(deepest(motion, -1), 0);
    const body = loopKeyBody(motion, 0).body;
    assert.ok(heldAt(body, motion.held[0]!)[0] < body.legs.left.root[0], 'the bar is behind the hips');
  });

  it('draws a bar that rides the thighs onto them where the arms leave a gap', () => {
    const keys = [
      { name: 'hang, bar off the thighs', trunk: 30, neck: -10, legs: [22, -8, 90], arms: [6, 6], hold: 0.2, move: 0.6 },
      { name: 'standing tall', legs: [0, 0, 90], arms: [8, 8], hold: 0.3, move: 0.6 },
    ];
    const gaps = (motion: Motion) =>
      framesOf(motion).flatMap((body) => {
        const gap = gapAt(body, heldAt(body, motion.held[0]!));
        return gap === undefined ? [] : [gap];
      });
    const away = gaps(strength.description({ pattern: 'pose', props: ['barbell'], keys }).motion);
    assert.ok(Math.max(...away) > 0.05, `held forward the bar is up to ${Math.max(...away).toFixed(3)} m in front of the thighs`);
    const riding = gaps(strength.description({ pattern: 'pose', props: ['barbell'], barAt: 'on-thighs', keys }).motion);
    assert.ok(riding.length > 10, `${riding.length} frames have the bar on the thighs`);
    for (const gap of riding)
      assert.ok(Math.abs(gap - BAR_CLEARANCE) < 0.002, `a frame's bar is ${gap.toFixed(3)} m in front of the thighs`);
  });

  it('leaves a Smith machine bar on its rails, and the check refuses it inside the thighs', () => {
    const keys = [
      { name: 'bar at the thighs, arms long', legs: [0, 0], arms: [4, 4], shoulders: { up: -0.02 }, hold: 0.4, move: 0.9 },
      { name: 'shoulders up along the rails', legs: [0, 0], arms: [4, 4], shoulders: { up: 0.09 }, hold: 0.9, move: 1.1 },
    ];
    const inside = strength.description({ pattern: 'pose', props: ['barbell', 'smith'], smith: 0.1, keys });
    assert.ok(deepest(inside.motion, 1) > 0.01, 'the rails hold the bar where the description put it');
    assert.match(
      checkMotion(inside)
        .map((p) => p.message)
        .join('; '),
      /the bar's hub is 2 cm inside the thighs or hips: place it in front of them \(move the rails/,
    );
    const placed = keys.map((key) => ({ ...key, arms: [8, 8] }));
    assert.deepEqual(checkMotion(strength.description({ pattern: 'pose', props: ['barbell', 'smith'], smith: 0.14, keys: placed })), []);
  });

  it('refuses barAt without a barbell held in both hands, naming the field', () => {
    assert.match(
      strength.refusedAt({ pattern: 'pose', props: ['dumbbells'], barAt: 'around', keys: HANG }),
      /motions\.A\.barAt: barAt says where a barbell held in both hands rests/,
    );
    assert.match(strength.refusedAt({ pattern: 'pose', props: ['barbell'], barAt: 'under', keys: HANG }), /motions\.A\.barAt/);
  });
});
