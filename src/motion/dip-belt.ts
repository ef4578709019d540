/**
 * A dip belt (`holdIn: "belt"`): a belt round the hips with a chain from its front ring to a plate or a
 * kettlebell that hangs plumb under it (a weighted chin-up, dip or belt squat). Pure geometry and the
 * schema entry; the check is dip-belt-check.ts, the drawing render-dip-belt.ts.
 */
import * as v from 'valibot';
import type { HeldProp } from './motion.ts';
import { add, type Body, isFrontView, type Point } from './skeleton.ts';

/** The loads a dip belt's chain carries. */
export const BELT_LOADS: ReadonlySet<HeldProp['kind']> = new Set(['plate', 'kettlebell']);
/** The chain's length from the ring to the plate's hole or the kettlebell's handle, unless a description says (metres). */
export const DEFAULT_CHAIN = 0.3;
/** The belt's front ring: a quarter of the way up the lower trunk, on the belly (the trunk is drawn 19 cm thick). */
const RING = { up: 0.25, ahead: 0.1 };
/** The load's outline about where the chain ends: a plate round its hole; a kettlebell's bell 15 cm under the handle top. */
export const LOAD_SHAPE: Readonly<Record<'plate' | 'kettlebell', { below: number; radius: number }>> = {
  plate: { below: 0, radius: 0.2 },
  kettlebell: { below: 0.15, radius: 0.1 },
};

export const BELT_ENTRIES = {
  /**
   * The dip belt's chain (`holdIn: "belt"`, prop `plate` or `kettlebell`): metres from the belt's front
   * ring to the plate's hole or the kettlebell's handle, which hang plumb under the ring.
   */
  beltChain: v.optional(
    v.pipe(
      v.number(),
      v.minValue(0.1, "a dip belt's chain is 0.1 to 0.7 m long"),
      v.maxValue(0.7, "a dip belt's chain is 0.1 to 0.7 m long"),
    ),
  ),
  /**
   * The `box` is two boxes side by side, one under each foot, and the load hangs in the gap between them,
   * below their tops (a belt squat on boxes): seen from the side the near box is drawn see-through.
   */
  beltStraddle: v.optional(v.literal(true, 'beltStraddle is true or left out')),
};

/** What a description misuses of a dip belt's parameters, or nothing (a check of pose-params.ts's schema). */
export function beltMisfit(params: { holdIn: string; beltChain?: number | undefined; beltStraddle?: true | undefined; box?: unknown }) {
  if (params.holdIn !== 'belt' && (params.beltChain !== undefined || params.beltStraddle !== undefined))
    return 'beltChain and beltStraddle belong to a dip belt: they need holdIn belt';
  if (params.beltStraddle === true && params.box === undefined) return 'beltStraddle stands the feet on two boxes: give the box';
  return undefined;
}

/** Whether a held prop hangs from a dip belt. */
export const isOnBelt = (prop: HeldProp): boolean => prop.at === 'belt';

/**
 * The belt's front ring, where the chain leaves it: on the belly a quarter of the way up the lower trunk
 * seen from the side, or on the trunk's line seen from the front. The body says which: seen from the side
 * both hips are at the pelvis, seen from the front they are 20 cm apart.
 */
export function beltRing(body: Body): Point {
  const up = add(body.pelvis, [body.waist[0] - body.pelvis[0], body.waist[1] - body.pelvis[1]], RING.up);
  return isFrontView(body) ? up : add(up, acrossHips(body), RING.ahead);
}

/** The unit vector square to the lower trunk, toward the belly (side view): the line the belt runs along. */
export function acrossHips(body: Body): Point {
  const [dx, dy] = [body.waist[0] - body.pelvis[0], body.waist[1] - body.pelvis[1]];
  const length = Math.hypot(dx, dy) || 1;
  return [dy / length, -dx / length];
}

/** Where the chain ends (the plate's hole, the kettlebell's handle): plumb under the ring, however the body leans. */
export function chainEnd(body: Body, prop: HeldProp): Point {
  return add(beltRing(body), [0, -(prop.chain ?? DEFAULT_CHAIN)]);
}

/** The load's round outline (a plate's disc, a kettlebell's bell): its centre and radius. */
export function loadOutline(body: Body, prop: HeldProp): { centre: Point; radius: number } {
  const shape = LOAD_SHAPE[prop.kind === 'kettlebell' ? 'kettlebell' : 'plate'];
  return { centre: add(chainEnd(body, prop), [0, -shape.below]), radius: shape.radius };
}
