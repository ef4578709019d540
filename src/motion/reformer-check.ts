/**
 * A reformer exercise frame by frame (reformer.ts): its carriage within its rails, everything resting on
 * the reformer resting on the carriage, the footbar within its settings (a hand or foot on the footbar
 * is a promised contact, checked key by key as any). Beside motion-check.ts, which runs it, and
 * slides.ts, which measures parts on the carriage along it.
 */
import type { BodyPoint, FixedProp } from './motion.ts';
import { reformerFrameProblem, ridingPoint } from './reformer.ts';
import { RESTS_WITHIN } from './pose-keys.ts';
import type { Body } from './skeleton.ts';
import { clearance, groundAt, pointOf, RESTING_POINTS, type Support } from './timeline.ts';

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
