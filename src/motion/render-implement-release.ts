/**
 * Draws the toss bar a released implement is thrown over (implement-release.ts), in the flat style of the
 * other fixed props: seen from the side both uprights stand at the bar's x, one behind the other, each on
 * its foot, the crossbar end on at their top.
 */
import { TOSS_BAR_RADIUS } from './implement-release-check.ts';
import type { Motion } from './motion.ts';
import { type Camera, circle, COLOURS, rect } from './svg-kit.ts';

/** The toss bar, behind the figure; nothing when the motion tosses over none. */
export function tossBarSvg(camera: Camera, motion: Motion): string {
  const bar = motion.implementRelease?.bar;
  if (bar === undefined) return '';
  return [
    rect(camera, bar.x - 0.3, 0, bar.x + 0.3, 0.04, COLOURS.steel),
    rect(camera, bar.x - 0.03, 0, bar.x + 0.03, bar.height + 0.12, COLOURS.steel, COLOURS.ironEdge),
    circle(camera, [bar.x, bar.height], TOSS_BAR_RADIUS, COLOURS.iron),
  ].join('');
}
