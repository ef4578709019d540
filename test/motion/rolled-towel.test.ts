/**
 * A rolled towel on the floor (rolledTowel: its x), a heel propped on its top: drawn end on from the side, a white
 * roll with its spiral, in every frame; the heel over it rests on it; check refuses a towel no heel rests on (under
 * the calf, or the heel lifted off it) and the front view; a description without it is drawn as before.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkMotion } from '../../src/motion/motion-check.ts';
import { rolledTowelSvg } from '../../src/motion/render-floor-load.ts';
import { cameraFor, frameSvg } from '../../src/motion/render-svg.ts';
import { round, svgPoint } from '../../src/motion/svg-kit.ts';
import { bodyAt, FRAMES_PER_SECOND, frameCount } from '../../src/motion/timeline.ts';
import { descriptionsIn } from '../helpers/motion-descriptions.ts';

const { description } = descriptionsIn('physical_therapy');

const seated = { trunk: -25, feetOnFloor: 'right', arms: [-35, -35], handsOnFloor: 'both' };
const heelProp = (
  towel: number | undefined,
  left: [number, number][] = [
    [102.6, 89.4],
    [96.3, 96.3],
  ],
  extra: Record<string, unknown> = {},
) => ({
  pattern: 'pose',
  props: towel === undefined ? ['mat'] : ['rolled-towel', 'mat'],
  fixed: 'pelvis',
  ...(towel === undefined ? {} : { rolledTowel: towel }),
  ...extra,
  keys: [
    { name: 'knee a little bent', ...seated, legs: { left: [...left[0]!, 150], right: [140, 40] }, hold: 0.5, move: 1.5 },
    { name: 'knee sagged straight', ...seated, legs: { left: [...left[1]!, 150], right: [140, 40] }, hold: 0.5, move: 1.5 },
  ],
});

const problemsOf = (source: Record<string, unknown>): string[] => checkMotion(description(source)).map((p) => p.message);

/** The rolled towels drawn in an SVG frame (a white disc with a grey rim), as their centres and radii in pixels. */
const towels = (svg: string): [number, number, number][] =>
  [...svg.matchAll(/<circle cx="([-\d.]+)" cy="([-\d.]+)" r="([\d.]+)" fill="#f4f1fa" stroke="#9a98a6"/g)].map((m) => [
    Number(m[1]),
    Number(m[2]),
    Number(m[3]),
  ]);

describe('a rolled towel under the heel', () => {
  it('draws the towel, 10 cm thick, in every frame with the left heel resting on its top', () => {
    const propped = description(heelProp(0.872));
    assert.deepEqual(checkMotion(propped), []);
    const camera = cameraFor(propped.motion, [bodyAt(propped.motion, 0)]);
    const [px, py] = svgPoint(camera, [0.872, 0.05]);
    for (let frame = 0; frame < frameCount(propped.motion); frame += 1) {
      const body = bodyAt(propped.motion, frame / FRAMES_PER_SECOND);
      assert.deepEqual(towels(frameSvg(propped.motion, body, camera)), [
        [Number(round(px)), Number(round(py)), Number(round(0.05 * camera.scale))],
      ]);
      const heel = body.legs.left.heel;
      assert.ok(
        Math.abs(heel[0] - 0.872) < 0.03 && Math.abs(heel[1] - 0.1) < 0.02,
        `frame ${frame}: the left heel ${heel} rests on the towel's top`,
      );
      assert.ok(body.legs.left.middle[1] > 0.12, `frame ${frame}: nothing holds up the back of the knee`);
    }
  });

  it('refuses a towel no heel rests on: under the calf, or the heel lifted off it', () => {
    assert.match(problemsOf(heelProp(0.55)).join('\n'), /rolledTowel: at 0\.00 s no heel is over the rolled towel/);
    const lifted = problemsOf(
      heelProp(0.8, [
        [115, 105],
        [115, 105],
      ]),
    );
    assert.match(lifted.join('\n'), /rolledTowel: at 0\.00 s the left heel is \d+ cm above the rolled towel's top/);
  });

  it('refuses it seen from the front', () => {
    assert.ok(problemsOf({ ...heelProp(0.872), view: 'front' }).includes('rolledTowel: a rolled towel is drawn from the side, end on'));
  });

  it('adds only the towel: the same stretch without it is drawn as before', () => {
    const [propped, bare] = [description(heelProp(0.872)), description(heelProp(undefined))];
    const camera = cameraFor(bare.motion, [bodyAt(bare.motion, 0)]);
    for (const seconds of [0, 1, 2.5]) {
      const with_ = frameSvg(propped.motion, bodyAt(propped.motion, seconds), camera, seconds);
      const without = frameSvg(bare.motion, bodyAt(bare.motion, seconds), camera, seconds);
      assert.equal(towels(without).length, 0);
      assert.equal(with_.replace(rolledTowelSvg(camera, propped.motion), ''), without, `at ${seconds} s only the towel is added`);
    }
  });
});
