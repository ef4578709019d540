/**
 * A strongman implement let go (src/motion/implement-release.ts, implement-release-params.ts,
 * implement-release-check.ts, implement-toss.ts): set down on the box's top it rests where it was let go;
 * tossed it leaves the hands with their own velocity (the move into the release only accelerates), flies
 * as a thrown body over the toss bar and lies where it lands; from the release key on the balance check
 * no longer counts it. The schema refuses a release that does not fit the keys, the box or the loop, and
 * the check refuses one resting in the air, through the box, the bar or the body, or landing too late.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  armLine,
  implementAt,
  implementCentre,
  IMPLEMENT_HALF,
  loadsAtKey,
  tossLanding,
  tossLaunch,
  WEIGHT_REACH,
} from '../../src/motion/implement-release.ts';
import { checkMotion } from '../../src/motion/motion-check.ts';
import { cycleSeconds, keyStartSeconds } from '../../src/motion/motion.ts';
import { cameraFor, figuresSvg } from '../../src/motion/render-svg.ts';
import { G } from '../../src/motion/thrown.ts';
import { bodyAt, figuresAt, FRAMES_PER_SECOND, frameCount, heldAt, loopKeyBody } from '../../src/motion/timeline.ts';
import { descriptionsIn } from '../helpers/motion-descriptions.ts';

const strongman = descriptionsIn('strongman');
const messages = (source: Record<string, unknown>): string[] => checkMotion(strongman.description(source)).map((p) => p.message);
/** The same less the standing balance check's (a test pose need not balance its load). */
const unbalanced = (source: Record<string, unknown>): string[] => messages(source).filter((m) => !m.startsWith('the centre of mass'));

/** An Atlas stone lapped, driven up the chest and set down on a 97 cm platform (the box). */
const stoneLoad = (release: object = {}, box: readonly number[] = [0.45, 1.05, 0.97]) => ({
  pattern: 'pose',
  props: ['stone'],
  box,
  implementRelease: { key: 3, to: 'box' },
  loop: 'dissolve',
  keys: [
    { name: 'sat back, stone in the lap', trunk: 10, spine: 15, neck: -10, legs: [85, -20, 90], arms: [-10, 105], hold: 0.3, move: 0.5 },
    { name: 'stone at the chest', trunk: -5, spine: 10, neck: -5, legs: [50, -20, 90], arms: [20, 135], hold: 0.1, move: 0.5 },
    { name: 'stone on the chest', trunk: -5, spine: 10, neck: -5, legs: [50, -20, 90], arms: [20, 135], hold: 0.1, move: 0.5 },
    { name: 'onto the top', trunk: -15, legs: [-10, -10, 90], arms: [30, 105], hold: 0.4, move: 0.6, ...release },
    { name: 'let go', legs: [0, 0, 90], arms: [5, 10], hold: 0.5, move: 0.5 },
  ],
});

/** A keg swung back between the legs and tossed overhead, backward over a bar 1.3 m behind. */
const kegToss = (bar: readonly number[] = [-1.3, 2.5], swing = 0.5, last = 1.5) => ({
  pattern: 'pose',
  props: ['keg'],
  frame: 'landscape',
  tossBar: bar,
  implementRelease: { key: 1, to: 'floor' },
  loop: 'dissolve',
  keys: [
    { name: 'swung back', trunk: 55, spine: 10, neck: -20, legs: [45, -20, 90], arms: [-25, -25], hold: 0.4, move: swing },
    { name: 'let go', trunk: -5, neck: -20, legs: [0, 0, 90], arms: [110, 110], hold: 0, move: 0.5 },
    { name: 'arms up', trunk: -4, neck: -35, legs: [0, 0, 90], arms: [175, 175], hold: last, move: 0.6 },
  ],
});

describe('implement release: the schema', () => {
  it('takes a release onto the box or to the floor, and a toss bar, into the motion', () => {
    assert.deepEqual(strongman.description(stoneLoad()).motion.implementRelease, { key: 3, to: 'box' });
    assert.deepEqual(strongman.description(kegToss()).motion.implementRelease, { key: 1, to: 'floor', bar: { x: -1.3, height: 2.5 } });
  });

  it('refuses a release that does not fit the keys, the box or the loop, with a message naming it', () => {
    assert.match(
      strongman.refused({ ...stoneLoad(), implementRelease: { key: 0, to: 'box' } }),
      /the implement is let go after the first key/,
    );
    assert.match(strongman.refused({ ...stoneLoad(), implementRelease: { key: 3, to: 'shelf' } }), /must be box \(set down on the box\)/);
    assert.match(strongman.refused({ ...stoneLoad(), implementRelease: { key: 9, to: 'box' } }), /must name a key of the description/);
    assert.match(strongman.refused({ ...stoneLoad(), box: undefined }), /to box sets the implement down on the box: give the box/);
    assert.match(strongman.refused({ ...stoneLoad(), loop: 'move' }), /needs "loop": "dissolve"/);
    assert.match(strongman.refused({ ...stoneLoad(), tossBar: [1, 2] }), /is not tossed over a bar/);
    assert.match(strongman.refused({ ...kegToss(), implementRelease: { key: 2, to: 'floor' } }), /its key's hold is 0/);
    const toLast = kegToss();
    toLast.keys[2]!.hold = 0;
    assert.match(strongman.refused({ ...toLast, implementRelease: { key: 2, to: 'floor' } }), /a key after the release/);
    assert.match(strongman.refused({ ...kegToss(), implementRelease: undefined }), /a toss bar is for an implement tossed over it/);
    assert.match(strongman.refused(kegToss([-1.3, 5])), /a toss bar's crossbar is 0\.8 to 4\.5 m up/);
    assert.match(strongman.refused(kegToss([-3.5, 2.5])), /a toss bar stands within 3 m of the fixed point/);
  });
});

describe('implement release: set down on the box', () => {
  it('rests where it was let go, its bottom on the box top, until the loop dissolves back to the start', () => {
    const { motion } = strongman.description(stoneLoad());
    assert.deepEqual(messages(stoneLoad()), []);
    const released = keyStartSeconds(motion, 3);
    const setDown = heldAt(loopKeyBody(motion, 3).body, motion.held[0]!);
    assert.ok(Math.abs(setDown[1] - IMPLEMENT_HALF.stone[1] - 0.97) <= 0.02, 'on the top');
    for (let frame = 0; frame < frameCount(motion); frame += 1) {
      const seconds = frame / FRAMES_PER_SECOND;
      const place = implementAt(motion, seconds);
      if (seconds < released) assert.equal(place, 'held');
      else assert.deepEqual(place, setDown);
    }
    // The hands let it go: at the last key they are 40 cm and more from it.
    const hands = heldAt(loopKeyBody(motion, 4).body, motion.held[0]!);
    assert.ok(Math.hypot(hands[0] - setDown[0], hands[1] - setDown[1]) > 0.4);
  });

  it('is drawn on the box by the figure that let it go, and in the hands of the one fading in', () => {
    const { motion } = strongman.description(stoneLoad());
    const times = Array.from({ length: frameCount(motion) }, (_, i) => i / FRAMES_PER_SECOND);
    const camera = cameraFor(
      motion,
      times.flatMap((t) => figuresAt(motion, t).map((f) => f.body)),
    );
    const stones = (t: number) => [
      ...figuresSvg(motion, figuresAt(motion, t), camera, t).matchAll(/<circle cx="([\d.]+)" cy="([\d.]+)" r="[\d.]+" fill="#8f8a80"/g),
    ];
    const atKey4 = stones(keyStartSeconds(motion, 4));
    assert.equal(atKey4.length, 1);
    // In the cross-dissolve: the one set down and the next one in the hands.
    assert.equal(stones(cycleSeconds(motion) - 0.1).length, 2);
  });

  it('no longer counts in the balance check from the release key on', () => {
    const { motion } = strongman.description(stoneLoad());
    assert.deepEqual(
      [0, 1, 2, 3, 4].map((i) => loadsAtKey(motion, i).length),
      [1, 1, 1, 0, 0],
    );
    // The same reach to the top held a key earlier (not let go) tips the figure over the stone.
    const held = stoneLoad();
    held.keys[2] = { ...held.keys[3]!, name: 'held out' };
    assert.ok(messages(held).some((m) => /^the centre of mass is \d+ cm from the middle of the feet$/.test(m)));
  });

  it('refuses a stone set down above the top, off its edge, or through the box, and a head through the box', () => {
    assert.deepEqual(messages(stoneLoad({}, [0.45, 1.05, 0.85])), [
      'key 3 "onto the top": the stone is set down 12 cm above the box\'s top',
    ]);
    assert.match(
      messages(stoneLoad({}, [0.6, 1.2, 0.97])).join('\n'),
      /the stone's middle is off the box's top \(0\.53 m, the top runs 0\.6\.\.1\.2 m\): it would fall/,
    );
    assert.match(messages(stoneLoad({}, [0.3, 1.05, 0.97])).join('\n'), /^at 0\.00 s the stone passes \d+ cm into the box$/m);
    const leaning = stoneLoad();
    leaning.keys[0] = { ...leaning.keys[0]!, trunk: 45, spine: 15, neck: -15, legs: [75, -35, 90], arms: [-10, -5] };
    assert.match(messages(leaning).join('\n'), /the head passes \d+ cm into the box/);
  });
});

describe('implement release: tossed over a bar', () => {
  it('leaves the hands with their velocity, the hands still moving, and flies as a thrown body', () => {
    const { motion } = strongman.description(kegToss());
    assert.deepEqual(messages(kegToss()), []);
    const { from, velocity, time } = tossLaunch(motion);
    // The hands reach the release at speed (the move into it only accelerates), up and back.
    const step = 1 / 300;
    const before = heldAt(bodyAt(motion, time - step), motion.held[0]!);
    const hands: [number, number] = [(from[0] - before[0]) / step, (from[1] - before[1]) / step];
    assert.ok(Math.hypot(...hands) > 5, `hands at ${Math.hypot(...hands).toFixed(1)} m/s`);
    assert.ok(Math.abs(hands[0] - velocity[0]) < 0.3 && Math.abs(hands[1] - velocity[1]) < 0.3);
    assert.ok(velocity[0] < 0 && velocity[1] > 0, 'up and back');
    // Its first instants out of the hands carry the same velocity, and then it falls with g.
    const [a, b, c] = [0, step, 2 * step].map((dt) => implementAt(motion, time + dt) as [number, number]) as [
      [number, number],
      [number, number],
      [number, number],
    ];
    assert.ok(Math.abs((b[0] - a[0]) / step - velocity[0]) < 1e-6);
    assert.ok(Math.abs((c[1] - 2 * b[1] + a[1]) / step ** 2 + G) < 1e-3);
  });

  it('clears the bar, lands on the floor behind it and lies there until the loop ends', () => {
    const { motion } = strongman.description(kegToss());
    const { after, at } = tossLanding(motion);
    assert.equal(at[1], IMPLEMENT_HALF.keg[1]);
    assert.ok(at[0] < -1.3 - IMPLEMENT_HALF.keg[0], 'behind the bar');
    const released = keyStartSeconds(motion, 1);
    assert.deepEqual(implementAt(motion, released + after + 0.2), at);
    // Over the bar: when its middle passes the bar's x its bottom is above the crossbar.
    const [vx] = tossLaunch(motion).velocity;
    const crossing = implementAt(motion, released + (-1.3 - tossLaunch(motion).from[0]) / vx) as [number, number];
    assert.ok(crossing[1] - IMPLEMENT_HALF.keg[1] > 2.5 + 0.04);
  });

  it('refuses a toss through the bar, one landing after the loop ends, and the legs past the uprights', () => {
    assert.match(messages(kegToss([-1.3, 2.66])).join('\n'), /^at [\d.]+ s the keg passes \d+ cm through the toss bar$/m);
    assert.deepEqual(messages(kegToss([-1.3, 3.2])), [
      'the keg tossed passes under the toss bar (its bottom 2.63 m up there): toss it higher',
    ]);
    assert.deepEqual(messages(kegToss([2, 2.5])), [
      'the keg tossed lands before it reaches the toss bar: toss it toward the bar, and farther',
    ]);
    assert.match(
      messages(kegToss([-1.3, 2.5], 0.5, 0)).join('\n'),
      /the keg tossed lands [\d.]+ s into a loop of [\d.]+ s: hold the keys after the release longer/,
    );
    assert.match(messages(kegToss([0.1, 2.5])).join('\n'), /passes the toss bar's uprights/);
  });

  it('refuses a slow toss that drops back through the figure', () => {
    assert.match(messages(kegToss([-1.3, 2.5], 2.5)).join('\n'), /the keg let go passes \d+ cm into the (head|trunk|thigh)/);
  });

  it('refuses a release of no sandbag, keg or stone in both hands, or seen from the front', () => {
    assert.deepEqual(unbalanced({ ...kegToss(), props: ['keg'], holdIn: 'left' }), [
      'implementRelease lets go of a sandbag, keg or stone held in both hands, or a throwing weight: name one (holdIn hands)',
    ]);
    assert.ok(messages({ ...kegToss(), view: 'front' }).includes('an implement let go is drawn from the side only'));
  });
});

/** A throwing weight swung in the near (left) hand and thrown backward over a bar. */
const weightOverBar = {
  ...kegToss([-1.3, 2.8], 0.6),
  props: ['throwing-weight'],
  holdIn: 'left',
  keys: [
    {
      name: 'swung back',
      trunk: 55,
      spine: 10,
      neck: -20,
      legs: [45, -20, 90],
      arms: { left: [-25, -25], right: [20, 30] },
      hold: 0.4,
      move: 0.6,
    },
    { name: 'let go', trunk: -5, neck: -20, legs: [0, 0, 90], arms: { left: [110, 110], right: [30, 40] }, hold: 0, move: 0.5 },
    { name: 'arm up', trunk: -4, neck: -35, legs: [0, 0, 90], arms: { left: [175, 175], right: [30, 40] }, hold: 1.5, move: 0.6 },
  ],
};

describe('implement release: a throwing weight', () => {
  it('is held in one hand, swung out on its ring along the arm, and thrown over the bar', () => {
    const { motion } = strongman.description(weightOverBar);
    assert.deepEqual(messages(weightOverBar), []);
    assert.deepEqual(
      motion.held.map((prop) => [prop.kind, prop.at, prop.massKg]),
      [['throwing-weight', 'left', 25]],
    );
    const swung = loopKeyBody(motion, 0).body;
    const centre = implementCentre(swung, motion.held[0]!);
    const hand = swung.arms.left.hand;
    const line = armLine(swung, motion.held[0]!);
    assert.ok(
      Math.abs(centre[0] - hand[0] - line[0] * WEIGHT_REACH) < 1e-9 && Math.abs(centre[1] - hand[1] - line[1] * WEIGHT_REACH) < 1e-9,
    );
    assert.equal(tossLanding(motion).at[1], IMPLEMENT_HALF['throwing-weight'][1]);
    assert.ok(tossLanding(motion).at[0] < -1.3);
  });

  it('is drawn as an iron block on its ring: at the arm while held, upright where it landed', () => {
    const { motion } = strongman.description(weightOverBar);
    const camera = cameraFor(
      motion,
      motion.keys.map((_, i) => loopKeyBody(motion, i).body),
    );
    const blocks = (t: number) => (figuresSvg(motion, figuresAt(motion, t), camera, t).match(/<polygon [^>]*fill="#2f2f33"/g) ?? []).length;
    assert.equal(blocks(0), 1);
    assert.equal(blocks(keyStartSeconds(motion, 1) + tossLanding(motion).after + 0.1), 1);
  });
});
