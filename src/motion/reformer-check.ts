/**
 * A reformer exercise frame by frame (reformer.ts): its carriage within its rails, everything resting on
 * the reformer resting on the carriage, the footbar within its settings; and key by key, a hand or foot
 * at the footbar staying on it. Beside motion-check.ts, which runs these, and slides.ts, which measures
 * parts on the carriage along it.
 */
import type { BodyPoint, FixedProp, Key } from './motion.ts';
import { reformerFrameProblem, ridingPoint } from './reformer.ts';
import type { Body } from './skeleton.ts';
import { clearance, groundAt, pointOf, RESTING_POINTS, type Support } from './timeline.ts';

/** A part this close to what is under it rests there (metres). */
const RESTS_WITHIN = 0.02;

/** The parts resting on the reformer in this frame, with where they are along the floor. */
function restingOnReformer(body: Body, supports: readonly Support[]): { name: BodyPoint; x: number }[] {
  return RESTING_POINTS.filter((point) => clearance(body, point, supports) < RESTS_WITHIN)
    .map((point) => ({ name: point, x: pointOf(body, point)[0] }))
    .filter(({ x }) => groundAt(x, supports).name === 'reformer');
}

/** What is wrong with this frame on `reformer`, or undefined. */
export function reformerProblem(reformer: FixedProp, body: Body, supports: readonly Support[]): string | undefined {
  return reformerFrameProblem(reformer, pointOf(body, ridingPoint(reformer))[0], restingOnReformer(body, supports));
}

/** How far a hand or foot at the footbar may be from it in a key (metres), as any promised contact. */
const AT_FOOTBAR = 0.04;

/**
 * Whether key `key` keeps its fixed hand or foot on the footbar, when that is where the first key put
 * it (patterns-pose.ts sets the footbar there): undefined when it does or the fixed point is elsewhere.
 */
export function footbarKeyProblem(reformer: FixedProp, key: Key): string | undefined {
  const { point, at } = key.anchor;
  if (!/Hand|Toe|Heel/.test(point) || Math.abs(at[0] - reformer.x0) > 0.05) return undefined;
  const off = at[1] - reformer.y;
  return Math.abs(off) > AT_FOOTBAR ? `the ${point} is ${(off * 100).toFixed(0)} cm from the footbar` : undefined;
}
