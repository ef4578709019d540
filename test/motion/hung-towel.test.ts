/**
 * Towels hung over an overhead bar (hung-towel.ts, render-hung-towel.ts): drawn from over the bar down to the
 * fist that holds them in every frame, the hands kept on their towels or the bar; `check` refuses towels with no
 * hand named, with no bar, seen from the front, and a hand that is not where it holds; a hang without towels
 * draws exactly as before.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { checkMotion } from '../../src/motion/motion-check.ts';
import { buildDescription, type Description } from '../../src/motion/motion-files.ts';
import { RENDERER_VERSION } from '../../src/motion/render-media.ts';
import { towelsSvg } from '../../src/motion/render-hung-towel.ts';
import { cameraFor, frameSvg } from '../../src/motion/render-svg.ts';
import { round, svgPoint } from '../../src/motion/svg-kit.ts';
import { bodyAt, FRAMES_PER_SECOND, frameCount } from '../../src/motion/timeline.ts';

const FILE = 'data/source/motion/calisthenics.json';
const build = (source: Record<string, unknown>) => buildDescription(FILE, 'calisthenics', 'Towel_Pull_Up', source, RENDERER_VERSION);

function built(source: Record<string, unknown>): Description {
  const result = build(source);
  assert.ok(result.ok, JSON.stringify(!result.ok && result.problems));
  return result.value;
}

/** A pull-up from a dead hang to the fists at chin level, on towels or on the bar itself. */
const pullUp = (extra: Record<string, unknown> = {}) => ({
  pattern: 'pose',
  props: ['bar', 'hung-towel'],
  hang: true,
  barFrom: 'ahead',
  towels: 'both-hands',
  keys: [
    { name: 'dead hang', trunk: -3, legs: [4, 8, 25], arms: [178, 178], hold: 0.4, move: 1.3 },
    { name: 'fists at chin level', trunk: -6, legs: [8, 12, 28], arms: [30, 172], hold: 0.4, move: 1.7 },
  ],
  ...extra,
});
const plain = () => {
  const { towels: _, ...rest } = pullUp({ props: ['bar'] });
  return rest;
};

const bodies = (d: Description) => Array.from({ length: frameCount(d.motion) }, (_, i) => bodyAt(d.motion, i / FRAMES_PER_SECOND));
const messages = (source: Record<string, unknown>) => checkMotion(built(source)).map((p) => p.message);

describe('towels hung over the bar', () => {
  it('draws a towel from over the bar to each fist in every frame, the fists on it 30 cm below the bar', () => {
    const d = built(pullUp());
    const towel = d.motion.fixed.find((prop) => prop.kind === 'hung-towel');
    const bar = d.motion.fixed.find((prop) => prop.kind === 'bar');
    assert.ok(towel !== undefined && bar !== undefined, 'the scene has no towel or no bar');
    assert.ok(Math.abs(bar.y - towel.y - 0.3) < 1e-9, `the bar is ${bar.y} m up and the towels held at ${towel.y} m`);
    const all = bodies(d);
    const camera = cameraFor(d.motion, all);
    for (const [i, body] of all.entries()) {
      for (const side of ['left', 'right'] as const) {
        const hand = body.arms[side].hand;
        const off = Math.hypot(hand[0] - towel.x0, hand[1] - towel.y);
        assert.ok(off < 0.03, `frame ${i}: the ${side} hand is ${(off * 100).toFixed(1)} cm off its towel`);
      }
      const [bx, by] = svgPoint(camera, [towel.x0, bar.y]).map(round);
      const [hx, hy] = svgPoint(camera, body.arms.left.hand).map(round);
      const near = towelsSvg(camera, d.motion, body, 'between');
      assert.ok(near.includes(`M${bx} ${by}L${hx} ${hy}`), `frame ${i}: no near towel from the bar to the left fist`);
      assert.ok(towelsSvg(camera, d.motion, body, 'behind').includes('#a9c4da'), `frame ${i}: no far towel behind the figure`);
      assert.ok(frameSvg(d.motion, body, camera).includes(near), `frame ${i}: the frame does not draw the near towel`);
    }
  });

  it('puts one hand on the bar and the other on its towel below it', () => {
    const source = pullUp({
      towels: 'left-hand',
      towelGrip: 0.1,
      keys: [
        { name: 'right arm straight', trunk: -8, spine: -4, legs: [6, 10, 25], arms: { left: [145, 212], right: [178, 178] } },
        { name: 'chest near the bar', trunk: -12, spine: -6, legs: [10, 14, 28], arms: { left: [0, 168], right: [8, 162] } },
      ],
    });
    const d = built(source);
    assert.deepEqual(messages(source), [], 'a one-arm hang helped on a towel was refused');
    const bar = d.motion.fixed.find((prop) => prop.kind === 'bar')!;
    for (const [i, body] of bodies(d).entries()) {
      assert.ok(Math.abs(body.arms.right.hand[1] - bar.y) < 0.03, `frame ${i}: the right hand is not on the bar`);
      assert.ok(Math.abs(body.arms.left.hand[1] - (bar.y - 0.1)) < 0.03, `frame ${i}: the left hand is not on its towel`);
    }
    // The bar hand's arm written too short to reach the bar: check names the hand and the time.
    const short = { ...source, keys: source.keys.map((k, i) => (i === 0 ? { ...k, arms: { left: [155, 200], right: [178, 178] } } : k)) };
    assert.ok(
      messages(short).some((m) => /^towels: at 0\.00 s the right hand is \d+ cm off the bar$/.test(m)),
      messages(short).join('\n'),
    );
  });

  it('refuses towels with no hand named, with no bar to hang from, and seen from the front', () => {
    const { towels: _, ...unnamed } = pullUp();
    assert.ok(
      messages(unnamed).some((m) => /a hung-towel prop needs `towels`/.test(m)),
      'a hung-towel prop with no towels was accepted',
    );
    assert.ok(
      messages(pullUp({ props: ['rings', 'hung-towel'] })).some((m) => /towels hang over an overhead bar/.test(m)),
      'towels on rings were accepted',
    );
    const front = build(pullUp({ view: 'front' }));
    const frontMessages = front.ok ? checkMotion(front.value).map((p) => p.message) : front.problems.map((p) => p.message);
    assert.ok(
      frontMessages.some((m) => /towels hung over a bar are drawn from the side only/.test(m)),
      frontMessages.join('\n'),
    );
    const parsed = build(pullUp({ towels: 'feet' }));
    assert.ok(!parsed.ok && parsed.problems.some((p) => p.path.endsWith('.towels')), 'towels for the feet were accepted');
  });

  it('leaves a hang without towels drawn byte for byte as before', () => {
    const d = built(plain());
    assert.ok(!d.motion.fixed.some((prop) => prop.kind === 'hung-towel'), 'a hang without towels has a towel');
    const all = bodies(d);
    const camera = cameraFor(d.motion, all);
    const hash = createHash('sha256');
    for (const body of all) hash.update(frameSvg(d.motion, body, camera));
    // The hash of the same pull-up's frames drawn by the renderer before towels were added (1.21.0).
    assert.equal(hash.digest('hex').slice(0, 16), '72047fe60ea14b0f', 'a pull-up without towels draws differently');
  });
});
