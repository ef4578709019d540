/**
 * A dip belt (src/motion/dip-belt.ts): a plate or kettlebell hanging plumb on a chain from the belt's front
 * ring through a weighted chin-up, dip or belt squat, lowering between two boxes without touching the floor;
 * the schema and the check refusing a misuse.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { beltRing, chainEnd, DEFAULT_CHAIN, loadOutline } from '../../src/motion/dip-belt.ts';
import { checkMotion } from '../../src/motion/motion-check.ts';
import { cameraFor, frameSvg } from '../../src/motion/render-svg.ts';
import { heldAt, keyBody } from '../../src/motion/timeline.ts';
import { descriptionsIn, frameBodies } from '../helpers/motion-descriptions.ts';

const { built, description, refusedAt } = descriptionsIn('strength');

const messagesOf = (source: Record<string, unknown>): string[] => checkMotion(description(source)).map((p) => p.message);

const chinUp = (extra: Record<string, unknown> = {}, legs: readonly number[] = [0, -40, 50]) => ({
  pattern: 'pose',
  props: ['bar', 'kettlebell'],
  holdIn: 'belt',
  beltChain: 0.56,
  hang: true,
  barFrom: 'ahead',
  keys: [
    { name: 'dead hang', trunk: -3, legs, arms: [178, 178], hold: 0.4, move: 1.3 },
    { name: 'chin over the bar', trunk: -4, legs, arms: [2, 165], hold: 0.4, move: 1.9 },
  ],
  ...extra,
});

const beltSquat = (extra: Record<string, unknown> = {}) => ({
  pattern: 'pose',
  props: ['box', 'plate'],
  holdIn: 'belt',
  beltChain: 0.6,
  beltStraddle: true,
  box: [-0.45, 0.4, 0.45],
  keys: [
    { name: 'standing', legs: [0, 0, 90], arms: [85, 88], hold: 0.3, move: 1.3 },
    { name: 'thighs parallel', trunk: 36, spine: -5, legs: [88, -26, 90], arms: [85, 88], hold: 0.3, move: 1.1 },
  ],
  ...extra,
});

/** Every frame's body of a description's loop. */
const framesOf = (source: Record<string, unknown>) => {
  const d = description(source);
  return { d, bodies: frameBodies(d) };
};

describe('dip belt: the schema', () => {
  it('hangs a plate or kettlebell on the belt with the chain the description gives, 30 cm unless said', () => {
    assert.deepEqual(
      description(chinUp()).motion.held.map((prop) => [prop.kind, prop.at, prop.chain, prop.straddle]),
      [['kettlebell', 'belt', 0.56, false]],
    );
    assert.equal(description(chinUp({ beltChain: undefined })).motion.held[0]!.chain, DEFAULT_CHAIN);
    assert.equal(description(beltSquat()).motion.held[0]!.straddle, true);
  });

  it('refuses a chain out of range, belt parameters without a belt, and two boxes without a box', () => {
    assert.equal(refusedAt(chinUp({ beltChain: 0.05 })), "motions.A.beltChain: a dip belt's chain is 0.1 to 0.7 m long");
    assert.equal(refusedAt(chinUp({ beltChain: 0.9 })), "motions.A.beltChain: a dip belt's chain is 0.1 to 0.7 m long");
    assert.equal(
      refusedAt(chinUp({ holdIn: 'hands' })),
      'motions.A: beltChain and beltStraddle belong to a dip belt: they need holdIn belt',
    );
    assert.equal(refusedAt(beltSquat({ box: undefined })), 'motions.A: beltStraddle stands the feet on two boxes: give the box');
    assert.equal(
      refusedAt(beltSquat({ beltStraddle: false })),
      'motions.A.beltStraddle: beltStraddle is true or left out (received false)',
    );
    assert.ok(!built(chinUp({ holdIn: 'waist' })).ok);
  });
});

describe('dip belt: the load hangs plumb from the ring', () => {
  it('hangs its chain straight down from the front ring, just ahead of the pelvis, in every frame of a chin-up', () => {
    const { d, bodies } = framesOf(chinUp());
    const prop = d.motion.held[0]!;
    for (const body of bodies) {
      const ring = beltRing(body);
      const end = chainEnd(body, prop);
      assert.equal(end[0], ring[0], 'plumb: no swing');
      assert.ok(Math.abs(ring[1] - end[1] - 0.56) < 1e-9, 'the chain keeps its length');
      assert.deepEqual(heldAt(body, prop), end);
      const ahead = ring[0] - body.pelvis[0];
      assert.ok(ahead > 0.08 && ahead < 0.12, `the ring on the belly, ${ahead.toFixed(3)} m ahead of the pelvis`);
    }
    assert.deepEqual(messagesOf(chinUp()), []);
  });

  it('lowers the plate between two boxes, below their top at the bottom, never onto the floor', () => {
    const { d, bodies } = framesOf(beltSquat());
    const prop = d.motion.held[0]!;
    const bottoms = bodies.map((body) => {
      const { centre, radius } = loadOutline(body, prop);
      return centre[1] - radius;
    });
    assert.ok(Math.min(...bottoms) >= 0.02, `lowest ${Math.min(...bottoms).toFixed(3)} m above the floor`);
    assert.ok(Math.min(...bottoms) < 0.45 - 0.2, 'at the bottom the plate hangs between the boxes, below their top');
    assert.ok(Math.max(...bottoms) > 0.45, 'standing, it hangs above their top');
    assert.deepEqual(messagesOf(beltSquat()), []);
  });

  it('draws the belt, a chain of links to the load and the near box see-through over it, the load only once', () => {
    const d = description(beltSquat());
    const bodies = d.motion.keys.map((k) => keyBody(k, d.motion.view).body);
    const svg = frameSvg(d.motion, bodies[1]!, cameraFor(d.motion, bodies));
    assert.equal(svg.match(/fill="none" stroke="#2f2f33"/g)?.length, Math.ceil(0.6 / 0.04));
    assert.equal(svg.match(/<g opacity="0.55">/g)?.length, 1);
    assert.equal(svg.match(/r="[\d.]+" fill="#2f2f33" stroke="#6b6b73"/g)?.length, 1, 'one plate');
  });
});

describe('dip belt: check refuses a misuse', () => {
  it('refuses a load through the legs, on the floor, in a box, against the belly, or not a plate or kettlebell', () => {
    assert.deepEqual(messagesOf(chinUp({ beltChain: 0.3 }, [4, 8, 25])), [
      "at 0.00 s the kettlebell on the dip belt passes through the left thigh; hang it clear of the legs (beltChain, the legs' angles)",
    ]);
    assert.match(
      messagesOf(beltSquat({ beltChain: 0.7, box: [-0.45, 0.4, 0.3] }))[0]!,
      /^at [\d.]+ s the plate on the dip belt touches the floor \(its bottom -?\d+ cm from it\); shorten beltChain$/,
    );
    assert.deepEqual(messagesOf(chinUp({ props: ['bar', 'kettlebell', 'box'], box: [0, 0.5, 0.6] })), [
      'at 0.00 s the kettlebell on the dip belt sinks into the box (its bottom 26 cm under the top)',
    ]);
    assert.deepEqual(messagesOf(chinUp({ props: ['bar', 'plate'], beltChain: 0.2 })), [
      'a plate on a dip belt hangs from at least 25 cm of chain (beltChain), not against the belly',
    ]);
    assert.deepEqual(messagesOf(chinUp({ props: ['bar', 'dumbbell'] })), ['a dip belt carries a plate or a kettlebell, not a dumbbell']);
    assert.ok(
      messagesOf(beltSquat({ view: 'front' })).includes("two boxes with a dip belt's load between them are drawn from the side only"),
    );
  });
});
