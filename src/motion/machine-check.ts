/**
 * What `check` holds a figure on a weight machine to in every frame (motion-check.ts): each fixed pad
 * against its part of the body (a back on its backrest, a chest on its pad, thighs under theirs), and
 * the soles flat on a lever's platform, carried round with it, neither lifting off nor sliding along it.
 */
import type { Motion } from './motion.ts';
import { inArmFrame, legsOf, padGap, soleOf } from './machine.ts';
import { handlesProblem } from './machine-handles.ts';
import { type Body, distance, type Point } from './skeleton.ts';
import { lineEnd } from './timeline.ts';

/** How far a part may be off its pad, or pressed into it, and a sole off its place on the platform (metres). */
export const PAD_TOLERANCE = 0.03;
export const PLATFORM_TOLERANCE = 0.04;
const PAD_NAMES = { back: 'the back is', chest: 'the chest is', thighs: 'the thighs are' } as const;
const PAD_OF = { back: 'backrest', chest: 'chest pad', thighs: 'thigh pad' } as const;

/** How far a lever's pivot beside the body must stay from the trunk's line and the head's centre (metres). */
export const PIVOT_CLEARANCE = { trunk: 0.15, head: 0.15 } as const;

/** How far `point` is from the segment `from`-`to`. */
function fromSegment(point: Point, from: Point, to: Point): number {
  const along: Point = [to[0] - from[0], to[1] - from[1]];
  const lengthSquared = along[0] ** 2 + along[1] ** 2 || 1;
  const t = Math.max(0, Math.min(1, ((point[0] - from[0]) * along[0] + (point[1] - from[1]) * along[1]) / lengthSquared));
  return distance(point, [from[0] + along[0] * t, from[1] + along[1] * t]);
}

/** The first thing wrong with the figure on its machine in this frame, if anything. */
export function onMachineProblem(motion: Motion, body: Body): string | undefined {
  for (const prop of motion.fixed) {
    // An arm beside the body turns about a pivot on the machine, never inside the trunk or the head.
    if (prop.kind === 'lever' && prop.beside === true) {
      const pivot: Point = [prop.x0, prop.y];
      const fromTrunk = fromSegment(pivot, body.pelvis, body.neckBase);
      if (fromTrunk < PIVOT_CLEARANCE.trunk)
        return `the lever's pivot is ${(fromTrunk * 100).toFixed(0)} cm from the trunk's line: an arm beside the body turns about a pivot clear of it`;
      const fromHead = distance(pivot, body.head);
      if (fromHead < PIVOT_CLEARANCE.head)
        return `the lever's pivot is ${(fromHead * 100).toFixed(0)} cm from the head's centre: an arm beside the body turns about a pivot clear of it`;
    }
    if (prop.kind === 'pad' && prop.part !== undefined && prop.face !== undefined) {
      const gap = padGap(body, prop.part, prop.face);
      const what = `${PAD_NAMES[prop.part]} ${(Math.abs(gap) * 100).toFixed(0)} cm`;
      if (gap === Number.POSITIVE_INFINITY) return `${PAD_NAMES[prop.part]} no longer along its ${PAD_OF[prop.part]}`;
      if (gap > PAD_TOLERANCE) return `${what} off its ${PAD_OF[prop.part]}`;
      if (gap < -PAD_TOLERANCE) return `${what} into its ${PAD_OF[prop.part]}`;
    }
    if (prop.kind === 'lever' && prop.platform !== undefined) {
      const pivot = [prop.x0, prop.y] as const;
      const armEnd = lineEnd(body, prop.to ?? 'feet');
      for (const side of legsOf(prop)) {
        const sole = soleOf(body, side);
        const off = Math.max(...sole.map((point, i) => distance(inArmFrame(pivot, armEnd, point), prop.platform![i]!)));
        if (off > PLATFORM_TOLERANCE) return `the ${side} sole is ${(off * 100).toFixed(0)} cm off its place on the lever's platform`;
      }
    }
  }
  return handlesProblem(motion, body);
}
