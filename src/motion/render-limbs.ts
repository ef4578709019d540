/**
 * A limb of the figure as SVG: segments that taper from the body outwards (thigh wider than shank, upper
 * arm than forearm), with round joints, a small round hand and a flat foot, a clean figure that reads at
 * thumbnail size; and, in a description that turns a wrist (wrist.ts), a palm from the wrist to the
 * knuckles on each hand, so that the turn shows. Apart from render-svg.ts, which puts them in order.
 */
import type { Body, Point, Side } from './skeleton.ts';
import { LEG_HALF_WIDTH } from './skeleton.ts';
import { type Camera, circle, polyline } from './svg-kit.ts';

/** The knuckles: as far past the grip (the middle of the hand) as the wrist is behind it. */
export const knucklesOf = (arm: Body['arms'][Side]): Point => [2 * arm.hand[0] - arm.end[0], 2 * arm.hand[1] - arm.end[1]];

/** One side's leg and arm, each as SVG in `colour`; `palms`: draw a palm on the hand. */
export function limbsSvg(camera: Camera, body: Body, side: Side, colour: string, palms: boolean): { leg: string; arm: string } {
  const l = body.legs[side];
  const a = body.arms[side];
  const knuckles = knucklesOf(a);
  return {
    leg:
      polyline(camera, [l.root, l.middle], colour, LEG_HALF_WIDTH.thigh * 2) +
      polyline(camera, [l.middle, l.end], colour, LEG_HALF_WIDTH.shank * 2) +
      polyline(camera, [l.heel, l.toe], colour, 0.055),
    arm:
      polyline(camera, [a.root, a.middle], colour, 0.085) +
      polyline(camera, [a.middle, a.end], colour, 0.065) +
      (palms ? polyline(camera, [a.end, knuckles], colour, 0.05) : '') +
      circle(camera, a.hand, 0.042, colour),
  };
}
