/**
 * What `check` holds a figure on a weight machine to in every frame (motion-check.ts): each fixed pad
 * against its part of the body (a back on its backrest, a chest on its pad, thighs under theirs), and
 * the soles flat on a lever's platform, carried round with it, neither lifting off nor sliding along it.
 */
import type { Motion } from './motion.ts';
import { inArmFrame, legsOf, padGap, soleOf } from './machine.ts';
import { handlesProblem } from './machine-handles.ts';
import { type Body, distance } from './skeleton.ts';
import { lineEnd } from './timeline.ts';

/** How far a part may be off its pad, or pressed into it, and a sole off its place on the platform (metres). */
export const PAD_TOLERANCE = 0.03;
export const PLATFORM_TOLERANCE = 0.04;
const PAD_NAMES = { back: 'the back is', chest: 'the chest is', thighs: 'the thighs are' } as const;
const PAD_OF = { back: 'backrest', chest: 'chest pad', thighs: 'thigh pad' } as const;

/** The first thing wrong with the figure on its machine in this frame, if anything. */
export function onMachineProblem(motion: Motion, body: Body): string | undefined {
  for (const prop of motion.fixed) {
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
