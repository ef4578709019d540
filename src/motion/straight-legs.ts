/**
 * Between two keys of a front view, a leg that is straight at both, its foot on the floor, stays straight.
 * The frames between keys mix the keys' angles and place the figure by its anchor foot, and the other foot's
 * target is eased from its place at one key to its place at the other; where the pelvis swings sideways (a
 * windmill's hip shift, a lean away from a pressing arm, a twist that turns the hips square and wider) the
 * hip comes nearer that foot than its leg is long, and the knee was bent sideways to reach it, a knee bowed up
 * to 20 degrees in the middle of a move between two straight-legged keys (issue 23). Now the anchored leg
 * turns about its foot, by as little as makes the other leg reach its foot straight: the pelvis moves on the
 * arc both straight legs allow.
 */
import { foreshortened } from './front-depth.ts';
import { solve } from './geometry.ts';
import type { BodyPoint, Key, Motion } from './motion.ts';
import { pointOf } from './resting.ts';
import { type Angles, distance, type Point, pose, SEGMENT, type Side, type Targets } from './skeleton.ts';

/** A knee authored within this of straight (degrees), its tilts toward the viewer within this of each other, is a straight leg. */
const STRAIGHT = 3;
/** A knee the mix would bend less than this (degrees) is left as it is. */
const BENT = 1;
/** The farthest the anchored leg turns about its foot (degrees). */
const TURN = 30;
const RAD = Math.PI / 180;

const ANCHOR_SIDE: Partial<Record<BodyPoint, Side>> = { leftHeel: 'left', leftToe: 'left', rightHeel: 'right', rightToe: 'right' };

const isStraight = (key: Key, side: Side): boolean => {
  const tilts = key.angles.toward?.[side];
  // A pivoting foot's ankle is raised: its knee bends in, whatever the directions say (foot-pivot.ts).
  return (
    key.pivot !== side &&
    Math.abs(key.angles[side].leg.knee) < STRAIGHT &&
    (tilts === undefined || Math.abs(tilts[0] - tilts[1]) < STRAIGHT)
  );
};

/** With the anchored leg turned `degrees` more, the mix's angles and the offset that keeps the anchor where it is. */
function turned(
  motion: Motion,
  anchor: BodyPoint,
  side: Side,
  mixed: Angles,
  offset: Point,
  degrees: number,
): { mixed: Angles; offset: Point } {
  const leg = mixed[side].leg;
  const angles: Angles = { ...mixed, [side]: { ...mixed[side], leg: { ...leg, hip: leg.hip + degrees } } };
  const [was, now] = [pointOf(pose(mixed, motion.view), anchor), pointOf(pose(angles, motion.view), anchor)];
  return { mixed: angles, offset: [offset[0] + was[0] - now[0], offset[1] + was[1] - now[1]] };
}

/**
 * The mix of keys `a` and `b` and its offset, the anchored leg turned so the other straight leg reaches its
 * foot's target straight (front view, both keys anchored on one foot, both legs straight at both, no step,
 * hop or flight between them); else as they were.
 */
export function straightLegsBetween(
  motion: Motion,
  a: Key,
  b: Key,
  mixed: Angles,
  offset: Point,
  targets: Targets,
  isStepping: boolean,
): { mixed: Angles; offset: Point } {
  const side = ANCHOR_SIDE[a.anchor.point];
  const other: Side = side === 'left' ? 'right' : 'left';
  const target = targets.feet?.[other];
  const unchanged = { mixed, offset };
  if (motion.view !== 'front' || side === undefined || a.anchor.point !== b.anchor.point || target === undefined) return unchanged;
  if (isStepping || a.flight === true || b.flight === true || (a.air ?? 0) > 0 || (b.air ?? 0) > 0) return unchanged;
  if (![a, b].every((key) => isStraight(key, side) && isStraight(key, other))) return unchanged;
  const tilts = mixed.toward?.[other];
  const [thigh, shank] = [foreshortened(SEGMENT.thigh, tilts?.[0]), foreshortened(SEGMENT.shank, tilts?.[1])];
  // As far as the leg reaches with the knee the keys give it (a soft knee of a degree or two stays soft).
  const knee = mixed[other].leg.knee * RAD;
  const length = Math.sqrt(thigh * thigh + shank * shank + 2 * thigh * shank * Math.cos(knee));
  const gap = (degrees: number) => {
    const t = turned(motion, a.anchor.point, side, mixed, offset, degrees);
    return distance(pose(t.mixed, motion.view, t.offset).legs[other].root, target) - length;
  };
  // The knee the mix would bend more than the keys give it: d = L cos(bend / 2) for a thigh and shank near one length.
  const reach = (thigh + shank) * Math.cos(knee / 2 + (BENT * RAD) / 2);
  if (gap(0) + length > reach) return unchanged;
  // The least turn either way that lets the other leg reach straight.
  for (let step = 1; step <= TURN; step += 1) {
    for (const sign of [1, -1]) {
      if (gap(sign * step) < 0) continue;
      return turned(motion, a.anchor.point, side, mixed, offset, solve(gap, sign * (step - 1), sign * step));
    }
  }
  return unchanged;
}
