/**
 * Patterns on the floor, a bench, a bar or a box: bench press, push-up, plank, crunch, hip thrust,
 * pull-up, box jump, burpee, seated fold and yoga poses (downward dog side view, warrior II front view).
 * Hands and feet that must stay put are targets; the trunk angle is solved so they reach.
 */
import * as v from 'valibot';
import type { Key } from './motion.ts';
import { angles, arm, flatFootLeg, leg } from './motion.ts';
import { ANKLE_Y, bench, FEET_ON, HANDS_ON, heelAt, heldProps, key, matIf, motion, on, pointIn, solve } from './pattern-kit.ts';
import { pattern } from './patterns-standing.ts';
import { add, type Point } from './skeleton.ts';
import { keyBody } from './timeline.ts';

const BENCH_Y = 0.43;

export const benchPress = pattern({
  params: v.strictObject({}),
  views: ['side'],
  build({ props }) {
    const held = heldProps(props, () => 'hands');
    const lying = (name: string) =>
      key({
        name,
        angles: angles({ trunk: -90, neck: -5, legs: leg(-20, 90, 0) }),
        anchor: { point: 'pelvis', at: [0, BENCH_Y + 0.1] },
        feet: { left: [0.5, ANKLE_Y], right: [0.5, ANKLE_Y] },
        contacts: [...on('bench', 'pelvis', 'neckBase'), ...on('floor', 'leftToe', 'rightToe')],
        hold: 0.25,
      });
    const shoulder = pointIn(lying('top'), 'neckBase');
    const top: Point = add(shoulder, [0.03, 0.6]);
    const chest: Point = add(shoulder, [0.13, 0.16]);
    return motion({
      view: 'side',
      frame: 'landscape',
      keys: [
        { ...lying('lockout'), hands: { left: top, right: top } },
        { ...lying('bar on chest'), hands: { left: chest, right: chest } },
      ],
      fixed: [bench(-0.75, 0.25)],
      held,
      pattern: 'bench-press',
    });
  },
});

/** A straight body from toes to shoulders, hands on the floor at `handX`, shoulders `height` above it. */
function proneOnHands(name: string, handX: number, height: number, knees = false): Key {
  const build = (trunk: number) =>
    key({
      name,
      angles: angles({ trunk, neck: -10, legs: knees ? leg(-5, 90, -30) : leg(0, 0, -8) }),
      anchor: knees ? { point: 'leftKnee', at: [0, 0.05] } : { point: 'leftToe', at: [0, 0] },
      hold: 0.2,
    });
  const trunk = solve((t) => pointIn(build(t), 'neckBase')[1] - height, 45, 95);
  const k = build(trunk);
  const offset = handX - pointIn(k, 'neckBase')[0];
  const anchored = { ...k, anchor: { ...k.anchor, at: add(k.anchor.at, [offset, 0]) } };
  const hand: Point = [handX + 0.02, 0.03];
  return {
    ...anchored,
    hands: { left: hand, right: hand },
    contacts: [...HANDS_ON('floor'), ...on('floor', knees ? 'leftKnee' : 'leftToe')],
  };
}

export const pushUp = pattern({
  params: v.strictObject({}),
  views: ['side'],
  build({ props }) {
    const top = proneOnHands('arms straight', 0.4, 0.62);
    const bottom = proneOnHands('chest low', 0.4, 0.2);
    const hand = top.hands!.left!;
    return motion({
      view: 'side',
      frame: 'landscape',
      keys: [top, { ...bottom, hands: { left: hand, right: hand }, anchor: top.anchor }],
      fixed: [],
      held: [],
      pattern: 'push-up',
    });
  },
});

/** Forearm plank: elbows under the shoulders, forearms flat on the floor. */
function forearmPlank(name: string, onKnees: boolean, hold: number): Key {
  const build = (trunk: number) =>
    key({
      name,
      angles: angles({ trunk, neck: -8, legs: onKnees ? leg(40, 55, -40) : leg(0, 0, -5), arms: arm(trunk, 92) }),
      anchor: onKnees ? { point: 'leftKnee', at: [0, 0.05] } : { point: 'leftToe', at: [0, 0] },
      hold,
      move: 0.9,
    });
  const k = build(solve((t) => pointIn(build(t), 'leftElbow')[1] - 0.04, 50, 100));
  const shift = -0.6 - pointIn(k, 'leftElbow')[0];
  return {
    ...k,
    anchor: { ...k.anchor, at: add(k.anchor.at, [shift, 0]) },
    contacts: on('floor', 'leftElbow', 'rightElbow', onKnees ? 'leftKnee' : 'leftToe'),
  };
}

export const plank = pattern({
  params: v.strictObject({}),
  views: ['side'],
  build() {
    return motion({
      view: 'side',
      frame: 'landscape',
      keys: [forearmPlank('on knees', true, 0.4), forearmPlank('plank', false, 2.2)],
      fixed: [],
      held: [],
      pattern: 'plank',
    });
  },
});

export const crunch = pattern({
  params: v.strictObject({}),
  views: ['side'],
  build({ props }) {
    // Arms long, reaching past the hips towards the knees as the shoulders curl up (a planar arm: crossed
    // arms or hands behind the head would need the third dimension).
    const k = (name: string, spine: number, neck: number) =>
      key({
        name,
        angles: angles({ trunk: -90, spine, neck, legs: leg(50, 100, 0), arms: arm(18 + spine * 0.4, 4) }),
        anchor: { point: 'pelvis', at: [0, 0.1] },
        feet: { left: [0.52, ANKLE_Y], right: [0.52, ANKLE_Y] },
        contacts: [...on('floor', 'pelvis', 'leftHeel', 'rightHeel')],
        hold: 0.3,
      });
    return motion({
      view: 'side',
      frame: 'landscape',
      keys: [k('lying', 0, 0), k('curled', 40, 20)],
      fixed: matIf(props, -1.0, 0.8),
      held: [],
      pattern: 'crunch',
    });
  },
});

export const hipThrust = pattern({
  params: v.strictObject({ on: v.optional(v.picklist(['bench', 'floor']), 'bench') }),
  views: ['side'],
  build({ params, props }) {
    const held = heldProps(props, () => 'hands');
    // Shoulders on a bench (hip thrust) or on the floor (glute bridge); feet flat, hips driven up.
    const isBench = params.on === 'bench';
    const shoulders: Point = isBench ? [-0.05, BENCH_Y + 0.08] : [-0.05, 0.09];
    const feetX = isBench ? 0.75 : 0.62;
    let handsOnFloor: Point | undefined;
    const k = (name: string, trunk: number) => {
      const base = key({
        name,
        // On the floor the chin tucks as the hips rise, so the head stays on the floor.
        angles: angles({ trunk, neck: isBench ? 10 : Math.max(0, -92 - trunk), legs: leg(40, 90, 0) }),
        anchor: { point: 'neckBase', at: shoulders },
        feet: { left: [feetX, ANKLE_Y], right: [feetX, ANKLE_Y] },
        contacts: [...on(isBench ? 'bench' : 'floor', 'neckBase'), ...FEET_ON('floor')],
        hold: 0.3,
      });
      if (held.length === 0 && !isBench) {
        // Arms long on the floor beside the body, reaching towards the feet.
        handsOnFloor ??= [shoulders[0] + 0.56, 0.03];
        return { ...base, hands: { left: handsOnFloor, right: handsOnFloor }, contacts: [...base.contacts, ...HANDS_ON('floor')] };
      }
      const grip = add(pointIn(base, 'pelvis'), [0.02, 0.13]);
      return { ...base, hands: { left: grip, right: grip } };
    };
    return motion({
      view: 'side',
      frame: 'landscape',
      keys: isBench ? [k('hips low', -48), k('hips locked', -92)] : [k('lying', -92), k('hips up', -122)],
      fixed: isBench ? [bench(-0.7, 0.05)] : matIf(props, -0.9, 0.9),
      held,
      pattern: 'hip-thrust',
    });
  },
});

export const pullUp = pattern({
  params: v.strictObject({}),
  views: ['side'],
  build() {
    const bar: Point = [0, 2.35];
    const k = (name: string, pelvisY: number, hip: number, knee: number) =>
      key({
        name,
        angles: angles({ trunk: -6, legs: leg(hip, knee, -20), arms: arm(170, 0) }),
        anchor: { point: 'pelvis', at: [-0.08, pelvisY] },
        hands: { left: bar, right: bar },
        contacts: HANDS_ON('bar'),
        hold: 0.3,
        move: 1,
      });
    return motion({
      view: 'side',
      frame: 'portrait',
      keys: [k('dead hang', 2.35 - 1.12, 8, 20), k('chin over bar', 2.35 - 0.62, 18, 35)],
      fixed: [{ kind: 'bar', x0: bar[0], x1: bar[0], y: bar[1] }],
      held: [],
      pattern: 'pull-up',
    });
  },
});

/** Standing, crouched or in the air: feet flat under the hips, the anchor's heel at `x`, `y`. */
function standingAt(
  name: string,
  x: number,
  y: number,
  thigh: number,
  shank: number,
  trunk: number,
  arms: ReturnType<typeof arm>,
  surface: string,
): Key {
  return key({
    name,
    angles: angles({ trunk, legs: flatFootLeg(trunk, thigh, shank), arms }),
    anchor: heelAt(x, y),
    contacts: surface === '' ? [] : FEET_ON(surface),
    isBalanced: surface !== '',
    hold: 0.1,
    move: 0.45,
  });
}

export const boxJump = pattern({
  params: v.strictObject({ height: v.optional(v.pipe(v.number(), v.minValue(0.2), v.maxValue(0.8)), 0.5) }),
  views: ['side'],
  build({ params }) {
    const h = params.height;
    const box = { kind: 'box' as const, x0: 0.42, x1: 0.92, y: h };
    const air = {
      ...standingAt('flight', 0.3, h + 0.2, 70, -20, 25, arm(150, 10), ''),
      anchor: { point: 'pelvis' as const, at: [0.45, h + 0.95] as Point },
    };
    const keys = [
      { ...standingAt('standing', 0, 0, 0, 0, 2, arm(5, 10), 'floor'), hold: 0.3, move: 0.45 },
      { ...standingAt('dip', 0, 0, 70, -28, 28, arm(-40, 10), 'floor'), isBalanced: false, move: 0.3 },
      { ...air, move: 0.3 },
      { ...standingAt('landing', 0.5, h, 75, -28, 38, arm(60, 20), 'box'), move: 0.5 },
      { ...standingAt('standing on the box', 0.5, h, 0, 0, 2, arm(5, 10), 'box'), hold: 0.3, move: 0.45 },
      // Back down with a small hop, so the loop starts again on the floor.
      {
        ...standingAt('hop down', 0, 0, 30, -10, 10, arm(20, 20), ''),
        anchor: { point: 'pelvis' as const, at: [0.0, h + 0.75] as Point },
        move: 0.45,
      },
    ];
    return motion({ view: 'side', frame: 'portrait', keys, stills: [0, 4], fixed: [box], held: [], pattern: 'box-jump' });
  },
});

export const burpee = pattern({
  params: v.strictObject({}),
  views: ['side'],
  build() {
    const crouched = standingAt('crouch', 0, 0, 92, -42, 45, arm(62, 0), 'floor');
    const crouch = { ...crouched, angles: { ...crouched.angles, spine: 25 }, isBalanced: false };
    const hand = add(pointIn(crouch, 'leftHand'), [0, 0]);
    const handsDown: Point = [hand[0], 0.03];
    const plankKey = proneOnHands('plank', handsDown[0] - 0.02, 0.62);
    const keys = [
      { ...standingAt('standing', 0, 0, 0, 0, 2, arm(5, 10), 'floor'), hold: 0.15, move: 0.45 },
      { ...crouch, hands: { left: handsDown, right: handsDown }, contacts: [...FEET_ON('floor'), ...HANDS_ON('floor')], move: 0.4 },
      { ...plankKey, hold: 0.15, move: 0.4 },
      { ...crouch, hands: { left: handsDown, right: handsDown }, contacts: [...FEET_ON('floor'), ...HANDS_ON('floor')], move: 0.35 },
      { ...standingAt('jump', 0, 0.25, 0, 0, 0, arm(175, 5), ''), hold: 0, move: 0.45 },
    ];
    return motion({ view: 'side', frame: 'portrait', keys, stills: [0, 2], fixed: [], held: [], pattern: 'burpee' });
  },
});

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

/** Jumps in place: a squat jump seen from the side, or a jumping jack seen from the front. */
export const jump = pattern({
  params: v.strictObject({ style: v.optional(v.picklist(['squat', 'jack']), 'squat') }),
  views: ['side', 'front'],
  build({ params }) {
    if (params.style === 'jack') {
      const jack = (name: string, feet: number, shoulder: number, pelvisY: number, isDown: boolean) =>
        key({
          name,
          angles: angles({ legs: leg(0, 0, 0), arms: arm(shoulder, 10) }),
          anchor: { point: 'pelvis', at: [0, pelvisY] },
          feet: { left: [feet, isDown ? ANKLE_Y : ANKLE_Y + 0.12], right: [-feet, isDown ? ANKLE_Y : ANKLE_Y + 0.12] },
          contacts: isDown ? FEET_ON('floor') : [],
          isBalanced: isDown,
          hold: isDown ? 0.1 : 0,
          move: 0.3,
        });
      const keys = [
        jack('feet together', 0.12, 12, 0.9, true),
        jack('hop out', 0.28, 100, 1.0, false),
        jack('feet apart', 0.42, 165, 0.84, true),
        jack('hop in', 0.28, 100, 1.0, false),
      ];
      return motion({ view: 'front', frame: 'portrait', keys, stills: [0, 2], fixed: [], held: [], pattern: 'jump' });
    }
    const keys = [
      { ...standingAt('standing', 0, 0, 0, 0, 2, arm(5, 10), 'floor'), hold: 0.3, move: 0.5 },
      { ...standingAt('dip', 0, 0, 80, -32, 35, arm(-35, 10), 'floor'), isBalanced: false, move: 0.3 },
      { ...standingAt('flight', 0, 0.3, 0, 0, 0, arm(170, 5), ''), move: 0.35 },
      { ...standingAt('landing', 0, 0, 60, -25, 30, arm(40, 20), 'floor'), isBalanced: false, move: 0.6 },
    ];
    return motion({ view: 'side', frame: 'portrait', keys, stills: [0, 2], fixed: [], held: [], pattern: 'jump' });
  },
});
