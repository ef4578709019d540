/**
 * Dumbbells or kettlebells resting on the floor under the hands (bellsOnFloor): handsOnFloor puts each hand on its
 * bell's handle, the bell's height above the floor (a dumbbell's head radius, a kettlebell's handle over its body),
 * so the bell stands on the floor instead of sinking into it; a hand lifted off the floor carries its bell (a row)
 * and sets it down again; a planted hand holds the figure up between keys (a hop on the bells does not
 * lower it onto them); check refuses, naming bellsOnFloor and the time, a resting hand off its handle's
 * height and a carried bell in the floor, and the front view.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BELL_HANDLE, DUMBBELL_HEAD, KETTLEBELL } from '../../src/motion/bell-rest.ts';
import { checkMotion } from '../../src/motion/motion-check.ts';
import { bodyAt, FRAMES_PER_SECOND, frameCount, loopKeyBody } from '../../src/motion/timeline.ts';
import { descriptionsIn } from '../helpers/motion-descriptions.ts';

const { built, description } = descriptionsIn('strength');

/** A high plank on the bells' handles, then the far (right) bell rowed to the hip and set down again. */
const plankRow = (props: string[], trunk: number, extra: Record<string, unknown> = {}, rowArm = [-100, 0]) => ({
  pattern: 'pose',
  props,
  bellsOnFloor: true,
  fixed: 'pelvis',
  ...extra,
  keys: [
    {
      name: 'plank',
      trunk,
      legs: [-trunk, -trunk, -40],
      arms: [0, 0],
      handsOnFloor: 'both',
      feetOnFloor: 'both',
      onToes: 'both',
      hold: 0.3,
      move: 0.6,
    },
    {
      name: 'row',
      trunk,
      legs: [-trunk, -trunk, -40],
      arms: { left: [0, 0], right: rowArm },
      handsOnFloor: 'left',
      feetOnFloor: 'both',
      onToes: 'both',
      hold: 0.3,
      move: 0.6,
    },
  ],
});

const problemsOf = (source: Record<string, unknown>): string[] => checkMotion(description(source)).map((p) => p.message);
const near = (actual: number, expected: number, message: string) =>
  assert.ok(Math.abs(actual - expected) < 0.005, `${message}: ${actual.toFixed(3)} is not ${expected}`);

describe('dumbbells or kettlebells resting on the floor under the hands', () => {
  it('puts a planted hand on its dumbbell handle, the head radius up, and carries the bell when the hand lifts', () => {
    const row = description(plankRow(['dumbbells'], 66));
    assert.deepEqual(checkMotion(row), []);
    assert.equal(row.motion.held[0]?.onFloor, DUMBBELL_HEAD);
    for (let frame = 0; frame < frameCount(row.motion); frame += 1) {
      const seconds = frame / FRAMES_PER_SECOND;
      const body = bodyAt(row.motion, seconds);
      // The near hand stays planted: its dumbbell's head stands on the floor in every frame.
      near(body.arms.left.hand[1] - DUMBBELL_HEAD, 0, `frame ${frame}: the left dumbbell's head meets the floor`);
      assert.ok(body.arms.right.hand[1] >= DUMBBELL_HEAD - 0.01, `frame ${frame}: the right dumbbell is not in the floor`);
    }
    const rowed = loopKeyBody(row.motion, 1).body.arms.right.hand;
    assert.ok(rowed[1] > 0.35, 'the rowed dumbbell is carried up beside the hip');
    // Without the field the same plank puts bare hands on the floor: the dumbbells would sink into it.
    const { bellsOnFloor: _, ...bare } = plankRow(['dumbbells'], 66);
    const sunk = description(bare);
    assert.equal(sunk.motion.held[0]?.onFloor, undefined);
    near(loopKeyBody(sunk.motion, 0).body.arms.left.hand[1], 0.03, 'without bellsOnFloor the hand is on the floor');
  });

  it("puts it on a kettlebell's handle over the bell's body, and a plank on the bells is no standing key", () => {
    assert.equal(BELL_HANDLE.kettlebells, KETTLEBELL.drop + KETTLEBELL.radius);
    const row = description(plankRow(['kettlebells'], 61));
    assert.deepEqual(checkMotion(row), []);
    near(loopKeyBody(row.motion, 0).body.arms.right.hand[1], 0.25, 'the hand on the kettlebell handle is 25 cm up');
    assert.ok(
      row.motion.keys.every((key) => !key.isBalanced),
      'the hands on the bells hold the plank up, as hands on the floor do',
    );
  });

  it('holds the figure up on the bells through a hop: the hands stay on the handles', () => {
    const hop = description({
      pattern: 'pose',
      props: ['dumbbells'],
      bellsOnFloor: true,
      fixed: 'pelvis',
      keys: [
        {
          name: 'squat',
          trunk: 55,
          spine: 10,
          neck: -25,
          legs: [105, -45, 90],
          arms: [10, 10],
          handsOnFloor: 'both',
          feetOnFloor: 'both',
          hop: 0.1,
          hold: 0.1,
          move: 0.16,
          at: -0.08,
        },
        {
          name: 'legs driving back',
          trunk: 80,
          spine: 5,
          legs: [55, -80, -80],
          arms: [0, 0],
          handsOnFloor: 'both',
          through: true,
          hold: 0,
          move: 0.16,
          at: -0.04,
        },
        {
          name: 'plank',
          trunk: 66,
          legs: [-66, -66, -40],
          arms: [0, 0],
          handsOnFloor: 'both',
          feetOnFloor: 'both',
          onToes: 'both',
          hop: 0.1,
          hold: 0.1,
          move: 0.15,
        },
        {
          name: 'knees coming in',
          trunk: 80,
          spine: 10,
          legs: [68, -55, -58],
          arms: [0, 0],
          handsOnFloor: 'both',
          through: true,
          hold: 0,
          move: 0.15,
          at: -0.04,
        },
      ],
    });
    assert.deepEqual(checkMotion(hop), []);
    for (let frame = 0; frame < frameCount(hop.motion); frame += 1) {
      const body = bodyAt(hop.motion, frame / FRAMES_PER_SECOND);
      near(body.arms.left.hand[1], DUMBBELL_HEAD, `frame ${frame}: the hand stays on its handle while the feet hop`);
    }
  });

  it('refuses a resting hand off its handle, a carried bell in the floor, the front view, and bells it has not got', () => {
    assert.match(
      problemsOf(plankRow(['dumbbells'], 50)).join('\n'),
      /^bellsOnFloor: at 0\.00 s the left hand is \d+ cm above its dumbbell's handle \(9 cm up\) while it rests on the floor: the dumbbell would float$/m,
    );
    assert.match(
      problemsOf(plankRow(['dumbbells'], 70, {}, [0, 0])).join('\n'),
      /^bellsOnFloor: at \d\.\d\d s the right dumbbell is \d+ cm into the floor as it is carried: lift the hand higher$/m,
    );
    assert.ok(
      problemsOf(plankRow(['dumbbells'], 66, { view: 'front' })).includes(
        'bellsOnFloor: dumbbells on the floor under the hands are drawn from the side',
      ),
    );
    const barbell = built(plankRow(['barbell'], 66));
    assert.ok(!barbell.ok);
    assert.deepEqual(
      barbell.problems.map((p) => `${p.path}: ${p.message}`),
      [
        'motions.A.bellsOnFloor: bellsOnFloor says the held dumbbells or kettlebells rest on the floor under the hands: name dumbbells or kettlebells, one in each hand',
      ],
    );
  });
});
