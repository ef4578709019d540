/**
 * A key's `step` (src/motion/limb-paths.ts): the hand or foot that steps into a key lifts on the way
 * instead of gliding along the floor, so a lunge, a step up or a carry's stride can be drawn planted
 * at both ends; without it, the same keys glide, and `media slides` says so. And `onToes`: a placed
 * foot resting on its toes, heel raised, as a lunge's back foot does.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkMotion } from '../../src/motion/motion-check.ts';
import { slides } from '../../src/motion/slides.ts';
import { buildDescription, type Description } from '../../src/motion/motion-files.ts';
import { RENDERER_VERSION } from '../../src/motion/render-media.ts';
import { bodyAt, clearance, FRAMES_PER_SECOND, frameCount, keyBody, pointOf } from '../../src/motion/timeline.ts';

function built(source: Record<string, unknown>, id: string): Description {
  const result = buildDescription('data/source/motion/strength.json', 'strength', id, source, RENDERER_VERSION);
  assert.ok(result.ok, JSON.stringify(!result.ok && result.problems));
  return result.value;
}

/** A reverse lunge in two keys: the near (left) foot stays, the far (right) foot goes back and comes in again. */
const reverseLunge = (step: boolean) => ({
  pattern: 'pose',
  fixed: 'leftToe',
  keys: [
    { name: 'standing', legs: [0, 0], feetOnFloor: 'both', ...(step ? { step: 'right-foot' } : {}) },
    {
      name: 'far leg back, knee low',
      trunk: 3,
      legs: { left: [76, 0, 90], right: [-5, -68] },
      feetOnFloor: 'both',
      ...(step ? { step: 'right-foot' } : {}),
    },
  ],
});

describe("a key's step", () => {
  const stepping = built(reverseLunge(true), 'Bodyweight_Reverse_Lunge');
  const gliding = built(reverseLunge(false), 'Bodyweight_Reverse_Lunge');

  it('lifts the stepping foot on the way, 4 to 12 cm at the middle, and lands it where the key puts it', () => {
    assert.deepEqual(checkMotion(stepping), []);
    const [standing, lunge] = stepping.motion.keys.map((key) => keyBody(key, stepping.motion.view).body);
    const travelled = Math.abs(pointOf(lunge!, 'rightToe')[0] - pointOf(standing!, 'rightToe')[0]);
    assert.ok(travelled > 0.3, `the far foot goes ${travelled} m back`);
    const first = stepping.motion.keys[0]!;
    const middle = first.hold + first.move / 2;
    const lifted = clearance(bodyAt(stepping.motion, middle), 'rightToe');
    assert.ok(lifted > 0.04 && lifted < 0.13, `the far toe is ${lifted} m up halfway`);
    assert.ok(clearance(bodyAt(gliding.motion, middle), 'rightToe') < 0.015, 'without a step it stays on the floor');
    const at = (seconds: number) => pointOf(bodyAt(stepping.motion, seconds), 'rightToe')[0];
    assert.ok(Math.abs(at(first.hold + first.move) - pointOf(lunge!, 'rightToe')[0]) < 1e-6, 'it lands where the key puts it');
  });

  it('keeps the staying foot planted, and leaves nothing sliding that the glide had', () => {
    const found = slides(stepping.motion);
    assert.deepEqual(found, [], JSON.stringify(found));
    const glides = slides(gliding.motion).map((slide) => slide.point);
    assert.ok(glides.includes('rightToe'), `the same keys without a step glide: ${glides.join(', ')}`);
    for (let frame = 0; frame < frameCount(stepping.motion); frame += 1) {
      const body = bodyAt(stepping.motion, frame / FRAMES_PER_SECOND);
      assert.ok(clearance(body, 'leftToe') < 0.015, `frame ${frame}: the near toe stays down`);
    }
  });

  it('rests a placed foot on its toes when the key says so, and steps it there at that angle', () => {
    const source = reverseLunge(true);
    (source.keys[1] as Record<string, unknown>).onToes = 'right';
    const onToes = built(source, 'Bodyweight_Reverse_Lunge');
    assert.deepEqual(checkMotion(onToes), []);
    const lunge = onToes.motion.keys[1]!;
    const body = keyBody(lunge, onToes.motion.view).body;
    assert.ok(clearance(body, 'rightToe') < 0.015, 'the toe rests on the floor');
    assert.ok(clearance(body, 'rightHeel') > 0.04, `the heel is raised ${clearance(body, 'rightHeel')} m`);
    const points = lunge.contacts.map((contact) => contact.point);
    assert.ok(points.includes('rightToe') && !points.includes('rightHeel'), `contacts: ${points.join(', ')}`);
    const flat = keyBody(stepping.motion.keys[1]!, stepping.motion.view).body;
    assert.ok(clearance(flat, 'rightHeel') < 0.015, 'without onToes the same foot is flat');
    assert.deepEqual(slides(onToes.motion), [], 'and it still steps without sliding');
  });

  it('refuses a step that names no hand or foot', () => {
    const source = reverseLunge(true);
    (source.keys[1] as Record<string, unknown>).step = 'nose';
    const result = buildDescription('data/source/motion/strength.json', 'strength', 'X', source, RENDERER_VERSION);
    assert.equal(result.ok, false);
    assert.match(JSON.stringify(!result.ok && result.problems), /keys\.1\.step/);
  });
});
