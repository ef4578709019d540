/**
 * The front view's depth: how far each thigh, shank and the trunk point toward the viewer, out of the
 * picture, so a hip or knee that bends forward is drawn as a 3-D leg seen from the front (foreshortened,
 * the pelvis lowering between the thighs) instead of a knee splayed out to the side.
 */
import * as v from 'valibot';

/** Degrees each segment points toward the viewer out of the picture plane: 0 in it, 90 straight at the viewer, negative away. */
export interface Depth {
  trunk: number;
  left: readonly [thigh: number, shank: number];
  right: readonly [thigh: number, shank: number];
}

const RAD = Math.PI / 180;

/** A segment's drawn length: its length times the cosine of its angle to the picture plane (exactly its length at 0). */
export const foreshortened = (length: number, toward = 0): number => (toward === 0 ? length : length * Math.cos(toward * RAD));

/** The tilts one key gives the legs (`[thigh, shank]`, the same for both or per side) and the trunk. */
const tilt = (min: number, max: number) => v.pipe(v.number(), v.minValue(min), v.maxValue(max));
/**
 * A thigh from 35 degrees away from the viewer (the hip's extension) to 90 toward (level, at the viewer);
 * a shank likewise within 90. A knee bends one way only: its shank never leans nearer the viewer than its thigh.
 */
const LegTilt = v.pipe(
  v.strictTuple([tilt(-35, 90), tilt(-90, 90)]),
  v.check(([thigh, shank]) => shank <= thigh, 'a knee bends backward only: the shank cannot point more toward the viewer than its thigh'),
);
export const TowardSchema = v.strictObject({
  /** The trunk's lean toward the viewer (a hinge seen from the front): 0 upright, up to 80. */
  trunk: v.optional(tilt(0, 80), 0),
  legs: v.optional(v.union([LegTilt, v.strictObject({ left: LegTilt, right: LegTilt })]), [0, 0]),
});
export type Toward = v.InferOutput<typeof TowardSchema>;

/** A key's tilts as the figure reads them. */
export function depthOf(toward: Toward): Depth {
  const legs = toward.legs;
  return 'left' in legs ? { trunk: toward.trunk, left: legs.left, right: legs.right } : { trunk: toward.trunk, left: legs, right: legs };
}

const FLAT: Depth = { trunk: 0, left: [0, 0], right: [0, 0] };
const mix = (a: number, b: number, t: number): number => a + (b - a) * t;

/** The tilts `t` of the way from one key's to the next, eased as the angles are; none when neither key has any. */
export function mixDepth(a: Depth | undefined, b: Depth | undefined, t: number): Depth | undefined {
  if (a === undefined && b === undefined) return undefined;
  const [p, q] = [a ?? FLAT, b ?? FLAT];
  const leg = (s: 'left' | 'right') => [mix(p[s][0], q[s][0], t), mix(p[s][1], q[s][1], t)] as const;
  return { trunk: mix(p.trunk, q.trunk, t), left: leg('left'), right: leg('right') };
}
