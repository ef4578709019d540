/**
 * Lifting blocks (`blocks: [x, top]`, prop `blocks`): stacks the barbell's plates rest on, from knee height (a
 * snatch or a pull from blocks) to just below the shoulders (jerk blocks). Unlike a `box` they are no support for
 * the figure: they stand beside it, under the plates, so the feet stay on the floor between or beside them. Seen
 * from the side one stack stands under the far plate, drawn behind the figure as that plate is; from the front a
 * stack stands under each plate. What `check` refuses: a bar that does not start resting on them, a plate that
 * passes into them, and, from the front, a foot or knee inside a stack.
 */
import * as v from 'valibot';
import type { FixedProp, Motion } from './motion.ts';
import type { Point } from './skeleton.ts';
import { bodyAt, firstFrameProblem, heldAt } from './timeline.ts';

/** A stack's width across the picture: a 40 cm block from the side, a 30 cm one seen end on under a plate from the front (metres). */
export const BLOCK_WIDTH = { side: 0.4, front: 0.3 } as const;
/** Where each plate sits from the bar's middle seen from the front (render-props.ts draws them 0.9 to 1.0 m out). */
const PLATE_OUT = 0.95;
/** A plate's radius from the side and its half height from the front, as render-props.ts draws them. */
const PLATE_RADIUS = { side: 0.225, front: 0.22 } as const;
/** How far the plates may be read off the top and still rest on it, and into a stack before they pass into it (metres). */
const RESTING_WITHIN = 0.02;
const INTO = 0.01;

export const BLOCKS_ENTRIES = {
  /**
   * Lifting blocks under the barbell's plates (prop `blocks`; lifting-blocks.ts): `[x, top]`, the x of the bar over
   * them and the height of their top, where the plates' bottom rests at the first key.
   */
  blocks: v.optional(
    v.tuple(
      [
        v.pipe(v.number(), v.minValue(-2), v.maxValue(2)),
        v.pipe(
          v.number(),
          v.minValue(0.1, 'lifting blocks stand at least 10 cm high'),
          v.maxValue(1.4, 'jerk blocks stand at most 1.4 m high'),
        ),
      ],
      'blocks is [x, top]: the x of the bar over them and the height of their top (metres)',
    ),
  ),
};

/** The stacks of a description: one seen from the side, one under each plate from the front; the prop alone, without a place, is checked. */
export function blocksOf(blocks: readonly [number, number] | undefined, props: readonly string[], view: Motion['view']): FixedProp[] {
  if (blocks === undefined) return props.includes('blocks') ? [{ kind: 'blocks', x0: 0, x1: 0, y: 0 }] : [];
  const [x, top] = blocks;
  if (view === 'side') return [{ kind: 'blocks', x0: x - BLOCK_WIDTH.side / 2, x1: x + BLOCK_WIDTH.side / 2, y: top }];
  return [-PLATE_OUT, PLATE_OUT].map((out) => ({
    kind: 'blocks',
    x0: x + out - BLOCK_WIDTH.front / 2,
    x1: x + out + BLOCK_WIDTH.front / 2,
    y: top,
  }));
}

/** Where each plate of the bar is in a frame: its centre (the hands' bar seen end on from the side, both ends from the front). */
function platesAt(motion: Motion, bar: Point): Point[] {
  return motion.view === 'side' ? [bar] : [-PLATE_OUT, PLATE_OUT].map((out) => [bar[0] + out, bar[1]] as Point);
}

/** How far a plate reaches into a stack (metres; 0 or less when clear): a disc from the side, a rectangle from the front. */
function plateInto(motion: Motion, plate: Point, stack: FixedProp): number {
  if (motion.view === 'front') {
    const across = Math.min(plate[0] + 0.05 - stack.x0, stack.x1 - (plate[0] - 0.05));
    return Math.min(across, stack.y - (plate[1] - PLATE_RADIUS.front));
  }
  const nearest: Point = [Math.min(Math.max(plate[0], stack.x0), stack.x1), Math.min(plate[1], stack.y)];
  const inside = plate[0] > stack.x0 && plate[0] < stack.x1 && plate[1] < stack.y;
  const apart = Math.hypot(plate[0] - nearest[0], plate[1] - nearest[1]);
  return inside ? PLATE_RADIUS.side + stack.y - plate[1] : PLATE_RADIUS.side - apart;
}

const cm = (metres: number): string => (metres * 100).toFixed(0);

/** The first problem of the lifting blocks through the loop, if any, as a message for motion-check.ts. */
export function blocksProblems(motion: Motion): string[] {
  const stacks = motion.fixed.filter((prop) => prop.kind === 'blocks');
  if (stacks.length === 0) return [];
  if (stacks[0]!.y === 0) return ['blocks: lifting blocks need their place: blocks [x, top], the x of the bar over them and their height'];
  const bar = motion.held.find((prop) => prop.kind === 'barbell');
  if (bar === undefined) return ["blocks: lifting blocks hold a barbell's plates: add the barbell to props"];
  const radius = PLATE_RADIUS[motion.view === 'front' ? 'front' : 'side'];
  const start = heldAt(bodyAt(motion, 0), bar);
  const top = stacks[0]!.y;
  const off = start[1] - radius - top;
  const centre = (stacks[0]!.x0 + stacks[stacks.length - 1]!.x1) / 2;
  if (Math.abs(start[0] - centre) > BLOCK_WIDTH.front / 2 || off > RESTING_WITHIN || off < -INTO)
    return [
      `blocks: at the start (key 0 "${motion.keys[0]!.name}") the bar's plates are ${off > 0 ? `${cm(off)} cm above` : `${cm(-off)} cm into`} the blocks' top (${top.toFixed(2)} m) and the bar ${cm(Math.abs(start[0] - centre))} cm from over their middle: start with the plates resting on them`,
    ];
  const found = firstFrameProblem(motion, (body) => {
    const into = Math.max(...platesAt(motion, heldAt(body, bar)).flatMap((plate) => stacks.map((s) => plateInto(motion, plate, s))));
    if (into > INTO) return `a plate is ${cm(into)} cm into the blocks: the bar comes down onto their top, never through them`;
    if (motion.view !== 'front') return undefined;
    for (const side of ['left', 'right'] as const)
      for (const [part, point] of [
        ['foot', body.legs[side].toe],
        ['foot', body.legs[side].heel],
        ['knee', body.legs[side].middle],
      ] as const)
        if (stacks.some((s) => point[0] > s.x0 && point[0] < s.x1 && point[1] < s.y))
          return `the ${side} ${part} is inside the blocks: the feet stand between the stacks`;
    return undefined;
  });
  return found.map((message) => `blocks: ${message}`);
}
