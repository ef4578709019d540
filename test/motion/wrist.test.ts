/**
 * The wrist (renderer 1.20.0, src/motion/wrist.ts): a pose key's arm may give the hand's direction, the
 * hand turns at the wrist by it and carries what it holds, a description that turns a wrist draws the
 * palms in every frame (and one that does not is drawn as before), and the check refuses a wrist past its
 * range or turned on a hand a target places.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkMotion } from '../../src/motion/motion-check.ts';
import { cameraFor, frameSvg } from '../../src/motion/render-svg.ts';
import { angles, arm } from '../../src/motion/motion.ts';
import { type Body, pose, SEGMENT } from '../../src/motion/skeleton.ts';
import { bodyAt, heldAt, keyBody } from '../../src/motion/timeline.ts';
import { isLightDumbbell, LIGHT_DUMBBELL_RADIUS, lightDumbbellAt } from '../../src/motion/light-dumbbell.ts';
import { circle, COLOURS } from '../../src/motion/svg-kit.ts';
import { descriptionsIn } from '../helpers/motion-descriptions.ts';

const strength = descriptionsIn('strength');
const ID = 'Standing_Palms-Up_Barbell_Behind_The_Back_Wrist_Curl';
const near = (actual: number, expected: number, what: string) =>
  assert.ok(Math.abs(actual - expected) < 1e-9, `${what}: ${actual} is not ${expected}`);

/** Standing, forearms forward just below level, a barbell in the hands: the hands in line, then turned up by `turn` degrees. */
const curl = (turn: number | undefined, first: readonly number[] = [-10, 80]) => ({
  pattern: 'pose',
  props: ['barbell'],
  keys: [
    { name: 'hands in line', arms: first },
    { name: 'hands turned', arms: turn === undefined ? [-10, 80] : [-10, 80, 80 + turn] },
  ],
});
const degreesOf = ([x0, y0]: readonly number[], [x1, y1]: readonly number[]) => (Math.atan2(y1! - y0!, x1! - x0!) * 180) / Math.PI;

describe('wrist', () => {
  it('turns the hand about the wrist by the difference of the hand and forearm directions, the grip a half hand out', () => {
    const straight = pose(angles({ arms: arm(0, 90) }), 'side');
    const turned = pose(angles({ arms: { ...arm(0, 90), wrist: 90 } }), 'side');
    for (const side of ['left', 'right'] as const) {
      assert.deepEqual(turned.arms[side].end, straight.arms[side].end, `${side} wrist stays`);
      const [wx, wy] = turned.arms[side].end;
      // The forearm points forward level; turned 90 degrees the way the elbow bends, the hand points up.
      near(turned.arms[side].hand[0], wx, `${side} grip straight above the wrist`);
      near(turned.arms[side].hand[1], wy + SEGMENT.hand * 0.5, `${side} grip half a hand up`);
    }
  });

  it('carries the held bar with the hand, eases the wrist between keys, and passes the check', () => {
    const d = strength.description(curl(60), ID);
    const bar = d.motion.held.find((p) => p.kind === 'barbell')!;
    const [flat, up] = d.motion.keys.map((k) => keyBody(k, d.motion.view).body) as [Body, Body];
    // The forearm points 10 degrees below level; the grip, half a hand out, turns from there to 50 above.
    const rise = (SEGMENT.hand / 2) * (Math.sin((50 * Math.PI) / 180) - Math.sin((-10 * Math.PI) / 180));
    near(heldAt(up, bar)[1] - heldAt(flat, bar)[1], rise, 'the bar rises with the hands');
    assert.deepEqual(up.arms.left.end, flat.arms.left.end, 'the forearms do not move');
    // Halfway through the move (eased symmetrically) the wrist is turned halfway: 30 degrees.
    const { middle: elbow, end: wrist, hand } = bodyAt(d.motion, 0.6 + 0.5).arms.left;
    near(degreesOf(wrist, hand) - degreesOf(elbow, wrist), 30, 'halfway through the move');
    assert.deepEqual(checkMotion(d), []);
  });

  it('draws palms in every frame of a description that turns a wrist, and none in one that does not', () => {
    const svgOf = (source: Record<string, unknown>) => {
      const d = strength.description(source, ID);
      const { body } = keyBody(d.motion.keys[0]!, d.motion.view);
      return frameSvg(d.motion, body, cameraFor(d.motion, [body]));
    };
    const lines = (svg: string) => svg.split('<path').length;
    // The first key is the same pose in all three; the hands are in line there.
    const without = svgOf(curl(undefined));
    const inLine = svgOf(curl(0, [-10, 80, 80]));
    const turning = svgOf(curl(60));
    assert.equal(lines(turning), lines(without) + 2, 'a palm on each arm');
    assert.equal(inLine, turning, 'the same first frame whichever key turns the wrist');
  });

  it('refuses a wrist past its range and one turned on a placed hand', () => {
    const past = checkMotion(strength.description(curl(100), ID)).map((p) => p.message);
    assert.ok(
      past.some((m) => m.includes('key 1 "hands turned": left wrist 100 outside -85..90 degrees')),
      past.join('\n'),
    );
    const plank = {
      pattern: 'pose',
      props: ['mat'],
      fixed: 'leftToe',
      keys: [
        { name: 'plank', trunk: 80, legs: [100, 100], arms: [0, 0], handsOnFloor: 'both', feetOnFloor: 'both', onToes: 'both' },
        { name: 'hands folded', trunk: 80, legs: [100, 100], arms: [0, 0, -60], handsOnFloor: 'both', feetOnFloor: 'both', onToes: 'both' },
      ],
    };
    const placed = checkMotion(strength.description(plank, 'Plank')).map((p) => p.message);
    assert.ok(
      placed.some((m) => m.includes('key 1 "hands folded": left wrist is turned -60 degrees on a placed hand')),
      placed.join('\n'),
    );
    assert.match(strength.refusedAt({ ...curl(0), keys: [{ name: 'x', arms: [0, 90, 90, 90] }, { name: 'y' }] }, ID), /keys\.0\.arms: /);
  });
});

describe('a light dumbbell in one hand that turns at the wrist', () => {
  const therapy = descriptionsIn('physical_therapy');
  /** Seated, the left forearm level forward, a dumbbell in the left hand turned down (flexed) then up (extended). */
  const eccentric = (props: string[], holdIn: string) => ({
    pattern: 'pose',
    props,
    holdIn,
    keys: [
      { name: 'flexed', arms: { left: [-10, 85, 5], right: [0, 0] }, hold: 0.2, move: 1 },
      { name: 'extended', arms: { left: [-10, 85, 145], right: [0, 0] }, hold: 0.2, move: 1 },
    ],
  });
  const svgAt = (source: Record<string, unknown>, key: number) => {
    const d = therapy.description(source);
    const { body } = keyBody(d.motion.keys[key]!, 'side');
    return { d, body, svg: frameSvg(d.motion, body, cameraFor(d.motion, [body])) };
  };

  it('is drawn at the knuckles, a hand from the wrist, 9 cm across: below the forearm flexed, above it extended', () => {
    for (const [key, below] of [
      [0, true],
      [1, false],
    ] as const) {
      const { d, body, svg } = svgAt(eccentric(['dumbbell'], 'left'), key);
      const at = lightDumbbellAt(body, d.motion.held[0]!);
      const wrist = body.arms.left.end;
      near(Math.hypot(at[0] - wrist[0], at[1] - wrist[1]), SEGMENT.hand, 'knuckles a hand from the wrist');
      assert.ok(below ? at[1] < wrist[1] - 0.08 : at[1] > wrist[1] + 0.06, `key ${key}: ${at[1]} against the wrist at ${wrist[1]}`);
      const camera = cameraFor(d.motion, [body]);
      assert.ok(svg.includes(circle(camera, at, LIGHT_DUMBBELL_RADIUS, COLOURS.iron, COLOURS.ironEdge, 0.01)), 'the light dumbbell');
    }
  });

  it('leaves a pair of dumbbells, and a dumbbell whose wrist never turns, drawn at the grip as before', () => {
    const pair = therapy.description(eccentric(['dumbbells'], 'hands'));
    assert.equal(isLightDumbbell(pair.motion, pair.motion.held[0]!), false);
    const still = therapy.description({
      ...eccentric(['dumbbell'], 'left'),
      keys: eccentric(['dumbbell'], 'left').keys.map((k) => ({ ...k, arms: { left: [-10, 85], right: [0, 0] } })),
    });
    assert.equal(isLightDumbbell(still.motion, still.motion.held[0]!), false);
  });
});
