/**
 * Lower-body patterns, side view: squat, kettlebell swing, lunge (forward, reverse, split), calf raise
 * and loaded carry (the hinge is patterns-hinge.ts). Each solves its free angle (trunk lean, hip
 * height) so the centre of mass stays over the feet and the hands reach the load.
 */
import * as v from 'valibot';
import type { Key } from './motion.ts';
import { angles, arm, flatFootLeg, leg } from './motion.ts';
import {
  ANKLE_Y,
  balanced,
  FEET_ON,
  handsOnLoad,
  hanging,
  heelAt,
  heldProps,
  key,
  motion,
  on,
  pattern,
  pointIn,
  unit,
} from './pattern-kit.ts';
import { add, type Point } from './skeleton.ts';
import { keyBody } from './timeline.ts';

export const squat = pattern({
  params: v.strictObject({ depth: unit(0.3, 1.2, 1), rack: v.optional(v.picklist(['back', 'front']), 'back') }),
  views: ['side'],
  build({ params, props }) {
    const held = heldProps(props, (kind) => (kind === 'barbell' ? (params.rack === 'front' ? 'front-rack' : 'back') : 'hands'));
    const holdsAtChest = held.some((p) => p.kind === 'kettlebell' || p.kind === 'dumbbell');
    const armsFor = (trunk: number) => (holdsAtChest ? arm(trunk + 10, 150) : held.length === 0 ? arm(trunk + 80, 10) : hanging(trunk));
    const at = (depth: number) => (trunk: number) =>
      handsOnLoad(
        key({
          name: depth === 0 ? 'standing' : 'bottom',
          angles: angles({ trunk, legs: flatFootLeg(trunk, 95 * depth, -38 * depth), arms: armsFor(trunk) }),
          anchor: heelAt(0),
          contacts: FEET_ON('floor'),
          isBalanced: true,
          hold: depth === 0 ? 0.35 : 0.15,
          move: 1,
        }),
        held,
      );
    // Standing, the whole body leans at the ankles over the feet; at the bottom the trunk's lean balances.
    const upright = (shank: number) =>
      handsOnLoad(
        key({
          name: 'standing',
          angles: angles({ legs: flatFootLeg(0, shank, shank), arms: armsFor(0) }),
          anchor: heelAt(0),
          contacts: FEET_ON('floor'),
          isBalanced: true,
          hold: 0.35,
          move: 1,
        }),
        held,
      );
    const keys = [balanced(upright, -10, 10, held), balanced(at(params.depth), 0, 70, held)];
    return motion({ view: 'side', frame: 'portrait', keys, fixed: [], held, pattern: 'squat' });
  },
});

export const swing = pattern({
  params: v.strictObject({}),
  views: ['side'],
  build({ props }) {
    const held = heldProps(props, () => 'hands');
    const backswing = (trunk: number): Key => {
      const k = key({
        name: 'backswing',
        angles: angles({ trunk, legs: flatFootLeg(trunk, 62, -14), arms: arm(trunk - 25, 0) }),
        anchor: heelAt(0),
        contacts: FEET_ON('floor'),
        isBalanced: true,
        hold: 0.05,
        move: 0.6,
      });
      // The bell goes back between the thighs: the grip just behind the knees, the forearms on the inner thighs.
      const knee = keyBody(k, 'side').body.legs.left.middle;
      const grip: Point = add(knee, [-0.16, 0.02]);
      return { ...k, hands: { left: grip, right: grip } };
    };
    const top = (trunk: number) =>
      key({
        name: 'float',
        angles: angles({ trunk, legs: leg(0), arms: arm(92, 0) }),
        anchor: heelAt(0),
        contacts: FEET_ON('floor'),
        isBalanced: true,
        hold: 0.15,
        move: 0.6,
      });
    return motion({
      view: 'side',
      frame: 'portrait',
      keys: [balanced(backswing, 30, 75, held), balanced(top, -15, 10, held)],
      fixed: [],
      held,
      pattern: 'swing',
    });
  },
});

export const lunge = pattern({
  params: v.strictObject({ step: v.optional(v.picklist(['forward', 'reverse', 'split']), 'forward') }),
  views: ['side'],
  build({ params, props }) {
    const held = heldProps(props, (kind) => (kind === 'barbell' ? 'back' : 'hands'));
    const frontX = params.step === 'reverse' ? 0 : 0.72;
    const rearToe = params.step === 'reverse' ? -0.72 + 0.19 : 0.19;
    const rearAnkle: Point = [rearToe - 0.15, ANKLE_Y + 0.1];
    const arms = held.length > 0 ? hanging(4) : arm(8, 70);
    const standing = handsOnLoad(
      key({
        name: 'standing',
        angles: angles({ legs: leg(0), arms: held.length > 0 ? hanging(0) : arm(5, 70) }),
        anchor: heelAt(params.step === 'reverse' ? 0 : 0),
        contacts: FEET_ON('floor'),
        isBalanced: true,
        hold: 0.35,
      }),
      held,
    );
    const bottom = handsOnLoad(
      key({
        name: 'bottom',
        angles: angles({ trunk: 4, legs: [flatFootLeg(4, 88, -6), leg(-10, 90, 0)], arms }),
        anchor: heelAt(frontX),
        feet: { right: rearAnkle },
        contacts: [...on('floor', 'leftHeel', 'leftToe', 'rightToe')],
        hold: 0.15,
      }),
      held,
    );
    if (params.step !== 'split')
      return motion({ view: 'side', frame: 'portrait', keys: [standing, bottom], fixed: [], held, pattern: 'lunge' });
    // A split squat stays in its stance: the top is the bottom with the hips raised as far as both legs reach.
    const placed = keyBody(bottom, 'side').body;
    const frontAnkle = placed.legs.left.end;
    const x = placed.pelvis[0] + 0.04;
    const reach = (ankle: Point) => ankle[1] + Math.sqrt(Math.max(0, 0.83 ** 2 - (ankle[0] - x) ** 2));
    const top = handsOnLoad(
      {
        ...bottom,
        name: 'top',
        anchor: { point: 'pelvis', at: [x, Math.min(reach(frontAnkle), reach(rearAnkle))] },
        feet: { left: frontAnkle, right: rearAnkle },
        hold: 0.3,
      },
      held,
    );
    return motion({
      view: 'side',
      frame: 'portrait',
      keys: [top, { ...bottom, feet: { left: frontAnkle, right: rearAnkle } }],
      fixed: [],
      held,
      pattern: 'lunge',
    });
  },
});

/** Calf raise: up on the balls of the feet and down, knees straight. */
export const calfRaise = pattern({
  params: v.strictObject({}),
  views: ['side'],
  build({ props }) {
    const held = heldProps(props, (kind) => (kind === 'barbell' ? 'back' : 'hands'));
    const k = (name: string, ankle: number) =>
      handsOnLoad(
        key({
          name,
          angles: angles({ legs: leg(0, 2, ankle), arms: held.length > 0 ? hanging(0) : arm(10, 60) }),
          anchor: { point: 'leftToe', at: [0.19, 0] },
          contacts: on('floor', 'leftToe', 'rightToe'),
          hold: 0.35,
          move: 0.8,
        }),
        held,
      );
    return motion({
      view: 'side',
      frame: 'portrait',
      keys: [k('heels down', 0), k('on the toes', -38)],
      fixed: [],
      held,
      pattern: 'calf-raise',
    });
  },
});

export const carry = pattern({
  params: v.strictObject({}),
  views: ['side'],
  build({ props }) {
    const held = heldProps(props, () => 'hands');
    // A walking cycle on the spot, the stance foot on the floor under the pelvis.
    const step = (name: string, thighs: [number, number], knees: [number, number]): Key => {
      const legs = [leg(thighs[0], knees[0], 0), leg(thighs[1], knees[1], 0)] as const;
      const free = key({
        name,
        angles: angles({ trunk: 3, legs, arms: hanging(3, 0, 2) }),
        anchor: { point: 'pelvis', at: [0, 0] },
        hold: 0,
        move: 0.5,
      });
      const points = ['leftHeel', 'leftToe', 'rightHeel', 'rightToe'] as const;
      const lowest = points.reduce((a, b) => (pointIn(free, a)[1] <= pointIn(free, b)[1] ? a : b));
      return { ...free, anchor: { point: lowest, at: [pointIn(free, lowest)[0], 0] }, contacts: on('floor', lowest) };
    };
    const keys = [
      step('left heel strike', [22, -12], [4, 12]),
      step('passing', [-4, 14], [8, 40]),
      step('right heel strike', [-12, 22], [12, 4]),
      step('passing', [14, -4], [40, 8]),
    ];
    return motion({ view: 'side', frame: 'portrait', keys, stills: [0, 2], fixed: [], held, pattern: 'carry' });
  },
});
