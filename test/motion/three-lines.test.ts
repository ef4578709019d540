/**
 * Lines in the three-quarter view (`"lines"`, three-lines.ts): cables, bands and straps from their anchors to the
 * hands or feet. The schema refuses a pulley on the body and a yoga strap from the air; `check` refuses a line or a
 * column through the body, and a strap bears weight only while taut; a slack strap hangs in a V as long as the strap;
 * a line to both hands splits to each; each line and column is drawn, in pieces by depth.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { turnedDescriptions } from '../helpers/turned-descriptions.ts';
import { turnedFilm } from '../../src/motion/three-film.ts';
import { linePath, strapLengths, TAUT } from '../../src/motion/three-lines.ts';
import { loopBodies3, placedKeys } from '../../src/motion/three-timeline.ts';
import { distance3 } from '../../src/motion/three-vec.ts';

const FILE = 'data/source/motion/strength-3d.json';
type Source = Record<string, unknown>;

/** A Pallof press: a band from a post at chest height to the right, pressed straight out and back. */
const PALLOF = {
  view: 'three-quarter',
  lines: [{ kind: 'band', from: [0.3, 1.15, 1.2], to: 'hands' }],
  keys: [
    {
      name: 'hands at the chest',
      hold: 0.5,
      move: 0.9,
      hips: [8, 8, 0],
      knees: 15,
      ankles: 8,
      lean: 5,
      shoulders: [20, 10, 60],
      elbows: 110,
      planted: ['leftFoot', 'rightFoot'],
    },
    { name: 'arms pressed out', hold: 1, move: 0.9, shoulders: [85, 0, 0], elbows: 5 },
  ],
};

/** A strap row: leaning back on two straps from a bar in front and overhead, then pulled up. */
const ROW = {
  view: 'three-quarter',
  lines: [
    { kind: 'strap', from: [0.6, 2.4, -0.1], to: 'leftHand' },
    { kind: 'strap', from: [0.6, 2.4, 0.1], to: 'rightHand' },
  ],
  keys: [
    {
      name: 'leaning back, arms long',
      hold: 0.4,
      move: 1.2,
      lean: -35,
      ankles: 25,
      shoulders: [90, 5, 0],
      elbows: 5,
      planted: ['leftHeel', 'rightHeel'],
    },
    { name: 'pulled up', hold: 0.5, move: 1.2, lean: -22, ankles: 18, shoulders: [40, 5, 0], elbows: 110 },
  ],
};

const { build: built, motionOf, problemsAt: checked } = turnedDescriptions(FILE, 'strength', 'Pallof_Press');
const refusal = (source: Source): string => {
  const result = built(source);
  assert.ok(!result.ok, 'refused');
  return result.problems.map((p) => `${p.path}: ${p.message}`).join('; ');
};

describe('three-quarter lines: what a description may say', () => {
  it('refuses a pulley or an overhead bar on the body, a yoga strap from the air, a line to itself, a fifth line', () => {
    assert.match(
      refusal({ ...PALLOF, lines: [{ kind: 'cable', from: 'leftFoot', to: 'rightHand' }] }),
      /lines\.0\.from: a cable line runs from a fixed anchor/,
    );
    assert.match(
      refusal({ ...ROW, lines: [{ kind: 'strap', from: 'leftHand', to: 'rightHand' }] }),
      /lines\.0\.from: a strap line runs from a fixed anchor/,
    );
    assert.match(
      refusal({ ...PALLOF, lines: [{ kind: 'yoga-strap', from: [1, 0.2, 0], to: 'hands' }] }),
      /lines\.0\.from: a yoga strap runs from round a foot/,
    );
    assert.match(
      refusal({ ...PALLOF, lines: [{ kind: 'band', from: 'leftFoot', to: 'leftFoot' }] }),
      /lines\.0\.from: the line runs from leftFoot to itself/,
    );
    const five = Array.from({ length: 5 }, () => PALLOF.lines[0]);
    assert.match(refusal({ ...PALLOF, lines: five }), /lines: .*at most four lines/);
    assert.match(
      refusal({ ...PALLOF, lines: [{ kind: 'rope', from: [0, 1, 1], to: 'hands' }] }),
      /lines\.0\.kind: must be one of cable, band, strap, rings, yoga-strap/,
    );
  });
});

describe('three-quarter lines: check', () => {
  it('passes a band pressed out beside the body', () => {
    assert.equal(checked(PALLOF), '');
  });

  it('refuses a cable from a pulley behind the figure that runs through the trunk to the hands in front', () => {
    const behind = { ...PALLOF, lines: [{ kind: 'cable', from: [-1, 1.2, 0], to: 'hands' }] };
    assert.match(checked(behind), /the cable passes \d+ cm into the (chest|belly|pelvis|neck|head)/);
  });

  it('refuses a cable column standing where the figure stands', () => {
    const column = { ...PALLOF, lines: [{ kind: 'cable', from: [0.1, 1.2, 0.05], to: 'rightHand' }] };
    assert.match(checked(column), /the cable column passes \d+ cm into/);
  });

  it('lets taut straps bear a row leaning back behind its heels, which the heels alone do not', () => {
    assert.equal(checked(ROW), '');
    const { lines: _, ...unstrapped } = ROW;
    assert.match(
      checked(unstrapped),
      /keys\.0 \("leaning back, arms long"\): the centre of mass is \d+ cm outside what rests on the floor \(leftHeel, rightHeel\)/,
    );
  });

  it('does not let a slack strap bear: arms reaching less far than the strap is long leave the lean unheld', () => {
    const slack = { ...ROW, keys: [{ ...ROW.keys[0], lean: -40, shoulders: [80, 5, 0] }, ROW.keys[1]] };
    assert.match(checked(slack), /the centre of mass is \d+ cm outside what rests on the floor \(leftHeel, rightHeel\)/);
  });
});

describe('three-quarter lines: shape and drawing', () => {
  it('hangs a slack strap in a V as long as the strap less its 2 cm of give, lowest in the middle; one within 2 cm straight', () => {
    const motion = motionOf(ROW);
    const lengths = strapLengths(motion.lines, loopBodies3(motion));
    const tautest = Math.max(...placedKeys(motion).map(({ body }) => distance3(motion.lines![0]!.from as never, body.arms.left.hand)));
    assert.ok(lengths[0]! >= tautest - 1e-9);
    const slackest = loopBodies3(motion).reduce((a, b) =>
      distance3(motion.lines![0]!.from as never, a.arms.left.hand) < distance3(motion.lines![0]!.from as never, b.arms.left.hand) ? a : b,
    );
    const { main } = linePath(slackest, motion.lines![0]!, lengths[0]);
    assert.equal(main.length, 3, 'a V: anchor, the sag, the hand');
    const drawn = distance3(main[0]!, main[1]!) + distance3(main[1]!, main[2]!);
    assert.ok(Math.abs(drawn - (lengths[0]! - TAUT)) < 1e-6, `the V is ${drawn} m, the strap ${lengths[0]} m`);
    // A centimetre short is taut: straight, not the 9 cm V a strap without give would hang in.
    const nearly = linePath(slackest, motion.lines![0]!, distance3(motion.lines![0]!.from as never, slackest.arms.left.hand) + 0.01);
    assert.equal(nearly.main.length, 2);
    assert.ok(main[1]![1] < (main[0]![1] + main[2]![1]) / 2 - 0.01, 'the V hangs below the straight line');
  });

  it('hangs a yoga strap slack where the hands come nearer the foot than the strap is long', () => {
    const reach = {
      view: 'three-quarter',
      lines: [{ kind: 'yoga-strap', from: 'rightFoot', to: 'hands' }],
      keys: [
        {
          name: 'seated, hands at the knees',
          hold: 0.4,
          move: 1,
          lean: -5,
          hips: [90, 5, 0],
          knees: 0,
          ankles: 0,
          shoulders: [40, 5, 0],
          elbows: 20,
          planted: ['pelvis', 'leftHeel', 'rightHeel'],
        },
        { name: 'hands drawn to the chest', hold: 0.4, move: 1, shoulders: [10, 5, 0], elbows: 120 },
      ],
    };
    const motion = motionOf(reach);
    const [at0, at1] = placedKeys(motion).map(({ body }) => body);
    const lengths = strapLengths(motion.lines, loopBodies3(motion));
    assert.equal(linePath(at1!, motion.lines![0]!, lengths[0]).main.length, 2, 'pulled to the chest: taut, straight');
    assert.equal(linePath(at0!, motion.lines![0]!, lengths[0]).main.length, 3, 'hands at the knees: slack, a V');
  });

  it('splits a line to both hands into a tail to each hand', () => {
    const motion = motionOf(PALLOF);
    const pressed = placedKeys(motion)[1]!.body;
    const { tails } = linePath(pressed, motion.lines![0]!, undefined);
    assert.equal(tails.length, 2);
    assert.deepEqual(tails[0]!.at(-1), pressed.arms.left.hand);
    assert.deepEqual(tails[1]!.at(-1), pressed.arms.right.hand);
  });

  it('draws the band in its colour in pieces, and its post in steel; a scene without lines draws neither', () => {
    const svg = turnedFilm(motionOf(PALLOF)).frameSvg(0);
    const bandPieces = svg.match(/stroke="#d08a2f"/g) ?? [];
    assert.ok(bandPieces.length >= 5, `${bandPieces.length} band pieces`);
    assert.match(svg, /stroke="#8d9299"/);
    const { lines: _, ...bare } = PALLOF;
    const plain = turnedFilm(motionOf(bare)).frameSvg(0);
    assert.doesNotMatch(plain, /#d08a2f|#8d9299/);
  });
});
