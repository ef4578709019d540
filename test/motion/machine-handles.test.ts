/**
 * A machine's fixed handles: placed where the first key's hands are (or given in metres), drawn as a grip
 * on a bracket and post before the figure, the hands held on them in every frame, and `check` refusing a
 * hand that leaves its handle or handles the hands cannot hold.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { handlesProblem } from '../../src/motion/machine-handles.ts';
import type { FixedProp } from '../../src/motion/motion.ts';
import { checkMotion } from '../../src/motion/motion-check.ts';
import type { Description } from '../../src/motion/motion-files.ts';
import { cameraFor, frameSvg } from '../../src/motion/render-svg.ts';
import { distance } from '../../src/motion/skeleton.ts';
import { COLOURS } from '../../src/motion/svg-kit.ts';
import { bodyAt, FRAMES_PER_SECOND, frameCount, keyBody } from '../../src/motion/timeline.ts';
import { descriptionsIn } from '../helpers/motion-descriptions.ts';

const { description, refusedAt: refused } = descriptionsIn('strength');

const messages = (source: Record<string, unknown>): string[] => checkMotion(description(source)).map((p) => p.message);
const handlesOf = (d: Description): FixedProp[] => d.motion.fixed.filter((prop) => prop.kind === 'handles');

/** A leg press whose hands hold the side grips beside the hips. */
const legPress = {
  pattern: 'pose',
  props: ['seat', 'pad', 'lever', 'handles'],
  seat: [-0.3, 0.2, 0.45],
  pads: ['back'],
  lever: [1.1, 0.4],
  to: 'feet',
  leverEnd: 'platform',
  handles: ['hands', 0.16],
  fixed: 'pelvis',
  keys: [
    { name: 'pressed', trunk: -40, legs: [125, 135, 208], arms: [44, 44] },
    { name: 'lowered', trunk: -40, legs: [165, 80, 219.5], arms: [44, 44] },
  ],
};

/** Standing, then squatting, the hands on handles in front of the chest. */
const squat = {
  pattern: 'pose',
  props: ['handles'],
  handles: [0.35, 1.05],
  keys: [
    { name: 'standing', legs: [0, 0], arms: [60, 80], feetOnFloor: 'both' },
    { name: 'half squat', trunk: 40, legs: [60, -20], arms: [45, 75], feetOnFloor: 'both' },
  ],
};

describe("a machine's fixed handles", () => {
  it('accepts the hands of the first key or a place in metres, with a post, and refuses anything else, naming it', () => {
    for (const handles of ['hands', ['hands', -0.2], [0.3, 1], [0.3, 1, 0.2]]) description({ ...squat, handles });
    const message =
      'motions.A.handles: handles is "hands" (where the first key holds them), ["hands", post], [x, height] or [x, height, post], in metres';
    assert.equal(refused({ ...squat, handles: 'feet' }), `${message} (received "feet")`);
    assert.equal(refused({ ...squat, handles: [0.3, 3] }), `motions.A.handles.1: a handle's height is 0.2 to 2.2 m`);
  });

  it('puts the handles where the first key holds them, the post that far along, and keeps both hands on them in every frame', () => {
    const press = description(legPress);
    const [handle, ...others] = handlesOf(press);
    assert.equal(others.length, 0, 'both hands on one handle seen from the side');
    const first = keyBody(press.motion.keys[0]!, 'side').body;
    assert.ok(distance(first.arms.left.hand, [handle!.x0, handle!.y]) < 1e-5);
    assert.ok(Math.abs(handle!.x1 - handle!.x0 - 0.16) < 1e-9);
    assert.equal(handle!.to, 'hands');
    let worst = 0;
    for (let frame = 0; frame < frameCount(press.motion); frame += 1) {
      const body = bodyAt(press.motion, frame / FRAMES_PER_SECOND);
      for (const side of ['left', 'right'] as const) worst = Math.max(worst, distance(body.arms[side].hand, [handle!.x0, handle!.y]));
    }
    assert.ok(worst < 0.01, `a hand ${worst.toFixed(3)} m off its handle`);
    assert.deepEqual(messages(legPress), []);
    // Given in metres: the hands reach down to them as the figure squats.
    const squatted = description(squat);
    assert.deepEqual([handlesOf(squatted)[0]!.x0, handlesOf(squatted)[0]!.y], [0.35, 1.05]);
    assert.deepEqual(messages(squat), []);
  });

  it('draws the grip on its bracket and post before the figure, so the hand covers it', () => {
    const press = description(legPress);
    const { body } = keyBody(press.motion.keys[1]!, 'side');
    const svg = frameSvg(press.motion, body, cameraFor(press.motion, [body]));
    const grip = svg.indexOf(`fill="${COLOURS.iron}" stroke="${COLOURS.steel}"`);
    assert.ok(grip > 0 && grip < svg.indexOf(COLOURS.near), 'the grip is drawn, before the figure');
  });

  it('refuses a hand that cannot stay on its handle, and handles beside what already holds the hands', () => {
    // Handles the standing hands reach, too high for the squatting ones.
    assert.match(messages({ ...squat, handles: [0.35, 1.85] }).join('; '), /the left hand is \d+ cm off its handle/);
    const motion = { fixed: [{ kind: 'handles', x0: 0, x1: 0, y: 1, to: 'right' }] as FixedProp[] };
    const body = keyBody(description(squat).motion.keys[0]!, 'side').body;
    assert.match(handlesProblem(motion, body) ?? '', /^the right hand is \d+ cm off its handle$/);
    assert.match(
      messages({ ...squat, props: ['lever', 'handles'], lever: [1, 1.2] }).join('; '),
      /fixed handles with a lever running to the hands: the lever's own handles are what they hold/,
    );
    assert.match(
      messages({ ...squat, props: ['handles'], lowBar: [0.4, 0.9] }).join('; '),
      /fixed handles with the low-bar: the hands hold one or the other/,
    );
  });
});
