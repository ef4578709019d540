/**
 * A chair back or counter a hand rests on (hand-rest.ts), in the flat style. Behind the figure: a chair seen from the side
 * in profile (its back post running from the floor to the backrest's top, the seat on its front legs), a little paler as
 * it stands on the figure's far side; a chair seen from the front face on (the two back posts, the top rail the hand rests
 * on, the seat and front legs); a counter seen from the side, a cabinet on its plinth under a worktop. Over the figure: a
 * counter seen from the front, which stands between the viewer and the figure, see-through below its solid worktop edge
 * so that the legs shifting behind it still read.
 */
import { handRestIn } from './hand-rest.ts';
import type { FixedProp, Motion } from './motion.ts';
import { type Camera, COLOURS, rect } from './svg-kit.ts';

/** A worktop's colour (a laminate or stone top) and its thickness; a plinth's height and how far it is set back (metres). */
const WORKTOP = { colour: '#a9a397', thick: 0.04 } as const;
const PLINTH = { high: 0.1, back: 0.07 } as const;
/** How see-through a counter standing in front of the figure is, below its worktop edge. */
const IN_FRONT_OPACITY = 0.35;

/** A chair in profile: its back post at x0, its seat running to x1 (ahead or behind), its top at y. */
function chairInProfile(camera: Camera, { x0, x1, y }: FixedProp): string {
  const way = Math.sign(x1 - x0) || 1;
  const seat = 0.45;
  return [
    '<g opacity="0.8">',
    rect(camera, x0 - 0.018, 0, x0 + 0.018, y - 0.04, COLOURS.wood),
    rect(camera, x0 - 0.028, y - 0.06, x0 + 0.028, y, COLOURS.wood, COLOURS.woodEdge),
    rect(camera, x1 - 0.035 * way, 0, x1, seat - 0.04, COLOURS.wood),
    rect(camera, x0, 0.13, x1, 0.15, COLOURS.wood),
    rect(camera, x0 - 0.01 * way, seat - 0.045, x1 + 0.01 * way, seat, COLOURS.wood, COLOURS.woodEdge),
    '</g>',
  ].join('');
}

/** A chair face on: its two back posts up to the top rail, a lower rail, the seat on its front legs. */
function chairFaceOn(camera: Camera, { x0, x1, y }: FixedProp): string {
  const seat = 0.45;
  return [
    rect(camera, x0 + 0.01, 0, x0 + 0.045, y, COLOURS.wood),
    rect(camera, x1 - 0.045, 0, x1 - 0.01, y, COLOURS.wood),
    rect(camera, x0 + 0.045, y - 0.3, x1 - 0.045, y - 0.26, COLOURS.wood),
    rect(camera, x0, y - 0.12, x1, y, COLOURS.wood, COLOURS.woodEdge),
    rect(camera, x0 + 0.02, 0, x0 + 0.065, seat - 0.05, COLOURS.wood, COLOURS.woodEdge),
    rect(camera, x1 - 0.065, 0, x1 - 0.02, seat - 0.05, COLOURS.wood, COLOURS.woodEdge),
    rect(camera, x0 - 0.01, seat - 0.05, x1 + 0.01, seat, COLOURS.wood, COLOURS.woodEdge),
  ].join('');
}

/** A counter in the picture, its face toward the figure: the plinth set back under the face, the cabinet, the worktop. */
function counterSide(camera: Camera, prop: FixedProp): string {
  const { x0, x1, y } = prop;
  // The face is the end the hands' rail is inset from.
  const faceAtStart = prop.rest!.rail[0] > x0;
  const [plinth0, plinth1] = faceAtStart ? [x0 + PLINTH.back, x1] : [x0, x1 - PLINTH.back];
  const face = faceAtStart ? x0 : x1;
  const out = faceAtStart ? -1 : 1;
  return [
    rect(camera, plinth0, 0, plinth1, PLINTH.high, COLOURS.woodEdge),
    rect(camera, x0, PLINTH.high, x1, y - WORKTOP.thick, COLOURS.wood, COLOURS.woodEdge),
    rect(camera, face - 0.012 * out, y - 0.16, face - 0.03 * out, y - 0.11, COLOURS.woodEdge),
    rect(camera, faceAtStart ? x0 - 0.02 : x0, y - WORKTOP.thick, faceAtStart ? x1 : x1 + 0.02, y, WORKTOP.colour),
  ].join('');
}

/** The chair or counter drawn once behind the figure; nothing for a counter in front of it (handRestOverSvg). */
export function handRestSvg(camera: Camera, prop: FixedProp): string {
  const stands = prop.rest?.stands;
  if (stands === undefined || stands === 'in-front') return '';
  if (prop.kind === 'counter') return counterSide(camera, prop);
  return stands === 'beside' ? chairInProfile(camera, prop) : chairFaceOn(camera, prop);
}

/** A counter standing between the viewer and the figure, drawn over it: see-through doors and plinth, a solid worktop edge. */
export function handRestOverSvg(camera: Camera, motion: Motion): string {
  const prop = handRestIn(motion);
  if (prop?.rest?.stands !== 'in-front') return '';
  const { x0, x1, y } = prop;
  const middle = (x0 + x1) / 2;
  return [
    `<g opacity="${IN_FRONT_OPACITY}">`,
    rect(camera, x0, 0, x1, PLINTH.high, COLOURS.woodEdge),
    rect(camera, x0, PLINTH.high, x1, y - WORKTOP.thick, COLOURS.wood, COLOURS.woodEdge),
    rect(camera, middle - 0.004, PLINTH.high, middle + 0.004, y - WORKTOP.thick, COLOURS.woodEdge),
    '</g>',
    rect(camera, x0 - 0.02, y - WORKTOP.thick, x1 + 0.02, y, WORKTOP.colour),
  ].join('');
}
