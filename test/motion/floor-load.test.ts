/**
 * A load lying on the floor that the feet hook under (floorLoad): a dumbbell or a loaded bar, drawn from the side
 * with its far plate behind the figure, its near one see-through over the feet and its handle over the insteps;
 * the load named in props is not held; check refuses feet that are not hooked under it (clear of it, into it, or
 * with the handle beyond the toes) and the front view; a description without it is drawn as before.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { handleOf, hookProblem, floorLoadIn } from '../../src/motion/floor-load.ts';
import { checkMotion } from '../../src/motion/motion-check.ts';
import { floorLoadSvg } from '../../src/motion/render-floor-load.ts';
import { cameraFor, frameSvg } from '../../src/motion/render-svg.ts';
import { round, svgPoint } from '../../src/motion/svg-kit.ts';
import { bodyAt, FRAMES_PER_SECOND, frameCount } from '../../src/motion/timeline.ts';
import { descriptionsIn } from '../helpers/motion-descriptions.ts';

const { built, description } = descriptionsIn('strength');

const legs = { legs: [135, 45], feetOnFloor: 'both' };
const sitUp = (load: Record<string, unknown> | undefined, props = ['dumbbell', 'mat'], extra: Record<string, unknown> = {}) => ({
  pattern: 'pose',
  props,
  fixed: 'pelvis',
  ...(load === undefined ? {} : { floorLoad: load }),
  ...extra,
  keys: [
    { name: 'lying', trunk: -90, ...legs, arms: [235, 15], hold: 0.3, move: 1.2 },
    { name: 'sat up', trunk: -5, spine: 10, ...legs, arms: [140, -80], hold: 0.3, move: 1.6 },
  ],
});

const problemsOf = (source: Record<string, unknown>): string[] => checkMotion(description(source)).map((p) => p.message);

/** The handles drawn in an SVG frame (a small steel disc with an iron rim), as their centres in pixels. */
const handles = (svg: string): [number, number][] =>
  [...svg.matchAll(/<circle cx="([-\d.]+)" cy="([-\d.]+)" r="[\d.]+" fill="#8d9299" stroke="#2f2f33"/g)].map((m) => [
    Number(m[1]),
    Number(m[2]),
  ]);

describe('a load lying on the floor, the feet hooked under it', () => {
  it('draws a dumbbell at the feet in every frame, its handle over the insteps against the ankles, and does not hold it', () => {
    const anchored = description(sitUp({ load: 'dumbbell', x: 0.65 }));
    assert.deepEqual(checkMotion(anchored), []);
    assert.deepEqual(anchored.motion.held, [], 'the dumbbell lies on the floor, not in the hands');
    const prop = floorLoadIn(anchored.motion)!;
    assert.deepEqual(handleOf(prop), [0.65, 0.1], 'the handle lies at the heads radius (10 cm) above the floor');
    const camera = cameraFor(anchored.motion, [bodyAt(anchored.motion, 0)]);
    const [px, py] = svgPoint(camera, handleOf(prop));
    for (let frame = 0; frame < frameCount(anchored.motion); frame += 1) {
      const body = bodyAt(anchored.motion, frame / FRAMES_PER_SECOND);
      assert.deepEqual(handles(frameSvg(anchored.motion, body, camera)), [[Number(round(px)), Number(round(py))]], `frame ${frame}`);
      for (const side of ['left', 'right'] as const) {
        const { end: ankle, toe } = body.legs[side];
        assert.ok(ankle[0] < 0.65 && 0.65 < toe[0], `frame ${frame}: the handle is over the ${side} foot, ahead of the ankle`);
        assert.equal(hookProblem(body, side, prop), undefined, `frame ${frame}: the ${side} foot is hooked under it`);
      }
    }
  });

  it('draws a loaded bar as well: its plates 25 cm across, the bar 12.5 cm up', () => {
    const anchored = description(sitUp({ load: 'barbell', x: 0.63 }, ['barbell', 'mat']));
    assert.deepEqual(checkMotion(anchored), []);
    assert.deepEqual(anchored.motion.held, []);
    assert.deepEqual(handleOf(floorLoadIn(anchored.motion)!), [0.63, 0.125]);
  });

  it('refuses feet that are not hooked under it: clear of it, into the shins, or with it beyond the toes', () => {
    assert.match(
      problemsOf(sitUp({ load: 'dumbbell', x: 0.72 })).join('\n'),
      /floorLoad: at 0\.00 s the left foot is \d+ cm under the dumbbell's handle, not hooked/,
    );
    assert.match(
      problemsOf(sitUp({ load: 'dumbbell', x: 0.62 })).join('\n'),
      /floorLoad: at 0\.00 s the left foot passes \d+ cm into the dumbbell's handle/,
    );
    assert.match(
      problemsOf(sitUp({ load: 'dumbbell', x: 0.9 })).join('\n'),
      /floorLoad: at 0\.00 s the dumbbell's handle \(x 0\.90\) is not over the left foot/,
    );
    assert.match(problemsOf(sitUp({ load: 'barbell', x: 0.7 }, ['barbell', 'mat'])).join('\n'), /the left foot is \d+ cm under the bar/);
  });

  it('refuses it seen from the front, and a load that is neither a dumbbell nor a bar', () => {
    const front = { ...sitUp({ load: 'dumbbell', x: 0.65 }), view: 'front' };
    assert.ok(problemsOf(front).some((message) => message.startsWith('floorLoad: a load lying on the floor is drawn from the side')));
    const kettlebell = built(sitUp({ load: 'kettlebell', x: 0.65 }, ['kettlebell', 'mat']));
    assert.ok(!kettlebell.ok);
    assert.match(kettlebell.problems.map((p) => p.message).join('\n'), /floorLoad\.load is dumbbell \(round heads\) or barbell/);
  });

  it('adds only the load: the same sit-up without it is drawn as before, and so is a dumbbell held in the hands', () => {
    const [anchored, bare] = [description(sitUp({ load: 'dumbbell', x: 0.65 })), description(sitUp(undefined, ['mat']))];
    const camera = cameraFor(bare.motion, [bodyAt(bare.motion, 0)]);
    for (const seconds of [0, 0.9, 2.2]) {
      const with_ = frameSvg(anchored.motion, bodyAt(anchored.motion, seconds), camera, seconds);
      const without = frameSvg(bare.motion, bodyAt(bare.motion, seconds), camera, seconds);
      assert.notEqual(with_, without);
      const removed = with_
        .replace(floorLoadSvg(camera, anchored.motion, 'behind'), '')
        .replace(floorLoadSvg(camera, anchored.motion, 'over'), '');
      assert.equal(removed, without, `at ${seconds} s only the load's plates and handle are added`);
      assert.equal(handles(without).length, 0);
    }
    const held = description(sitUp(undefined, ['dumbbell', 'mat'], { holdIn: 'hands' }));
    assert.equal(held.motion.held[0]?.kind, 'dumbbell', 'without floorLoad a named dumbbell is held as before');
  });
});
