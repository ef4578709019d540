/**
 * A key's `toesRaise` (src/motion/toes-params.ts): how high the ankle of a foot `onToes` names stands above a flat
 * foot's. 0.08 unless given tips a deep lunge's back toe forward under a level shin (an ankle bent past its range,
 * random review 33); 0.13 stands the foot nearly upright on its ball, the ankle 20 cm up.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkMotion } from '../../src/motion/motion-check.ts';
import { slides } from '../../src/motion/slides.ts';
import { buildDescription, type Description } from '../../src/motion/motion-files.ts';
import { RENDERER_VERSION } from '../../src/motion/render-media.ts';
import { clearance, keyBody, pointOf } from '../../src/motion/timeline.ts';

const build = (source: Record<string, unknown>) =>
  buildDescription('data/source/motion/stretching.json', 'stretching', 'Lunge_With_Overhead_Reach', source, RENDERER_VERSION);

function built(source: Record<string, unknown>): Description {
  const result = build(source);
  assert.ok(result.ok, JSON.stringify(!result.ok && result.problems));
  return result.value;
}

/** Standing, then the right foot stepped back into a deep lunge on its toes, the back knee low. */
const lunge = (raise?: number) => ({
  pattern: 'pose',
  fixed: 'leftHeel',
  keys: [
    { name: 'standing', legs: [0, 0, 90], feetOnFloor: 'both', step: 'right-foot' },
    {
      name: 'deep lunge',
      trunk: 2,
      legs: { left: [82, -3, 90], right: [-10, -100, 0] },
      feetOnFloor: 'both',
      onToes: 'right',
      ...(raise === undefined ? {} : { toesRaise: raise }),
      step: 'right-foot',
    },
  ],
});

/** Degrees between the back shin (ankle to knee) and the foot (heel to toe): 90 at neutral. */
function shinToFoot(d: Description): number {
  const body = keyBody(d.motion.keys[1]!, d.motion.view).body;
  const leg = body.legs.right;
  const angle = (a: readonly number[], b: readonly number[]) => Math.atan2(b[1]! - a[1]!, b[0]! - a[0]!);
  const turn = Math.abs(((angle(leg.end, leg.middle) - angle(leg.heel, leg.toe)) * 180) / Math.PI) % 360;
  return turn > 180 ? 360 - turn : turn;
}

describe("a key's toesRaise", () => {
  it('stands the ankle that much above a flat foot, the toe on the floor and the heel high, without sliding', () => {
    const high = built(lunge(0.13));
    assert.deepEqual(checkMotion(high), []);
    assert.deepEqual(slides(high.motion), []);
    const body = keyBody(high.motion.keys[1]!, high.motion.view).body;
    assert.ok(Math.abs(body.legs.right.end[1] - 0.2) < 0.005, `the ankle is ${body.legs.right.end[1]} m up`);
    assert.ok(clearance(body, 'rightToe') < 0.015, 'the toe rests on the floor');
    assert.ok(clearance(body, 'rightHeel') > 0.15, `the heel is ${clearance(body, 'rightHeel')} m up`);
    assert.ok(pointOf(body, 'rightKnee')[1] < 0.2, 'under a low knee');
  });

  it('keeps the back ankle within its range where the default tips the toe forward under the low shin', () => {
    const high = shinToFoot(built(lunge(0.13)));
    const usual = shinToFoot(built(lunge()));
    assert.ok(high > 50, `shin to foot ${high} degrees with toesRaise 0.13`);
    assert.ok(usual < 35, `shin to foot ${usual} degrees by default`);
  });

  it('refuses toesRaise on a key with no foot on its toes, and past 0.13', () => {
    const without = lunge(0.13);
    delete (without.keys[1] as Record<string, unknown>).onToes;
    const refused = build(without);
    assert.equal(refused.ok, false);
    assert.match(JSON.stringify(!refused.ok && refused.problems), /toesRaise says how high the feet onToes names stand/);
    const far = build(lunge(0.2));
    assert.equal(far.ok, false);
    assert.match(JSON.stringify(!far.ok && far.problems), /toesRaise/);
  });
});
