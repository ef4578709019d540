/**
 * An adjustable bench in the three-quarter scene (src/motion/three-bench.ts, `bench.incline`): the schema takes it and
 * refuses a hinge too near an end or a back pad too high, naming the field; a point over the back pad rests its rest
 * height from the slope, square to it; a decline's head end is lower; and both stretches of the pad are drawn.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { turnedDescriptions } from '../helpers/turned-descriptions.ts';
import { COLOURS } from '../../src/motion/svg-kit.ts';
import { padsOf, restingOver } from '../../src/motion/three-bench.ts';
import { PLANT_TOLERANCE } from '../../src/motion/three-check.ts';
import { turnedFilm } from '../../src/motion/three-film.ts';
import { plantedPoints } from '../../src/motion/three-parts.ts';
import { placedKeys } from '../../src/motion/three-timeline.ts';

const FILE = 'data/source/motion/strength-incline-3d.json';
const { build, motionOf, problemsOf } = turnedDescriptions(FILE, 'strength', 'Incline_Dumbbell_Flyes');

const LYING_BACK = ['pelvis', 'lowerBack', 'back'];
/** A flye on a 45-degree incline: sat into the crease, the back along the pad, the feet on the floor. */
const INCLINE_FLYES = {
  view: 'three-quarter',
  holds: 'dumbbells',
  bench: { from: -0.8, to: 0.35, incline: { at: -0.02, degrees: 45 } },
  keys: [
    {
      name: 'on the incline, arms up',
      hold: 0.3,
      move: 1,
      lean: -47,
      hips: [45, 6, 0],
      knees: 90,
      ankles: 0,
      shoulders: [90, 4, 0],
      elbows: 10,
      planted: [...LYING_BACK, 'leftFoot', 'rightFoot'],
    },
    { name: 'arms opened wide', hold: 0.3, move: 1, shoulders: [90, 75, 0], elbows: 20 },
  ],
};

describe('an inclined bench', () => {
  it('is refused with its hinge under 20 cm from an end or its back pad standing over 1.5 m, naming the field', () => {
    assert.equal(motionOf(INCLINE_FLYES).bench?.incline?.degrees, 45);
    const near = build({ ...INCLINE_FLYES, bench: { from: -0.8, to: 0.35, incline: { at: 0.25, degrees: 45 } } });
    assert.ok(!near.ok);
    assert.match(JSON.stringify(near.problems), /bench\.incline\.at","message":"the hinge at 0\.25 m leaves a pad under 0\.2 m/);
    const high = build({ ...INCLINE_FLYES, bench: { from: -1.5, to: 0.35, incline: { at: -0.02, degrees: 60 } } });
    assert.ok(!high.ok);
    assert.match(JSON.stringify(high.problems), /bench\.incline\.degrees","message":"the back pad's end would stand 2\.99 m high/);
    const steep = build({ ...INCLINE_FLYES, bench: { from: -0.8, to: 0.35, incline: { at: -0.02, degrees: 89 } } });
    assert.ok(!steep.ok);
    assert.match(JSON.stringify(steep.problems), /bench\.incline\.degrees/);
  });

  it('bears the back along its slope, square to it, and the pelvis in the crease', () => {
    const motion = motionOf(INCLINE_FLYES);
    assert.equal(problemsOf(INCLINE_FLYES), '');
    const { body } = placedKeys(motion)[0]!;
    const [back] = padsOf(motion.bench!);
    const slope = (back!.y1 - back!.y0) / (back!.x1 - back!.x0);
    for (const point of plantedPoints(['back', 'lowerBack'])) {
      const at = point.at(body);
      // Over the back pad: its rest square to the slope is rest / cos(45 degrees) straight up from the pad's top.
      const top = back!.y0 + slope * (at[0] - back!.x0);
      assert.ok(at[0] < -0.02, `${point.name} is over the back pad`);
      assert.ok(Math.abs(at[1] - top - point.rest * Math.SQRT2) <= PLANT_TOLERANCE, point.name);
    }
    // The same key lying back against a flat bench floats its upper back off it: the slope is what bears it.
    const flat = { ...INCLINE_FLYES, bench: { from: -0.8, to: 0.35 } };
    assert.match(problemsOf(flat), /back is planted but \d+ cm (above|under) the bench's top/);
    // Leaning back less than the pad, the upper back stands off the pad and check names it.
    const upright = { ...INCLINE_FLYES, keys: [{ ...INCLINE_FLYES.keys[0], lean: -40 }, INCLINE_FLYES.keys[1]] };
    assert.match(problemsOf(upright), /back is planted but \d+ cm above the bench's back pad/);
  });

  it('slopes down toward its head end as a decline, and rests a point over the seat on the seat', () => {
    const decline = { from: -0.8, to: 0.35, height: 0.5, incline: { at: 0, degrees: -20 } };
    const [back, seat] = padsOf(decline);
    assert.ok(Math.abs(back!.y0 - (0.5 - 0.8 * Math.tan((20 * Math.PI) / 180))) < 1e-9);
    const onBack = restingOver(decline, [-0.4, 0, 0], 0.1);
    assert.equal(onBack.what, "the bench's back pad");
    assert.ok(Math.abs(onBack.height - (0.5 - 0.4 * Math.tan((20 * Math.PI) / 180) + 0.1 / Math.cos((20 * Math.PI) / 180))) < 1e-9);
    // Past the ridge the seat holds it, though the back pad's line carried on would stand higher there.
    assert.deepEqual(restingOver(decline, [0.1, 0, 0], 0.1), { height: seat!.y0 + 0.1, what: "the bench's seat" });
    // Beside the pad, the floor.
    assert.equal(restingOver(decline, [-0.4, 0, 0.3], 0.1).what, 'the floor');
  });

  it('draws the back pad and the seat, each a padded stretch, on two legs reaching the pad', () => {
    const svg = turnedFilm(motionOf(INCLINE_FLYES)).frameSvg(0);
    assert.equal((svg.match(new RegExp(`fill="${COLOURS.pad}"`, 'g')) ?? []).length, 2, 'two tops');
    const { bench: _, ...floor } = INCLINE_FLYES;
    const steel = (frame: string) => (frame.match(new RegExp(`stroke="${COLOURS.steel}"`, 'g')) ?? []).length;
    assert.equal(steel(svg) - steel(turnedFilm(motionOf({ ...floor, keys: INCLINE_FLYES.keys })).frameSvg(0)), 2, 'two legs');
  });
});
