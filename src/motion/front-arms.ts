/**
 * The front view's arms that reach toward the viewer: a key's `toward.arms` gives each upper arm and
 * forearm a tilt out of the picture (a fly, a pull-apart, a shoulder's rotation, arms held straight
 * ahead), as `toward.legs` does the thighs and shanks; the figure draws each segment foreshortened
 * (skeleton.ts) and in front of or behind the trunk by its depth (front-arms-depth.ts).
 */
import * as v from 'valibot';
import { mix } from './geometry.ts';

/** Degrees an upper arm and its forearm point toward the viewer: 0 in the picture, 90 straight at the viewer, negative behind the body's plane. */
export type ArmTilt = readonly [upper: number, fore: number];
export type ArmTilts = { readonly left: ArmTilt; readonly right: ArmTilt };

/**
 * The shoulder carries the upper arm from 45 degrees behind the body's plane (a pull-apart's or a
 * reverse fly's end, its horizontal extension) to straight at the viewer; the forearm, turning at the
 * elbow and with the upper arm's rotation, points anywhere from straight behind to straight ahead
 * (its bend, measured in three dimensions, is the elbow range `check` reads).
 */
const ArmTiltSchema = v.strictTuple([
  v.pipe(
    v.number(),
    v.minValue(-45, 'an upper arm reaches at most 45 degrees behind the body (the shoulder extends no further)'),
    v.maxValue(90, 'an upper arm points at most 90 degrees toward the viewer (straight at it)'),
  ),
  v.pipe(
    v.number(),
    v.minValue(-90, 'a forearm points at most 90 degrees behind the body (straight back)'),
    v.maxValue(90, 'a forearm points at most 90 degrees toward the viewer (straight at it)'),
  ),
]);
/** `[upper, fore]` for both arms, or `{ "left": [...], "right": [...] }`. */
export const ArmsTowardSchema = v.union([ArmTiltSchema, v.strictObject({ left: ArmTiltSchema, right: ArmTiltSchema })]);

/** Each arm's tilts as the figure reads them. */
export function armTiltsOf(arms: v.InferOutput<typeof ArmsTowardSchema>): ArmTilts {
  return 'left' in arms ? { left: arms.left, right: arms.right } : { left: arms, right: arms };
}

const FLAT: ArmTilts = { left: [0, 0], right: [0, 0] };

/** The arms' tilts `t` of the way from one key's to the next (none given: in the picture), eased as the angles are. */
export function mixArmTilts(a: ArmTilts | undefined, b: ArmTilts | undefined, t: number): ArmTilts {
  const [p, q] = [a ?? FLAT, b ?? FLAT];
  const arm = (s: 'left' | 'right') => [mix(p[s][0], q[s][0], t), mix(p[s][1], q[s][1], t)] as const;
  return { left: arm('left'), right: arm('right') };
}
