/**
 * A hack squat machine (`hackSled`; hack-sled.ts, hack-sled-check.ts, render-hack-sled.ts): the carriage rides its
 * rails with the trunk (the back stays on the pad, no slide along it), the feet stand on the angled platform, the
 * pad holds the figure up (no balance check), and `check` refuses the trunk off the rails' line, a hand off its
 * handle, a lifted heel, rails outside a hack squat's angles, a lever with it and the front view.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { carriageAlong, gripAt, railsOf } from '../../src/motion/hack-sled.ts';
import { padFace } from '../../src/motion/machine.ts';
import { checkMotion } from '../../src/motion/motion-check.ts';
import { cameraFor, frameSvg } from '../../src/motion/render-svg.ts';
import { distance } from '../../src/motion/skeleton.ts';
import { COLOURS } from '../../src/motion/svg-kit.ts';
import { descriptionsIn, frameBodies } from '../helpers/motion-descriptions.ts';

const strength = descriptionsIn('strength');

const squat = (bottom: number[] = [90, -33.3, 100], extra: Record<string, unknown> = {}) => ({
  pattern: 'pose',
  props: ['hack-sled'],
  hackSled: { platform: [-0.05, 0.5, 10] },
  keys: [
    { name: 'top', trunk: -40, legs: [40, 30, 100], arms: [60, 170], hold: 0.4, move: 1.3 },
    { name: 'bottom', trunk: -40, legs: bottom, arms: [60, 170], hold: 0.5, move: 1.1 },
  ],
  ...extra,
});
const problemsOf = (source: Record<string, unknown>) => strength.checked(source, 'Hack_Squat');

describe('hack sled', () => {
  it('carries the carriage down the rails with the back on its pad, the hands on its handles, the feet on the platform', () => {
    const d = strength.description(squat(), 'Hack_Squat');
    assert.deepEqual(checkMotion(d), []);
    const sled = d.motion.fixed.find((prop) => prop.kind === 'hack-sled')!;
    const rails = railsOf(sled);
    const along = frameBodies(d).map((body) => carriageAlong(rails, body, 'back'));
    // The carriage travels some 45 cm down the rails and back.
    assert.ok(Math.max(...along) - Math.min(...along) > 0.4, `the carriage travels ${Math.max(...along) - Math.min(...along)} m`);
    for (const body of frameBodies(d)) {
      for (const point of padFace(body, 'back')) {
        const off = (point[0] - rails.origin[0]) * rails.out[0] + (point[1] - rails.origin[1]) * rails.out[1];
        assert.ok(Math.abs(off) < 0.03, `the back is ${off} m off the rails' line`);
      }
      assert.ok(distance(body.arms.left.hand, gripAt(sled, body)) < 0.03);
    }
    assert.ok(
      d.motion.keys.every((key) => !key.isBalanced),
      'the pad holds the figure up: no key on the feet alone',
    );
  });

  it('draws the frame, the plates behind the figure and the pad along the back', () => {
    const d = strength.description(squat(), 'Hack_Squat');
    const bodies = frameBodies(d);
    const svg = frameSvg(d.motion, bodies[0]!, cameraFor(d.motion, bodies));
    const [plate, pad, trunk] = [
      svg.indexOf(`fill="${COLOURS.plate}"`),
      svg.indexOf(`stroke="${COLOURS.pad}"`),
      svg.indexOf(`stroke="${COLOURS.near}"`),
    ];
    assert.ok(plate >= 0 && plate < pad && pad < trunk, 'plates and pad drawn behind the figure');
  });

  it('refuses the back off the rails, a lifted heel, a hand off its handle, steep rails, a lever with it and the front view', () => {
    assert.match(problemsOf(squat([90, -10, 100])), /hackSled: at \d\.\d\d s the back is \d+ cm (off|into) the sled's pad/);
    assert.match(
      problemsOf(squat(undefined, { keys: squat().keys.map((k) => ({ ...k, legs: [40, 30, 120] })) })),
      /hackSled: at 0\.00 s the left (heel|toe)/,
    );
    assert.match(
      problemsOf(squat(undefined, { keys: squat().keys.map((k) => ({ ...k, trunk: -10 })) })),
      /hackSled: the rails run along the first key's back, 80 degrees/,
    );
    const reaching = squat(undefined, { keys: [squat().keys[0], { ...squat().keys[1], arms: [100, 170] }] });
    assert.match(problemsOf(reaching), /hackSled: at \d\.\d\d s the left hand is \d+ cm off its handle on the sled's carriage/);
    assert.match(problemsOf(squat(undefined, { view: 'front' })), /hackSled: a hack squat machine is drawn from the side/);
    assert.match(strength.refused(squat(undefined, { lever: [1, 1] }), 'Hack_Squat'), /hackSled is a machine of its own/);
    assert.match(strength.refused(squat(undefined, { hackSled: { platform: [0, 0.5, 50] } }), 'Hack_Squat'), /platform slopes -35 to 35/);
  });
});
