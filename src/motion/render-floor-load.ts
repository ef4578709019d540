/**
 * A rolled towel on the floor (floor-tops.ts), seen end on from the side: a cotton roll with its spiral, the heel
 * propped on its top drawn over it. A load lying on the floor with the feet hooked under it (floor-load.ts), seen
 * from the side end on: the far
 * dumbbell head or plate behind the figure, paler as the far limbs are; the near one over the legs, see-through
 * so the feet between the two show through it, with a solid rim; and the handle or bar between them, over the
 * insteps, drawn over everything (it crosses in front of the near foot's ankle, where the near plate is beside it).
 */
import { floorLoadIn, handleOf, LOAD_SIZE } from './floor-load.ts';
import type { Motion } from './motion.ts';
import type { FloorLoad } from './prop-kinds.ts';
import type { Point } from './skeleton.ts';
import { type Camera, circle, COLOURS, polyline } from './svg-kit.ts';

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

/** A white cotton towel, its edge and the spiral of its layers grey. */
const TOWEL = { fill: '#f4f1fa', edge: '#9a98a6' } as const;

/** The rolled towel of a scene ('' with none): a disc on the floor its height across, and its spiral of layers. */
export function rolledTowelSvg(camera: Camera, motion: Motion): string {
  const towel = motion.fixed.find((prop) => prop.kind === 'rolled-towel');
  if (towel === undefined) return '';
  const radius = towel.y / 2;
  const centre: Point = [(towel.x0 + towel.x1) / 2, radius];
  // Two and a half turns from the outer layer in to the core, opening at the floor where the free end lies.
  const spiral: Point[] = [];
  for (let i = 0; i <= 60; i += 1) {
    const angle = -Math.PI / 2 + (i / 60) * 5 * Math.PI;
    const r = radius * (0.85 - (0.7 * i) / 60);
    spiral.push([centre[0] + r * Math.cos(angle), centre[1] + r * Math.sin(angle)]);
  }
  return circle(camera, centre, radius, TOWEL.fill, TOWEL.edge, 0.006) + polyline(camera, spiral, TOWEL.edge, 0.004);
}
