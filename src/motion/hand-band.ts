/**
 * A resistance band with no anchor, held between the two hands (a pull-apart): its line runs hand to hand
 * in every frame; seen from the front it is drawn over the trunk when the hands are in front of it
 * (front-arms-depth.ts), as a band to an anchor is.
 */
import type { FixedProp, LineEnd, Motion } from './motion.ts';
import type { Body } from './skeleton.ts';
import { type Camera, COLOURS, polyline } from './svg-kit.ts';

/** Where a band held without an anchor is. */
export const HAND_BANDS = ['between-hands'] as const;
export type HandBand = (typeof HAND_BANDS)[number];

/** The fixed prop of a band held in the hands, running to `to` as written: no anchor to draw (it sits inside the figure, so it widens nothing). */
export const handBandProp = (held: HandBand, to: LineEnd): FixedProp => ({ kind: 'band', x0: 0, x1: 0, y: 1, to, held });

/** A band with no anchor runs between both hands: one written to run anywhere else (`to`) is refused. */
export function handBandProblems(motion: Motion): string[] {
  return motion.fixed
    .filter((prop) => prop.held !== undefined && prop.to !== 'hands')
    .map((prop) => `a band held between the hands runs from one hand to the other: leave out to (it is ${prop.to})`);
}

/** The band held between the hands. */
export const handBandSvg = (camera: Camera, body: Body): string =>
  polyline(camera, [body.arms.left.hand, body.arms.right.hand], COLOURS.band, 0.025);
