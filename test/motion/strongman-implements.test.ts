/**
 * Strongman implements (src/motion/strongman-implements.ts): the Dinnie stones hang from the hands' rings
 * and stand on the floor at the start of the lift, never sinking into it; a Husafell stone is hugged
 * against the chest on the forearms, refused off it or through it; a press block is gripped between the
 * palms and refused when it passes through the head or the chest.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkMotion } from '../../src/motion/motion-check.ts';
import type { Description } from '../../src/motion/motion-files.ts';
import { keyStartSeconds } from '../../src/motion/motion.ts';
import { cameraFor, frameSvg } from '../../src/motion/render-svg.ts';
import {
  blockChestGap,
  blockHeadGap,
  DINNIE,
  dinnieBottom,
  HUSAFELL,
  husafellCorners,
  husafellGap,
  RICKSHAW,
} from '../../src/motion/strongman-implements.ts';
import { bodyAt, FRAMES_PER_SECOND, frameCount, heldAt, keyBody, loopKeyBody } from '../../src/motion/timeline.ts';
import { descriptionsIn } from '../helpers/motion-descriptions.ts';

const { built, description } = descriptionsIn('strongman');

/** The check's messages, less the standing balance check's (a test pose need not balance its load). */
const messagesOf = (source: Record<string, unknown>): string[] =>
  checkMotion(description(source))
    .map((p) => p.message)
    .filter((message) => !message.startsWith('the centre of mass'));

/** The SVG of key `index` in a camera showing every key. */
function svgOf(d: Description, index: number): string {
  const bodies = d.motion.keys.map((k) => keyBody(k, d.motion.view).body);
  return frameSvg(d.motion, bodies[index]!, cameraFor(d.motion, bodies), keyStartSeconds(d.motion, index));
}

const dinnie = (startLegs: readonly number[]) => ({
  pattern: 'pose',
  fixed: 'leftToe',
  props: ['dinnie-stones'],
  keys: [
    { name: 'stones on the floor', trunk: 42, neck: -15, legs: startLegs, arms: [0, 0], hold: 0.4, move: 1.2 },
    { name: 'standing tall', legs: [0, 0, 90], arms: [2, 2], hold: 1, move: 1 },
  ],
});

const husafell = (arms: readonly number[]) => ({
  pattern: 'pose',
  props: ['husafell-stone'],
  keys: [
    { name: 'hugged', trunk: -10, neck: 5, legs: [0, 0, 90], arms },
    { name: 'still hugged', trunk: -10, neck: 5, legs: [10, -10, 90], arms },
  ],
});

const press = (rack: readonly number[], neck: number) => ({
  pattern: 'pose',
  props: ['press-block'],
  keys: [
    { name: 'racked', trunk: -10, neck: -10, legs: [0, 0, 90], arms: rack, hold: 0.4, move: 0.4 },
    { name: 'past the face', trunk: -6, neck, legs: [0, 0, 90], arms: [95, 190], hold: 0, move: 0.3 },
    { name: 'locked out', trunk: -2, legs: [0, 0, 90], arms: [178, 178], hold: 0.5, move: 0.6 },
  ],
});

describe('strongman implements: the schema and the props', () => {
  it('knows the three implements as held loads, the Dinnie stones one in each hand', () => {
    const d = description(dinnie([61, -22, 90]));
    assert.deepEqual(
      d.motion.held.map((prop) => [prop.kind, prop.at, prop.massKg]),
      [['dinnie-stones', 'hands', 332]],
    );
    assert.deepEqual(
      description(husafell([12, 80])).motion.held.map((prop) => prop.kind),
      ['husafell-stone'],
    );
    const unknown = built({ ...press([25, 150], -22), props: ['husafell-stones'] });
    assert.equal(unknown.ok, false);
  });

  it('refuses an implement seen from the front or held in one hand', () => {
    assert.deepEqual(messagesOf({ ...husafell([12, 80]), view: 'front' }), ['a husafell-stone is drawn from the side only']);
    assert.deepEqual(messagesOf({ ...press([25, 150], -22), holdIn: 'right' }), ['a press-block is held in both hands (holdIn hands)']);
    assert.deepEqual(messagesOf({ ...dinnie([61, -22, 90]), holdIn: 'left' }), [
      'the Dinnie stones are held one in each hand (holdIn hands)',
    ]);
  });
});

describe('strongman implements: the Dinnie stones', () => {
  it('stand on the floor at the start of the lift and hang from the rings as the lifter stands', () => {
    const d = description(dinnie([61, -22, 90]));
    assert.deepEqual(messagesOf(dinnie([61, -22, 90])), []);
    const start = loopKeyBody(d.motion, 0).body;
    for (const side of ['left', 'right'] as const) assert.ok(Math.abs(dinnieBottom(start.arms[side].hand)) < 0.01);
    const top = loopKeyBody(d.motion, 1).body;
    assert.ok(dinnieBottom(top.arms.left.hand) > 0.3, 'lifted well off the floor at lockout');
    // Two stones drawn, a ring in each hand: two ring circles and two outlines of each shade.
    const svg = svgOf(d, 1);
    assert.equal((svg.match(/<circle [^>]*fill="none" stroke="#2f2f33"/g) ?? []).length, 2);
    assert.equal((svg.match(/<polygon [^>]*fill="#6d6961"/g) ?? []).length, 2);
  });

  it('refuses a lift that starts with the stones in the floor', () => {
    const messages = messagesOf(dinnie([80, -25, 90]));
    assert.equal(messages.length, 1);
    assert.match(messages[0]!, /^at 0\.00 s the left Dinnie stone is \d+ cm into the floor; its ring hangs 42 cm above its bottom$/);
    assert.equal(DINNIE.drop, 0.42);
  });
});

const rickshaw = (startLegs: readonly number[]) => ({ ...dinnie(startLegs), props: ['rickshaw'] });

describe('strongman implements: the rickshaw', () => {
  it('stands on the floor at the start of the lift and rises level with the handles, one in each hand', () => {
    assert.deepEqual(messagesOf(rickshaw([65, -22, 90])), []);
    const d = description(rickshaw([65, -22, 90]));
    assert.deepEqual(
      d.motion.held.map((prop) => [prop.kind, prop.at]),
      [['rickshaw', 'hands']],
    );
    const start = loopKeyBody(d.motion, 0).body;
    assert.ok(Math.abs(heldAt(start, d.motion.held[0]!)[1] - RICKSHAW.drop) < 0.015, 'resting on its posts');
    // Drawn once, not once per hand: two plates on the pegs at its ends.
    assert.equal((svgOf(d, 1).match(/<circle [^>]*fill="#2f2f33" stroke="#6b6b73"/g) ?? []).length, 2);
  });

  it('refuses a frame pulled down into the floor', () => {
    assert.match(
      messagesOf(rickshaw([80, -25, 90]))[0]!,
      /^at 0\.00 s the rickshaw's frame is \d+ cm into the floor; it stands 40 cm below its handles$/,
    );
  });
});

describe('strongman implements: the Husafell stone', () => {
  it('is hugged against the chest on the forearms in every frame of a good carry', () => {
    const d = description(husafell([12, 80]));
    assert.deepEqual(messagesOf(husafell([12, 80])), []);
    for (let frame = 0; frame < frameCount(d.motion); frame += 1) {
      const body = bodyAt(d.motion, frame / FRAMES_PER_SECOND);
      const hands = heldAt(body, d.motion.held[0]!);
      assert.ok(Math.abs(husafellGap(body, hands)) <= 0.03);
      const [frontBottom, , backTop] = husafellCorners(body, hands);
      // Standing on the forearms just above the hands, its top near the chin.
      assert.ok(Math.abs(frontBottom[1] - hands[1] - HUSAFELL.onHands) < 0.01);
      assert.ok(backTop[1] > body.neckBase[1] && backTop[1] < body.head[1]);
    }
  });

  it('refuses a stone held out in front of the chest, or pushed into it', () => {
    assert.match(
      messagesOf(husafell([30, 90]))[0]!,
      /^at 0\.00 s the Husafell stone is \d+ cm off the chest; it is hugged against it on the forearms$/,
    );
    assert.match(messagesOf(husafell([0, 60]))[0]!, /^at 0\.00 s the Husafell stone is \d+ cm into the chest/);
  });
});

describe('strongman implements: the press block', () => {
  it('is racked against the chest and pressed past the face and overhead without passing through either', () => {
    const d = description(press([25, 150], -22));
    assert.deepEqual(messagesOf(press([25, 150], -22)), []);
    const rack = loopKeyBody(d.motion, 0).body;
    const at = heldAt(rack, d.motion.held[0]!);
    assert.ok(Math.abs(blockChestGap(rack, at)) < 0.02, 'resting on the chest at the rack');
    for (let frame = 0; frame < frameCount(d.motion); frame += 1) {
      const body = bodyAt(d.motion, frame / FRAMES_PER_SECOND);
      assert.ok(blockHeadGap(body, heldAt(body, d.motion.held[0]!)) > -0.03);
    }
    assert.match(svgOf(d, 2), /<rect [^>]*fill="#8d9299" stroke="#6b6b73"/);
  });

  it('refuses a block racked into the chest', () => {
    assert.match(messagesOf(press([10, 150], -22))[0]!, /^at 0\.00 s the press block is \d+ cm into the chest; rack it in front of it$/);
  });

  it('refuses a block pressed through the face', () => {
    const straightUp = {
      ...press([25, 150], -22),
      keys: [
        { name: 'racked', trunk: -10, neck: -10, legs: [0, 0, 90], arms: [25, 150], hold: 0.4, move: 0.4 },
        { name: 'at the forehead', trunk: 0, neck: 10, legs: [0, 0, 90], arms: [60, 190], hold: 0.2, move: 0.4 },
      ],
    };
    assert.match(messagesOf(straightUp).join('\n'), /the press block passes \d+ cm through the head; move the head back out of its path/);
  });
});
