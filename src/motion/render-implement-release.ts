/**
 * Draws what implement-release.ts adds to a frame, in the flat style of the other props: the toss bar (seen
 * from the side both uprights stand at the bar's x, one behind the other, each on its foot, the crossbar end
 * on at their top) and a throwing weight (an iron block on a short link from its ring, held in the hand and
 * swung out along the arm's line; let go, it flies as it left the hand and lands upright).
 */
import { TOSS_BAR_RADIUS } from './implement-release-check.ts';
import { armLine, IMPLEMENT_HALF, type ImplementPlace, implementCentre, releasedImplement, WEIGHT_REACH } from './implement-release.ts';
import type { Motion } from './motion.ts';
import { add, type Body, type Point } from './skeleton.ts';
import { type Camera, circle, COLOURS, polygon, polyline, rect } from './svg-kit.ts';
import { loopKeyBody } from './timeline.ts';

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

/** A throwing weight centred at `centre`, its ring `WEIGHT_REACH` back along `out` (the way from the ring to the block). */
function weight(camera: Camera, centre: Point, out: Point): string {
  const [halfWidth, halfHeight] = IMPLEMENT_HALF['throwing-weight'];
  const across: Point = [-out[1], out[0]];
  const corner = (along: number, side: number): Point => add(add(centre, out, along * halfHeight), across, side * halfWidth);
  const ring = add(centre, out, -WEIGHT_REACH);
  return [
    polyline(camera, [ring, add(centre, out, -halfHeight)], COLOURS.iron, 0.02),
    circle(camera, ring, 0.04, 'none', COLOURS.iron, 0.014),
    polygon(camera, [corner(-1, -1), corner(-1, 1), corner(1, 1), corner(1, -1)], COLOURS.iron),
  ].join('');
}

/** The throwing weights of the frame, over the arm that swings them: in the hand, or where a throw has carried one. */
export function throwingWeightSvg(camera: Camera, motion: Motion, body: Body, place: ImplementPlace): string {
  const parts: string[] = [];
  const released = releasedImplement(motion);
  for (const prop of motion.held) {
    if (prop.kind !== 'throwing-weight') continue;
    if (prop !== released || place === 'held') {
      parts.push(weight(camera, implementCentre(body, prop), armLine(body, prop)));
      continue;
    }
    // In flight it keeps the line it left the hand on; down on the floor it stands upright, its ring on top.
    const isDown = place[1] <= IMPLEMENT_HALF['throwing-weight'][1] + 1e-9;
    parts.push(weight(camera, place, isDown ? [0, -1] : armLine(loopKeyBody(motion, motion.implementRelease!.key).body, prop)));
  }
  return parts.join('');
}
