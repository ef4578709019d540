/**
 * Boards on the chest (`boards`: how many, prop `boards`): a board press's stack of 2x6 boards lying on the
 * lower chest under the bar, held there by a partner or strapped on, so the bar stops on them, short of the
 * chest. They lie on the trunk and move with it in every frame. Seen from the side only (a lifter lying on a
 * bench is drawn from the side). What `check` refuses: boards without a count, seen from the front, a bar that
 * never comes down to touch them, one that comes down beside them, and one that passes into them.
 */
import * as v from 'valibot';
import type { FixedProp, Motion } from './motion.ts';
import type { Body, Point } from './skeleton.ts';
import { type Camera, polygon } from './svg-kit.ts';
import { bodyAt, FRAMES_PER_SECOND, frameCount, heldAt } from './timeline.ts';

/**
 * A board: a 2x6 (3.8 cm thick, 14 cm wide) seen end on from the side; the chest's front is half the drawn
 * lower chest's 23 cm out from the trunk's line (render-svg.ts); the boards are centred 4 cm below the
 * chest point (two thirds up from the waist), where the bar touches in a bench press (metres).
 */
export const BOARD = { thick: 0.038, wide: 0.14, chestFront: 0.115, below: 0.04 } as const;
/** The sleeve the side view draws at the hands (render-svg.ts): the bar's edge that touches the boards (metres). */
const BAR_RADIUS = 0.035;
/** How far above the boards the bar may stop and still touch them, and into them before it passes through (metres). */
const TOUCH_WITHIN = 0.02;
const INTO = 0.01;

export const BOARDS_ENTRIES = {
  /** Boards lying on the chest under the bar (prop `boards`; chest-boards.ts): how many, 1 to 5, each 3.8 cm thick. */
  boards: v.optional(
    v.pipe(v.number(), v.integer('boards is a whole number of boards'), v.minValue(1), v.maxValue(5, 'a board press stacks 1 to 5 boards')),
  ),
};

/** The boards of a description: `boards` of them, or the prop alone, which check then refuses. */
export function boardsOf(count: number | undefined, props: readonly string[]): FixedProp[] {
  if (count === undefined && !props.includes('boards')) return [];
  // They lie on the chest, inside the figure's extent: the point widens nothing.
  return [{ kind: 'boards', x0: 0, x1: 0, y: 0.5, ...(count === undefined ? {} : { size: count }) }];
}

/** The stack in a frame: its centre on the chest, the trunk's direction toward the head, the chest's front, and its height. */
export function boardsAt(body: Body, count: number): { base: Point; along: Point; out: Point; height: number } {
  const [dx, dy] = [body.neckBase[0] - body.waist[0], body.neckBase[1] - body.waist[1]];
  const length = Math.hypot(dx, dy) || 1;
  const along: Point = [dx / length, dy / length];
  // The chest faces the way the figure does: forward (+x in the scene, drawn facing left) standing, up lying on the back.
  const out: Point = [along[1], -along[0]];
  const chest: Point = [body.waist[0] + (dx * 2) / 3, body.waist[1] + (dy * 2) / 3];
  const base: Point = [
    chest[0] - along[0] * BOARD.below + out[0] * BOARD.chestFront,
    chest[1] - along[1] * BOARD.below + out[1] * BOARD.chestFront,
  ];
  return { base, along, out, height: count * BOARD.thick };
}

/** The boards' SVG over the trunk, each board its own slab with a dark edge between them. */
export function boardsSvg(camera: Camera, motion: Motion, body: Body): string {
  const prop = motion.fixed.find((p) => p.kind === 'boards');
  if (prop?.size === undefined || motion.view !== 'side') return '';
  const { base, along, out } = boardsAt(body, prop.size);
  const at = (a: number, o: number): Point => [base[0] + along[0] * a + out[0] * o, base[1] + along[1] * a + out[1] * o];
  const half = BOARD.wide / 2;
  const slabs: string[] = [];
  for (let i = 0; i < prop.size; i += 1) {
    const [lo, hi] = [i * BOARD.thick, (i + 1) * BOARD.thick];
    slabs.push(polygon(camera, [at(-half, lo), at(half, lo), at(half, hi), at(-half, hi)], '#7d5530'));
    slabs.push(
      polygon(
        camera,
        [at(-half + 0.004, lo + 0.004), at(half - 0.004, lo + 0.004), at(half - 0.004, hi - 0.004), at(-half + 0.004, hi - 0.004)],
        '#c49565',
      ),
    );
  }
  return slabs.join('');
}

const cm = (metres: number): string => (metres * 100).toFixed(0);

/** The first problem of the boards through the loop, if any, as a message for motion-check.ts. */
export function boardsProblems(motion: Motion): string[] {
  const prop = motion.fixed.find((p) => p.kind === 'boards');
  if (prop === undefined) return [];
  if (prop.size === undefined) return ['boards: boards on the chest need their number: boards 1 to 5'];
  if (motion.view !== 'side') return ['boards: boards on the chest are drawn from the side: view side'];
  const bar = motion.held.find((p) => p.kind === 'barbell');
  if (bar === undefined) return ['boards: the boards are pressed against by a barbell: add the barbell to props'];
  let lowest = { gap: Number.POSITIVE_INFINITY, seconds: 0, across: 0 };
  for (let frame = 0; frame < frameCount(motion); frame += 1) {
    const seconds = frame / FRAMES_PER_SECOND;
    const body = bodyAt(motion, seconds);
    const { base, along, out, height } = boardsAt(body, prop.size);
    const rel: Point = [heldAt(body, bar)[0] - base[0], heldAt(body, bar)[1] - base[1]];
    const gap = rel[0] * out[0] + rel[1] * out[1] - height - BAR_RADIUS;
    const across = Math.abs(rel[0] * along[0] + rel[1] * along[1]);
    if (gap < lowest.gap) lowest = { gap, seconds, across };
    if (gap < -INTO && across < BOARD.wide / 2 + BAR_RADIUS)
      return [`boards: at ${seconds.toFixed(2)} s the bar is ${cm(-gap)} cm into the boards: lower it until it touches them, no further`];
  }
  if (lowest.gap > TOUCH_WITHIN)
    return [
      `boards: the bar comes down to ${cm(lowest.gap)} cm above the boards at its lowest (${lowest.seconds.toFixed(2)} s): lower it until it touches them`,
    ];
  if (lowest.across > BOARD.wide / 2)
    return [
      `boards: at its lowest (${lowest.seconds.toFixed(2)} s) the bar is ${cm(lowest.across - BOARD.wide / 2)} cm beside the boards: bring it down onto them`,
    ];
  return [];
}
