/**
 * An agility ladder (src/motion/agility-ladder.ts): flat on the floor, its rungs scroll back with the floor
 * under a travelling drill exactly as the seams do, a loop travels a whole number of its squares so the
 * clip closes without a jump, and the check refuses a planted foot on a rung, squares no ladder has and a
 * bad `agilityLadder`.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { agilityLadderOf, rungsAt } from '../../src/motion/agility-ladder.ts';
import { checkMotion } from '../../src/motion/motion-check.ts';
import type { Description } from '../../src/motion/motion-files.ts';
import { cycleSeconds } from '../../src/motion/motion.ts';
import { cameraFor, figuresSvg } from '../../src/motion/render-svg.ts';
import { bodyAt, figuresAt, FRAMES_PER_SECOND, frameCount } from '../../src/motion/timeline.ts';
import { floorDrift, seamsAt } from '../../src/motion/travel.ts';
import { descriptionsIn } from '../helpers/motion-descriptions.ts';

const conditioning = descriptionsIn('conditioning');
const build = (source: Record<string, unknown>) => conditioning.built(source, 'Ladder_Two_In');
const built = (source: Record<string, unknown>): Description => conditioning.description(source, 'Ladder_Two_In');

const key = (name: string, legs: Record<string, number[]>, arms: Record<string, number[]>) => ({
  name,
  trunk: 8,
  legs,
  arms,
  hold: 0,
  move: 0.1,
});
const forward = { left: [40, 115], right: [-35, 45] };
const back = { left: [-35, 45], right: [40, 115] };
const middle = { left: [5, 90], right: [5, 90] };
/** Two-in at 0.9 m/s: one square (45 cm) a 0.5 s loop, the right foot in first, the left beside it, on the balls of the feet. */
const twoIn = (agilityLadder: number, extra: Record<string, unknown> = {}) => ({
  pattern: 'pose',
  props: ['agility-ladder'],
  fixed: 'pelvis',
  travel: 0.9,
  agilityLadder,
  keys: [
    key('right in', { left: [-4.9, -43.4, 55], right: [28.0, -21.9, 70] }, forward),
    key('left through', { left: [26.2, -63.4, 55], right: [21.3, -28.6, 70] }, middle),
    key('left in', { left: [16.9, -31.6, 70], right: [14.3, -34.2, 68] }, back),
    key('right off', { left: [7.7, -35.2, 70], right: [9.6, -40.3, 60] }, back),
    key('right through', { left: [1.0, -39.5, 64], right: [41.6, -53.1, 55] }, middle),
  ],
  ...extra,
});

describe('an agility ladder', () => {
  const drill = built(twoIn(-0.1225));
  const ladder = drill.motion.fixed.find((prop) => prop.kind === 'agility-ladder');
  const cycle = cycleSeconds(drill.motion);

  it('has a rung where the description puts it and squares the loop travels a whole number of', () => {
    assert.deepEqual(ladder, { kind: 'agility-ladder', x0: -0.1225, x1: -0.1225 + 0.45, y: 0 });
    assert.equal(cycle, 0.5);
    // 0.9 m/s for 0.5 s is one square; 1.0 m/s would be 0.5 m, two squares of 25 cm or one of 50 cm: one of 50.
    assert.ok(Math.abs(agilityLadderOf(0, drill.motion.keys, 1.0).x1 - 0.5) < 1e-9);
    assert.equal(agilityLadderOf(0.3, drill.motion.keys, undefined).x1, 0.75, 'on a still floor a square is 45 cm');
  });

  it('scrolls its rungs back with the floor, frame by frame, as the seams do, and closes the loop without a jump', () => {
    assert.ok(ladder !== undefined);
    for (let frame = 0; frame < frameCount(drill.motion); frame += 1) {
      const seconds = frame / FRAMES_PER_SECOND;
      const rungs = rungsAt(drill.motion, ladder, seconds, -2, 2);
      const seams = seamsAt(drill.motion, seconds, -2, 2);
      // Every rung keeps its place on the floor: where it was at the start, moved by the floor's drift.
      for (const x of rungs) {
        const start = x - floorDrift(drill.motion, seconds);
        const squares = (start - ladder.x0) / 0.45;
        assert.ok(Math.abs(squares - Math.round(squares)) < 1e-9, `at ${seconds} s a rung at ${x} is not on the floor's grid`);
      }
      // And so keeps its distance to the seams (both 45 cm apart here).
      assert.ok(Math.abs(((rungs[0]! - seams[0]! + 0.45 * 10) % 0.45) - ((ladder.x0 + 0.45 * 10) % 0.45)) < 1e-9);
      assert.equal(rungs.length >= 8, true, 'the ladder runs across the picture');
    }
    const start = rungsAt(drill.motion, ladder, 0, -2, 2);
    const end = rungsAt(drill.motion, ladder, cycle, -2, 2);
    assert.deepEqual(
      end.map((x) => x.toFixed(9)),
      start.map((x) => x.toFixed(9)),
    );
    const step = rungsAt(drill.motion, ladder, 1 / FRAMES_PER_SECOND, -2, 2);
    assert.ok(Math.abs(start[1]! - step[1]! - 0.9 / FRAMES_PER_SECOND) < 1e-9, 'a frame later every rung is 3 cm back');
  });

  it('is drawn where the floor has carried it: a different picture a frame on, the same one a loop on', () => {
    const camera = cameraFor(drill.motion, [bodyAt(drill.motion, 0)]);
    const frame = (seconds: number) => figuresSvg(drill.motion, figuresAt(drill.motion, seconds), camera, seconds);
    assert.equal(frame(0), frame(cycle));
    assert.ok(frame(0).includes('#e0762b'), 'its rungs are drawn');
    const still = built({ ...twoIn(0), agilityLadder: undefined, props: [] });
    assert.ok(!figuresSvg(still.motion, figuresAt(still.motion, 0), camera, 0).includes('#e0762b'), 'none without it');
  });

  it('passes a drill whose planted feet land in the squares, and refuses one that lands on a rung', () => {
    assert.deepEqual(checkMotion(drill), []);
    const clumsy = checkMotion(built(twoIn(0.1))).map((p) => p.message);
    assert.deepEqual(clumsy, [
      'at 0.00 s the left foot is planted on a rung of the agility ladder (the rung at x -0.35 m, the foot from -0.44 to -0.18 m): feet land in the squares',
    ]);
  });

  it('refuses a loop that travels no whole number of squares', () => {
    const messages = checkMotion(built(twoIn(-0.1225, { travel: 0.6 }))).map((p) => p.message);
    assert.ok(
      messages.includes(
        "the loop travels 0.30 m, which no agility ladder's squares (40 to 50 cm) divide: a loop travels a whole number of squares (0.45 m, 0.90 m, 1.35 m, ...)",
      ),
      messages.join('; '),
    );
  });

  it('may be in a travelling scene, where cones standing on the floor may not', () => {
    assert.ok(!checkMotion(drill).some((p) => p.message.includes('scrolls under it')));
    const coned = checkMotion(built(twoIn(-0.1225, { props: ['agility-ladder', 'cone'], cones: [1] }))).map((p) => p.message);
    assert.ok(coned.includes("a travelling figure's floor scrolls under it, so a cone standing on the floor cannot be drawn with it"));
  });

  it('is refused by the schema when its rung is not a number of metres from -3 to 3', () => {
    for (const [agilityLadder, message] of [
      [4, "agilityLadder is the x of a rung at the loop's start, -3 to 3 m"],
      ['start', "agilityLadder is the x of a rung at the loop's start, in metres"],
    ] as const) {
      const result = build(twoIn(0, { agilityLadder }));
      assert.ok(!result.ok);
      assert.ok(
        result.problems.some((p) => p.message.includes(message)),
        JSON.stringify(result.problems),
      );
    }
    const undrawn = build({ ...twoIn(0), agilityLadder: undefined });
    assert.ok(!undrawn.ok && undrawn.problems[0]!.message === 'pattern pose does not draw a agility-ladder (yet)');
  });
});
