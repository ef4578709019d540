/**
 * Patterns on the floor, a bench or a bar: bench press, push-up, plank, crunch, hip thrust (or glute
 * bridge) and pull-up. Hands and feet that must stay put are targets; the trunk angle is solved so they reach.
 */
import * as v from 'valibot';
import type { Key } from './motion.ts';
import { angles, arm, leg } from './motion.ts';
import { ANKLE_Y, bench, FEET_ON, HANDS_ON, heldProps, key, matIf, motion, on, pattern, pointIn, proneOnHands } from './pattern-kit.ts';
import { solve } from './geometry.ts';
import { add, type Point } from './skeleton.ts';

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
    // Locked out: the bar 1 cm short of the straight arm's reach (61.5 cm from the shoulder), the elbows
    // at about 169 degrees. At 60 cm they stayed bent at about 150, short of the lockout (review 8).
    const top: Point = add(shoulder, [0.02, 0.612]);
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
      fixed: matIf(props, -1.3, 0.7),
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
  build({ props }) {
    return motion({
      view: 'side',
      frame: 'landscape',
      keys: [forearmPlank('on knees', true, 0.4), forearmPlank('plank', false, 2.2)],
      fixed: matIf(props, -2.2, -0.3),
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
