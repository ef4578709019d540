/**
 * Standing patterns, side view: squat, hinge (deadlift, Romanian deadlift), kettlebell swing, lunge,
 * curl, overhead press, bent-over row, standing stretch and loaded carry. Each solves its free
 * angle (trunk lean, hip height) so the centre of mass stays over the feet and the hands reach the load.
 */
import * as v from 'valibot';
import type { HeldProp, Key, Motion, PropKind } from './motion.ts';
import { angles, arm, flatFootLeg, leg } from './motion.ts';
import { ANKLE_Y, balanced, FEET_ON, heelAt, heldProps, key, motion, on, pointIn, solve } from './pattern-kit.ts';
import { add, direction, type Point } from './skeleton.ts';
import { heldAt, keyBody } from './timeline.ts';

export interface PatternInput<P> {
  params: P;
  props: readonly PropKind[];
}
export interface Pattern<P = Record<string, unknown>> {
  /** The pattern's own fields of a description, beside `pattern`, `props` and `view`. */
  params: v.GenericSchema<unknown, P>;
  views: readonly Motion['view'][];
  build(input: PatternInput<P>): Motion;
}
export const pattern = <P>(p: Pattern<P>): Pattern<P> => p;

const unit = (min: number, max: number, fallback: number) => v.optional(v.pipe(v.number(), v.minValue(min), v.maxValue(max)), fallback);

/** Arms hanging straight down from a trunk leaning `trunk` degrees. */
const hanging = (trunk: number, shoulderExtra = 0, elbow = 3) => arm(trunk + shoulderExtra, elbow);

/** Hands on a held load's grip: targets where the load sits, for loads carried on the trunk. */
function handsOnLoad(k: Key, held: readonly HeldProp[]): Key {
  const load = held.find((prop) => prop.at === 'back' || prop.at === 'front-rack');
  if (load === undefined) return k;
  const at = heldAt(keyBody(k, 'side').body, load);
  const grip: Point = load.at === 'back' ? add(at, [0.02, 0.01]) : add(at, [0.03, 0.0]);
  return { ...k, hands: { left: grip, right: grip } };
}

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

export const hinge = pattern({
  params: v.strictObject({ style: v.optional(v.picklist(['deadlift', 'romanian']), 'deadlift') }),
  views: ['side'],
  build({ params, props }) {
    const held = heldProps(props, () => 'hands');
    const standing = key({
      name: 'lockout',
      angles: angles({ legs: leg(0, 0, 0), arms: hanging(0, 0, 2) }),
      anchor: heelAt(0),
      contacts: FEET_ON('floor'),
      isBalanced: true,
      hold: 0.35,
    });
    const loadY = held.some((p) => p.kind === 'barbell') ? 0.225 : 0.2;
    const bar: Point = [0.1, params.style === 'deadlift' ? loadY : 0.42];
    const shank = params.style === 'deadlift' ? -22 : -8;
    // Hips as high as lets straight arms reach the bar, the trunk leaning as far as balances.
    const bottom = (trunk: number): Key => {
      const build = (thigh: number) =>
        key({
          name: 'bottom',
          angles: angles({ trunk, legs: flatFootLeg(trunk, thigh, shank), arms: hanging(trunk, -12, 2) }),
          anchor: heelAt(0),
          hands: { left: bar, right: bar },
          contacts: [...FEET_ON('floor')],
          isBalanced: true,
          hold: 0.15,
        });
      const reach = (thigh: number) =>
        Math.hypot(...(pointIn(build(thigh), 'neckBase').map((c, i) => c - bar[i]!) as [number, number])) - 0.6;
      return build(solve(reach, 0, 100));
    };
    const trunk = params.style === 'deadlift' ? 55 : 68;
    return motion({
      view: 'side',
      frame: 'portrait',
      keys: params.style === 'deadlift' ? [bottom(trunk), standing] : [standing, bottom(trunk)],
      fixed: [],
      held,
      pattern: 'hinge',
    });
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

export const curl = pattern({
  params: v.strictObject({}),
  views: ['side'],
  build({ props }) {
    const held = heldProps(props, () => 'hands');
    const k = (name: string, shoulder: number, elbow: number) =>
      key({
        name,
        angles: angles({ legs: leg(0), arms: arm(shoulder, elbow) }),
        anchor: heelAt(0),
        contacts: FEET_ON('floor'),
        isBalanced: true,
        hold: 0.3,
      });
    return motion({ view: 'side', frame: 'portrait', keys: [k('arms long', 2, 4), k('top', 12, 138)], fixed: [], held, pattern: 'curl' });
  },
});

export const overheadPress = pattern({
  params: v.strictObject({}),
  views: ['side'],
  build({ props }) {
    const held = heldProps(props, () => 'hands');
    const base = (name: string) =>
      key({ name, angles: angles({ legs: leg(0) }), anchor: heelAt(0), contacts: FEET_ON('floor'), isBalanced: true, hold: 0.3 });
    const neck = pointIn(base('rack'), 'neckBase');
    const rack: Point = add(neck, [0.13, 0.02]);
    const lockout: Point = add(neck, [0.03, 0.6]);
    return motion({
      view: 'side',
      frame: 'portrait',
      keys: [
        { ...base('rack'), hands: { left: rack, right: rack } },
        { ...base('lockout'), hands: { left: lockout, right: lockout } },
      ],
      fixed: [],
      held,
      pattern: 'overhead-press',
    });
  },
});

export const row = pattern({
  params: v.strictObject({ lean: unit(30, 80, 65) }),
  views: ['side'],
  build({ params, props }) {
    const held = heldProps(props, () => 'hands');
    // Balanced by sitting the hips back: the shanks lean, the knees keep their bend.
    const k = (name: string) => (shank: number) =>
      key({
        name,
        angles: angles({ trunk: params.lean, legs: flatFootLeg(params.lean, shank + 40, shank), arms: hanging(params.lean, 0, 3) }),
        anchor: heelAt(0),
        contacts: FEET_ON('floor'),
        isBalanced: true,
        hold: 0.25,
      });
    const hang = balanced(k('arms long'), -40, 20, held);
    const body = keyBody(hang, 'side').body;
    // The bar comes to the lower ribs: in front of the trunk, a third of the way up from the waist.
    const along = add(body.waist, [(body.neckBase[0] - body.waist[0]) * 0.3, (body.neckBase[1] - body.waist[1]) * 0.3]);
    const front = direction(90 - hang.angles.trunk);
    const pulled: Point = add(along, front, 0.16);
    return motion({
      view: 'side',
      frame: 'portrait',
      keys: [hang, { ...hang, name: 'pulled', hands: { left: pulled, right: pulled } }],
      fixed: [],
      held,
      pattern: 'row',
    });
  },
});

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

/** Raises: arms from the sides to shoulder height, out to the side (front view) or to the front (side view). */
export const raise = pattern({
  params: v.strictObject({ direction: v.optional(v.picklist(['lateral', 'front']), 'lateral') }),
  views: ['front', 'side'],
  build({ params, props }) {
    const held = heldProps(props, () => 'hands');
    if (params.direction === 'lateral') {
      const k = (name: string, shoulder: number, elbow: number) =>
        key({
          name,
          angles: angles({ legs: leg(2, 3, 0), arms: arm(shoulder, elbow) }),
          anchor: { point: 'pelvis', at: [0, ANKLE_Y + 0.848] },
          feet: { left: [0.13, ANKLE_Y], right: [-0.13, ANKLE_Y] },
          contacts: FEET_ON('floor'),
          isBalanced: true,
          hold: 0.3,
          move: 1,
        });
      return motion({
        view: 'front',
        frame: 'portrait',
        keys: [k('arms down', 12, 8), k('arms raised', 88, 12)],
        fixed: [],
        held,
        pattern: 'raise',
      });
    }
    // Seen from the side, the load out in front is balanced by a lean back at the ankles.
    const k = (name: string, shoulder: number) => (lean: number) =>
      key({
        name,
        angles: angles({ legs: flatFootLeg(0, lean, lean), arms: arm(shoulder, 8) }),
        anchor: heelAt(0),
        contacts: FEET_ON('floor'),
        isBalanced: true,
        hold: 0.3,
        move: 1,
      });
    const keys = [balanced(k('arms down', 5), -10, 10, held), balanced(k('arms raised', 88), -10, 10, held)];
    return motion({ view: 'side', frame: 'portrait', keys, fixed: [], held, pattern: 'raise' });
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
