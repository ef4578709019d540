/**
 * A load lying on the floor with the feet hooked under it (floor-load.ts), seen from the side end on: the far
 * dumbbell head or plate behind the figure, paler as the far limbs are; the near one over the legs, see-through
 * so the feet between the two show through it, with a solid rim; and the handle or bar between them, over the
 * insteps, drawn over everything (it crosses in front of the near foot's ankle, where the near plate is beside it).
 */
import { floorLoadIn, handleOf, LOAD_SIZE } from './floor-load.ts';
import type { Motion } from './motion.ts';
import type { FloorLoad } from './prop-kinds.ts';
import { type Camera, circle, COLOURS } from './svg-kit.ts';

/** Iron dumbbell heads, grey plates on a bar; the far one paler; the near one this opaque over the feet. */
const FILL: Record<FloorLoad, { near: string; far: string; edge: string; farEdge: string }> = {
  dumbbell: { near: COLOURS.iron, far: '#8c8c93', edge: COLOURS.ironEdge, farEdge: '#a9a9b0' },
  barbell: { near: COLOURS.plate, far: '#c9cacf', edge: COLOURS.plateEdge, farEdge: '#b0b2b8' },
};
const NEAR_OPACITY = 0.45;
/** The hub at a head's or plate's middle, where the handle or bar's sleeve meets it (metres). */
const HUB = 0.035;

/** The floor load's part in a layer: `behind` the far head or plate, `over` the near one and the handle ('' with none). */
export function floorLoadSvg(camera: Camera, motion: Motion, layer: 'behind' | 'over'): string {
  const prop = floorLoadIn(motion);
  if (prop === undefined) return '';
  const { radius, handle } = LOAD_SIZE[prop.load];
  const centre = handleOf(prop);
  const fill = FILL[prop.load];
  if (layer === 'behind') return circle(camera, centre, radius, fill.far, fill.farEdge, 0.01) + circle(camera, centre, HUB, fill.farEdge);
  const near = circle(camera, centre, radius, fill.near, fill.edge, 0.012);
  return (
    `<g opacity="${NEAR_OPACITY}">${near}</g>` +
    circle(camera, centre, radius, 'none', fill.edge, 0.012) +
    circle(camera, centre, handle, COLOURS.steel, COLOURS.iron, 0.006)
  );
}
