/**
 * The front view's trunk twist: how far the chest (and the pelvis under it) turns about the spine, so a
 * wood chop or a Russian twist seen from the front shows its turn: the shoulder line narrows, the chest's
 * centre line moves toward the side turned away, and the arm whose shoulder turns toward the viewer is
 * drawn over the trunk, the other behind it.
 */
import * as v from 'valibot';
import { mix } from './geometry.ts';

/** Degrees turned about the spine, positive to the figure's left (its right shoulder comes toward the viewer). */
export interface Twist {
  /** The shoulders' turn from facing the viewer: the pelvis's turn plus the spine's own. */
  chest: number;
  /** The pelvis's turn on the legs. */
  hips: number;
}

const RAD = Math.PI / 180;
/** The spine turns about 45 degrees on the pelvis (thoracic about 35-40, lumbar a few); the pelvis about 45 on the hips. */
export const SPINE_TURN = 45;
export const HIPS_TURN = 45;

const turn = (limit: number, what: string) =>
  v.pipe(
    v.number(),
    v.minValue(-limit, `${what} turns at most ${limit} degrees either way`),
    v.maxValue(limit, `${what} turns at most ${limit} degrees either way`),
  );

/**
 * A key's `twist`: the chest's turn in degrees (the pelvis square to the viewer), or `{"chest", "hips"}`
 * for a whole trunk turning with its pelvis (a wood chop's pivot): the chest up to 45 degrees past the pelvis.
 */
export const TwistSchema = v.union(
  [
    turn(SPINE_TURN, 'the chest on a square pelvis'),
    v.pipe(
      v.strictObject({ chest: turn(SPINE_TURN + HIPS_TURN, 'the chest'), hips: v.optional(turn(HIPS_TURN, 'the pelvis'), 0) }),
      v.check(
        ({ chest, hips }) => Math.abs(chest - hips) <= SPINE_TURN,
        `the spine turns at most ${SPINE_TURN} degrees: the chest within ${SPINE_TURN} of the pelvis`,
      ),
    ),
  ],
  `twist is the chest's turn, -${SPINE_TURN} to ${SPINE_TURN} degrees, or {"chest", "hips"}: the pelvis within ${HIPS_TURN}, the chest within ${SPINE_TURN} of it`,
);
export type TwistSource = v.InferOutput<typeof TwistSchema>;

/** A key's twist as the figure reads it. */
export const twistOf = (source: TwistSource): Twist => (typeof source === 'number' ? { chest: source, hips: 0 } : source);

/** Two keys' twists `t` of the way from one to the other, eased as the angles are (a key without one faces the viewer). */
export function mixTwist(a: Twist | undefined, b: Twist | undefined, t: number): Twist | undefined {
  if (a === undefined && b === undefined) return undefined;
  const [from, to] = [a ?? { chest: 0, hips: 0 }, b ?? { chest: 0, hips: 0 }];
  return { chest: mix(from.chest, to.chest, t), hips: mix(from.hips, to.hips, t) };
}

/** Half a shoulder or hip line as the viewer sees it, turned `degrees`: its half width times the cosine (exactly it at 0). */
export const turnedHalf = (half: number, degrees = 0): number => (degrees === 0 ? half : half * Math.cos(degrees * RAD));

/**
 * How far a shoulder (or hip) `half` metres out to the figure's `side` is toward the viewer (negative,
 * behind the spine) when the line is turned `degrees` to the figure's left: the left one goes back.
 */
export const depthOfSide = (side: 'left' | 'right', half: number, degrees = 0): number =>
  (side === 'left' ? -1 : 1) * half * Math.sin(degrees * RAD);

/** The side whose limb is drawn behind the trunk: the one turned away (the right when square, as the front view always drew it). */
export const sideBehind = (degrees = 0): 'left' | 'right' => (degrees > 0 ? 'left' : 'right');

/**
 * A trunk segment's drawn width turned `degrees`: an oval `front` wide and `side` deep, seen at that angle
 * (exactly `front` square to the viewer).
 */
export function turnedWidth(front: number, side: number, degrees = 0): number {
  if (degrees === 0) return front;
  const [c, s] = [Math.cos(degrees * RAD), Math.sin(degrees * RAD)];
  return Math.sqrt(front * front * c * c + side * side * s * s);
}

/** Half the chest's depth, front to back: where its centre line (the sternum) lies in front of the spine. */
export const CHEST_HALF_DEPTH = 0.1;

/**
 * Metres the chest's centre line is drawn off the spine toward the figure's left (the viewer's right)
 * when it is turned `degrees` to the left: the sternum swings toward the side turned away.
 */
export const sternumShift = (degrees: number): number => CHEST_HALF_DEPTH * Math.sin(degrees * RAD);

/** What the side view cannot show: a turn about the spine there is toward or away from the viewer. */
export function twistProblems(motion: {
  view: string;
  keys: readonly { name: string; angles: { twist?: Twist | undefined } }[];
}): string[] {
  if (motion.view === 'front') return [];
  const turned = motion.keys.find((key) => key.angles.twist !== undefined);
  return turned === undefined
    ? []
    : [`key "${turned.name}" turns the trunk about the spine (twist), which only the front view draws: show it from the front`];
}

/**
 * The shoulder's range as the front view reads it in a turned key. With the chest turned 15 degrees or
 * more, the arm of the shoulder that came toward the viewer reaching forward of the chest (flexion, 0 to
 * 180) is seen pointing across the body toward the side turned to (its picture direction x = -sin φ sin θ,
 * y = -cos φ: 0 down to -180 up), so its inward limit is a forward reach's, -185, not an adduction's.
 */
export function shoulderRange(
  twist: Twist | undefined,
  side: 'left' | 'right',
  range: readonly [number, number],
): readonly [number, number] {
  if (twist === undefined || Math.abs(twist.chest) < 15 || sideBehind(twist.chest) === side) return range;
  return [-185, range[1]];
}
