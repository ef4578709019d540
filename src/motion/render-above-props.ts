/**
 * What a figure seen from above lies on and holds (render-above.ts): a foam roller along its spine or a flat bench
 * under it, drawn before it; a yoga strap from a hand to a foot and dumbbells across the palms, drawn over it.
 */
import type { Motion } from './motion.ts';
import type { Body, Point } from './skeleton.ts';
import { SEGMENT, SIDES } from './skeleton.ts';
import { type Camera, COLOURS, polyline } from './svg-kit.ts';

/** A foam roller along the spine: 15 cm across, 90 cm long, from under the tailbone to just past the crown. */
const ROLLER = { halfWidth: 0.075, belowPelvis: 0.16, pastNeck: 0.25 };
/** A flat bench's pad: 30 cm wide, from past the crown to under the top of the thighs (1.2 m). */
const BENCH = { halfWidth: 0.15, belowPelvis: 0.3, pastCrown: 0.05 };
/** A dumbbell seen from above across the palm: its handle, and a head at each end. */
const DUMBBELL = { halfHandle: 0.075, head: 0.055, headWidth: 0.1 };

/** The figure's shadow: which way a part's height offsets it in the picture (per metre up), a lying part's thickness, its tone. */
export const SHADOW = { along: [0.3, -0.35] as Point, thickness: 0.03, colour: '#000', opacity: 0.14 };

/** The direction from the shoulders down the body toward the feet, in the picture (a unit vector). */
export function downBody(body: Body): Point {
  const [dx, dy] = [body.pelvis[0] - body.neckBase[0], body.pelvis[1] - body.neckBase[1]];
  const length = Math.hypot(dx, dy) || 1;
  return [dx / length, dy / length];
}

export const along = (p: Point, d: Point, metres: number): Point => [p[0] + d[0] * metres, p[1] + d[1] * metres];

/** A roller along the spine or a bench under the trunk, drawn under the figure and its shadow. */
export function underFigure(camera: Camera, motion: Motion, body: Body): string {
  const down = downBody(body);
  const kind = motion.fixed.find((prop) => prop.kind === 'roller' || prop.kind === 'bench')?.kind;
  if (kind === 'roller') {
    const ends = [along(body.neckBase, down, -ROLLER.pastNeck), along(body.pelvis, down, ROLLER.belowPelvis)];
    return (
      polyline(camera, ends, COLOURS.rollerEdge, ROLLER.halfWidth * 2 + 0.01) +
      polyline(camera, ends, COLOURS.roller, ROLLER.halfWidth * 2 - 0.01)
    );
  }
  if (kind === 'bench') {
    // The pad, square-ended, over its own shadow on the floor 43 cm below (offset as the figure's is: render-above.ts).
    const crown = SEGMENT.neck + SEGMENT.headRadius * 2 + BENCH.pastCrown;
    const ends = [along(body.neckBase, down, -crown), along(body.pelvis, down, BENCH.belowPelvis)];
    const floor = motion.fixed.find((prop) => prop.kind === 'bench')!.y;
    const shadow = ends.map((p): Point => [p[0] + SHADOW.along[0] * floor, p[1] + SHADOW.along[1] * floor]);
    return (
      `<g opacity="${SHADOW.opacity}">${pad(camera, shadow, SHADOW.colour)}</g>` +
      pad(camera, ends, COLOURS.woodEdge, 0.012) +
      pad(camera, ends, COLOURS.pad)
    );
  }
  return '';
}

/** A straight pad between two points, 30 cm wide, square-ended (an edge colour draws it 1.2 cm wider). */
function pad(camera: Camera, [a, b]: Point[], colour: string, edge = 0): string {
  return polyline(camera, [a!, b!], colour, BENCH.halfWidth * 2 + edge).replace('stroke-linecap="round"', 'stroke-linecap="butt"');
}

/** A yoga strap from the hand on the foot's side to the ball of the foot; dumbbells across the palms. */
export function overFigure(camera: Camera, motion: Motion, body: Body): string {
  const parts: string[] = [];
  const strap = motion.fixed.find((prop) => prop.kind === 'yoga-strap');
  if (strap !== undefined) {
    // The hand on the foot's side holds both its ends; the strap runs taut to the ball of the foot.
    const side = strap.to === 'right-foot' ? 'right' : 'left';
    const leg = body.legs[side];
    const ball: Point = [leg.heel[0] * 0.3 + leg.toe[0] * 0.7, leg.heel[1] * 0.3 + leg.toe[1] * 0.7];
    parts.push(polyline(camera, [body.arms[side].hand, ball], COLOURS.yogaStrap, 0.022));
  }
  if (motion.held.some((prop) => prop.kind === 'dumbbells'))
    for (const side of SIDES) {
      // Palms up, the handle lies across the palm, square to the forearm.
      const arm = body.arms[side];
      const [dx, dy] = [arm.hand[0] - arm.end[0], arm.hand[1] - arm.end[1]];
      const length = Math.hypot(dx, dy) || 1;
      const across: Point = [-dy / length, dx / length];
      const ends = [along(arm.hand, across, -DUMBBELL.halfHandle), along(arm.hand, across, DUMBBELL.halfHandle)];
      const head = (end: Point, out: number) => [end, along(end, across, out * DUMBBELL.head)];
      parts.push(
        polyline(camera, ends, COLOURS.iron, 0.028),
        polyline(camera, head(ends[0]!, -1), COLOURS.iron, DUMBBELL.headWidth),
        polyline(camera, head(ends[1]!, 1), COLOURS.iron, DUMBBELL.headWidth),
      );
    }
  return parts.join('');
}
