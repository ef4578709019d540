/**
 * A held load whose centre is away from the grip (heldOffset): a plate pinched by its top rim hangs below the hands, a
 * kettlebell held by the horns hangs centred below them even with the forearms up (not racked beside one forearm), a
 * kettlebell bottom up sits above them, a dumbbell held by one end tips with the wrist (turnsWithHand); the balance
 * and the camera see the load where it is drawn; check refuses an offset load in the floor or, held in both hands and
 * seen from the side, in the body, and an offset on any other load.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkMotion } from '../../src/motion/motion-check.ts';
import { cameraFor, frameSvg } from '../../src/motion/render-svg.ts';
import { COLOURS, round, svgPoint } from '../../src/motion/svg-kit.ts';
import { bodyAt, heldAt } from '../../src/motion/timeline.ts';
import { descriptionsIn } from '../helpers/motion-descriptions.ts';

const { description } = descriptionsIn('strength');
const problemsOf = (source: Record<string, unknown>): string[] => checkMotion(description(source)).map((p) => p.message);

const stand = { trunk: 0, legs: [0, 0, 90], hold: 0.3, move: 1 };
const row = (offset: Record<string, unknown> | undefined, top = [97, -74], props = ['plate']) => ({
  pattern: 'pose',
  view: 'front',
  props,
  ...(offset === undefined ? {} : { heldOffset: offset }),
  keys: [
    { name: 'at the thighs', legs: [3, 3], arms: [-13, -12], toward: { arms: [15, 15] }, feetOnFloor: 'both', hold: 0.3, move: 1 },
    { name: 'elbows up', legs: [3, 3], arms: top, toward: { arms: [60, 0] }, feetOnFloor: 'both', hold: 0.3, move: 1 },
  ],
});
const goblet = (offset: Record<string, unknown> | undefined, arms = [5, 125]) => ({
  pattern: 'pose',
  props: ['kettlebell'],
  ...(offset === undefined ? {} : { heldOffset: offset }),
  keys: [
    { name: 'tall', ...stand, arms },
    { name: 'half down', trunk: 10, legs: [50, -20, 90], arms, hold: 0.3, move: 1 },
  ],
});
const deviation = (offset: Record<string, unknown>) => ({
  pattern: 'pose',
  props: ['dumbbell'],
  holdIn: 'left',
  heldOffset: offset,
  keys: [
    { name: 'hanging', ...stand, arms: [0, 0, 0] },
    { name: 'tipped', ...stand, arms: [0, 0, 30] },
  ],
});

/** The middle of the hands in the frame `seconds` into the loop. */
const hands = (d: ReturnType<typeof description>, seconds: number) => {
  const { left, right } = bodyAt(d.motion, seconds).arms;
  return [(left.hand[0] + right.hand[0]) / 2, (left.hand[1] + right.hand[1]) / 2];
};

describe('a held load away from its grip', () => {
  it('hangs a plate pinched by its top rim below the hands, where it is drawn', () => {
    const pinched = description(row({ x: 0, y: -0.19 }));
    assert.deepEqual(checkMotion(pinched), []);
    for (const seconds of [0, 1.3]) {
      const body = bodyAt(pinched.motion, seconds);
      const [x, y] = hands(pinched, seconds);
      const centre = heldAt(body, pinched.motion.held[0]!);
      assert.ok(Math.abs(centre[0] - x!) < 1e-9 && Math.abs(centre[1] - (y! - 0.19)) < 1e-9);
      const camera = cameraFor(pinched.motion, [body]);
      const [cx, cy] = svgPoint(camera, centre).map(round);
      assert.ok(frameSvg(pinched.motion, body, camera).includes(`<circle cx="${cx}" cy="${cy}" r="${round(0.2 * camera.scale)}"`));
    }
    // Without the field the plate is centred on the hands as before.
    const centred = description(row(undefined));
    assert.deepEqual(heldAt(bodyAt(centred.motion, 0), centred.motion.held[0]!), hands(centred, 0));
  });

  it('draws a kettlebell by the horns below the hands, and bottom up above them, not racked beside a forearm', () => {
    for (const y of [-0.11, 0.16]) {
      const held = description(goblet({ x: 0, y }));
      assert.deepEqual(checkMotion(held), []);
      const body = bodyAt(held.motion, 0);
      const camera = cameraFor(held.motion, [body]);
      const [x, handY] = hands(held, 0);
      const [cx, cy] = svgPoint(camera, [x!, handY! + y]).map(round);
      const svg = frameSvg(held.motion, body, camera);
      assert.ok(svg.includes(`<circle cx="${cx}" cy="${cy}" r="${round(0.1 * camera.scale)}" fill="${COLOURS.iron}"`), `y ${y}`);
    }
    // Held centred, a bell with the forearms up is racked behind the hand (0.1 m back, 0.06 m down): not where the offset puts it.
    const racked = description(goblet(undefined));
    const body = bodyAt(racked.motion, 0);
    const camera = cameraFor(racked.motion, [body]);
    const [x, y] = hands(racked, 0);
    const [cx, cy] = svgPoint(camera, [x! - 0.1, y! - 0.06]).map(round);
    assert.ok(frameSvg(racked.motion, body, camera).includes(`<circle cx="${cx}" cy="${cy}"`));
  });

  it('turns a dumbbell held by one end with the hand (turnsWithHand): the wrist tips its head up', () => {
    for (const [x, sign] of [
      [0.15, 1],
      [-0.15, -1],
    ] as const) {
      const tipped = deviation({ x, y: 0, turnsWithHand: true });
      const d = description({ ...tipped, keys: [tipped.keys[0], { ...tipped.keys[1]!, arms: [0, 0, 30 * sign] }] });
      assert.deepEqual(checkMotion(d), []);
      const prop = d.motion.held[0]!;
      const hanging = heldAt(bodyAt(d.motion, 0), prop);
      const up = heldAt(bodyAt(d.motion, 1.3), prop);
      assert.ok(up[1] - hanging[1] > 0.06, `x ${x}: the head rises ${up[1] - hanging[1]}`);
      assert.ok(Math.sign(up[0] - bodyAt(d.motion, 1.3).arms.left.hand[0]) === Math.sign(x));
    }
  });

  it('refuses an offset load in the floor, in the body from the side, or on another load', () => {
    assert.ok(
      problemsOf({
        pattern: 'pose',
        props: ['plate'],
        holdIn: 'left',
        heldOffset: { x: 0, y: -0.17 },
        keys: [
          { name: 'squatted too deep', trunk: 35, legs: [100, -40, 90], arms: [-35, 0], hold: 0.3, move: 1 },
          { name: 'standing', ...stand, arms: [0, 0] },
        ],
      }).some((m) => /the plate is \d+ cm into the floor \(heldOffset\)/.test(m)),
      'a pinched plate pushed into the floor by too deep a squat',
    );
    assert.ok(
      problemsOf(goblet({ x: -0.3, y: 0 })).some((m) => /the kettlebell passes \d+ cm into the (trunk|head)/.test(m)),
      'a bell put back into the chest',
    );
    assert.ok(problemsOf(row({ x: 0, y: -0.19 }, [97, -74], ['barbell'])).some((m) => /heldOffset places a plate/.test(m)));
  });

  it('lets a swing hike its bell between the thighs with betweenLegs, and only a load held in both hands', () => {
    // The American swing's hike: the bell below the horns, turned with the hands back between the legs.
    const swing = (offset: Record<string, unknown>, holdIn = 'hands') => ({
      pattern: 'pose',
      props: ['kettlebell'],
      holdIn,
      heldOffset: offset,
      keys: [
        { name: 'hiked', trunk: 68, neck: -15, legs: [42, -12, 90], arms: [-55, -55], feetOnFloor: 'both', hold: 0.3, move: 0.6 },
        { name: 'overhead', trunk: 0, legs: [0, 0], arms: [176, 176], feetOnFloor: 'both', hold: 0.3, move: 0.6 },
      ],
    });
    const hanging = { x: 0, y: -0.13, turnsWithHand: true };
    assert.ok(
      problemsOf(swing(hanging)).some((m) => /the kettlebell passes \d+ cm into a thigh \(heldOffset\)/.test(m)),
      'without betweenLegs, the hiked bell reads as through a thigh',
    );
    assert.deepEqual(problemsOf(swing({ ...hanging, betweenLegs: true })), []);
    assert.ok(
      problemsOf(swing({ ...hanging, betweenLegs: true }, 'left')).some((m) => /betweenLegs is for a load held in both hands/.test(m)),
      'a one-handed bell hangs beside the legs: betweenLegs says nothing there',
    );
    assert.ok(
      problemsOf(goblet({ x: -0.3, y: 0, betweenLegs: true })).some((m) => /the kettlebell passes \d+ cm into the (trunk|head)/.test(m)),
      'betweenLegs lets the thighs go, not the trunk',
    );
  });
});
