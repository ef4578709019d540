/**
 * The shoulder girdle: a key's `shoulders` moves the shoulder joints along the upper trunk's own axes, the
 * arms and what the hands hold follow, a hand on a bar stays put and the body moves instead, the drawing
 * shows the shoulders rising toward the head, and the schema and the check refuse what cannot be shown.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkMotion } from '../../src/motion/motion-check.ts';
import type { Description } from '../../src/motion/motion-files.ts';
import { cameraFor, frameSvg } from '../../src/motion/render-svg.ts';
import { angles, arm } from '../../src/motion/motion.ts';
import { type Body, pose } from '../../src/motion/skeleton.ts';
import { bodyAt, heldAt, keyBody } from '../../src/motion/timeline.ts';
import { descriptionsIn } from '../helpers/motion-descriptions.ts';

const strength = descriptionsIn('strength');
const build = (source: Record<string, unknown>, id = 'Dumbbell_Shrug') => strength.built(source, id);
const built = (source: Record<string, unknown>, id = 'Dumbbell_Shrug'): Description => strength.description(source, id);
const near = (actual: number, expected: number, what: string) =>
  assert.ok(Math.abs(actual - expected) < 1e-9, `${what}: ${actual} is not ${expected}`);

const shrug = (view: 'side' | 'front', up: number, forward = 0) => ({
  pattern: 'pose',
  props: ['barbell'],
  view,
  keys: [
    { name: 'shoulders sunk', arms: [4, 4] },
    { name: 'shoulders up', arms: [4, 4], shoulders: { up, forward } },
  ],
});

const hang = {
  pattern: 'pose',
  props: ['bar'],
  hang: true,
  barFrom: 'ahead',
  keys: [
    { name: 'relaxed hang', trunk: -3, legs: [4, 8, 25], arms: [178, 178], shoulders: { up: 0.08 } },
    { name: 'shoulders pulled down', trunk: -3, legs: [4, 8, 25], arms: [178, 178], shoulders: { up: -0.03 } },
  ],
};

describe('shoulder girdle', () => {
  it('moves the shoulder joints by the given metres along the upper trunk, in both views', () => {
    // Face down on a 45 degree incline (trunk 45 forward): up runs along that trunk, forward toward the chest's front.
    const still = angles({ trunk: 45, arms: arm(0, 0) });
    const moved = { ...still, girdle: { up: 0.1, forward: 0.08 } };
    const [a, b] = [pose(still, 'side'), pose(moved, 'side')];
    const s = Math.SQRT1_2;
    near(b.arms.left.root[0] - a.arms.left.root[0], 0.1 * s + 0.08 * s, 'x along the trunk and toward the chest');
    near(b.arms.left.root[1] - a.arms.left.root[1], 0.1 * s - 0.08 * s, 'y along the trunk and toward the chest');
    assert.deepEqual(b.neckBase, a.neckBase);
    assert.deepEqual(b.head, a.head);
    // Seen from the front both shoulders rise by `up`; forward is out of the picture.
    const [fa, fb] = [
      pose(angles({ arms: arm(5, 5) }), 'front'),
      pose({ ...angles({ arms: arm(5, 5) }), girdle: { up: 0.07, forward: 0 } }, 'front'),
    ];
    for (const side of ['left', 'right'] as const) {
      near(fb.arms[side].root[1] - fa.arms[side].root[1], 0.07, `${side} shoulder`);
      near(fb.arms[side].root[0], fa.arms[side].root[0], `${side} shoulder stays as wide`);
    }
  });

  it('eases the shoulders between keys, and a held bar rises with them', () => {
    const d = built(shrug('side', 0.09));
    const bar = d.motion.held.find((p) => p.kind === 'barbell')!;
    const [down, up] = d.motion.keys.map((k) => keyBody(k, d.motion.view).body) as [Body, Body];
    near(heldAt(up, bar)[1] - heldAt(down, bar)[1], 0.09, 'the bar rises with the shoulders');
    near(up.pelvis[1], down.pelvis[1], 'the feet stay on the floor, so the pelvis does not move');
    // Halfway through the move (hold 0.6 s, move 1 s, eased symmetrically): halfway up.
    const middle = bodyAt(d.motion, 0.6 + 0.5);
    near(middle.arms.left.root[1] - down.arms.left.root[1], 0.045, 'halfway through the move');
    assert.deepEqual(checkMotion(d), []);
  });

  it('keeps a hand on the bar where it holds and raises the body instead (a scapular pull-up)', () => {
    const d = built(hang, 'Scapular_Pull-Up');
    const [relaxed, engaged] = d.motion.keys.map((k) => keyBody(k, d.motion.view).body) as [Body, Body];
    near(engaged.arms.left.hand[1], relaxed.arms.left.hand[1], 'the hand on the bar');
    near(engaged.arms.left.hand[0], relaxed.arms.left.hand[0], 'the hand on the bar');
    // The trunk leans back 3 degrees: the shoulders' 11 cm drop along it lifts the pelvis by its upright part.
    near(engaged.pelvis[1] - relaxed.pelvis[1], 0.11 * Math.cos((3 * Math.PI) / 180), 'the pelvis rises by the shoulders drop');
    assert.deepEqual(checkMotion(d), []);
  });

  it('draws the shoulders up toward the head: the trunk line ends at the moved shoulders', () => {
    const d = built(shrug('front', 0.09));
    const svgs = d.motion.keys.map((k) => {
      const { body } = keyBody(k, d.motion.view);
      return frameSvg(d.motion, body, cameraFor(d.motion, [body]));
    });
    assert.notEqual(svgs[0], svgs[1]);
    const without = built({ ...shrug('front', 0.09), keys: [shrug('front', 0).keys[0], { name: 'still', arms: [4, 4] }] });
    const { body } = keyBody(without.motion.keys[0]!, 'front');
    assert.equal(body.girdle, undefined, 'a key without shoulders has no girdle point');
  });

  it('refuses shoulders out of range, with the range in the message', () => {
    for (const [shoulders, message] of [
      [{ up: 0.12 }, 'shoulders.up is at most 0.1 m'],
      [{ up: -0.05 }, 'shoulders.up is at least -0.03 m'],
      [{ forward: 0.1 }, 'shoulders.forward is at most 0.08 m'],
      [{ forward: -0.07 }, 'shoulders.forward is at least -0.06 m'],
    ] as const) {
      const result = build({ ...shrug('side', 0), keys: [shrug('side', 0).keys[0], { name: 'x', shoulders }] });
      assert.ok(!result.ok && JSON.stringify(result.problems).includes(message), JSON.stringify(result));
    }
    const unknown = build({ ...shrug('side', 0), keys: [shrug('side', 0).keys[0], { name: 'x', shoulders: { back: 0.02 } }] });
    assert.ok(!unknown.ok);
  });

  it('refuses shoulders moved forward or back in the front view, where the picture cannot show it', () => {
    const d = built(shrug('front', 0.05, 0.04));
    const problems = checkMotion(d).map((p) => p.message);
    assert.ok(
      problems.some((m) => m.includes('key 1 "shoulders up": shoulders.forward moves the shoulders out of the picture in the front view')),
      problems.join('\n'),
    );
    assert.deepEqual(checkMotion(built(shrug('side', 0.05, 0.04))), []);
  });
});
