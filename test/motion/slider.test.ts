/**
 * Sliders (gliding discs) under the hands or feet a description names: drawn under the part in every frame,
 * gliding with it; refused under a part off the floor, lifting, stepped or on a travelling floor; a
 * description without them drawn exactly as without the feature.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkMotion } from '../../src/motion/motion-check.ts';
import { buildDescription, type Description } from '../../src/motion/motion-files.ts';
import { RENDERER_VERSION } from '../../src/motion/render-media.ts';
import { sliderCentre } from '../../src/motion/render-slider.ts';
import { cameraFor, frameSvg } from '../../src/motion/render-svg.ts';
import { round, svgPoint } from '../../src/motion/svg-kit.ts';
import { bodyAt, FRAMES_PER_SECOND, frameCount } from '../../src/motion/timeline.ts';

function built(source: Record<string, unknown>): ReturnType<typeof buildDescription> {
  return buildDescription('data/source/motion/strength.json', 'strength', 'A', source, RENDERER_VERSION);
}

function description(source: Record<string, unknown>): Description {
  const result = built(source);
  assert.ok(result.ok, JSON.stringify(!result.ok && result.problems));
  return result.value;
}

const plank = { trunk: 71, legs: [-71, -71, 10], arms: [0, 0], handsOnFloor: 'both', feetOnFloor: 'both', onToes: 'both' };
const kneeTuck = {
  pattern: 'pose',
  props: ['slider'],
  sliders: 'both-feet',
  fixed: 'leftHand',
  keys: [
    { name: 'plank', ...plank, hold: 0.2, move: 0.8 },
    { name: 'tucked', ...plank, trunk: 95, spine: 25, legs: [30, -80, 10], hold: 0.2, move: 0.8 },
  ],
};
const { props: _props, sliders: _sliders, ...bareTuck } = kneeTuck;

/** The slider discs drawn in an SVG frame, as their centres in pixels. */
const discs = (svg: string): [number, number][] =>
  [...svg.matchAll(/<ellipse cx="([-\d.]+)" cy="([-\d.]+)" rx="[\d.]+" ry="[\d.]+" fill="#(?:d8452b|eba596)"/g)].map((m) => [
    Number(m[1]),
    Number(m[2]),
  ]);

const problemsOf = (source: Record<string, unknown>): string[] => checkMotion(description(source)).map((p) => p.message);

describe('sliders', () => {
  it('draws a disc under each foot in every frame, gliding with the toes along the floor', () => {
    const tuck = description(kneeTuck);
    assert.deepEqual(checkMotion(tuck), []);
    const camera = cameraFor(tuck.motion, [bodyAt(tuck.motion, 0)]);
    const xs: number[] = [];
    for (let frame = 0; frame < frameCount(tuck.motion); frame += 1) {
      const body = bodyAt(tuck.motion, frame / FRAMES_PER_SECOND);
      const drawn = discs(frameSvg(tuck.motion, body, camera));
      assert.equal(drawn.length, 2, `frame ${frame}: one disc under each foot`);
      const left = sliderCentre(body, 'left-foot');
      // Under the toes (the feet rest on them), on the floor: within a centimetre of the toe along it, just under the floor line.
      assert.ok(
        Math.abs(left[0] - body.legs.left.toe[0]) < 0.01,
        `frame ${frame}: the disc is ${left[0]} m along, the toe ${body.legs.left.toe[0]}`,
      );
      assert.ok(left[1] < 0 && left[1] > -0.05, `frame ${frame}: the disc lies at the floor (its middle ${left[1]} m)`);
      const [px, py] = svgPoint(camera, left);
      assert.ok(
        drawn.some(([x, y]) => x === Number(round(px)) && y === Number(round(py))),
        `frame ${frame}: a disc is drawn at the left toe (${round(px)}, ${round(py)}), not only at ${JSON.stringify(drawn)}`,
      );
      xs.push(left[0]);
    }
    assert.ok(
      Math.max(...xs) - Math.min(...xs) > 0.3,
      `the discs glide with the feet (${(Math.max(...xs) - Math.min(...xs)).toFixed(2)} m)`,
    );
  });

  it('adds only the discs: the same movement without sliders is drawn as before, with no disc', () => {
    const [tuck, bare] = [description(kneeTuck), description(bareTuck)];
    const camera = cameraFor(bare.motion, [bodyAt(bare.motion, 0)]);
    for (const seconds of [0, 0.5, 1.1]) {
      const withDiscs = frameSvg(tuck.motion, bodyAt(tuck.motion, seconds), camera);
      const without = frameSvg(bare.motion, bodyAt(bare.motion, seconds), camera);
      assert.equal(discs(without).length, 0, 'no disc without sliders');
      assert.equal(
        withDiscs.replace(/<ellipse [^>]*fill="#(?:d8452b|eba596)"[^>]*\/>/g, ''),
        without,
        `at ${seconds} s only the discs differ`,
      );
    }
  });

  it('draws a disc under a hand, and from the front under the foot that slides out', () => {
    const fly = description({
      pattern: 'pose',
      props: ['slider'],
      sliders: ['left-hand'],
      fixed: 'rightHand',
      keys: [
        { name: 'plank', ...plank, hold: 0.2, move: 0.8 },
        { name: 'reach', ...plank, arms: { left: [35, 35], right: [0, 0] }, hold: 0.2, move: 0.8 },
      ],
    });
    assert.deepEqual(checkMotion(fly), []);
    const body = bodyAt(fly.motion, 1.0);
    assert.ok(Math.abs(sliderCentre(body, 'left-hand')[0] - body.arms.left.hand[0]) < 1e-9, 'the disc is under the hand');
    const lunge = description({
      pattern: 'pose',
      view: 'front',
      props: ['slider'],
      sliders: ['right-foot'],
      fixed: 'leftToe',
      keys: [
        { name: 'feet together', legs: [2, 2], feetOnFloor: 'both', hold: 0.2, move: 0.8 },
        {
          name: 'right foot out',
          legs: { left: [40, 0], right: [55, 55] },
          toward: { trunk: 30, legs: { left: [60, -20], right: [0, 0] } },
          feetOnFloor: 'both',
          hold: 0.2,
          move: 0.8,
        },
      ],
    });
    assert.deepEqual(checkMotion(lunge), []);
    const [start, out] = [bodyAt(lunge.motion, 0), bodyAt(lunge.motion, 1.0)];
    const moved = Math.abs(sliderCentre(out, 'right-foot')[0] - sliderCentre(start, 'right-foot')[0]);
    assert.ok(moved > 0.2, `the disc slides out with the right foot (${moved.toFixed(2)} m)`);
    assert.equal(discs(frameSvg(lunge.motion, out, cameraFor(lunge.motion, [start, out]))).length, 1, 'one disc, under the right foot');
  });

  it('refuses a part on a slider that lifts off the floor, naming the field and the time', () => {
    const climber = {
      ...kneeTuck,
      keys: [
        { name: 'plank', ...plank, hold: 0.2, move: 0.5 },
        {
          name: 'left knee up, foot off the floor',
          ...plank,
          legs: { left: [70, -70, -100], right: [-71, -71, 10] },
          feetOnFloor: 'right',
          onToes: 'right',
          hold: 0.2,
          move: 0.5,
        },
      ],
    };
    const messages = problemsOf(climber);
    assert.ok(
      messages.some((m) => /^sliders: at \d\.\d\d s the left foot on its slider is \d+ cm off the floor/.test(m)),
      JSON.stringify(messages),
    );
    assert.ok(
      !messages.some((m) => m.includes('right foot on its slider')),
      `the right foot stays on its slider: ${JSON.stringify(messages)}`,
    );
  });

  it('refuses a slider under a part that is not on the floor, a stepped part and a travelling floor', () => {
    const standing = {
      pattern: 'pose',
      props: ['slider'],
      sliders: ['right-hand'],
      keys: [
        { name: 'standing', legs: [0, 0] },
        { name: 'still', legs: [0, 0] },
      ],
    };
    assert.ok(
      problemsOf(standing).some((m) => m.startsWith('sliders: at 0.00 s the right hand on its slider is') && m.includes('off the floor')),
      JSON.stringify(problemsOf(standing)),
    );
    const stepped = { ...kneeTuck, keys: [kneeTuck.keys[0], { ...kneeTuck.keys[1], step: 'left-foot' }] };
    assert.ok(
      problemsOf(stepped).includes('sliders: key 1 "tucked" steps the left foot, which glides on its slider: leave out step'),
      JSON.stringify(problemsOf(stepped)),
    );
    const file = checkMotion(description(standing))[0];
    assert.ok(file?.source === 'data/source/motion/strength.json' && file.path === 'motions.A', JSON.stringify(file));
  });

  it('takes only hands and feet, each once', () => {
    for (const sliders of [['left-knee'], ['left-foot', 'left-foot'], [], 'both-knees']) {
      const result = built({ ...kneeTuck, sliders });
      assert.ok(!result.ok && result.problems.some((p) => p.path.includes('sliders')), `${JSON.stringify(sliders)} is refused`);
    }
  });
});
