/** Jumping patterns, side view unless said: box jump, burpee, squat jump and jumping jack (front view). */
import * as v from 'valibot';
import { angles, arm, leg } from './motion.ts';
import { ANKLE_Y, FEET_ON, HANDS_ON, key, motion, pattern, pointIn, proneOnHands, standingAt } from './pattern-kit.ts';
import { add, type Point } from './skeleton.ts';

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
