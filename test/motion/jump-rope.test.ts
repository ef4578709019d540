/**
 * A jump rope (src/motion/jump-rope.ts): it turns at one speed, `jumpRope` times a loop, under the feet
 * at the start of the loop and at every whole turn, over the head halfway; the check refuses a rope that
 * passes under a foot still on the floor, and the picture shows it where its turn has got to.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ropeReach } from '../../src/motion/jump-rope.ts';
import { checkMotion } from '../../src/motion/motion-check.ts';
import { buildDescription, type Description } from '../../src/motion/motion-files.ts';
import { frames, RENDERER_VERSION } from '../../src/motion/render-media.ts';
import { cameraFor, figuresSvg, frameSvg } from '../../src/motion/render-svg.ts';
import { bodyAt, figuresAt, keyBody } from '../../src/motion/timeline.ts';
import { Resvg } from '@resvg/resvg-js';

function built(source: Record<string, unknown>): Description {
  const result = buildDescription('data/source/motion/conditioning.json', 'conditioning', 'Rope_Jumping', source, RENDERER_VERSION);
  assert.ok(result.ok, JSON.stringify(!result.ok && result.problems));
  return result.value;
}

const flight = { name: 'in the air, rope under the feet', legs: [0, 0, 120], arms: [15, 70], air: 0.08, hold: 0, move: 0.2 };
const landed = { name: 'landed', legs: [0, 0], arms: [15, 70], hold: 0, move: 0.2 };

/** Two small hops a loop and two turns of the rope: the loop starts in the air, as the rope passes under. */
const hops = (keys: readonly object[]) => ({ pattern: 'pose', props: ['jump-rope'], jumpRope: 2, keys });

describe('a jump rope', () => {
  const timed = built(hops([flight, landed, flight, landed]));
  const late = built(hops([landed, flight, landed, flight]));
  const rope = timed.motion.fixed.find((prop) => prop.kind === 'jump-rope');

  it('turns under the feet while they are in the air, and the check refuses it under a foot on the floor', () => {
    assert.ok(rope !== undefined && Math.abs((rope.period ?? 0) - 0.4) < 1e-9, `two turns of a 0.8 s loop: ${JSON.stringify(rope)}`);
    assert.deepEqual(checkMotion(timed), []);
    const trips = checkMotion(late).map((p) => p.message);
    assert.ok(
      trips.some((message) => message.includes('passes under the feet at 0.00 s')),
      `the rope passes under the landed feet: ${trips.join('; ')}`,
    );
  });

  it('is drawn where its turn has got to: brushing the floor under the feet, over the head halfway round', () => {
    assert.ok(rope !== undefined, 'a rope');
    const under = ropeReach(bodyAt(timed.motion, 0), rope, 0);
    assert.ok(Math.abs(under[1]) < 1e-9, `at the start it is at the floor: ${under}`);
    const body = bodyAt(timed.motion, 0.2);
    const over = ropeReach(body, rope, 0.2);
    assert.ok(over[1] > body.head[1], `half a turn later it is over the head: ${over[1]} against ${body.head[1]}`);
    const camera = cameraFor(timed.motion, [bodyAt(timed.motion, 0)]);
    const frame = (seconds: number) => figuresSvg(timed.motion, figuresAt(timed.motion, seconds), camera, seconds);
    assert.notEqual(frame(0.1), frame(0.3), 'the rope moves between frames of the same pose');
    assert.equal(frame(0), frame(0.8), 'and is where it started a loop later');
  });

  it('draws each still with the rope where it has turned to at that key, as the clip does', () => {
    const [, end] = [...frames(timed.motion, 'stills')];
    const times = Array.from({ length: 24 }, (_, i) => i / 30);
    const camera = cameraFor(
      timed.motion,
      times.flatMap((t) => figuresAt(timed.motion, t).map((f) => f.body)),
    );
    // The end still is the last key, 0.6 s into the loop, the rope a turn and a half round.
    const last = keyBody(timed.motion.keys[3]!, 'side').body;
    const pixels = (seconds: number) =>
      Buffer.from(
        new Resvg(frameSvg(timed.motion, last, camera, seconds), { font: { loadSystemFonts: false }, shapeRendering: 2 }).render().pixels,
      );
    const atKey = timed.motion.keys.slice(0, 3).reduce((sum, key) => sum + key.hold + key.move, 0);
    assert.ok(end !== undefined, 'two stills');
    assert.ok(end.equals(pixels(atKey)), 'the end still has the rope where it is at its key');
    assert.ok(!end.equals(pixels(0)), 'not where it is at the loop’s start');
  });
});
