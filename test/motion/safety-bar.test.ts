/**
 * A safety squat bar (`"bar": "safety"`; safety-bar.ts, safety-bar-check.ts, render-safety-bar.ts): the hands hold its
 * handles' ends in front of the chest in every frame while the bar rides the back, its plate hangs below and ahead of
 * the bar, the pad and handle are drawn over the trunk; the schema refuses the field off the back, `check` refuses a
 * hand off the handle (naming the gap), the pad in the head and the front view, and a straight bar is drawn as before.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadGrip, safetyYoke } from '../../src/motion/held-places.ts';
import { checkMotion } from '../../src/motion/motion-check.ts';
import { cameraFor, frameSvg } from '../../src/motion/render-svg.ts';
import { distance } from '../../src/motion/skeleton.ts';
import { COLOURS } from '../../src/motion/svg-kit.ts';
import { heldAt } from '../../src/motion/timeline.ts';
import { descriptionsIn, frameBodies } from '../helpers/motion-descriptions.ts';

const powerlifting = descriptionsIn('powerlifting');

/** A safety bar squat: standing, handles in front, down to full depth. */
const squat = (extra: Record<string, unknown> = {}) => ({
  pattern: 'pose',
  props: ['barbell'],
  holdIn: 'back',
  bar: 'safety',
  keys: [
    { name: 'standing', trunk: 2, legs: [-4, -4, 90], arms: [15, 150], hold: 0.3, move: 0.45 },
    { name: 'full depth', trunk: 40, neck: -15, legs: [95, -32, 90], arms: [35, 175], hold: 0.25, move: 0.45 },
  ],
  ...extra,
});

const problemsOf = (source: Record<string, unknown>) => powerlifting.checked(source, 'Safety_Bar_Squat');

describe('safety squat bar', () => {
  it('holds the hands on its handles in front of the chest in every frame, the plate below and ahead of the bar', () => {
    const d = powerlifting.description(squat(), 'Safety_Bar_Squat');
    assert.deepEqual(checkMotion(d), []);
    const bar = d.motion.held[0]!;
    assert.equal(bar.bar, 'safety');
    for (const [i, body] of frameBodies(d).entries()) {
      const yoke = safetyYoke(body, bar);
      assert.deepEqual(yoke.bar, heldAt(body, bar), `frame ${i}: the yoke is not on the back bar's place`);
      assert.deepEqual(loadGrip(body, bar), yoke.grip);
      for (const hand of [body.arms.left.hand, body.arms.right.hand])
        assert.ok(distance(hand, yoke.grip) < 0.03, `frame ${i}: a hand is ${distance(hand, yoke.grip)} m off the handle`);
      // The hands are in front of the chest, well ahead of the bar behind the neck, below the shoulders.
      const [ux, uy] = [body.neckBase[0] - body.waist[0], body.neckBase[1] - body.waist[1]];
      const ahead = ((yoke.grip[0] - body.neckBase[0]) * uy - (yoke.grip[1] - body.neckBase[1]) * ux) / Math.hypot(ux, uy);
      assert.ok(ahead > 0.2, `frame ${i}: the handles' ends are ${ahead} m in front of the upper trunk's line`);
      assert.ok(yoke.sleeve[1] < yoke.bar[1] - 0.05, `frame ${i}: the plate does not hang below the bar`);
    }
  });

  it('draws the plate at the cambered sleeve behind the figure, the pad and the handle over the trunk', () => {
    const d = powerlifting.description(squat(), 'Safety_Bar_Squat');
    const bodies = frameBodies(d);
    const camera = cameraFor(d.motion, bodies);
    const svg = frameSvg(d.motion, bodies[0]!, camera);
    assert.ok(svg.includes(`stroke="${COLOURS.pad}"`), 'no pad');
    const [plate, trunk, pad] = [svg.indexOf(`fill="${COLOURS.plate}"`), svg.indexOf(`stroke="${COLOURS.near}"`), svg.indexOf(COLOURS.pad)];
    assert.ok(plate >= 0 && plate < trunk && trunk < pad, 'the plate behind the figure, the pad over the trunk');
  });

  it('is refused off the back, without a barbell, with a hand off the handle, and from the front', () => {
    assert.match(
      powerlifting.refusedAt(squat({ holdIn: 'hands' }), 'Safety_Bar_Squat'),
      /bar safety is a safety squat bar on the back: give holdIn back/,
    );
    assert.match(powerlifting.refusedAt(squat({ props: ['dumbbells'] }), 'Safety_Bar_Squat'), /\.bar: bar safety says/);
    const front = problemsOf(squat({ view: 'front' }));
    assert.match(front, /bar: a safety squat bar is drawn from the side/);
    // Hands left where a straight bar has them, behind the neck: the gap to the handles is named.
    const { bar: _, ...straight } = squat();
    const d = powerlifting.description(straight, 'Safety_Bar_Squat');
    const behind = { ...d.motion, held: d.motion.held.map((prop) => ({ ...prop, bar: 'safety' as const })) };
    const gap = checkMotion({ ...d, motion: behind })
      .map((p) => p.message)
      .join('; ');
    assert.match(gap, /bar: at 0\.00 s the left hand is \d+ cm off the safety bar's handle/);
  });

  it('leaves a straight bar on the back as it was: the hands just above and behind it', () => {
    const { bar: _, ...straight } = squat();
    const d = powerlifting.description(straight, 'Safety_Bar_Squat');
    const load = d.motion.held[0]!;
    assert.equal(load.bar, undefined);
    const body = frameBodies(d)[0]!;
    assert.ok(distance(loadGrip(body, load), heldAt(body, load)) < 0.03);
  });
});
