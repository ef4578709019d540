/**
 * A power rack's safety pins (a half rack's spotter arms): where the upright stands so it never crosses
 * the figure, how far the pins run, and the check that a barbell rests on them at its lowest and never
 * passes through them (nor through the upper pins an isometric press or squat drives it into).
 */
import type { FixedProp, Motion } from './motion.ts';
import type { Point } from './skeleton.ts';
import { bodyAt, FRAMES_PER_SECOND, frameCount, heldAt } from './timeline.ts';

/** How far the drawn bar's sleeve reaches below its centre (render-svg.ts draws it 3.5 cm across the radius). */
export const BAR_RADIUS = 0.035;
/** A bar within this of the pins rests on them; this far into them it passes through (metres). */
const TOUCH = 0.02;
/** The upright stands this far clear of the nearest part of the figure, and at least this far from the bar. */
const CLEAR = 0.15;
const NEAREST_UPRIGHT = 0.45;
/** The pins run on past the bar, away from the upright, so they show on both sides of the plate. */
const PAST_BAR = 0.4;

/**
 * The rack for a bar resting on its pins at x, their top at `pins` (and the upper pins' top): its upright
 * on the side of the bar nearer the figure's edge (the keys' extent), clear of it, so from the side the
 * upright never crosses the body and the pins run behind it, as a half rack's spotter arms do.
 */
export function rackOf([x, pins, upper]: readonly [number, number, number?], extent: { x0: number; x1: number }): FixedProp {
  const isAhead = extent.x1 - x <= x - extent.x0;
  const upright = isAhead ? Math.max(extent.x1 + CLEAR, x + NEAREST_UPRIGHT) : Math.min(extent.x0 - CLEAR, x - NEAREST_UPRIGHT);
  return { kind: 'rack', x0: x, x1: upright, y: pins, ...(upper === undefined ? {} : { upper }) };
}

/** The pins' span along the floor: from the upright to past the bar. */
export function pinSpan(rack: FixedProp): { from: number; to: number } {
  const end = rack.x0 + Math.sign(rack.x0 - rack.x1) * PAST_BAR;
  return { from: Math.min(rack.x1, end), to: Math.max(rack.x1, end) };
}

const cm = (metres: number): string => (metres * 100).toFixed(0);

/** What is wrong with a rack in this motion: the bar not on the pins at its lowest, or through them. */
export function rackProblems(motion: Motion): string[] {
  const rack = motion.fixed.find((prop) => prop.kind === 'rack');
  if (rack === undefined) return [];
  if (motion.view !== 'side') return ['a rack is drawn from the side only'];
  const bar = motion.held.find((prop) => prop.kind === 'barbell');
  if (bar === undefined) return ["a rack's pins hold a barbell, and the description holds none (props)"];
  const span = pinSpan(rack);
  const isOver = (x: number) => x >= span.from && x <= span.to;
  const rest = rack.y + BAR_RADIUS;
  const problems: string[] = [];
  let lowest: { at: Point; seconds: number } = { at: [0, Number.POSITIVE_INFINITY], seconds: 0 };
  let highest: { at: Point; seconds: number } = { at: [0, Number.NEGATIVE_INFINITY], seconds: 0 };
  for (let frame = 0; frame < frameCount(motion); frame += 1) {
    const seconds = frame / FRAMES_PER_SECOND;
    const at = heldAt(bodyAt(motion, seconds), bar);
    if (at[1] < lowest.at[1]) lowest = { at, seconds };
    if (at[1] > highest.at[1]) highest = { at, seconds };
  }
  const when = (seconds: number) => `at ${seconds.toFixed(2)} s`;
  if (!isOver(lowest.at[0]))
    problems.push(
      `${when(lowest.seconds)} the bar, at its lowest, is not over the pins (they run from x ${span.from.toFixed(2)} to ${span.to.toFixed(2)})`,
    );
  else if (lowest.at[1] > rest + TOUCH)
    problems.push(
      `${when(lowest.seconds)} the bar, at its lowest, is ${cm(lowest.at[1] - rest)} cm above the pins: it never rests on them`,
    );
  else if (lowest.at[1] < rest - TOUCH)
    problems.push(`${when(lowest.seconds)} the bar is ${cm(rest - lowest.at[1])} cm into the pins: it passes through them`);
  if (rack.upper !== undefined) {
    const stop = rack.upper - BAR_RADIUS;
    if (highest.at[1] < stop - TOUCH)
      problems.push(
        `${when(highest.seconds)} the bar, at its highest, is ${cm(stop - highest.at[1])} cm below the upper pins: it is never driven into them`,
      );
    else if (highest.at[1] > stop + TOUCH && isOver(highest.at[0]))
      problems.push(`${when(highest.seconds)} the bar is ${cm(highest.at[1] - stop)} cm into the upper pins: it passes through them`);
  }
  return problems;
}
