/**
 * A flat bench in the three-quarter scene (src/motion/three-bench.ts): the schema takes and refuses it naming the
 * field, what is planted over its top rests on it and the feet on the floor, and it is painted under a figure lying on it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { turnedDescriptions } from '../helpers/turned-descriptions.ts';
import { COLOURS, mixColour } from '../../src/motion/svg-kit.ts';
import { BENCH_HEIGHT } from '../../src/motion/three-bench.ts';
import { checkTurned, PLANT_TOLERANCE } from '../../src/motion/three-check.ts';
import { turnedFilm } from '../../src/motion/three-film.ts';
import { plantedPoints } from '../../src/motion/three-parts.ts';
import { placedKeys } from '../../src/motion/three-timeline.ts';

const FILE = 'data/source/motion/strength-dumbbell-3d.json';
const { build, motionOf } = turnedDescriptions(FILE, 'strength', 'Dumbbell_Flyes');

const LYING = ['pelvis', 'lowerBack', 'back', 'head'];
const FLYES = {
  view: 'three-quarter',
  holds: 'dumbbells',
  bench: { from: -1, to: 0.2 },
  keys: [
    {
      name: 'lying on the bench, arms up',
      hold: 0.3,
      move: 1,
      lean: -90,
      hips: [-5, 6, 0],
      knees: 90,
      ankles: 0,
      shoulders: [90, 4, 0],
      elbows: 10,
      planted: [...LYING, 'leftFoot', 'rightFoot'],
    },
    { name: 'arms opened wide', hold: 0.3, move: 1, shoulders: [90, 75, 0], elbows: 20 },
  ],
};

describe('a flat bench', () => {
  it('is 43 cm high unless said, and refused shorter than half a metre or reversed, naming the field', () => {
    assert.equal(motionOf(FLYES).bench?.height, BENCH_HEIGHT);
    assert.equal(BENCH_HEIGHT, 0.43);
    const short = build({ ...FLYES, bench: { from: 0.2, to: -1 } });
    assert.ok(!short.ok);
    assert.match(JSON.stringify(short.problems), /motions\.Dumbbell_Flyes\.bench\.to","message":"the bench runs from 0\.2 to -1 m/);
    const high = build({ ...FLYES, bench: { from: -1, to: 0.2, height: 1.2 } });
    assert.ok(!high.ok);
    assert.match(JSON.stringify(high.problems), /bench\.height/);
  });

  it('bears what is planted over its top, the feet on the floor, and balances the flye', () => {
    const motion = motionOf(FLYES);
    const { body } = placedKeys(motion)[0]!;
    for (const point of plantedPoints(LYING as never)) {
      assert.ok(Math.abs(point.at(body)[1] - point.rest - BENCH_HEIGHT) <= PLANT_TOLERANCE, point.name);
    }
    for (const side of ['left', 'right'] as const) assert.ok(Math.abs(body.legs[side].heel[1]) <= PLANT_TOLERANCE);
    assert.equal(
      checkTurned(FILE, 'Dumbbell_Flyes', motion)
        .map((p) => p.message)
        .join('; '),
      '',
    );
    // With no bench the same key lies on the floor.
    const { bench: _, ...floor } = FLYES;
    assert.ok(Math.abs(body.pelvis[1] - placedKeys(motionOf(floor))[0]!.body.pelvis[1] - BENCH_HEIGHT) < 1e-9);
  });

  it('paints its padded top and legs, the figure lying on it over the pad', () => {
    const svg = turnedFilm(motionOf(FLYES)).frameSvg(0);
    const top = svg.indexOf(`fill="${COLOURS.pad}"`);
    assert.ok(top > 0, 'the top');
    assert.ok(svg.includes(`fill="${mixColour(COLOURS.pad, '#000000', 0.25)}"`), 'a side darker than the top');
    const { bench: _, ...floor } = FLYES;
    const steel = (frame: string) => (frame.match(new RegExp(`stroke="${COLOURS.steel}"`, 'g')) ?? []).length;
    assert.equal(steel(svg) - steel(turnedFilm(motionOf(floor)).frameSvg(0)), 2, 'two legs');
    // The trunk is the figure's widest near stroke: painted after the pad.
    assert.ok(svg.lastIndexOf(`stroke="${COLOURS.near}"`) > top);
  });
});
