/**
 * A Smith machine's bar pressed by the soles (`holdIn` `soles`, `left-sole`, `right-sole`; smith-soles.ts,
 * smith-soles-check.ts): the bar lies against the middle of each pressing sole in every frame, drawn end on there with
 * its plate behind the figure and the rails behind it; the schema refuses it without the rails, and `check` refuses,
 * naming holdIn and the time, a bar off its rails (a path that is not vertical), a foot off the bar, a sole that does
 * not face up, another load than a barbell, and the front view.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkMotion } from '../../src/motion/motion-check.ts';
import { cameraFor, frameSvg } from '../../src/motion/render-svg.ts';
import { distance } from '../../src/motion/skeleton.ts';
import { barOnSole, soleTilt } from '../../src/motion/smith-soles.ts';
import { circle, COLOURS } from '../../src/motion/svg-kit.ts';
import { heldAt } from '../../src/motion/timeline.ts';
import { descriptionsIn, frameBodies } from '../helpers/motion-descriptions.ts';

const strength = descriptionsIn('strength');

/** A Smith leg press lying under the bar (rails over the hips), the feet pressing it from 1.075 m down to 0.85 m. */
const legPress = (extra: Record<string, unknown> = {}, legs: Record<string, unknown> = {}) => ({
  pattern: 'pose',
  props: ['barbell', 'smith'],
  holdIn: 'soles',
  fixed: 'pelvis',
  smith: 0,
  keys: [
    { name: 'pressed up', trunk: -90, legs: [184.2, 166.7, 270], arms: [80, 92], handsOnFloor: 'both', hold: 0.4, move: 0.6 },
    { name: 'lowering', trunk: -90, legs: [207.7, 141.7, 268], arms: [80, 92], handsOnFloor: 'both', through: true, hold: 0, move: 0.6 },
    { name: 'lowered', trunk: -90, legs: [218.8, 130.3, 264], arms: [80, 92], handsOnFloor: 'both', hold: 0.3, move: 0.6, ...legs },
    { name: 'pressing', trunk: -90, legs: [207.7, 141.7, 268], arms: [80, 92], handsOnFloor: 'both', through: true, hold: 0, move: 0.6 },
  ],
  ...extra,
});

const problemsOf = (source: Record<string, unknown>) => strength.checked(source, 'Smith_Machine_Leg_Press');

describe('Smith bar pressed by the soles', () => {
  it('lies against the middle of both soles in every frame, straight up and down its rails', () => {
    const d = strength.description(legPress(), 'Smith_Machine_Leg_Press');
    assert.deepEqual(checkMotion(d), []);
    const bar = d.motion.held[0]!;
    assert.deepEqual([bar.kind, bar.at], ['barbell', 'soles']);
    const heights = frameBodies(d).map((body, i) => {
      const at = heldAt(body, bar);
      for (const side of ['left', 'right'] as const) {
        const leg = body.legs[side];
        assert.ok(distance(barOnSole(leg), at) < 0.01, `frame ${i}: the ${side} sole is off the bar`);
        // Over the middle of the foot, between the heel and the toe, beyond the sole: not at the toes, not in the foot.
        const along =
          ((at[0] - leg.heel[0]) * (leg.toe[0] - leg.heel[0]) + (at[1] - leg.heel[1]) * (leg.toe[1] - leg.heel[1])) /
          distance(leg.heel, leg.toe) ** 2;
        assert.ok(along > 0.4 && along < 0.6, `frame ${i}: the bar is ${along} of the way from the heel to the toe`);
        assert.ok(at[1] > Math.max(leg.heel[1], leg.toe[1]) + 0.04, `frame ${i}: the bar is not above the sole`);
        assert.ok(soleTilt(leg) < 10, `frame ${i}: the ${side} sole faces ${soleTilt(leg)}° off up`);
      }
      assert.ok(Math.abs(at[0]) < 0.005, `frame ${i}: the bar is ${at[0]} m off the rails`);
      return at[1];
    });
    assert.ok(Math.max(...heights) - Math.min(...heights) > 0.2, 'the bar travels over 20 cm');
  });

  it('draws the bar end on at the soles, its plate behind the figure, the rails behind both', () => {
    const d = strength.description(legPress(), 'Smith_Machine_Leg_Press');
    const bodies = frameBodies(d);
    const camera = cameraFor(d.motion, bodies);
    const body = bodies[0]!;
    const svg = frameSvg(d.motion, body, camera);
    const at = heldAt(body, d.motion.held[0]!);
    const plate = svg.indexOf(circle(camera, at, 0.225, COLOURS.plate, COLOURS.plateEdge, 0.02));
    const sleeve = svg.indexOf(circle(camera, at, 0.035, COLOURS.steel, COLOURS.iron, 0.01));
    const rails = svg.indexOf(`stroke="${COLOURS.steel}"`);
    const figure = svg.indexOf(`stroke="${COLOURS.near}"`);
    assert.ok(rails >= 0 && plate >= 0 && sleeve >= 0 && figure >= 0, 'the rails, plate, sleeve and figure are drawn');
    assert.ok(rails < plate && plate < figure && figure < sleeve, 'rails, then plate, then the figure, then the bar over the soles');
  });

  it('is refused without the rails, off the rails, with a foot off the bar, a sole turned away, another load, and from the front', () => {
    const { smith: _, ...noRails } = legPress();
    assert.match(
      strength.refused(noRails, 'Smith_Machine_Leg_Press'),
      /holdIn soles, left-sole and right-sole press a Smith machine's bar with the feet: give its rails, smith/,
    );
    assert.match(
      problemsOf(legPress({ smith: 0.05 })),
      /holdIn: at 0\.00 s the bar at the soles is 5 cm off the Smith machine's rails \(x 0\.05\), which hold it to a straight vertical path/,
    );
    // The right leg stays straight while the left lowers the bar.
    const parted = legPress({}, { legs: { left: [218.8, 130.3, 264], right: [184.2, 166.7, 270] } });
    assert.match(problemsOf(parted), /holdIn: at \d\.\d\d s the left foot is \d+ cm off the Smith bar: both soles press it/);
    // Feet pointing up: the soles face the head, not the bar's load.
    const turned = legPress({}, { legs: [218.8, 130.3, 200] });
    assert.match(
      problemsOf(turned),
      /holdIn: at \d\.\d\d s the left sole faces \d+° from straight up: past 45° the Smith bar rolls off it/,
    );
    assert.match(
      problemsOf(legPress({ props: ['dumbbell', 'smith'] })),
      /holdIn: the soles press a Smith machine's bar: name barbell in props, and nothing else held/,
    );
    assert.match(problemsOf(legPress({ view: 'front' })), /holdIn: a Smith machine's bar pressed by the soles is drawn from the side/);
  });

  it('lies against the one sole named, the other foot free', () => {
    const d = strength.description(legPress({ holdIn: 'left-sole' }), 'Smith_Machine_Leg_Press');
    assert.deepEqual(checkMotion(d), []);
    for (const body of frameBodies(d)) assert.deepEqual(heldAt(body, d.motion.held[0]!), barOnSole(body.legs.left));
  });
});
