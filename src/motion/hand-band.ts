/**
 * A resistance band with no anchor, held between the two hands (a pull-apart): its line runs hand to hand
 * in every frame; seen from the front it is drawn over the trunk when the hands are in front of it
 * (front-arms-depth.ts), as a band to an anchor is. Or one passed across the upper back with its ends pinned
 * under the palms on the floor (a banded push-up): from the side, the near run from the near hand up the
 * outside of the arm to the back just below the shoulder blades, drawn over the figure, lengthening as the
 * arms press the body away from the floor.
 */
import type { FixedProp, LineEnd, Motion } from './motion.ts';
import { type Body, lerpPoint, type Point, SIDES } from './skeleton.ts';
import { type Camera, COLOURS, polyline } from './svg-kit.ts';
import { firstFrameProblem, REST_HEIGHT } from './timeline.ts';

/** Where a band held without an anchor is. */
export const HAND_BANDS = ['between-hands', 'around-back'] as const;
/** What the pose pattern's `band` may be, as its schema says when refusing one. */
export const HAND_BAND_SHAPES = 'must be [x, height], between-hands or around-back';
export type HandBand = (typeof HAND_BANDS)[number];

/** The fixed prop of a band held in the hands, running to `to` as written: no anchor to draw (it sits inside the figure, so it widens nothing). */
export const handBandProp = (held: HandBand, to: LineEnd): FixedProp => ({ kind: 'band', x0: 0, x1: 0, y: 1, to, held });

/** The band across the back lies this far along the trunk from the waist toward the shoulders, just below the shoulder blades. */
const BLADES = 0.55;
/** Half the drawn chest's depth (render-svg.ts draws it 23 cm): the band lies on the back's surface. */
const BACK_DEPTH = 0.115;
/** A hand pinning the band's end this far above its resting height has let it go (metres). */
const PINNED = 0.03;

/** Where the band crosses the back, seen from the side: on the back's surface just below the shoulder blades. */
export function bandOnBack(body: Body): Point {
  const [along, [dx, dy]] = [
    lerpPoint(body.waist, body.neckBase, BLADES),
    [body.neckBase[0] - body.waist[0], body.neckBase[1] - body.waist[1]],
  ];
  const length = Math.hypot(dx, dy) || 1;
  // The back is the trunk's line turned a quarter toward the figure's rear (it faces +x).
  return [along[0] - (dy / length) * BACK_DEPTH, along[1] + (dx / length) * BACK_DEPTH];
}

/**
 * A band with no anchor runs between both hands: one written to run anywhere else (`to`) is refused. One across the
 * back is drawn from the side, its ends under the palms on the floor in every frame (naming the time).
 */
export function handBandProblems(motion: Motion): string[] {
  const messages = motion.fixed
    .filter((prop) => prop.held !== undefined && prop.to !== 'hands')
    .map((prop) => `a band held between the hands runs from one hand to the other: leave out to (it is ${prop.to})`);
  if (!motion.fixed.some((prop) => prop.held === 'around-back')) return messages;
  if (motion.view !== 'side') return [...messages, 'band: a band across the back is drawn from the side'];
  const found = firstFrameProblem(motion, (body) => {
    const lifted = SIDES.find((side) => body.arms[side].hand[1] - REST_HEIGHT.leftHand > PINNED);
    if (lifted === undefined) return undefined;
    const height = body.arms[lifted].hand[1] - REST_HEIGHT.leftHand;
    return `the ${lifted} hand is ${(height * 100).toFixed(0)} cm off the floor: the band's ends stay pinned under the palms`;
  });
  return [...messages, ...found.map((message) => `band: ${message}`)];
}

/** The band held between the hands (one across the back is drawn over the figure by backBandSvg). */
export const handBandSvg = (camera: Camera, body: Body, held: FixedProp['held']): string =>
  held === 'around-back' ? '' : polyline(camera, [body.arms.left.hand, body.arms.right.hand], COLOURS.band, 0.025);

/** The near run of a band across the back, from under the near palm to the back ('' for a description without one). */
export function backBandSvg(camera: Camera, motion: Motion, body: Body): string {
  if (!motion.fixed.some((prop) => prop.held === 'around-back') || motion.view !== 'side') return '';
  return polyline(camera, [body.arms.left.hand, bandOnBack(body)], COLOURS.band, 0.02);
}
