/**
 * The Pilates Cadillac (src/motion/cadillac.ts): its table is a support the seated figure rests on, the
 * soles stand flat against the poles at the feet end, and the roll-down bar in the hands hangs on springs
 * that stretch as the figure rolls back; `check` refuses soles off the poles, slack springs and a front view.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CADILLAC, rollDownBar, springHook } from '../../src/motion/cadillac.ts';
import { checkMotion } from '../../src/motion/motion-check.ts';
import { REST_HEIGHT } from '../../src/motion/resting.ts';
import { distance } from '../../src/motion/skeleton.ts';
import { loopKeyBody } from '../../src/motion/timeline.ts';
import { descriptionsIn } from '../helpers/motion-descriptions.ts';

const { description } = descriptionsIn('pilates');

const messagesOf = (source: Record<string, unknown>): string[] => checkMotion(description(source)).map((p) => p.message);

const rollDown = (feetEnd: number, arms: readonly number[] = [80, 80]) => ({
  pattern: 'pose',
  props: ['cadillac'],
  fixed: 'pelvis',
  cadillac: [feetEnd, -1.2],
  keys: [
    { name: 'sitting tall', legs: [124, 52, 180], arms, hold: 0.4, move: 1.3 },
    { name: 'rolled back', trunk: -60, spine: 30, neck: 20, legs: [124, 52, 180], arms: [110, 110], hold: 0.6, move: 1.3 },
  ],
});

describe('Cadillac', () => {
  it('seats the figure on its table, soles against the poles, the springs stretching as it rolls back', () => {
    assert.deepEqual(messagesOf(rollDown(0.78)), []);
    const d = description(rollDown(0.78));
    const cadillac = d.motion.fixed.find((prop) => prop.kind === 'cadillac')!;
    assert.deepEqual([cadillac.x0, cadillac.x1, cadillac.y, cadillac.feetEnd], [-1.2, 0.78, CADILLAC.top, 0.78]);
    const [sitting, rolled] = [0, 1].map((i) => loopKeyBody(d.motion, i).body);
    assert.ok(Math.abs(sitting!.pelvis[1] - CADILLAC.top - REST_HEIGHT.pelvis) < 0.005);
    const stretch = (body: typeof sitting) => distance(springHook(cadillac), rollDownBar(body!));
    assert.ok(stretch(rolled) > stretch(sitting) + 0.05, 'the springs stretch as the figure rolls back');
  });

  it('refuses soles off the poles, slack springs and a front view', () => {
    assert.match(
      messagesOf(rollDown(0.9))[0]!,
      /^at 0\.00 s the left sole is \d+ cm off the Cadillac's poles; the feet stand flat against them$/,
    );
    assert.match(
      messagesOf(rollDown(0.78, [120, 120]))[0]!,
      /^at 0\.00 s the roll-down bar's springs are \d+ cm long; they stretch from 35 to 125 cm$/,
    );
    assert.deepEqual(
      messagesOf({ ...rollDown(0.78), view: 'front' }).filter((m) => m.includes('Cadillac')),
      ['a Cadillac is drawn from the side only'],
    );
  });
});
