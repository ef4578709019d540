/**
 * Draws a dip belt (dip-belt.ts): the belt across the hips, its chain hanging plumb from the front ring,
 * and the plate or kettlebell on it, between the trunk and the near limbs (the load hangs between the legs).
 */
import { acrossHips, beltRing, chainEnd, isOnBelt } from './dip-belt.ts';
import type { Motion } from './motion.ts';
import { heldProp } from './render-props.ts';
import { add, type Body } from './skeleton.ts';
import { type Camera, circle, COLOURS, polyline, rect } from './svg-kit.ts';

/**
 * Half the belt's length across the trunk, within its round ends (the trunk is drawn 19 cm thick from the side, 25 cm wide
 * from the front), and its middle behind the ring seen from the side: it spans the trunk from the back to the ring on the belly.
 */
const HALF_BELT = { side: 0.08, front: 0.1, behindRing: 0.095 };
/** The chain's links: their radius and spacing (metres). */
const LINK = { radius: 0.018, every: 0.04 };
/** How much of the load the near box hides when it hangs between two boxes: enough to see it is behind the box, and where. */
const NEAR_BOX_OPACITY = 0.55;

/** The belt, chain and load of every prop on a dip belt, or nothing. */
export function dipBeltSvg(camera: Camera, motion: Motion, body: Body): string {
  const parts: string[] = [];
  for (const prop of motion.held.filter(isOnBelt)) {
    const ring = beltRing(body);
    const end = chainEnd(body, prop);
    // Across the trunk at the ring's height: from the back to the belly (side view), hip to hip (front view).
    const across = acrossHips(body);
    const middle = motion.view === 'front' ? ring : add(ring, across, -HALF_BELT.behindRing);
    const half = motion.view === 'front' ? HALF_BELT.front : HALF_BELT.side;
    parts.push(polyline(camera, [add(middle, across, -half), add(middle, across, half)], COLOURS.strap, 0.05));
    for (let y = ring[1]; y > end[1]; y -= LINK.every) parts.push(circle(camera, [ring[0], y], LINK.radius, 'none', COLOURS.iron, 0.012));
    parts.push(heldProp(camera, prop, end, motion.view));
    // The ring on the belly, and the plate's hole where the chain runs through it.
    parts.push(circle(camera, ring, 0.025, 'none', COLOURS.steel, 0.014));
    if (prop.kind === 'plate') parts.push(circle(camera, end, 0.03, COLOURS.plateEdge));
    // Between two boxes (`beltStraddle`) the near box is drawn see-through over the load hanging in the gap
    // (the far box is drawn solid behind it, as any box).
    const box = prop.straddle === true ? motion.fixed.find((fixed) => fixed.kind === 'box') : undefined;
    if (box !== undefined)
      parts.push(`<g opacity="${NEAR_BOX_OPACITY}">${rect(camera, box.x0, 0, box.x1, box.y, COLOURS.wood, COLOURS.woodEdge)}</g>`);
  }
  return parts.join('');
}
