/**
 * A figure lying on a bench has its arms beside it (timeline.ts groundUnder): a bench press's elbows
 * drop below the pad instead of holding the body up off it, while a seated figure's hands still rest on
 * the seat beside the hips.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkMotion } from '../../src/motion/motion-check.ts';
import { buildDescription, type Description } from '../../src/motion/motion-files.ts';
import { RENDERER_VERSION } from '../../src/motion/render-media.ts';
import { clearance, keyBody, pointOf, supportsOf } from '../../src/motion/timeline.ts';

function built(source: Record<string, unknown>, id: string): Description {
  const result = buildDescription('data/source/motion/strength.json', 'strength', id, source, RENDERER_VERSION);
  assert.ok(result.ok, JSON.stringify(!result.ok && result.problems));
  return result.value;
}

const benchPress = (arms: [number, number]) => ({
  pattern: 'pose',
  props: ['barbell', 'bench'],
  fixed: 'pelvis',
  bench: [-0.85, 0.25],
  frame: 'landscape',
  keys: [
    { name: 'lockout', arms: [178, 180], trunk: -90, neck: -5, legs: [80, 25], feetOnFloor: 'both' },
    { name: 'bar on the chest', arms, trunk: -90, neck: -5, legs: [80, 25], feetOnFloor: 'both' },
  ],
});

describe('arms beside a bench', () => {
  it('lets a bench press drop its elbows below the pad with the back still on it', () => {
    const press = built(benchPress([55, 250]), 'Bench_Press');
    assert.deepEqual(checkMotion(press), []);
    const supports = supportsOf(press.motion.fixed);
    const [lockout, bottom] = press.motion.keys.map((k) => keyBody(k, press.motion.view).body);
    // The body does not rise at the bottom: the elbows no longer hold it up off the pad (before, 9.6 cm).
    for (const point of ['pelvis', 'neckBase'] as const)
      assert.ok(Math.abs(clearance(bottom!, point, supports) - clearance(lockout!, point, supports)) < 0.005, point);
    const bench = press.motion.fixed.find((prop) => prop.kind === 'bench')!;
    assert.ok(pointOf(bottom!, 'leftElbow')[1] < bench.y - 0.03, 'the elbow is below the pad, beside the bench');
    assert.ok(
      press.motion.keys[1]!.contacts.every((c) => !/Elbow|Hand/.test(c.point)),
      'no arm rests on the bench',
    );
  });

  it('keeps a seated figure’s hands on the seat beside the hips', () => {
    const seated = built(
      {
        pattern: 'pose',
        props: ['bench'],
        bench: [-0.3, 0.2, 0.39],
        fixed: 'pelvis',
        keys: [
          { name: 'sitting tall', legs: [90, 0, 90], arms: [10, 20] },
          { name: 'left knee lifted', legs: { left: [108, 0, 90], right: [90, 0, 90] }, arms: [10, 20] },
        ],
      },
      'Seated_March',
    );
    assert.deepEqual(checkMotion(seated), []);
    assert.ok(
      seated.motion.keys.every((k) => k.contacts.some((c) => /Hand/.test(c.point) && c.on === 'bench')),
      'the hands rest on the bench',
    );
  });
});
