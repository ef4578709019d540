/**
 * Stretches and yoga poses: a standing quad stretch balanced on one foot, a seated forward fold,
 * downward dog from a plank (side view) and warrior II (front view).
 */
import * as v from 'valibot';
import type { Key } from './motion.ts';
import { angles, arm, flatFootLeg, leg } from './motion.ts';
import { ANKLE_Y, FEET_ON, HANDS_ON, heelAt, key, motion, on, pattern, pointIn, proneOnHands } from './pattern-kit.ts';
import { solve } from './geometry.ts';
import { add } from './skeleton.ts';
import { keyBody } from './timeline.ts';

export const standingStretch = pattern({
  params: v.strictObject({}),
  views: ['side'],
  build() {
    const standing = key({
      name: 'standing',
      angles: angles({ legs: leg(0) }),
      anchor: heelAt(0),
      contacts: FEET_ON('floor'),
      isBalanced: true,
      hold: 0.4,
      move: 1,
    });
    const held = (trunk: number): Key => {
      const k = key({
        name: 'stretch',
        angles: angles({ trunk, legs: [leg(0, 0, 0), leg(-12, 145, -30)], arms: [arm(20, 30), arm(-20, 20)] }),
        anchor: heelAt(0),
        contacts: on('floor', 'leftHeel', 'leftToe'),
        isBalanced: true,
        hold: 1.2,
        move: 1,
      });
      const ankle = keyBody(k, 'side').body.legs.right.end;
      return { ...k, hands: { right: add(ankle, [0.02, 0.02]) } };
    };
    // Balanced over the standing foot alone.
    const stretch = held(solve((trunk) => standingFootBalance(held(trunk)), -30, 30));
    return motion({ view: 'side', frame: 'portrait', keys: [standing, stretch], fixed: [], held: [], pattern: 'stretch' });
  },
});

function standingFootBalance(k: Key): number {
  const body = keyBody(k, 'side').body;
  const foot = body.legs.left;
  return body.centre[0] - (foot.heel[0] + foot.toe[0]) / 2;
}

export const seatedFold = pattern({
  params: v.strictObject({}),
  views: ['side'],
  build() {
    const k = (name: string, trunk: number, spine: number, reach: boolean) => {
      const base = key({
        name,
        angles: angles({ trunk, spine, neck: spine / 2, legs: leg(90 + trunk, 0, -10), arms: arm(40, 20) }),
        anchor: { point: 'pelvis', at: [0, 0.1] },
        contacts: [...on('floor', 'pelvis', 'leftHeel', 'rightHeel')],
        hold: reach ? 1.4 : 0.4,
        move: 1.1,
      });
      if (!reach) return base;
      const toe = add(pointIn(base, 'leftToe'), [-0.05, 0.12]);
      return { ...base, hands: { left: toe, right: toe } };
    };
    return motion({
      view: 'side',
      frame: 'landscape',
      keys: [k('sitting tall', 0, 0, false), k('folded', 38, 22, true)],
      fixed: [{ kind: 'mat', x0: -0.4, x1: 1.2, y: 0.01 }],
      held: [],
      pattern: 'stretch',
    });
  },
});

/** Downward dog from a plank: hands stay, the hips rise back, heels towards the floor. */
export const downwardDog = pattern({
  params: v.strictObject({}),
  views: ['side'],
  build() {
    const plankKey = { ...proneOnHands('plank', 0.5, 0.62), hold: 0.3, move: 1.1 };
    const hands = plankKey.hands!;
    const dog = (trunk: number) =>
      key({
        name: 'downward dog',
        angles: angles({ trunk, neck: 10, legs: flatFootLeg(trunk, -32, -32), arms: arm(172, 0) }),
        anchor: { point: 'leftHand', at: hands.left! },
        hold: 1.4,
        move: 1.1,
      });
    const k = dog(solve((t) => pointIn(dog(t), 'leftHeel')[1] - 0.0, 100, 160));
    return motion({
      view: 'side',
      frame: 'landscape',
      keys: [plankKey, { ...k, contacts: [...HANDS_ON('floor'), ...FEET_ON('floor')] }],
      fixed: [{ kind: 'mat', x0: -1.1, x1: 0.9, y: 0.01 }],
      held: [],
      pattern: 'yoga-pose',
    });
  },
});

/** Warrior II, seen from the front: wide stance, front knee over the ankle, arms level. */
export const warriorTwo = pattern({
  params: v.strictObject({}),
  views: ['front'],
  build() {
    const mountain = key({
      name: 'mountain',
      angles: angles({ legs: leg(3, 0, 0), arms: arm(8, 0) }),
      anchor: { point: 'pelvis', at: [0, ANKLE_Y + 0.85] },
      feet: { left: [0.12, ANKLE_Y], right: [-0.12, ANKLE_Y] },
      contacts: FEET_ON('floor'),
      isBalanced: true,
      hold: 0.4,
      move: 1.2,
    });
    const warrior = key({
      name: 'warrior II',
      angles: angles({ legs: leg(0, 0, 0), arms: arm(90, 0) }),
      anchor: { point: 'pelvis', at: [0.02, 0.6] },
      feet: { left: [0.62, ANKLE_Y], right: [-0.7, ANKLE_Y] },
      contacts: FEET_ON('floor'),
      isBalanced: true,
      hold: 1.4,
      move: 1.2,
    });
    return motion({
      view: 'front',
      frame: 'landscape',
      keys: [mountain, warrior],
      fixed: [{ kind: 'mat', x0: -1.0, x1: 1.0, y: 0.01 }],
      held: [],
      pattern: 'yoga-pose',
    });
  },
});
