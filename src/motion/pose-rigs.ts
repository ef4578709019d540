/**
 * The rigs of the `pose` pattern put in its scene (patterns-pose.ts): the supports placed before the keys
 * (a slant board, a glute-ham developer's pad) and what is placed from the placed keys (a ball pinned
 * against the wall, a rack's upright clear of the figure, the rollers on the first key's ankles).
 */
import { agilityLadderOf } from './agility-ladder.ts';
import { cadillacOf } from './cadillac.ts';
import { captainsChairOf } from './captains-chair.ts';
import { ghdOf } from './ghd.ts';
import { herculesPillarsOf } from './hercules-pillars.ts';
import type { FixedProp, Key } from './motion.ts';
import type { PropKind } from './prop-kinds.ts';
import type { PoseKey, PoseParams } from './pose-params.ts';
import { pinSpan, rackOf } from './rack.ts';
import type { Point, View } from './skeleton.ts';
import { slantBoardOf } from './slant-board.ts';
import { onRope } from './rope.ts';
import { pinnedBall } from './wall-ball.ts';
import { WUNDA, wundaChairOf } from './wunda-chair.ts';

/** The supports the keys are placed on: a slant board, a glute-ham developer's pad (its rollers come with the keys). */
export function rigTops(params: PoseParams): FixedProp[] {
  const tops: FixedProp[] = [];
  if (params.slantBoard !== undefined) tops.push(slantBoardOf(params.slantBoard));
  if (params.ghd !== undefined) tops.push({ kind: 'ghd', x0: params.ghd[0], x1: params.ghd[1], y: params.ghd[2] });
  if (params.cadillac !== undefined) tops.push(cadillacOf(params.cadillac));
  if (params.wundaChair !== undefined)
    tops.push({ kind: 'wunda-chair', x0: Math.min(...params.wundaChair), x1: Math.max(...params.wundaChair), y: WUNDA.seat });
  return tops;
}

/** A ball pinned against the wall holds the figure leaning on it: no key is a quiet stance on the feet. */
export const leaningOnRigs = (params: PoseParams, keys: Key[]): Key[] =>
  params.wallBall === undefined ? keys : keys.map((k) => ({ ...k, isBalanced: false }));

/**
 * What a hanging figure holds: a captain's chair placed from the first key, a climbing rope (placeRigs
 * draws it), else the bar, rings or parallel bars at the grip.
 */
export function hangingGrip(kind: FixedProp['kind'], grip: Point, x1: number, first: Key, view: View): FixedProp[] {
  if (kind === 'rope') return [];
  return [kind === 'captains-chair' ? captainsChairOf(grip, first, view) : { kind, x0: grip[0], x1, y: grip[1] }];
}

/** Where a key hanging on a climbing rope holds on (its left hand's grip), else the bar every hanging key holds. */
export const barOf = (params: PoseParams, key: PoseKey, bar: Point | undefined): Point | undefined =>
  bar !== undefined && params.rope !== undefined && key.grips !== undefined ? [params.rope, key.grips[0]] : bar;

/** Keys on a climbing rope with their hands at their grips (rope.ts). */
export const ropeHeld = (params: PoseParams, placed: readonly Key[], view: View): Key[] =>
  placed.map((k, i) => {
    const grips = params.keys[i]?.grips;
    return params.rope === undefined || grips === undefined ? k : onRope(k, params.rope, grips, view);
  });

/**
 * Adds the rigs placed from the keys to `fixed` (a pinned ball, a rack; the glute-ham developer's rollers
 * on the first key's ankles) and returns the x the picture must reach to show them.
 */
export function placeRigs(
  fixed: FixedProp[],
  params: PoseParams,
  props: readonly PropKind[],
  keys: readonly Key[],
  view: View,
  box: { x0: number; x1: number },
): number[] {
  if (params.wallBall !== undefined && params.wall !== undefined) {
    const kind = props.includes('stability-ball') ? 'stability-ball' : 'massage-ball';
    fixed.push(pinnedBall(kind, params.wall, (box.x0 + box.x1) / 2, params.wallBall));
  }
  const ends: number[] = [];
  if (params.rack !== undefined) {
    const rack = rackOf(params.rack, box);
    fixed.push(rack);
    ends.push(pinSpan(rack).from, pinSpan(rack).to);
  }
  if (params.rope !== undefined) fixed.push({ kind: 'rope', x0: params.rope, x1: params.rope, y: 0 });
  if (params.agilityLadder !== undefined) fixed.push(agilityLadderOf(params.agilityLadder, keys, params.travel));
  const ghdAt = fixed.findIndex((prop) => prop.kind === 'ghd');
  if (params.ghd !== undefined && ghdAt >= 0) fixed[ghdAt] = ghdOf(params.ghd, keys[0]!, view);
  if (params.herculesPillars !== undefined) fixed.push(herculesPillarsOf(params.herculesPillars, keys[0]!, view));
  const chairAt = fixed.findIndex((prop) => prop.kind === 'wunda-chair');
  if (params.wundaChair !== undefined && chairAt >= 0) fixed[chairAt] = wundaChairOf(params.wundaChair, keys[0]!, view);
  return ends;
}
