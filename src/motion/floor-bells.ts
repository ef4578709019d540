/**
 * Dumbbells or kettlebells resting on the floor under the hands (`bellsOnFloor`: a plank or push-up on the
 * handles of two dumbbells, a renegade row, a man maker, a devil press). The pair is held as ever, drawn at the
 * hands; what the field changes is where `handsOnFloor` puts a hand: on its bell's handle, the bell's own
 * height above the floor (a dumbbell's head radius, the handle through the heads' middle; a kettlebell's
 * handle over its body), so the bell rests on the floor instead of sinking into it. A hand not on the floor
 * carries its bell (a row, a clean, a swing) and sets it down again where a later key plants it.
 * `check` holds it to that: a hand planted at both ends of a move stays on its handle's height and place
 * (the bell resting on the floor, not lifted off it, sunk into it or slid along it), and a carried bell never
 * goes into the floor.
 */
import * as v from 'valibot';
import type { HeldProp, Key, Motion } from './motion.ts';
import { BELL_HANDLE, bellHandleHeight, restingOnBell } from './bell-rest.ts';
import { distance, type Point, SIDES, type Side } from './skeleton.ts';
import { firstFrameProblem, locate, REST_HEIGHT } from './timeline.ts';
import { AB_WHEEL_RADIUS } from './hand-props.ts';
import { BALL_RADIUS } from './ball-legs.ts';

/** A resting hand this far off its handle (metres) has lifted the bell, sunk it, or slid it; a carried bell this far into the floor is in it. */
const ON_HANDLE = 0.02;
const INTO_FLOOR = 0.01;

export const FLOOR_BELL_ENTRIES = {
  /**
   * The held dumbbells or kettlebells rest on the floor under the hands that `handsOnFloor` plants
   * (floor-bells.ts): each hand is put on its bell's handle, at the bell's height above the floor.
   */
  bellsOnFloor: v.optional(v.literal(true)),
};

/** The held pair that rests on the floor under the hands: dumbbells or kettlebells, one in each hand. */
const isFloorBells = (prop: HeldProp): prop is HeldProp & { kind: keyof typeof BELL_HANDLE } =>
  (prop.kind === 'dumbbells' || prop.kind === 'kettlebells') && prop.at === 'hands';

/** The held props with the pair marked as resting on the floor under planted hands (`onFloor`: its handle's height). */
export function bellsOn(held: HeldProp[], bellsOnFloor: true | undefined): HeldProp[] {
  if (bellsOnFloor !== true) return held;
  return held.map((prop) => (isFloorBells(prop) ? { ...prop, onFloor: BELL_HANDLE[prop.kind] } : prop));
}

/** The pair resting on the floor under the hands, if any. */
export const floorBellsIn = (motion: Motion): (HeldProp & { onFloor: number }) | undefined =>
  motion.held.find((prop): prop is HeldProp & { onFloor: number } => prop.onFloor !== undefined);

/**
 * How high `handsOnFloor` puts the hands: on the handle of a bell resting on the floor; on an ab wheel's axle, the
 * wheel's radius above the floor it rolls on (hand-props.ts); where a thrown ball lands on the floor, at its middle
 * to pick it up (ball-flight.ts); else on the floor.
 */
export function handsAboveFloor(held: readonly HeldProp[], isBallOnFloor: boolean): number {
  return (
    bellHandleHeight(held) ??
    (held.some((prop) => prop.kind === 'ab-wheel') ? AB_WHEEL_RADIUS : isBallOnFloor ? BALL_RADIUS : REST_HEIGHT.leftHand)
  );
}

/**
 * A key that plants a hand on a bell is held up by that arm too: not a key on the feet alone, whose balance
 * is checked over the feet (a hand on a kettlebell's handle, 25 cm up, would otherwise read as standing).
 */
export const onBells = (key: Key, held: readonly HeldProp[]): Key =>
  key.hands === undefined || bellHandleHeight(held) === undefined ? key : { ...key, isBalanced: false };

/** Where the hand on `side` rests on its bell's handle `seconds` into the loop, when it does (bell-rest.ts). */
function restingAt(motion: Motion, seconds: number, side: Side): Point | undefined {
  const { from, to, progress } = locate(motion, seconds);
  return restingOnBell(motion.keys[from]!, motion.keys[to]!, progress, side);
}

const cm = (metres: number): string => (metres * 100).toFixed(0);

/**
 * What `check` refuses of bells on the floor, naming `bellsOnFloor`: a view other than the side, and, naming
 * the time, a hand that rests on its bell off the handle (lifted, sunk or slid) or a carried bell in the floor.
 */
export function floorBellsProblems(motion: Motion): string[] {
  const bells = floorBellsIn(motion);
  if (bells === undefined) return [];
  const name = bells.kind === 'dumbbells' ? 'dumbbell' : 'kettlebell';
  if (motion.view !== 'side') return [`bellsOnFloor: ${name}s on the floor under the hands are drawn from the side`];
  const found = firstFrameProblem(motion, (body, seconds) => {
    for (const side of SIDES) {
      const hand = body.arms[side].hand;
      const resting = restingAt(motion, seconds, side);
      if (resting !== undefined) {
        const up = hand[1] - bells.onFloor;
        if (Math.abs(up) > ON_HANDLE)
          return `the ${side} hand is ${cm(Math.abs(up))} cm ${up > 0 ? 'above' : 'under'} its ${name}'s handle (${cm(bells.onFloor)} cm up) while it rests on the floor: the ${name} would ${up > 0 ? 'float' : 'sink into the floor'}`;
        const along = distance(hand, resting);
        if (along > ON_HANDLE) return `the ${side} hand is ${cm(along)} cm off its ${name}'s handle while it rests on the floor: it slides`;
      } else if (hand[1] - bells.onFloor < -INTO_FLOOR) {
        return `the ${side} ${name} is ${cm(bells.onFloor - hand[1])} cm into the floor as it is carried: lift the hand higher`;
      }
    }
    return undefined;
  });
  return found.map((message) => `bellsOnFloor: ${message}`);
}
