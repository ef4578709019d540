/**
 * Towels hung over the bar (hung-towel.ts) drawn each frame: a folded strip from over the bar, wrapping it, down
 * to the fist that holds both its ends, and the ends hanging below the fist. Seen from the side the far hand's
 * towel is behind the figure and paler, as the far limbs are; the near hand's between the trunk and the near
 * arm, so the fist is seen closed over it.
 */
import type { FixedProp, Motion } from './motion.ts';
import type { Body, Point, Side } from './skeleton.ts';
import { holdsTowel } from './hung-towel.ts';
import { type Camera, polyline } from './svg-kit.ts';

/** A cotton towel folded lengthwise: 6 cm across as it hangs; the near one a washed blue, the far one paler. */
const WIDTH = 0.06;
const NEAR = { fill: '#4f86b0', edge: '#2f5f86' };
const FAR = { fill: '#a9c4da', edge: '#86a6c0' };
/** Its two ends hang this far below the fist that holds them. */
const TAIL = 0.12;

function towelSvg(camera: Camera, towel: FixedProp, hand: Point, colour: { fill: string; edge: string }): string {
  // Over the bar and down to the fist (the round cap wraps the bar), then its ends below the fist.
  const strand: Point[] = [[towel.x0, towel.upper!], hand, [hand[0], hand[1] - TAIL]];
  return polyline(camera, strand, colour.edge, WIDTH + 0.01) + polyline(camera, strand, colour.fill, WIDTH);
}

/** The towels in this frame: `behind` the far hand's (before the far limbs), `between` the near hand's (before the near arm). */
export function towelsSvg(camera: Camera, motion: Motion, body: Body, layer: 'behind' | 'between'): string {
  const towel = motion.fixed.find((prop) => prop.kind === 'hung-towel');
  if (towel?.to === undefined || towel.upper === undefined || motion.view !== 'side') return '';
  const side: Side = layer === 'behind' ? 'right' : 'left';
  if (!holdsTowel(towel, side)) return '';
  return towelSvg(camera, towel, body.arms[side].hand, side === 'right' ? FAR : NEAR);
}
