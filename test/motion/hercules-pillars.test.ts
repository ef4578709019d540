/**
 * The Hercules hold's pillars (src/motion/hercules-pillars.ts): seen from the front, they stand on the
 * floor beside the figure leaning out, each held at its inner face by the first key's hand; `check`
 * refuses a hand that lets go, a side view, and a lean past 25 degrees.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { handGap, pillarLine } from '../../src/motion/hercules-pillars.ts';
import { checkMotion } from '../../src/motion/motion-check.ts';
import { bodyAt, FRAMES_PER_SECOND, frameCount } from '../../src/motion/timeline.ts';
import { descriptionsIn } from '../helpers/motion-descriptions.ts';

const { built, description } = descriptionsIn('strongman');

const messagesOf = (source: Record<string, unknown>): string[] => checkMotion(description(source)).map((p) => p.message);

const hold = (second: readonly number[], lean = 8) => ({
  pattern: 'pose',
  view: 'front',
  props: ['hercules-pillars'],
  herculesPillars: lean,
  keys: [
    { name: 'gripped', legs: [6, 6], arms: [38, 38], hold: 1, move: 0.6 },
    { name: 'held', legs: [6, 6], arms: second, hold: 1, move: 0.6 },
  ],
});

describe('Hercules pillars', () => {
  it('stand on the floor leaning out, their handles in the hands through the hold', () => {
    assert.deepEqual(messagesOf(hold([38, 38])), []);
    const d = description(hold([38, 38]));
    const pillars = d.motion.fixed.find((prop) => prop.kind === 'hercules-pillars')!;
    for (const out of [-1, 1] as const) {
      const [foot, top] = pillarLine(pillars, out);
      assert.equal(foot[1], 0);
      assert.ok((top[0] - foot[0]) * out > 0.3, 'leaning out, away from the figure');
    }
    for (let frame = 0; frame < frameCount(d.motion); frame += 1) {
      const body = bodyAt(d.motion, frame / FRAMES_PER_SECOND);
      const [low, high] = [body.arms.left.hand, body.arms.right.hand].sort((a, b) => a[0] - b[0]);
      assert.ok(Math.abs(handGap(pillars, -1, low!)) < 0.005 && Math.abs(handGap(pillars, 1, high!)) < 0.005);
    }
  });

  it('refuses a hand that lets go, a side view and too steep a lean', () => {
    assert.match(messagesOf(hold([20, 20]))[0]!, /^at \d+\.\d\d s a hand is \d+ cm off its pillar's handle$/);
    assert.deepEqual(
      messagesOf({ ...hold([38, 38]), view: 'side' }).filter((m) => m.includes('Hercules')),
      ['the Hercules pillars are drawn from the front only'],
    );
    const steep = built(hold([38, 38], 30));
    assert.equal(steep.ok, false);
    assert.match(JSON.stringify(!steep.ok && steep.problems), /the pillars lean 0 to 25 degrees out/);
  });
});
