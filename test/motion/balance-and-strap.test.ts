/**
 * Two props of the pose pattern: a BOSU balance trainer the figure stands, kneels or lies on (its dome's
 * middle is a support), and a yoga strap from the hands around the ball of a foot.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkMotion } from '../../src/motion/motion-check.ts';
import { buildDescription, type Description } from '../../src/motion/motion-files.ts';
import { RENDERER_VERSION } from '../../src/motion/render-media.ts';
import { cameraFor, frameSvg } from '../../src/motion/render-svg.ts';
import { lerpPoint } from '../../src/motion/skeleton.ts';
import { COLOURS, svgPoint } from '../../src/motion/svg-kit.ts';
import { keyBody, lineEnd } from '../../src/motion/timeline.ts';

function built(source: Record<string, unknown>, id = 'A'): ReturnType<typeof buildDescription> {
  return buildDescription('data/source/motion/strength.json', 'strength', id, source, RENDERER_VERSION);
}

function description(source: Record<string, unknown>): Description {
  const result = built(source);
  assert.ok(result.ok, JSON.stringify(!result.ok && result.problems));
  return result.value;
}

const bosuSquat = {
  pattern: 'pose',
  props: ['bosu'],
  bosu: 0.05,
  keys: [
    { name: 'standing on the dome', legs: [0, 0] },
    { name: 'squat', trunk: 35, legs: [85, -25], arms: [80, 80] },
  ],
};

const strapStretch = {
  pattern: 'pose',
  props: ['mat', 'yoga-strap'],
  strap: 'left-foot',
  fixed: 'pelvis',
  keys: [
    { name: 'strap around the raised foot', trunk: -90, legs: { left: [140, 140, 230], right: [90, 90] }, arms: [150, 150] },
    { name: 'leg drawn in', trunk: -90, legs: { left: [175, 175, 265], right: [90, 90] }, arms: [165, 165] },
  ],
};

describe('a BOSU and a yoga strap', () => {
  it('stands the figure on the middle of the dome, its feet promised on the bosu, and draws the dome', () => {
    const squat = description(bosuSquat);
    assert.deepEqual(checkMotion(squat), []);
    for (const key of squat.motion.keys) {
      const feet = key.contacts.filter((c) => /Heel|Toe/.test(c.point));
      assert.ok(feet.length > 0 && feet.every((c) => c.on === 'bosu'), JSON.stringify(key.contacts));
      // The soles at the dome's middle, 24 cm up, not on the floor beside it.
      const { body } = keyBody(key, squat.motion.view);
      assert.ok(Math.abs(body.legs.left.heel[1] - 0.24) < 0.02 || Math.abs(body.legs.left.toe[1] - 0.24) < 0.02);
    }
    const { body } = keyBody(squat.motion.keys[0]!, squat.motion.view);
    assert.ok(frameSvg(squat.motion, body, cameraFor(squat.motion, [body])).includes(COLOURS.bosu));
  });

  it('stands a foot placed with feetOnFloor flat on the dome or a box, not toes down toward the floor below', () => {
    for (const [prop, place, top] of [
      ['bosu', { bosu: 0.05 }, 0.24],
      ['box', { box: [-0.2, 0.3, 0.45] }, 0.45],
    ] as const) {
      const stand = description({
        pattern: 'pose',
        props: [prop],
        ...place,
        keys: [
          { name: 'standing', legs: [0, 0], feetOnFloor: 'both' },
          { name: 'squat', trunk: 35, legs: [85, -25], arms: [80, 80], feetOnFloor: 'both' },
        ],
      });
      assert.deepEqual(checkMotion(stand), [], prop);
      for (const key of stand.motion.keys) {
        const { body } = keyBody(key, stand.motion.view);
        for (const point of [body.legs.left.heel, body.legs.left.toe]) assert.ok(Math.abs(point[1] - top) < 0.01, `${prop}: ${point}`);
      }
    }
  });

  it('draws a yoga strap from the hands to the ball of the named foot in every frame', () => {
    const stretch = description(strapStretch);
    assert.deepEqual(checkMotion(stretch), []);
    const { body } = keyBody(stretch.motion.keys[1]!, stretch.motion.view);
    const camera = cameraFor(stretch.motion, [body]);
    const svg = frameSvg(stretch.motion, body, camera);
    const leg = body.legs.left;
    const [x, y] = svgPoint(camera, lerpPoint(leg.heel, leg.toe, 0.7));
    const [hx, hy] = svgPoint(camera, lineEnd(body, 'hands'));
    // The strap's polyline runs from the grip to the ball of the left foot.
    const strap = svg.split('<').find((element) => element.includes(COLOURS.yogaStrap));
    assert.ok(strap !== undefined, svg);
    const numbers = (strap.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);
    for (const value of [hx, hy, x, y])
      assert.ok(
        numbers.some((n) => Math.abs(n - value) < 0.11),
        `${value} in ${strap}`,
      );
  });

  it('refuses a bosu or a strap the props name but the description does not place', () => {
    const bosu = built({ ...bosuSquat, bosu: undefined });
    assert.ok(!bosu.ok && bosu.problems.some((p) => p.message === 'pattern pose does not draw a bosu (yet)'));
    const strap = built({ ...strapStretch, strap: undefined });
    assert.ok(!strap.ok && strap.problems.some((p) => p.message === 'pattern pose does not draw a yoga-strap (yet)'));
  });
});
