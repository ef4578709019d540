/**
 * Which way each elbow bends, key by key and through the moves between keys (timeline.ts). A hand
 * placed by a target (the floor, a bar, a hold, a strap) has two elbows that reach it. Deciding
 * between them frame by frame by a rule (the lower one, or the one clear of the floor) flipped the
 * elbow across the arm in one frame in the middle of a move as the target moved (review 13: a
 * crescent lunge, a glute bridge). Instead each key's bend is read off the key as it is drawn, and
 * between keys the elbow follows where the mixed angles put it, moved as the keys' placing moved it:
 * a continuous reference, so the elbow never re-decides its side in one frame.
 */
import type { Key } from './motion.ts';
import {
  type Arm,
  type Body,
  distance,
  type ElbowHold,
  FOREARM_REACH,
  lerpPoint,
  type Point,
  SEGMENT,
  SIDES,
  type Side,
  solveTwoBone,
} from './skeleton.ts';

/** Each arm's bend (solveTwoBone's sign); none for a straight arm. */
export type Bends = Partial<Record<Side, number>>;

/** The two elbows of an arm this close (metres) are one: a straight arm, no bend. */
const STRAIGHT = 0.01;
/**
 * A placed hand on a key that made no choice of bend (pose-keys.ts leaves `elbows` unset when the
 * authored arm is straight) is still a little bent, the floor being at 99% of its reach, whichever
 * way the rule happened to pick: up to this far apart, its two elbows carry no intent.
 */
const NO_CHOICE = 0.1;

/** Which way an arm bends: the sign whose two-bone solution is its elbow, or none when it is (nearly) straight. */
export function bendOf(arm: Arm, straight = STRAIGHT): number | undefined {
  const [plus, minus] = [1, -1].map((bend) => solveTwoBone(arm.root, arm.hand, SEGMENT.upperArm, FOREARM_REACH, bend)) as [
    Arm['hand'],
    Arm['hand'],
  ];
  if (distance(plus, minus) < straight) return undefined;
  return distance(plus, arm.middle) <= distance(minus, arm.middle) ? 1 : -1;
}

/**
 * The bend of each key's elbows, `bodies` being the keys as posed alone: as the key draws them, except
 * a placed hand's arm that made no choice, which bends the way the next key that chose one does
 * (round the loop). A push-up's straight-armed plank so bends its elbows the way the bottom does,
 * back toward the feet, rather than the way the floor at 99% of its reach happened to put them.
 */
export function keyBends(keys: readonly Key[], bodies: readonly Body[]): Bends[] {
  const drawn = (i: number, side: Side, straight: number) => bendOf(bodies[i]!.arms[side], straight);
  const isNoChoice = (i: number, side: Side) => keys[i]!.hands?.[side] !== undefined && keys[i]!.elbows === undefined;
  const chosen = (i: number, side: Side) => drawn(i, side, isNoChoice(i, side) ? NO_CHOICE : STRAIGHT);
  return keys.map((_, i) => {
    const bends: Bends = {};
    for (const side of SIDES) {
      let bend = chosen(i, side);
      for (let step = 1; bend === undefined && isNoChoice(i, side) && step < keys.length; step += 1)
        bend = chosen((i + step) % keys.length, side);
      // No key chose: each keeps the bend it is drawn with, and the moves go from one to the next.
      bend ??= drawn(i, side, STRAIGHT);
      if (bend !== undefined) bends[side] = bend;
    }
    return bends;
  });
}

/** The holds of a key's placed elbows: its bends. */
export function keyHolds(bends: Bends, placed: readonly Side[]): Partial<Record<Side, ElbowHold>> {
  const holds: Partial<Record<Side, ElbowHold>> = {};
  for (const side of placed) if (bends[side] !== undefined) holds[side] = { bend: bends[side] };
  return holds;
}

/**
 * The holds of a move's placed elbows `progress` of the way from key `a` to key `b`, given how far each
 * key's placing moved its elbows from where its angles put them (`shiftA`, `shiftB`; none for a free arm).
 */
export function moveHolds(shiftA: Shifts, shiftB: Shifts, placed: readonly Side[], progress: number): Partial<Record<Side, ElbowHold>> {
  const holds: Partial<Record<Side, ElbowHold>> = {};
  for (const side of placed) holds[side] = { shift: lerpPoint(shiftA[side] ?? [0, 0], shiftB[side] ?? [0, 0], progress) };
  return holds;
}

/** Per arm, how far a key's placed elbow is from where its angles alone put it. */
export type Shifts = Partial<Record<Side, Point>>;

export function elbowShifts(placed: Body, free: Body): Shifts {
  const shifts: Shifts = {};
  for (const side of SIDES) {
    const [at, from] = [placed.arms[side].middle, free.arms[side].middle];
    shifts[side] = [at[0] - from[0], at[1] - from[1]];
  }
  return shifts;
}
