/**
 * A hanging key's `letGo` (src/motion/hang-params.ts): the right hand off the bar the figure hangs from by its left,
 * a one-arm dead hang or chin-up. Until renderer 1.26.0 every hanging key promised both hands on the bar, so `check`
 * refused a free arm as a hand centimetres from it and a one-arm hang could not be drawn.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkMotion } from '../../src/motion/motion-check.ts';
import type { Description } from '../../src/motion/motion-files.ts';
import { keyBody } from '../../src/motion/timeline.ts';
import { descriptionsIn } from '../helpers/motion-descriptions.ts';

const calisthenics = descriptionsIn('calisthenics');
const build = (source: Record<string, unknown>) => calisthenics.built(source, 'One_Arm_Dead_Hang');
const built = (source: Record<string, unknown>) => calisthenics.description(source, 'One_Arm_Dead_Hang');

/** Hanging from both hands, then from the left alone, the right hand by the hip. */
const oneArmHang = (letGo: Record<string, unknown> = { letGo: 'right' }, extra: Record<string, unknown> = {}) => ({
  pattern: 'pose',
  props: ['bar'],
  hang: true,
  ...extra,
  keys: [
    { name: 'both hands', legs: [3, 6, 20], arms: [178, 178] },
    { name: 'left hand only', legs: [3, 6, 20], arms: { left: [178, 178], right: [-12, 75] }, ...letGo },
  ],
});

const gapToBar = (d: Description, key: number, side: 'left' | 'right') => {
  const bar = d.motion.fixed.find((prop) => prop.kind === 'bar')!;
  const hand = keyBody(d.motion.keys[key]!, d.motion.view).body.arms[side].hand;
  return Math.hypot(hand[0] - bar.x0, hand[1] - bar.y);
};

describe("a hanging key's letGo", () => {
  it('lets the right hand off the bar while the left holds on, and check passes it', () => {
    const hang = built(oneArmHang());
    assert.deepEqual(checkMotion(hang), []);
    assert.ok(gapToBar(hang, 1, 'left') < 0.02, 'the left hand holds the bar');
    assert.ok(gapToBar(hang, 1, 'right') > 0.5, `the right hand is ${gapToBar(hang, 1, 'right')} m off the bar`);
    assert.deepEqual(
      hang.motion.keys[1]!.contacts.filter((contact) => contact.on === 'bar').map((contact) => contact.point),
      ['leftHand'],
    );
    assert.ok(gapToBar(hang, 0, 'right') < 0.02, 'a key without it holds on with both hands');
  });

  it('is what lets that key pass: without it the right hand is promised on the bar and check refuses it', () => {
    const problems = checkMotion(built(oneArmHang({})));
    assert.ok(
      problems.some((p) => /key 1 "left hand only".*rightHand is \d+ cm from the bar/.test(`${p.path} ${p.message}`)),
      JSON.stringify(problems),
    );
  });

  it('is refused, naming the key, where no bar is held in the hands', () => {
    const refused = (source: Record<string, unknown>, pattern: RegExp) => {
      const result = build(source);
      assert.ok(!result.ok, 'refused');
      assert.ok(
        result.problems.some((p) => pattern.test(p.message)),
        JSON.stringify(result.problems),
      );
    };
    refused(oneArmHang(undefined, { hang: false }), /key 1 "left hand only": letGo lets a hand off the bar a figure hangs from/);
    refused(oneArmHang({ letGo: 'left' }), /letGo names the hand off the bar: right/);
  });
});
