/**
 * A Pilates Cadillac (trapeze table) seen from the side: a padded table that is a support, a frame of
 * poles at its ends, and the roll-down bar held in the hands on springs hooked to the poles at the feet
 * end. The check keeps the soles flat against those poles and the springs stretched (never slack or
 * past their reach) in every frame.
 */
import type { FixedProp, Motion } from './motion.ts';
import { type Body, distance, lerpPoint, type Point } from './skeleton.ts';
import { firstFrameProblem } from './timeline.ts';

/** The table's top; the poles' height; the springs' hooks above the top; the springs' rest and longest stretch. */
export const CADILLAC = { top: 0.68, poles: 2.0, hook: 1.0, rest: 0.35, reach: 1.25 } as const;

/** A sole this far (metres) from the poles' face has left them. */
const AGAINST = 0.03;

/** The table `[feet-end x, head-end x]`: its top spans them; the springs hang from the feet end's poles. */
export function cadillacOf([feetEnd, headEnd]: readonly [number, number]): FixedProp {
  return { kind: 'cadillac', x0: Math.min(feetEnd, headEnd), x1: Math.max(feetEnd, headEnd), y: CADILLAC.top, feetEnd };
}

/** Where the springs are hooked: on the feet end's poles, above the table. */
export const springHook = (cadillac: FixedProp): Point => [cadillac.feetEnd ?? cadillac.x1, CADILLAC.top + CADILLAC.hook];

/** The roll-down bar: between the hands. */
export const rollDownBar = (body: Body): Point => lerpPoint(body.arms.left.hand, body.arms.right.hand, 0.5);

/** A side view only; soles off the poles; springs slack or past their reach (the first frame of each). */
export function cadillacProblems(motion: Motion): string[] {
  const cadillac = motion.fixed.find((prop) => prop.kind === 'cadillac');
  if (cadillac === undefined) return [];
  if (motion.view !== 'side') return ['a Cadillac is drawn from the side only'];
  const pole = cadillac.feetEnd ?? cadillac.x1;
  return firstFrameProblem(motion, (body) => {
    const sole = body.legs.left;
    const off = Math.max(Math.abs(sole.heel[0] - pole), Math.abs(sole.toe[0] - pole));
    if (off > AGAINST) return `the left sole is ${(off * 100).toFixed(0)} cm off the Cadillac's poles; the feet stand flat against them`;
    const spring = distance(springHook(cadillac), rollDownBar(body));
    if (spring < CADILLAC.rest || spring > CADILLAC.reach)
      return `the roll-down bar's springs are ${(spring * 100).toFixed(0)} cm long; they stretch from ${CADILLAC.rest * 100} to ${CADILLAC.reach * 100} cm`;
    return undefined;
  });
}
