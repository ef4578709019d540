/**
 * The front view's depth: how far each thigh, shank and the trunk point toward the viewer, out of the
 * picture, so a hip or knee that bends forward is drawn as a 3-D leg seen from the front (foreshortened,
 * the pelvis lowering between the thighs) instead of a knee splayed out to the side.
 */
import * as v from 'valibot';
import { type ArmTilts, ArmsTowardSchema, armTiltsOf, mixArmTilts } from './front-arms.ts';
import { mix, type Point } from './geometry.ts';
import { within } from './schema-numbers.ts';

/** Degrees each segment points toward the viewer out of the picture plane: 0 in it, 90 straight at the viewer, negative away. */
export interface Depth {
  trunk: number;
  /** Each leg's thigh and shank, and how far its toes rise off the floor, the foot rolled onto its heel. */
  left: readonly [thigh: number, shank: number, toes?: number];
  right: readonly [thigh: number, shank: number, toes?: number];
  /** Each upper arm's and forearm's tilt (front-arms.ts), when a key gives any. */
  arms?: ArmTilts;
}

const RAD = Math.PI / 180;

/** A segment's drawn length: its length times the cosine of its angle to the picture plane (exactly its length at 0). */
export const foreshortened = (length: number, toward = 0): number => (toward === 0 ? length : length * Math.cos(toward * RAD));

/**
 * A thigh from 35 degrees away from the viewer (the hip's extension) to 90 toward (level, at the viewer);
 * a shank likewise within 90. A knee bends one way only: its shank never leans nearer the viewer than its thigh.
 */
const LegTilt = v.pipe(
  v.strictTuple([within(-35, 90), within(-90, 90)]),
  v.check(([thigh, shank]) => shank <= thigh, 'a knee bends backward only: the shank cannot point more toward the viewer than its thigh'),
);
export const TowardSchema = v.strictObject({
  /** The trunk's lean toward the viewer (a hinge seen from the front): 0 upright, up to 80. */
  trunk: v.optional(within(0, 80), 0),
  legs: v.optional(v.union([LegTilt, v.strictObject({ left: LegTilt, right: LegTilt })]), [0, 0]),
  /** Degrees a foot's toes rise off the floor, rolled onto its heel (a Cossack squat's straight leg): 0 flat, 90 straight up. */
  toes: v.optional(v.strictObject({ left: v.optional(within(0, 90), 0), right: v.optional(within(0, 90), 0) })),
  /** Each `[upper arm, forearm]`'s tilt toward the viewer (front-arms.ts): a fly, a pull-apart, arms held straight ahead. */
  arms: v.optional(ArmsTowardSchema),
});
export type Toward = v.InferOutput<typeof TowardSchema>;

/** A key's tilts as the figure reads them. */
export function depthOf(toward: Toward): Depth {
  const [left, right] = 'left' in toward.legs ? [toward.legs.left, toward.legs.right] : [toward.legs, toward.legs];
  const arms = toward.arms === undefined ? {} : { arms: armTiltsOf(toward.arms) };
  if (toward.toes === undefined) return { trunk: toward.trunk, left, right, ...arms };
  return { trunk: toward.trunk, left: [...left, toward.toes.left], right: [...right, toward.toes.right], ...arms };
}

const FLAT: Depth = { trunk: 0, left: [0, 0], right: [0, 0] };

/** The tilts `t` of the way from one key's to the next, eased as the angles are; none when neither key has any. */
export function mixDepth(a: Depth | undefined, b: Depth | undefined, t: number): Depth | undefined {
  if (a === undefined && b === undefined) return undefined;
  const [p, q] = [a ?? FLAT, b ?? FLAT];
  const leg = (s: 'left' | 'right') => [mix(p[s][0], q[s][0], t), mix(p[s][1], q[s][1], t), mix(p[s][2] ?? 0, q[s][2] ?? 0, t)] as const;
  const arms = p.arms === undefined && q.arms === undefined ? {} : { arms: mixArmTilts(p.arms, q.arms, t) };
  return { trunk: mix(p.trunk, q.trunk, t), left: leg('left'), right: leg('right'), ...arms };
}

/**
 * The toe of a foot seen from the front, its sole at `sole` (`m`: +1 on the viewer's right): pointing at the
 * viewer it is a short line outward, as the foot always was; rolled onto its heel, toes up, it is seen
 * sole on, rising from the heel by its length (25 cm) times the sine of the rise.
 */
export function frontToe(sole: Point, m: number, toes = 0): Point {
  if (toes === 0) return [sole[0] + 0.07 * m, sole[1]];
  const rise = toes * RAD;
  return [sole[0] - 0.03 * m + 0.1 * m * Math.cos(rise), sole[1] + 0.25 * Math.sin(rise)];
}
