/**
 * Round things lying on the floor that a part of the figure rests on (a foam roller seen end on, a massage
 * ball, a stability ball, a BOSU, a rolled towel): the `pose` description's fields that place them, and the top
 * each offers; and a load lying on the floor, no support, that the feet hook under (floor-load.ts).
 * A module of its own so that pose-params.ts and patterns-pose.ts stay under the layout's size.
 */
import * as v from 'valibot';
import type { FixedProp } from './motion.ts';
import { within } from './schema-numbers.ts';
import { FLOOR_LOAD_ENTRIES } from './floor-load.ts';
import { FLOOR_BELL_ENTRIES } from './floor-bells.ts';

/** Metres along the floor from the fixed point, as pose-params.ts takes them (not imported from it: that would be a cycle). */
const metres = within(-3, 3);

/** The pose pattern's fields for round things on the floor, at their centre's x. */
export const FLOOR_ENTRIES = {
  /** A foam roller lying across the line of view, its centre at x (15 cm thick): the part over it rests on it. */
  roller: v.optional(metres),
  /** A massage ball (a lacrosse ball, 6.5 cm) on the floor at x: the part over it rests on it. */
  massageBall: v.optional(metres),
  /**
   * A BOSU balance trainer on the floor, dome up, its centre at x (64 cm across, 25 cm high): what rests
   * on it rests on the middle of the dome (26 cm of it, within 2 cm of the curve).
   */
  bosu: v.optional(metres),
  /** A stability ball (65 cm) on the floor, its centre at x: the part over its top rests on it. */
  stabilityBall: v.optional(metres),
  /** A rolled towel (10 cm thick) lying across the line of view, its centre at x: the heel propped on it rests on its top. */
  rolledTowel: v.optional(metres),
  /** A dumbbell or loaded bar lying on the floor, the feet hooked under it (floor-load.ts): no support, so its fields are its own. */
  ...FLOOR_LOAD_ENTRIES,
  /** Held dumbbells or kettlebells resting on the floor under the planted hands (floor-bells.ts). */
  ...FLOOR_BELL_ENTRIES,
};

/** A standard foam roller: 15 cm thick; a body part rests on its top over about 8 cm. */
const ROLLER_HEIGHT = 0.15;
const ROLLER_HALF_TOP = 0.04;
/** A bath towel rolled up tight: 10 cm thick; a heel rests on its top over about 6 cm. */
export const ROLLED_TOWEL = { height: 0.1, halfTop: 0.03 } as const;
/** A lacrosse ball: 6.5 cm; a body part rests on its top over about 4 cm. */
const MASSAGE_BALL_HEIGHT = 0.065;
const MASSAGE_BALL_HALF_TOP = 0.02;
/** A 65 cm stability ball: what rests on it rests on its top, over about 24 cm. */
const BALL_HEIGHT = 0.65;
const BALL_HALF_TOP = 0.12;
/**
 * A BOSU (64 cm across, 25 cm high, dome up): a foot, knee or back rests on the middle of the dome, 13 cm
 * either side of its crown, at 24 cm, which the curve leaves within 2 cm.
 */
const BOSU = { halfTop: 0.13, top: 0.24 };

/** The tops of the round things a description puts on the floor, in this order (a ball, a roller, a massage ball, a BOSU, a rolled towel). */
export function roundTops(params: {
  stabilityBall?: number;
  roller?: number;
  massageBall?: number;
  bosu?: number;
  rolledTowel?: number;
}): FixedProp[] {
  const tops: FixedProp[] = [];
  // What rests on them rests on their top.
  const round = (
    kind: 'stability-ball' | 'roller' | 'massage-ball' | 'bosu' | 'rolled-towel',
    x: number | undefined,
    halfTop: number,
    height: number,
  ) => {
    if (x !== undefined) tops.push({ kind, x0: x - halfTop, x1: x + halfTop, y: height });
  };
  round('stability-ball', params.stabilityBall, BALL_HALF_TOP, BALL_HEIGHT);
  round('roller', params.roller, ROLLER_HALF_TOP, ROLLER_HEIGHT);
  round('massage-ball', params.massageBall, MASSAGE_BALL_HALF_TOP, MASSAGE_BALL_HEIGHT);
  round('bosu', params.bosu, BOSU.halfTop, BOSU.top);
  round('rolled-towel', params.rolledTowel, ROLLED_TOWEL.halfTop, ROLLED_TOWEL.height);
  return tops;
}
