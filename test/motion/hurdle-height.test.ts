/**
 * Hurdles of a given height (`hurdleHeight`; hurdle.ts, render-hurdle.ts): adjustable hurdles with two uprights and a top
 * bar, drawn end on at that height; the schema refuses the field without hurdles and out of range, `check` refuses a part
 * of the figure through the top bar (a mini hurdle's too) and lets a figure pass under an adjustable one's bar; without
 * the field a hurdle is the 30 cm mini hurdle, drawn as before.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { barCentre, HURDLE_BAR, throughBar } from '../../src/motion/hurdle.ts';
import { checkMotion } from '../../src/motion/motion-check.ts';
import { cameraFor, frameSvg } from '../../src/motion/render-svg.ts';
import { COLOURS, round, svgPoint } from '../../src/motion/svg-kit.ts';
import { bodyAt } from '../../src/motion/timeline.ts';
import { descriptionsIn } from '../helpers/motion-descriptions.ts';

const mobility = descriptionsIn('mobility');

/** Standing on the left leg, the right knee lifted high, a hurdle at x. */
const lift = (extra: Record<string, unknown> = {}) => ({
  pattern: 'pose',
  props: ['hurdle'],
  hurdles: [0.3],
  fixed: 'leftHeel',
  keys: [
    { name: 'stand', legs: [0, 0] },
    { name: 'knee up', legs: { left: [0, 0], right: [95, 5] }, arms: [20, 30] },
  ],
  ...extra,
});

describe('hurdles of a given height', () => {
  it('sets the hurdle to that height, adjustable, and leaves the mini hurdle at 30 cm', () => {
    const set = mobility.description(lift({ hurdleHeight: 0.6 }), 'Hurdle_Walkover');
    const hurdle = set.motion.fixed.find((prop) => prop.kind === 'hurdle')!;
    assert.equal(hurdle.y, 0.6);
    assert.equal(hurdle.adjustable, true);
    const mini = mobility.description(lift(), 'Hurdle_Walkover').motion.fixed.find((prop) => prop.kind === 'hurdle')!;
    assert.equal(mini.y, 0.3);
    assert.equal(mini.adjustable, undefined);
  });

  it('refuses a height out of range and a height without hurdles, naming the field', () => {
    assert.match(mobility.refusedAt(lift({ hurdleHeight: 1.5 }), 'Hurdle_Walkover'), /hurdleHeight/);
    assert.match(mobility.refused({ ...lift({ hurdleHeight: 0.6 }), hurdles: undefined, props: [] }, 'Hurdle_Walkover'), /hurdleHeight/);
  });

  it('draws the top bar end on at its height on an upright, where the mini hurdle has none', () => {
    const d = mobility.description(lift({ hurdleHeight: 0.6 }), 'Hurdle_Walkover');
    const body = bodyAt(d.motion, 0);
    const camera = cameraFor(d.motion, [body]);
    const [x, y] = svgPoint(camera, barCentre(d.motion.fixed.find((prop) => prop.kind === 'hurdle')!));
    const svg = frameSvg(d.motion, body, camera);
    assert.ok(svg.includes(`<circle cx="${round(x)}" cy="${round(y)}" r="${round(HURDLE_BAR * camera.scale)}" fill="${COLOURS.steel}"`));
    const [, floor] = svgPoint(camera, [0, 0.012]);
    assert.ok(svg.includes(`M${round(x)} ${round(floor)}L${round(x)} ${round(y)}`), 'the upright from the floor to the bar');
    const mini = mobility.description(lift(), 'Hurdle_Walkover');
    assert.ok(!frameSvg(mini.motion, body, camera).includes(`fill="${COLOURS.steel}"`), 'a mini hurdle has no round bar');
  });

  it('refuses a part through the top bar, and lets the figure pass under an adjustable hurdle', () => {
    // The right knee lifted high over a 60 cm bar half a metre ahead of the standing heel: the shank comes down through it.
    const through = checkMotion(mobility.description(lift({ hurdleHeight: 0.6, hurdles: [0.5] }), 'Hurdle_Walkover'))
      .map((p) => p.message)
      .join('; ');
    assert.match(through, /hurdles: at [\d.]+ s the right (thigh|shank|foot) passes \d+ cm into the 60 cm hurdle's top bar/);
    // Under a 1 m bar 30 cm ahead the standing figure's legs are open space: nothing is refused.
    assert.deepEqual(checkMotion(mobility.description(lift({ hurdleHeight: 1.1, hurdles: [0.32] }), 'Hurdle_Walkover')), []);
    // A mini hurdle stays solid to the feet: a foot under its bar is refused as before.
    const mini = checkMotion(mobility.description(lift({ hurdles: [0.1] }), 'Hurdle_Walkover'));
    assert.match(mini.map((p) => p.message).join('; '), /a foot passes through the hurdle/);
  });

  it('finds the part in the bar by its drawn thickness', () => {
    const d = mobility.description(lift({ hurdleHeight: 0.6, hurdles: [2] }), 'Hurdle_Walkover');
    const body = bodyAt(d.motion, 0);
    const bar = {
      kind: 'hurdle' as const,
      x0: body.head[0] - 0.03,
      x1: body.head[0] + 0.03,
      y: body.head[1] + 0.1,
      adjustable: true as const,
    };
    assert.equal(throughBar(bar, body, 'side')?.part, 'head');
    assert.equal(throughBar({ ...bar, y: body.head[1] + 0.2 }, body, 'side'), undefined);
  });
});
