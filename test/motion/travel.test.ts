/**
 * A travelling figure (`travel`, src/motion/travel.ts): the camera follows it and the floor scrolls
 * back under it, so a foot planted on the floor moves back with the floor instead of sliding along it.
 * The same keys without `travel` slide, and `media slides` says so; the floor's seams scroll at the
 * travel speed and loop without a jump; a prop standing on the floor is refused with a travelling figure.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkMotion } from '../../src/motion/motion-check.ts';
import { slides } from '../../src/motion/slides.ts';
import { buildDescription, type Description } from '../../src/motion/motion-files.ts';
import { cycleSeconds } from '../../src/motion/motion.ts';
import { RENDERER_VERSION } from '../../src/motion/render-media.ts';
import { propLine } from '../../src/motion/render-lines.ts';
import { cameraFor, figuresSvg } from '../../src/motion/render-svg.ts';
import { round, svgPoint } from '../../src/motion/svg-kit.ts';
import { bodyAt, figuresAt, pointOf } from '../../src/motion/timeline.ts';
import { floorDrift, seamSpacing, seamsAt } from '../../src/motion/travel.ts';

/** A description of one exercise built as the media CLI builds it, taken or refused. */
const attempt = (source: Record<string, unknown>) =>
  buildDescription('data/source/motion/conditioning.json', 'conditioning', 'Sled_Push', source, RENDERER_VERSION);

function built(source: Record<string, unknown>): Description {
  const result = attempt(source);
  assert.ok(result.ok, JSON.stringify(!result.ok && result.problems));
  return result.value;
}

/**
 * Feet planted while the body moves back over them 30 cm in 0.3 s (1 m/s), then a hop forward to the
 * start: on a still floor the planted feet slide 30 cm; on a floor scrolling back at 1 m/s they stay put.
 */
const shuffle = (extra: Record<string, unknown>) => ({
  pattern: 'pose',
  keys: [
    { name: 'feet planted ahead', at: 0.15, hold: 0, move: 0.3 },
    { name: 'feet planted behind', at: -0.15, hold: 0, move: 0.3 },
    { name: 'hop forward', at: 0.15, air: 0.2, hold: 0, move: 0.3 },
  ],
  ...extra,
});

describe('a travelling figure', () => {
  const travelling = built(shuffle({ travel: 1 }));
  const still = built(shuffle({}));

  it('keeps a planted foot on the scrolling floor, where the same keys on a still floor slide', () => {
    assert.deepEqual(checkMotion(travelling), []);
    const found = slides(travelling.motion);
    assert.deepEqual(found, [], JSON.stringify(found));
    const sliding = slides(still.motion).find((slide) => slide.point === 'leftHeel');
    assert.ok(sliding !== undefined && sliding.metres > 0.25, `on a still floor the heel slides: ${JSON.stringify(sliding)}`);
  });

  it('moves a planted foot at one speed, the floor’s: its moves are not eased', () => {
    const heel = (seconds: number) => pointOf(bodyAt(travelling.motion, seconds), 'leftHeel')[0];
    for (const seconds of [0.05, 0.1, 0.15, 0.2, 0.25]) {
      const onFloor = heel(seconds) - floorDrift(travelling.motion, seconds);
      assert.ok(Math.abs(onFloor - heel(0)) < 1e-9, `at ${seconds} s the heel is ${onFloor - heel(0)} m from where it was planted`);
    }
  });

  it('scrolls the floor’s seams at the travel speed, whole gaps a loop, so the clip loops without a jump', () => {
    const cycle = cycleSeconds(travelling.motion);
    const spacing = seamSpacing(travelling.motion);
    assert.ok(
      Math.abs((cycle / spacing) % 1) < 1e-9 || Math.abs((cycle / spacing) % 1) > 1 - 1e-9,
      `${cycle} m a loop in gaps of ${spacing}`,
    );
    const start = seamsAt(travelling.motion, 0, -2, 2);
    const end = seamsAt(travelling.motion, cycle, -2, 2);
    assert.equal(start.length, end.length);
    for (const [i, x] of start.entries()) assert.ok(Math.abs(x - end[i]!) < 1e-9, `seam ${i}: ${x} then ${end[i]}`);
    const later = seamsAt(travelling.motion, 0.1, -2, 2);
    assert.ok(
      later.some((x) => start.some((s) => Math.abs(s - 0.1 - x) < 1e-9)),
      `0.1 s later the seams are 10 cm back: ${start} then ${later}`,
    );
    assert.deepEqual(seamsAt(still.motion, 0.1, -2, 2), [], 'a still floor has none');
    const camera = cameraFor(travelling.motion, [bodyAt(travelling.motion, 0)]);
    const frame = (seconds: number) => figuresSvg(travelling.motion, figuresAt(travelling.motion, seconds), camera, seconds);
    assert.notEqual(frame(0), frame(0.1), 'the picture of the floor moves');
    assert.equal(frame(0), frame(cycle), 'and is the same a loop later');
  });

  it('takes moves as short as 0.1 s, a sprint stride’s, and no shorter', () => {
    const timed = (move: number) => attempt({ ...shuffle({ travel: 1 }), keys: shuffle({}).keys.map((key) => ({ ...key, move })) });
    assert.ok(timed(0.1).ok, 'a 0.1 s move is taken');
    const refused = timed(0.05);
    assert.ok(!refused.ok && refused.problems.some((p) => p.path.includes('move')), 'a 0.05 s move is refused at its field');
  });

  it('takes up to twenty keys (a man maker: hop back, push-up, two rows, hop in, clean, squat, press), not twenty-one', () => {
    const keyed = (count: number) =>
      attempt({ pattern: 'pose', keys: Array.from({ length: count }, (_, i) => ({ name: `key ${i}`, hold: 0, move: 0.2 })) });
    assert.ok(keyed(17).ok, 'seventeen keys (a man maker) are taken');
    assert.ok(keyed(20).ok, 'twenty keys are taken');
    const refused = keyed(21);
    assert.ok(!refused.ok && refused.problems.some((p) => p.message.includes('at most 20 keys')), 'twenty-one are refused');
  });

  it('still refuses a loop over 5 s however many keys it has', () => {
    const keyed = (count: number, move: number) =>
      built({ pattern: 'pose', keys: Array.from({ length: count }, (_, i) => ({ name: `key ${i}`, hold: 0, move })) });
    const loopProblems = (count: number, move: number) =>
      checkMotion(keyed(count, move)).filter((p) => p.message.includes('clips last at most 5 s'));
    assert.deepEqual(loopProblems(20, 0.25), [], 'twenty keys of 0.25 s make a 5 s loop');
    assert.equal(loopProblems(20, 0.3).length, 1, 'twenty keys of 0.3 s (6 s) are refused');
  });

  it('refuses a prop standing on the floor, which would have to scroll with it, and takes a sled it pushes', () => {
    const boxed = built(shuffle({ travel: 1, box: [0.8, 1.2, 0.3] }));
    const problems = checkMotion(boxed).map((p) => `${p.path}: ${p.message}`);
    assert.ok(
      problems.some((p) => p.includes('a box standing on the floor cannot be drawn')),
      `refused: ${problems.join('; ')}`,
    );
    // Dragged by a harness, the sled is behind the figure: it runs on away from it, and the strap leaves
    // from its end toward the figure, not through its plates from the far end.
    const dragging = built(shuffle({ travel: 1, sled: -1, sledStrap: 'hips', fixed: 'pelvis' }));
    const sled = dragging.motion.fixed.find((prop) => prop.kind === 'sled');
    assert.ok(sled !== undefined && sled.x1 < sled.x0, `the sled runs back from its posts: ${JSON.stringify(sled)}`);
    const camera = cameraFor(dragging.motion, [bodyAt(dragging.motion, 0)]);
    const strapStart = svgPoint(camera, [sled.x0 - 0.05, 0.25])
      .map(round)
      .join(' ');
    assert.ok(
      propLine(camera, sled, bodyAt(dragging.motion, 0)).includes(`M${strapStart}L`),
      'the strap starts at the end toward the figure',
    );
    const pushing = built(shuffle({ travel: 1, sled: 0.6 }));
    assert.deepEqual(
      checkMotion(pushing).filter((p) => p.message.includes('travelling')),
      [],
      'a sled travels with the figure',
    );
  });
});
