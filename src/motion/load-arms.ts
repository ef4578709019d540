/**
 * The arms on a bar carried on the trunk, seen from the side (a bar on the back, racked in front, a safety squat bar):
 * between keys the hands follow the bar where the trunk carries it, and a safety squat bar's elbows stay on the hips'
 * side of the line from the shoulder to the hand in every frame, whatever the hinge.
 *
 * The handles' ends are fixed in the upper trunk's axes, so the two ways an elbow can bend to reach them turn with the
 * trunk. Chosen as elsewhere (the one nearer where the key's angles put the elbow: pose-keys.ts, elbow-bends.ts), a
 * good morning's elbows flipped past about 45 degrees of hinge from down by the trunk to out in front of the face
 * (stop 64). A lifter holding the handles keeps the elbows pointing down and back toward the hips at every hinge.
 */
import type { Bends } from './elbow-bends.ts';
import { loadGrip } from './held-places.ts';
import type { HeldProp, Key, Motion } from './motion.ts';
import { isSafetyBar } from './safety-bar.ts';
import { type Body, type ElbowHold, FOREARM_REACH, type Point, SEGMENT, SIDES, type Side, solveTwoBone } from './skeleton.ts';

/** The bar carried on the trunk that holds the hands, seen from the side; none in the front view or without one. */
const carriedBar = (motion: Motion): HeldProp | undefined =>
  motion.view === 'side' ? motion.held.find((prop) => prop.at === 'back' || prop.at === 'front-rack') : undefined;

/**
 * Between keys that both hold the carried bar, where the hands grip it in `body` (the figure as the move mixes it): they
 * follow it where the trunk carries it, not a straight line between its places at the keys, which would pull the arms off it.
 */
export function handsOnLoadBetween(motion: Motion, a: Key, b: Key, body: () => Body): Partial<Record<Side, Point>> | undefined {
  const load = carriedBar(motion);
  if (load === undefined || a.hands === undefined || b.hands === undefined) return undefined;
  const grip = loadGrip(body(), load);
  return { left: grip, right: grip };
}

/** Which sign of bend puts the elbow on the pelvis's side of the line from the shoulder to the hand's target. */
function hipsSideBend(body: Body, side: Side, hand: Point): number {
  const shoulder = body.arms[side].root;
  const across = (p: Point) => (hand[0] - shoulder[0]) * (p[1] - shoulder[1]) - (hand[1] - shoulder[1]) * (p[0] - shoulder[0]);
  const elbow = solveTwoBone(shoulder, hand, SEGMENT.upperArm, FOREARM_REACH, 1);
  return Math.sign(across(elbow)) === Math.sign(across(body.pelvis)) ? 1 : -1;
}

const holdsSafetyBar = (motion: Motion): boolean => {
  const load = carriedBar(motion);
  return load !== undefined && isSafetyBar(load);
};

/** Each placed hand's bend in `body` on the hips' side. */
function hipsSideBends(body: Body, hands: Partial<Record<Side, Point>> | undefined): Bends {
  const bends: Bends = {};
  for (const side of SIDES) if (hands?.[side] !== undefined) bends[side] = hipsSideBend(body, side, hands[side]);
  return bends;
}

/** A safety squat bar's placed elbows in the figure a move mixes held on the hips' side; none without a safety bar seen from the side. */
export function safetyBarHolds(
  motion: Motion,
  body: () => Body,
  hands: Partial<Record<Side, Point>>,
): Partial<Record<Side, ElbowHold>> | undefined {
  if (!holdsSafetyBar(motion)) return undefined;
  const bends = hipsSideBends(body(), hands);
  return Object.fromEntries(SIDES.filter((side) => bends[side] !== undefined).map((side) => [side, { bend: bends[side]! }]));
}

/** Each key's bends (elbow-bends.ts keyBends), `bodies` the keys as posed alone, for a safety squat bar: on the hips' side; none without one. */
export const safetyBarBends = (motion: Motion, bodies: readonly Body[]): Bends[] | undefined =>
  holdsSafetyBar(motion) ? motion.keys.map((key, i) => hipsSideBends(bodies[i]!, key.hands)) : undefined;
