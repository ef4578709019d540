/**
 * The Pilates reformer (src/motion/reformer.ts): a carriage that rolls under the body point it rides
 * with, what rests on the reformer resting on that carriage, a footbar where the hands or feet meet it,
 * a standing platform at the foot end, straps from the risers, and the check refusing what a reformer
 * cannot do.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkMotion } from '../../src/motion/motion-check.ts';
import { buildDescription, type Description } from '../../src/motion/motion-files.ts';
import { CARRIAGE_TOP, carriageAt, carriageRange, pulleyOf, ridingPoint } from '../../src/motion/reformer.ts';
import { RENDERER_VERSION } from '../../src/motion/render-media.ts';
import { cameraFor, frameSvg } from '../../src/motion/render-svg.ts';
import { slides } from '../../src/motion/slides.ts';
import { distance } from '../../src/motion/skeleton.ts';
import { COLOURS } from '../../src/motion/svg-kit.ts';
import { bodyAt, FRAMES_PER_SECOND, frameCount, keyBody, lineEnd, pointOf } from '../../src/motion/timeline.ts';

function built(source: Record<string, unknown>, id = 'Reformer_Footwork'): Description {
  const result = buildDescription('data/source/motion/pilates.json', 'pilates', id, source, RENDERER_VERSION);
  assert.ok(result.ok, JSON.stringify(!result.ok && result.problems));
  return result.value;
}

/** Lying on the back, the balls of the feet on the footbar ahead: knees bent, then pressed straight. */
const footwork = (overrides: Record<string, unknown> = {}) => ({
  pattern: 'pose',
  fixed: 'leftToe',
  reformer: [0, -2.1],
  carriage: ['pelvis', 0.3],
  keys: [
    { name: 'knees bent, carriage home', trunk: -90, legs: [150, 40, 150], arms: [90, 90] },
    { name: 'legs straight, carriage out', trunk: -90, legs: [90, 90, 175], arms: [90, 90] },
  ],
  ...overrides,
});

const carriageOf = (d: Description, seconds: number) => {
  const reformer = d.motion.fixed.find((prop) => prop.kind === 'reformer')!;
  const body = bodyAt(d.motion, seconds);
  return { reformer, body, carriage: carriageAt(reformer, pointOf(body, ridingPoint(reformer))[0]) };
};

describe('the reformer', () => {
  it('rolls the carriage with the body: the pelvis on its pad in every frame as the legs press it out', () => {
    const d = built(footwork());
    assert.deepEqual(checkMotion(d), []);
    const ends: number[] = [];
    for (let frame = 0; frame < frameCount(d.motion); frame += 1) {
      const { body, carriage } = carriageOf(d, frame / FRAMES_PER_SECOND);
      // The pelvis lies on the pad (its thickness above it) and within the carriage's ends.
      assert.ok(Math.abs(body.pelvis[1] - 0.1 - CARRIAGE_TOP) < 0.03, `pelvis at ${body.pelvis[1]} m`);
      assert.ok(body.pelvis[0] > carriage.x0 && body.pelvis[0] < carriage.x1);
      ends.push(carriage.x1);
    }
    // Pressed out, the carriage travels toward the head end (-x here) by more than 25 cm and comes back.
    assert.ok(Math.max(...ends) - Math.min(...ends) > 0.25, `the carriage moved ${Math.max(...ends) - Math.min(...ends)} m`);
    // What rests on it moves with it, so nothing slides along it.
    assert.deepEqual(slides(d.motion), []);
  });

  it('sets the footbar where the fixed foot meets it, and draws frame, footbar, carriage, springs and straps', () => {
    const d = built(footwork({ reformerStraps: 'hands' }));
    const reformer = d.motion.fixed.find((prop) => prop.kind === 'reformer')!;
    const { body } = keyBody(d.motion.keys[0]!, d.motion.view);
    assert.ok(Math.abs(pointOf(body, 'leftToe')[1] - reformer.y) < 0.001);
    assert.equal(reformer.x0, 0);
    assert.equal(d.motion.frame, 'landscape');
    const svg = frameSvg(d.motion, body, cameraFor(d.motion, [body]));
    // The carriage's pad and the frame's wood; a strap line runs from the risers to the hands.
    assert.ok(svg.includes(COLOURS.pad) && svg.includes(COLOURS.wood) && svg.includes(COLOURS.strap), svg);
    assert.ok(lineEnd(body, 'hands')[0] > reformer.x1);
  });

  it('keeps the straps taut: the hands pressing away from the pulley carry the carriage toward it by as much', () => {
    // Lying on the back, straps in the hands: arms from pointing at the ceiling down beside the hips.
    const d = built(
      {
        pattern: 'pose',
        fixed: 'pelvis',
        reformer: [0.6, -1.7],
        carriage: ['pelvis', 0.3],
        reformerStraps: 'hands',
        keys: [
          { name: 'arms to the ceiling', trunk: -90, legs: [180, 90], arms: [180, 180] },
          { name: 'arms pressed down', trunk: -90, legs: [180, 90], arms: [95, 95] },
        ],
      },
      'Reformer_Supine_Arm_Series',
    );
    assert.deepEqual(checkMotion(d), []);
    const reformer = d.motion.fixed.find((prop) => prop.kind === 'reformer')!;
    const pulley = pulleyOf(reformer);
    const rope = d.motion.keys.map((key) => {
      const { body } = keyBody(key, d.motion.view);
      const carriage = carriageAt(reformer, pointOf(body, ridingPoint(reformer))[0]);
      return { length: distance(lineEnd(body, 'hands'), pulley) + distance(pulley, [carriage.x0, CARRIAGE_TOP]), carriage: carriage.x0 };
    });
    assert.ok(Math.abs(rope[0]!.length - rope[1]!.length) < 0.005, JSON.stringify(rope));
    // The head end is at -x: pressed down, the carriage has moved that way by more than 20 cm.
    assert.ok(rope[0]!.carriage - rope[1]!.carriage > 0.2, JSON.stringify(rope));
  });

  it('refuses a carriage pushed off its rails and a part resting on the frame beside the carriage, naming the time', () => {
    // The carriage too far toward the footbar: closer than its home against the stopper.
    const offRails = checkMotion(built(footwork({ carriage: ['pelvis', -0.3] })));
    assert.ok(
      offRails.some((p) => /at 0\.00 s the carriage .* leaves its rails/.test(p.message)),
      JSON.stringify(offRails),
    );
    // Riding under the knee, the carriage leaves the back and head lying on the bare frame.
    const beside = checkMotion(built(footwork({ carriage: ['leftKnee', 0.5] })));
    assert.ok(
      beside.some((p) => /rests on the reformer beside the carriage/.test(p.message)),
      JSON.stringify(beside),
    );
  });

  it('keeps the footbar within its settings and the reformer in the side view', () => {
    // Feet far above the pad (legs up the wall of a headstand-like tilt) put the footbar out of reach.
    const high = checkMotion(
      built(
        footwork({
          keys: [
            { name: 'legs up', trunk: -90, legs: [170, 170, 260], arms: [90, 90] },
            { name: 'legs up still', trunk: -90, legs: [168, 168, 258], arms: [90, 90] },
          ],
          fixed: 'leftToe',
        }),
      ),
    );
    assert.ok(
      high.some((p) => /the footbar is \d+ cm above the carriage/.test(p.message)),
      JSON.stringify(high),
    );
    // The feet leave the bar in the second key (legs lifted toward the ceiling): the key is named.
    const lifted = checkMotion(
      built(
        footwork({
          keys: [
            { name: 'knees bent, carriage home', trunk: -90, legs: [150, 40, 150], arms: [90, 90] },
            { name: 'legs lifted', trunk: -90, legs: [130, 110, 200], arms: [90, 90] },
          ],
        }),
      ),
    );
    assert.ok(
      lifted.some((p) => p.path.includes('key 1 "legs lifted"') && /^leftToe is -?\d+ cm from the footbar$/.test(p.message)),
      JSON.stringify(lifted),
    );
    const front = checkMotion(built({ ...footwork(), view: 'front' }));
    assert.ok(front.some((p) => p.message === 'a reformer is drawn from the side only'));
  });

  it('gives a standing platform at the foot end, level with the pad, and only with a reformer a carriage', () => {
    const d = built(footwork());
    const range = carriageRange(d.motion.fixed.find((prop) => prop.kind === 'reformer')!);
    // The carriage travels from 40 cm past the footbar (at 0) toward the head end (-x).
    assert.ok(Math.abs(range.x1 - -0.4) < 1e-9, `${range.x1}`);
    const result = buildDescription(
      'data/source/motion/pilates.json',
      'pilates',
      'A',
      { ...footwork(), reformer: undefined },
      RENDERER_VERSION,
    );
    assert.equal(result.ok, false);
  });
});
