/**
 * Rigs of the pose pattern: a power rack whose safety pins a barbell rests on (and upper pins it is
 * driven into), its upright clear of the figure; and a ball pinned between the wall and the body.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkMotion } from '../../src/motion/motion-check.ts';
import type { Description } from '../../src/motion/motion-files.ts';
import { pinSpan } from '../../src/motion/rack.ts';
import { cameraFor, frameSvg } from '../../src/motion/render-svg.ts';
import { COLOURS, rect } from '../../src/motion/svg-kit.ts';
import { bodyAt, FRAMES_PER_SECOND, frameCount, heldAt, keyBody, pointOf, RESTING_POINTS } from '../../src/motion/timeline.ts';
import { pinnedBallCentre, spotOf } from '../../src/motion/wall-ball.ts';
import { descriptionsIn } from '../helpers/motion-descriptions.ts';

const { built, description } = descriptionsIn('powerlifting');

const messages = (d: Description): string[] => checkMotion(d).map((p) => p.message);

/** The first key's frame as SVG, in a camera framing that key. */
const svgOf = (d: Description): string => {
  const body = keyBody(d.motion.keys[0]!, 'side').body;
  return frameSvg(d.motion, body, cameraFor(d.motion, [body]));
};
/** How many steel parts (uprights, beams) a frame draws. */
const beams = (svg: string): number => svg.split(`fill="${COLOURS.steel}"`).length - 1;

/** A pin squat: the bar on the back settles on pins 77 cm up at the bottom (its sleeve 3.5 cm under its centre). */
const pinSquat = {
  pattern: 'pose',
  props: ['barbell', 'rack'],
  holdIn: 'back',
  rack: [-0.1, 0.77],
  keys: [
    { name: 'standing tall', trunk: 2, legs: [-4, -4, 90], arms: [-65, 105], hold: 0.3, move: 1.1 },
    { name: 'bar on the pins', trunk: 40, legs: [95, -32, 90], arms: [-55, 150], hold: 0.8, move: 0.9 },
  ],
};

const wallSquat = {
  pattern: 'pose',
  props: ['stability-ball', 'wall'],
  wall: -1.05,
  wallBall: 'lower-back',
  keys: [
    { name: 'leaning back on the ball', legs: [25, 25, 90], hold: 0.4, move: 0.7 },
    { name: 'rolling down', legs: [57, 0, 90], hold: 0, move: 0.7 },
    { name: 'thighs parallel', legs: [90, -9, 90], hold: 0.5, move: 0.7 },
    { name: 'pressing up', legs: [57, 0, 90], hold: 0, move: 0.7 },
  ],
};

describe('a power rack', () => {
  it('rests the bar on the pins at the bottom and never lets it pass through them', () => {
    const squat = description(pinSquat);
    assert.deepEqual(messages(squat), []);
    const rack = squat.motion.fixed.find((prop) => prop.kind === 'rack')!;
    const bar = squat.motion.held[0]!;
    const heights = Array.from(
      { length: frameCount(squat.motion) },
      (_, frame) => heldAt(bodyAt(squat.motion, frame / FRAMES_PER_SECOND), bar)[1],
    );
    // The sleeve (3.5 cm under the bar's centre) touches the pins' top at the bottom, within 2 cm.
    assert.ok(Math.abs(Math.min(...heights) - 0.035 - 0.77) <= 0.02, `${Math.min(...heights)}`);
    const bottom = heldAt(keyBody(squat.motion.keys[1]!, 'side').body, bar);
    const span = pinSpan(rack);
    assert.ok(bottom[0] > span.from && bottom[0] < span.to, `${bottom[0]} over ${span.from}..${span.to}`);
  });

  it('stands its upright clear of the figure in every key, so it never crosses the body', () => {
    const squat = description(pinSquat);
    const rack = squat.motion.fixed.find((prop) => prop.kind === 'rack')!;
    for (const key of squat.motion.keys) {
      const { body } = keyBody(key, 'side');
      for (const point of RESTING_POINTS) assert.ok(Math.abs(pointOf(body, point)[0] - rack.x1) >= 0.15, `${point} at the upright`);
    }
  });

  it('draws the pins in front of the far plate, so the bar is seen resting on them', () => {
    const squat = description(pinSquat);
    const { body } = keyBody(squat.motion.keys[1]!, 'side');
    const svg = frameSvg(squat.motion, body, cameraFor(squat.motion, [body]));
    const plate = svg.indexOf(COLOURS.plate);
    const pins = svg.indexOf(COLOURS.iron, plate);
    const figure = svg.indexOf(COLOURS.near, plate);
    assert.ok(plate > 0 && pins > plate && figure > pins, 'plate, then pins, then the figure');
  });

  it('refuses pins the bar never reaches, pins it passes through, and upper pins it never meets', () => {
    assert.deepEqual(messages(description({ ...pinSquat, rack: [-0.1, 0.6] })), [
      'at 1.43 s the bar, at its lowest, is 17 cm above the pins: it never rests on them',
    ]);
    assert.deepEqual(messages(description({ ...pinSquat, rack: [-0.1, 0.9] })), [
      'at 1.43 s the bar is 13 cm into the pins: it passes through them',
    ]);
    assert.deepEqual(messages(description({ ...pinSquat, rack: [-0.1, 0.77, 1.6] })), [
      'at 2.93 s the bar, at its highest, is 18 cm below the upper pins: it is never driven into them',
    ]);
    assert.deepEqual(messages(description({ ...pinSquat, rack: [-0.1, 0.77, 1.2] })), [
      'at 2.93 s the bar is 22 cm into the upper pins: it passes through them',
    ]);
    assert.deepEqual(messages(description({ ...pinSquat, rack: [1.5, 0.77] })), [
      'at 1.43 s the bar, at its lowest, is not over the pins (they run from x 1.10 to 1.95)',
    ]);
  });

  it('refuses a rack with no barbell, seen from the front, or a bad setting', () => {
    assert.deepEqual(messages(description({ ...pinSquat, props: ['rack'], holdIn: 'hands' })), [
      "a rack's pins hold a barbell, and the description holds none (props)",
    ]);
    const low = built({ ...pinSquat, rack: [-0.1, 0.1] });
    assert.ok(!low.ok && low.problems.some((p) => p.message.includes("a rack's pins' height is 0.2 to 2.4 m")), JSON.stringify(low));
    const shape = built({ ...pinSquat, rack: [-0.1] });
    assert.ok(!shape.ok && shape.problems.some((p) => p.message.includes('rack is [x, pins] or [x, pins, upper pins], in metres')));
    const undrawn = built({ ...pinSquat, rack: undefined });
    assert.ok(!undrawn.ok && undrawn.problems.some((p) => p.message === 'pattern pose does not draw a rack (yet)'));
  });
});

describe('a band looped over the top of a rack', () => {
  /** A reverse band deadlift: the bar on the floor just above the pins, a band from 2.2 m over the bar to it. */
  const banded = (band: [number, number]) => ({
    pattern: 'pose',
    barAt: 'on-thighs',
    props: ['barbell', 'band', 'rack'],
    rack: [0.13, 0.2],
    band,
    keys: [
      { name: 'bar on the floor', trunk: 64, legs: [72, -8, 90], arms: [-2, -2], hold: 0.3, move: 0.9 },
      { name: 'locked out', trunk: 0, legs: [0, 0, 90], arms: [5, 5], hold: 0.3, move: 0.9 },
    ],
  });

  it('draws the top crossmember from the upright to over the anchor, the anchor hanging under it', () => {
    const overhead = description(banded([0.13, 2.2]));
    assert.deepEqual(messages(overhead), []);
    const rack = overhead.motion.fixed.find((prop) => prop.kind === 'rack')!;
    const body = keyBody(overhead.motion.keys[0]!, 'side').body;
    const camera = cameraFor(overhead.motion, [body]);
    const beam = rect(
      camera,
      rack.x1 - Math.sign(0.13 - rack.x1) * 0.035,
      2.2,
      0.13 + Math.sign(0.13 - rack.x1) * 0.1,
      2.26,
      COLOURS.steel,
    );
    assert.ok(frameSvg(overhead.motion, body, camera).includes(beam), 'no crossmember at the anchor');
  });

  it('draws none for a band anchored low (a banded rack pull, its bands to the floor)', () => {
    const low = description(banded([0.13, 0.05]));
    const high = description(banded([0.13, 2.2]));
    assert.equal(beams(svgOf(high)) - beams(svgOf(low)), 2, 'the crossmember and the upright raised to it');
  });
});

describe('a band anchored overhead with no rack, wall or bar to hold it', () => {
  /** A reverse band squat with no rack drawn: the band from 2.3 m over the bar on the back. */
  const reverseBandSquat = (extra: Record<string, unknown> = {}) => ({
    pattern: 'pose',
    props: ['barbell', 'band'],
    holdIn: 'back',
    band: [0.06, 2.3],
    keys: [
      { name: 'standing tall', trunk: 2, legs: [-4, -4, 90], arms: [-65, 105], hold: 0.3, move: 1.1 },
      { name: 'bottom', trunk: 40, legs: [95, -32, 90], arms: [-55, 150], hold: 0.3, move: 1.1 },
    ],
    ...extra,
  });

  it('hangs it from a rig of its own: an upright 45 cm beyond the anchor and a crossmember over it', () => {
    const squat = description(reverseBandSquat());
    assert.deepEqual(messages(squat), []);
    const body = keyBody(squat.motion.keys[0]!, 'side').body;
    const camera = cameraFor(squat.motion, [body]);
    const svg = frameSvg(squat.motion, body, camera);
    assert.ok(svg.includes(rect(camera, 0.51 - 0.035, 0, 0.51 + 0.035, 2.36, COLOURS.steel)), 'no upright beyond the anchor');
    assert.ok(svg.includes(rect(camera, 0.51 + 0.035, 2.3, 0.06 - 0.1, 2.36, COLOURS.steel)), 'no crossmember over the anchor');
  });

  it('draws no rig where a wall holds the band, nor for a band anchored low', () => {
    const steel = (d: Description): number => beams(svgOf(d));
    const walled = description(reverseBandSquat({ props: ['barbell', 'band', 'wall'], wall: 0.4, band: [0.4, 2.3] }));
    const low = description(reverseBandSquat({ band: [0.06, 0.05] }));
    assert.equal(steel(description(reverseBandSquat())) - steel(low), 2, 'the rig is the upright and the crossmember');
    assert.equal(steel(walled), steel(low), 'a wall holds the band: no rig');
  });
});

describe('a ball pinned against the wall', () => {
  it('rolls the ball along the wall with the lower back, touching both in every frame', () => {
    const squat = description(wallSquat);
    assert.deepEqual(messages(squat), []);
    const ball = squat.motion.fixed.find((prop) => prop.pinned !== undefined)!;
    assert.equal(ball.kind, 'stability-ball');
    const heights: number[] = [];
    for (let frame = 0; frame < frameCount(squat.motion); frame += 1) {
      const body = bodyAt(squat.motion, frame / FRAMES_PER_SECOND);
      const centre = pinnedBallCentre(ball, body);
      // Against the wall (its face at -1.05), its far side on the back.
      assert.ok(Math.abs(centre[0] - 0.325 - -1.05) < 1e-9);
      assert.ok(Math.abs(spotOf(body, 'lower-back')[0] - (centre[0] + 0.325)) <= 0.03, `frame ${frame}`);
      heights.push(centre[1]);
    }
    // It rolls down the wall by the squat's depth (about 35 cm), not floating still.
    assert.ok(Math.max(...heights) - Math.min(...heights) > 0.3);
  });

  it('is not a support on the floor and keeps the leaning keys out of the standing balance check', () => {
    const squat = description(wallSquat);
    for (const key of squat.motion.keys) {
      assert.equal(key.isBalanced, false);
      assert.ok(
        key.contacts.every((c) => c.on === 'floor'),
        JSON.stringify(key.contacts),
      );
    }
  });

  it('refuses a back that leaves the ball or presses into it, and a ball with no wall', () => {
    assert.deepEqual(messages(description({ ...wallSquat, wall: -1.15 })), [
      'at 0.00 s the lower back is 10 cm off the ball pinned against the wall',
    ]);
    assert.deepEqual(messages(description({ ...wallSquat, wall: -0.95 })), [
      'at 0.00 s the lower back presses 10 cm into the ball pinned against the wall',
    ]);
    const noWall = built({ ...wallSquat, wall: undefined, props: ['stability-ball'] });
    assert.ok(!noWall.ok && noWall.problems.some((p) => p.message === 'wallBall pins a ball against the wall: give the wall'));
    const spot = built({ ...wallSquat, wallBall: 'knee' });
    assert.ok(!spot.ok && spot.problems.some((p) => p.message.includes('wallBall is one of upper-back, lower-back, chest')));
  });
});

const calfStretch = {
  pattern: 'pose',
  props: ['slant-board'],
  slantBoard: [-0.08, 0.4, 20],
  keys: [
    { name: 'toes up the slope', legs: [0, 0, 110], hold: 1, move: 0.8 },
    { name: 'knees bent', legs: [18, -14, 110], hold: 1, move: 0.8 },
  ],
};

describe('a slant board', () => {
  it('stands the feet along its slope, heel and toe on it, promised on the board', () => {
    const stretch = description(calfStretch);
    assert.deepEqual(messages(stretch), []);
    const slope = Math.tan((20 * Math.PI) / 180);
    for (const key of stretch.motion.keys) {
      const { body } = keyBody(key, 'side');
      for (const [x, y] of [body.legs.left.heel, body.legs.left.toe])
        assert.ok(Math.abs(y - (0.02 + (x + 0.08) * slope)) < 0.005, `${x},${y}`);
      assert.deepEqual(
        key.contacts.map((c) => `${c.point} ${c.on}`),
        ['leftToe slant-board', 'rightToe slant-board', 'leftHeel slant-board', 'rightHeel slant-board'],
      );
    }
  });

  it('refuses a foot standing on the slope by its toe alone, and a slope past 35 degrees', () => {
    const flat = description({ ...calfStretch, keys: calfStretch.keys.map((k) => ({ ...k, legs: [k.legs[0], k.legs[1], 90] })) });
    assert.deepEqual(messages(flat).slice(0, 1), [
      'key 0 "toes up the slope": the left foot is 9 cm off the slant board at its heel: stand it along the slope (its direction 110)',
    ]);
    const steep = built({ ...calfStretch, slantBoard: [-0.08, 0.4, 40] });
    assert.ok(!steep.ok && steep.problems.some((p) => p.message.includes('a slant board slopes -35 to 35 degrees')));
  });
});

const gluteHamRaise = {
  pattern: 'pose',
  props: ['ghd'],
  fixed: 'leftKnee',
  ghd: [-0.05, 0.2, 1.0],
  keys: [
    { name: 'hanging over the pad', trunk: 170, legs: [-90, -90, 0], arms: [-20, 90], hold: 0.4, move: 0.8 },
    { name: 'level', trunk: 90, legs: [-90, -90, 0], arms: [60, 170], hold: 0.1, move: 0.9 },
    { name: 'up on the knees', trunk: 0, legs: [0, -90, 0], arms: [150, 260], hold: 0.4, move: 0.9 },
  ],
};

describe('a glute-ham developer', () => {
  it('rests the knees on its pad and locks the ankles in its rollers through the loop', () => {
    const raise = description(gluteHamRaise);
    assert.deepEqual(messages(raise), []);
    const ghd = raise.motion.fixed.find((prop) => prop.kind === 'ghd')!;
    for (const key of raise.motion.keys)
      assert.deepEqual(
        key.contacts.map((c) => `${c.point} ${c.on}`),
        ['leftKnee ghd', 'rightKnee ghd'],
      );
    for (let frame = 0; frame < frameCount(raise.motion); frame += 1) {
      const ankle = bodyAt(raise.motion, frame / FRAMES_PER_SECOND).legs.left.end;
      assert.ok(Math.hypot(ankle[0] - ghd.rollers!.at[0], ankle[1] - ghd.rollers!.at[1]) <= 0.04, `frame ${frame}`);
    }
    // The rollers are where the first key's ankle is: behind the knee by a shank, at the knee's height.
    assert.ok(Math.abs(ghd.rollers!.at[1] - 1.05) < 0.01 && ghd.rollers!.at[0] < -0.4);
  });

  it('refuses ankles that leave the rollers and a key with nothing on the pad', () => {
    const [hanging, level, up] = gluteHamRaise.keys;
    const kicked = description({ ...gluteHamRaise, keys: [hanging, level, { ...up, legs: [0, -60, 30] }] });
    assert.deepEqual(messages(kicked), ['at 1.60 s the left ankle is 5 cm from the rollers that lock it']);
    const off = description({ ...gluteHamRaise, ghd: [0.5, 0.8, 1.0], fixed: 'leftKnee' });
    assert.ok(
      messages(off).includes('key 2 "up on the knees": nothing rests on the glute-ham developer\'s pad'),
      JSON.stringify(messages(off)),
    );
    const low = built({ ...gluteHamRaise, ghd: [-0.05, 0.2, 0.2] });
    assert.ok(!low.ok && low.problems.some((p) => p.message.includes("a glute-ham developer's pad height is 0.4 to 1.3 m")));
  });
});

const kneeRaise = {
  pattern: 'pose',
  props: ['captains-chair'],
  hang: true,
  keys: [
    { name: 'legs hanging', legs: [0, 0, 50], arms: [0, 90], hold: 0.4, move: 1.0 },
    { name: 'knees up', legs: [100, 10, 60], arms: [0, 90], hold: 1.0, move: 1.2 },
  ],
};

describe("a captain's chair", () => {
  it('rests the forearms on its pads and the back on its backrest, the feet hanging clear of the floor', () => {
    const raise = description(kneeRaise);
    assert.deepEqual(messages(raise), []);
    const chair = raise.motion.fixed.find((prop) => prop.kind === 'captains-chair')!;
    for (let frame = 0; frame < frameCount(raise.motion); frame += 1) {
      const body = bodyAt(raise.motion, frame / FRAMES_PER_SECOND);
      assert.ok(Math.abs(body.arms.left.middle[1] - 0.04 - chair.upper!) <= 0.03, `frame ${frame}`);
      assert.ok(Math.abs(spotOf(body, 'lower-back')[0] - chair.x1) <= 0.03, `frame ${frame}`);
      assert.ok(Math.min(body.legs.left.heel[1], body.legs.left.toe[1]) > 0.15, `frame ${frame}`);
    }
    assert.deepEqual(
      raise.motion.keys[0]!.contacts.map((c) => `${c.point} ${c.on}`),
      ['leftHand bar', 'rightHand bar'],
    );
  });

  it('refuses a back that leaves the backrest as the arms swing the body away from it', () => {
    const [hanging, up] = kneeRaise.keys;
    const reaching = description({ ...kneeRaise, keys: [hanging, { ...up, arms: [40, 90] }] });
    assert.deepEqual(messages(reaching), ['at 0.70 s the lower back is 4 cm off the backrest']);
  });
});

const leglessClimb = {
  pattern: 'pose',
  props: ['rope'],
  rope: 0,
  hang: true,
  loop: 'dissolve',
  keys: [
    { name: 'left high', legs: [4, 4, 40], arms: { left: [160, 168], right: [40, 170] }, grips: [2.25, 1.9], hold: 0.2, move: 0.8 },
    { name: 'pulled up', legs: [4, 4, 40], arms: { left: [40, 170], right: [-10, 60] }, grips: [2.25, 1.9], hold: 0.1, move: 0.6 },
    { name: 'right reaching', legs: [4, 4, 40], arms: { left: [40, 170], right: [160, 168] }, grips: [2.25, 2.6], hold: 0.1, move: 0.8 },
  ],
};

describe('a climbing rope', () => {
  it('keeps both hands on the rope, a holding hand where it grips while the body rises and the other reaches', () => {
    const climb = description(leglessClimb);
    assert.deepEqual(messages(climb), []);
    const [, pulled, reaching] = climb.motion.keys;
    const necks: number[] = [];
    for (let frame = 0; frame < frameCount(climb.motion); frame += 1) {
      const seconds = frame / FRAMES_PER_SECOND;
      const body = bodyAt(climb.motion, seconds);
      for (const side of ['left', 'right'] as const) assert.ok(Math.abs(body.arms[side].hand[0]) <= 0.04, `${side} at ${seconds}`);
      // Until the right hand reaches, the left holds at 2.25 m and the right at 1.9 m.
      if (seconds <= 1.1) {
        assert.ok(Math.abs(body.arms.left.hand[1] - 2.25) <= 0.01, `left at ${seconds}`);
        assert.ok(Math.abs(body.arms.right.hand[1] - 1.9) <= 0.01, `right at ${seconds}`);
      }
      necks.push(body.neckBase[1]);
    }
    // The pull carries the body up by about a forearm and more; the reach leaves it where it is.
    assert.ok(necks[Math.round(1.0 * FRAMES_PER_SECOND)]! - necks[0]! > 0.25);
    assert.equal(pulled!.anchor.point, 'neckBase');
    assert.deepEqual(pulled!.anchor.at, reaching!.anchor.at);
    assert.ok(climb.motion.fixed.every((prop) => prop.kind === 'rope'));
  });

  it('locks the feet on the rope where a third grip says, through a stand on the lock', () => {
    const climb = description({
      ...leglessClimb,
      keys: [
        { name: 'knees up, feet locked', legs: [70, -5, 60], arms: { left: [160, 168], right: [150, 165] }, grips: [2.2, 1.95, 0.8] },
        { name: 'standing on the lock', legs: [5, 2, 60], arms: { left: [40, 170], right: [-10, 60] }, grips: [2.2, 1.95, 0.8] },
      ],
    });
    assert.deepEqual(messages(climb), []);
    for (let frame = 0; frame < frameCount(climb.motion); frame += 1) {
      const ankle = bodyAt(climb.motion, frame / FRAMES_PER_SECOND).legs.left.end;
      assert.ok(Math.abs(ankle[0]) <= 0.04 && Math.abs(ankle[1] - 0.8) <= 0.03, `frame ${frame}: ${ankle}`);
    }
  });

  it('refuses a hand off the rope and a rope whose keys do not say where the hands hold', () => {
    const [high, pulled, reaching] = leglessClimb.keys;
    // Held at arm's length in front of the body, the lower hand cannot reach its grip on the rope.
    const off = description({
      ...leglessClimb,
      keys: [{ ...high, arms: { left: [100, 100], right: [40, 170] }, grips: [2.25, 1.3] }, pulled, reaching],
    });
    assert.ok(
      messages(off).some((m) => / the right hand is \d+ cm off the rope$/.test(m)),
      JSON.stringify(messages(off)),
    );
    const ungripped = built({ ...leglessClimb, keys: [high, { ...pulled, grips: undefined }, reaching] });
    assert.ok(
      !ungripped.ok &&
        ungripped.problems.some(
          (p) => p.message === 'on a climbing rope every key gives grips, [left hand, right hand] heights on it; without one, none does',
        ),
    );
  });
});
