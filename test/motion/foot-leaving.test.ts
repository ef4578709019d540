/**
 * A foot placed on the floor by a key and lifted by the next (a headstand's feet leaving the mat, a
 * step-up's trailing foot, a split jump's take-off) turns from resting on its toes to the angle the next
 * key gives it while it rises (src/motion/foot-angle.ts placedFoot). Until renderer 1.16.0 it pointed
 * straight down as soon as its toe could no longer touch and turned to the key's angle in the move's last
 * frame, a flip reviewers saw in one frame.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FOOT_TURN_BAND, footLine, footOnFloor, placedFoot } from '../../src/motion/foot-angle.ts';
import { readDescriptions } from '../../src/motion/motion-files.ts';
import { cycleSeconds, keyStartSeconds, type Motion } from '../../src/motion/motion.ts';
import { angleOf, type Body, SEGMENT } from '../../src/motion/skeleton.ts';
import { bodyAt, FRAMES_PER_SECOND } from '../../src/motion/timeline.ts';
import { descriptionsIn } from '../helpers/motion-descriptions.ts';

const calisthenics = descriptionsIn('calisthenics');

// Tripod with the toes on the mat, then both legs straight up, the toes pointed.
const headstand = {
  pattern: 'pose',
  props: ['mat'],
  fixed: 'head',
  keys: [
    {
      name: 'tripod',
      trunk: 150,
      legs: [-40, -40, 30],
      arms: [-60, 30],
      handsOnFloor: 'both',
      feetOnFloor: 'both',
      onToes: 'both',
      hold: 0.5,
      move: 1.5,
    },
    { name: 'up', trunk: 180, legs: [-180, -180, -160], arms: [-60, 30], handsOnFloor: 'both', hold: 1, move: 1.5 },
  ],
};

/** The left foot's direction as drawn, heel to toe, in degrees. */
const footOf = (body: Body): number => angleOf(body.legs.left.heel, body.legs.left.toe);
const turnBetween = (a: number, b: number): number => Math.abs(((((b - a) % 360) + 540) % 360) - 180);

/** The most the left foot turns from one frame of the loop to the next, in degrees. */
function worstTurn(motion: Motion): number {
  const frames = Math.round(cycleSeconds(motion) * FRAMES_PER_SECOND);
  const feet = Array.from({ length: frames + 1 }, (_, i) => footOf(bodyAt(motion, i / FRAMES_PER_SECOND)));
  return Math.max(...feet.slice(1).map((foot, i) => turnBetween(feet[i]!, foot)));
}

describe('a placed foot leaving the floor', () => {
  const motion = calisthenics.description(headstand).motion;

  it("turns to the next key's angle a little each frame, never in one", () => {
    // Rising onto its toes it turns up to about 30 degrees a frame (as before); it flipped 160 degrees in the last frame before 1.16.0.
    const worst = worstTurn(motion);
    assert.ok(worst < 40, `the foot turned ${worst.toFixed(1)} degrees in one frame`);
  });

  it("has turned by the end of the move where the lifted key holds it low (a rope skip's scissors)", () => {
    // Its feet leave the floor by 10 cm, within the band over which height alone turns a foot (65 degrees in one frame before 1.16.0).
    const read = readDescriptions('data/source/motion', 'test');
    assert.ok(read.ok);
    const worst = worstTurn(read.value.find((d) => d.id === 'Jump_Rope_Scissors')!.motion);
    assert.ok(worst < 40, `the foot turned ${worst.toFixed(1)} degrees in one frame`);
  });

  it("is drawn at the key's own angle when it arrives, and on its toes where it rests", () => {
    const up = footOf(bodyAt(motion, keyStartSeconds(motion, 1)));
    assert.ok(turnBetween(up, -160) < 1, `arrived pointing ${up.toFixed(1)} degrees, written -160`);
    const resting = bodyAt(motion, 0).legs.left;
    assert.ok(Math.abs(resting.toe[1]) < 0.005, `the resting toe is ${resting.toe[1].toFixed(3)} m off the mat`);
    assert.ok(resting.heel[1] > 0.03, 'the resting heel is raised');
  });
});

describe('placedFoot', () => {
  const [height, toe] = [SEGMENT.ankleHeight, SEGMENT.toe];
  const reach = Math.hypot(height, toe);
  it('rests flat or on the toes exactly as before wherever the toe reaches the floor', () => {
    for (const y of [height, height + 0.03, toe * 0.6, toe, Math.hypot(height, toe) - 0.001]) {
      assert.equal(placedFoot([0, y], 40), footOnFloor([0, y], height, toe));
    }
  });
  it("has turned to the key's angle a band above the toe's reach, the shorter way round", () => {
    assert.equal(placedFoot([0, reach + FOOT_TURN_BAND], 40), 40);
    assert.equal(placedFoot([0, reach + FOOT_TURN_BAND + 0.2], -160), -160);
    const half = placedFoot([0, reach + FOOT_TURN_BAND / 2], 300);
    const down = footOnFloor([0, reach + FOOT_TURN_BAND / 2], height, toe);
    assert.ok(Math.abs(half - (down + (-60 - down) / 2)) < 1e-6, `half way from ${down} to 300 (-60) is ${half}`);
  });

  it('turned by a move toward a lifted key, keeps its heel and toe out of the floor while it is low', () => {
    // A reverse lunge's back foot half way from standing (flat, 90) to its place on its toes 12 cm up.
    for (const [y, free, turn] of [
      [0.12, 90, 0.5],
      [0.1, 130, 0.8],
      [0.15, 20, 0.6],
    ] as const) {
      const angle = placedFoot([0, y], free, turn);
      const { heel, toe } = footLine([0, y], angle);
      assert.ok(
        Math.min(heel[1], toe[1]) > -0.002,
        `at ${y} m turned to ${angle.toFixed(1)}: heel ${heel[1].toFixed(3)}, toe ${toe[1].toFixed(3)}`,
      );
    }
    // High above the floor height alone has turned it all the way, whatever the move's share.
    const high = placedFoot([0, 0.4], 40, 0.5);
    assert.equal(high, 40);
  });
});
