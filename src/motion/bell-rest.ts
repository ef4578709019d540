/**
 * The sizes of held dumbbells and kettlebells as drawn (render-props.ts), and how a hand planted on one resting on
 * the floor holds the figure up between keys (floor-bells.ts: `bellsOnFloor`). A module of its own, free of
 * timeline.ts, so that timeline.ts can rest the figure on the bells without an import cycle.
 */
import type { HeldProp, Key, Motion } from './motion.ts';
import { liftBetween, supportsOf } from './resting.ts';
import { type Body, distance, type Point, SIDES, type Side } from './skeleton.ts';

/** A dumbbell seen end on: a round head this wide (radius, metres), the handle through its middle. */
export const DUMBBELL_HEAD = 0.085;
/** A kettlebell hanging from the hand: its body's centre this far below the handle, and its radius (metres). */
export const KETTLEBELL = { drop: 0.15, radius: 0.1 } as const;

/** How high above the floor the hand on a bell's handle is while the bell rests there (metres). */
export const BELL_HANDLE = { dumbbells: DUMBBELL_HEAD, kettlebells: KETTLEBELL.drop + KETTLEBELL.radius } as const;

/** The height of the hand on the handle of held bells resting on the floor (floor-bells.ts `bellsOn`), or undefined with none. */
export const bellHandleHeight = (held: readonly HeldProp[]): number | undefined => held.find((prop) => prop.onFloor !== undefined)?.onFloor;

/** Two keys' places for a hand this close are one place: the hand stays on its bell between them. */
const SAME_PLACE = 0.01;

/**
 * Where the hand on `side` rests on its bell between keys `a` and `b`, `progress` of the way: where both plant it
 * in one place (at a key, where it plants it), else nowhere (it lifts its bell, carries it or sets it down).
 */
export function restingOnBell(a: Key, b: Key, progress: number, side: Side): Point | undefined {
  const from = a.hands?.[side];
  if (from === undefined || progress === 0) return from;
  const to = b.hands?.[side];
  return to !== undefined && distance(from, to) <= SAME_PLACE ? from : undefined;
}

/**
 * How far the figure between keys `a` and `b` rises to rest on what is under it (resting.ts: its lowest resting
 * part just touching), or, when a hand rests on a bell on the floor, the more that keeps that hand on its handle:
 * the hand holds the figure up there, at the bell's height, so a hop on the bells or a row off one of them never
 * lowers the figure until the bell sinks into the floor.
 */
export function groundLift(
  motion: Motion,
  [a, b]: readonly [Key, Key],
  [from, to]: readonly [Body, Body],
  body: Body,
  progress: number,
): number {
  const lift = liftBetween(body, from, to, supportsOf(motion.fixed), progress);
  const handle = bellHandleHeight(motion.held);
  if (handle === undefined) return lift;
  const resting = SIDES.filter((side) => restingOnBell(a, b, progress, side) !== undefined);
  return Math.max(lift, ...resting.map((side) => handle - body.arms[side].hand[1]));
}
