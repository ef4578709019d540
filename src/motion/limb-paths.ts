/**
 * The paths hands and feet take between two keys (timeline.ts), where a straight line between their
 * places at the keys would be wrong: a hand or foot that steps (a key's `step`) lifts on the way
 * instead of gliding along the floor; the ends of a rigid or taut line swing on the arc about its
 * pivot or anchor.
 */
import type { BodyPoint, FixedProp, Key, LineEnd, StepLimb } from './motion.ts';
import { lerpPoint, mix, type Point, SIDES, type Side } from './skeleton.ts';

/** How high a step lifts the hand or foot at its middle: at most this, less for a short step (metres). */
const STEP_HEIGHT = 0.12;
const STEP_HEIGHT_PER_METRE = 0.3;
const STEP_HEIGHT_MIN = 0.04;

type Limb = 'hands' | 'feet';
export type LimbTargets = { hands: Partial<Record<Side, Point>>; feet: Partial<Record<Side, Point>> };

const STEPPING: Readonly<Record<StepLimb, readonly [Limb, Side, readonly BodyPoint[]]>> = {
  'left-foot': ['feet', 'left', ['leftHeel', 'leftToe']],
  'right-foot': ['feet', 'right', ['rightHeel', 'rightToe']],
  'left-hand': ['hands', 'left', ['leftHand']],
  'right-hand': ['hands', 'right', ['rightHand']],
};

/** A step under way: the body points of the hand or foot, and how high it is lifted at this instant. */
export interface Step {
  limb: Limb;
  side: Side;
  points: readonly BodyPoint[];
  lift: number;
  /** How much higher what it stands on at the second key is than at the first (a step onto a box, metres). */
  rise: number;
  /** How far above the straight line between its two places its path has it now (the lift, and a step up's early rise). */
  above: number;
}

/**
 * The targets of the hands and feet `progress` of the way from key `a` to key `b` (`endA` and `endB`:
 * where each key puts them), and the steps under way: the hand or foot `b.step` names, when both keys
 * place it, lifts on a half sine as it goes, by 30% of the way it travels, 4 to 12 cm. Two planted places
 * joined by a straight line along the floor were a glide, the commonest fault review 5 found (`npm run
 * media -- slides`). A hop (`b.hop`) lifts both feet at once, each by `b.hop` at the middle: they leave
 * the floor together and land together (a squat thrust's jump back to the plank on planted hands).
 */
export function limbTargets(
  a: Key,
  b: Key,
  endA: (limb: Limb, side: Side) => Point,
  endB: (limb: Limb, side: Side) => Point,
  progress: number,
): { targets: LimbTargets; steps: Step[] } {
  const targets: LimbTargets = { hands: {}, feet: {} };
  for (const limb of ['hands', 'feet'] as const) {
    for (const side of SIDES) {
      if (a[limb]?.[side] === undefined && b[limb]?.[side] === undefined) continue;
      targets[limb][side] = lerpPoint(endA(limb, side), endB(limb, side), progress);
    }
  }
  const moving: [readonly [Limb, Side, readonly BodyPoint[]], number | undefined][] = [];
  if (b.step !== undefined) moving.push([STEPPING[b.step], undefined]);
  if (b.hop !== undefined) moving.push([STEPPING['left-foot'], b.hop], [STEPPING['right-foot'], b.hop]);
  const steps: Step[] = [];
  for (const [[limb, side, points], top] of moving) {
    if (a[limb]?.[side] === undefined || b[limb]?.[side] === undefined) continue;
    const from = endA(limb, side);
    const to = endB(limb, side);
    const travelled = Math.hypot(to[0] - from[0], to[1] - from[1]);
    const height = top ?? Math.min(STEP_HEIGHT, Math.max(STEP_HEIGHT_MIN, travelled * STEP_HEIGHT_PER_METRE));
    const lift = height * Math.sin(Math.PI * progress);
    const rise = limb === 'feet' ? (b.feetGround?.[side] ?? 0) - (a.feetGround?.[side] ?? 0) : 0;
    const at = stepPath(from, to, progress, lift, rise);
    targets[limb][side] = at;
    // How far above the straight line the path has it: a foot rising onto a box rises whole, flat as it stands.
    steps.push({ limb, side, points, lift, rise, above: at[1] - mix(from[1], to[1], progress) });
  }
  return { targets, steps };
}

/** A `through` key that places no feet: a hop's waypoint, giving only the body's shape in the air. */
const isWaypoint = (keys: readonly Key[], i: number): boolean => keys[i]!.through === true && keys[i]!.feet === undefined;

/** Where the feet take off for a hop: key `at`, or the last key before it that is no waypoint. */
export function hopTakeoff(keys: readonly Key[], at: number): number {
  const n = keys.length;
  let takeoff = at;
  for (let guard = 0; isWaypoint(keys, takeoff) && guard < n; guard += 1) takeoff = (takeoff - 1 + n) % n;
  return takeoff;
}

/**
 * A hop over waypoints: both feet leave the floor at the take-off (the last key before the hop's landing
 * key that places them) and land at the landing key, while the `through` keys between, which place no
 * feet, give only the body's shape in the air over the planted hands (the hips rising as the knees come
 * through, which two keys' mix cannot draw: the knees dropped to the floor). `from` is the key the move
 * starts at; undefined when the move is not inside such a hop. `at` is how much of the hop's time is gone
 * at the move's start, `share` the move's share of it: the feet follow one arc over the whole hop.
 */
export function hopSpan(keys: readonly Key[], from: number): { takeoff: number; landing: number; at: number; share: number } | undefined {
  const n = keys.length;
  let landing = (from + 1) % n;
  for (let guard = 0; isWaypoint(keys, landing) && guard < n; guard += 1) landing = (landing + 1) % n;
  const takeoff = hopTakeoff(keys, from);
  if (keys[landing]!.hop === undefined || (takeoff === from && landing === (from + 1) % n)) return undefined;
  let [total, before] = [0, 0];
  for (let i = takeoff; i !== landing; i = (i + 1) % n) {
    if (i === from) before = total;
    total += keys[i]!.move;
  }
  return { takeoff, landing, at: before / total, share: keys[from]!.move / total };
}

/**
 * The feet's targets and steps of a move inside a hop over waypoints (hopSpan), or nothing for any other
 * move: on the one arc from their place at the take-off to their place at the landing. `endOf` gives where
 * key `i` puts a hand or foot.
 */
export function hopFeet(
  keys: readonly Key[],
  from: number,
  progress: number,
  endOf: (i: number, limb: Limb, side: Side) => Point,
): { feet: LimbTargets['feet']; steps: Step[] } | undefined {
  const span = hopSpan(keys, from);
  if (span === undefined) return undefined;
  const { takeoff, landing } = span;
  const arc = limbTargets(
    keys[takeoff]!,
    keys[landing]!,
    (limb, side) => endOf(takeoff, limb, side),
    (limb, side) => endOf(landing, limb, side),
    span.at + span.share * progress,
  );
  return { feet: arc.targets.feet, steps: arc.steps };
}

/** A rise or drop of the ground this large (metres) is a step up onto something or down off it: the foot clears its edge. */
const STEP_ONTO = 0.05;
/** Of a step up or down, the share of the move in which the foot rises (or reaches out) before it reaches over (or drops). */
const LEADING = 0.6;
const smooth = (t: number): number => {
  const u = Math.max(0, Math.min(1, t));
  return u * u * (3 - 2 * u);
};

/**
 * Where a stepping hand or foot is `progress` of the way from `from` to `to`, lifted by `lift`: along the
 * line between them, except onto or off something higher (`rise`: a box, a step), where a straight line cuts
 * through its edge: stepping up, the foot rises before it reaches over; stepping down, it reaches out past
 * the edge before it drops.
 */
export function stepPath(from: Point, to: Point, progress: number, lift: number, rise: number): Point {
  if (Math.abs(rise) < STEP_ONTO) return [mix(from[0], to[0], progress), mix(from[1], to[1], progress) + lift];
  const early = smooth(progress / LEADING);
  const late = smooth((progress - (1 - LEADING)) / LEADING);
  const [along, up] = rise > 0 ? [late, early] : [early, late];
  return [mix(from[0], to[0], along), mix(from[1], to[1], up) + lift];
}

/** Line props that are rigid (a lever, a landmine's bar) or taut (straps, rings): their ends swing on an arc. */
export const RIGID_LINES: ReadonlySet<string> = new Set(['lever', 'landmine', 'straps', 'rings']);
/** Which limb ends a line's `to` names, for the arc they follow between keys (the hips have no target). */
const ARC_ENDS: Partial<Record<LineEnd, readonly [Limb, readonly Side[]]>> = {
  hands: ['hands', SIDES],
  left: ['hands', ['left']],
  right: ['hands', ['right']],
  feet: ['feet', SIDES],
  'left-foot': ['feet', ['left']],
  'right-foot': ['feet', ['right']],
};

/** The point `t` of the way from `a` to `b` around `centre`: angle and distance from it eased together. */
function onArc(centre: Point, a: Point, b: Point, t: number): Point {
  const angleA = Math.atan2(a[1] - centre[1], a[0] - centre[0]);
  let turn = Math.atan2(b[1] - centre[1], b[0] - centre[0]) - angleA;
  if (turn > Math.PI) turn -= 2 * Math.PI;
  if (turn < -Math.PI) turn += 2 * Math.PI;
  const radius = mix(Math.hypot(a[0] - centre[0], a[1] - centre[1]), Math.hypot(b[0] - centre[0], b[1] - centre[1]), t);
  const angle = angleA + turn * t;
  return [centre[0] + Math.cos(angle) * radius, centre[1] + Math.sin(angle) * radius];
}

/**
 * A lever's handles, a landmine's sleeve, the handles of taut straps: between keys the hands (or feet)
 * swing on the arc about the pivot or anchor, as the rigid arm carries them, not along the path the
 * eased joint angles would give, which shortens or stretches the arm. Sets those targets in `targets`,
 * and returns the feet on a lever's platform or roller: they keep the direction their angles give them
 * (skeleton.ts `footKept`) instead of being laid flat as a foot placed on the floor is.
 */
export function swingOnRigidLines(
  fixed: readonly FixedProp[],
  targets: LimbTargets,
  endA: (limb: Limb, side: Side) => Point,
  endB: (limb: Limb, side: Side) => Point,
  progress: number,
): Partial<Record<Side, boolean>> {
  const kept: Partial<Record<Side, boolean>> = {};
  for (const prop of fixed) {
    if (!RIGID_LINES.has(prop.kind) || prop.to === undefined) continue;
    const ends = ARC_ENDS[prop.to];
    if (ends === undefined) continue;
    const [limb, sides] = ends;
    for (const side of sides) targets[limb][side] = onArc([prop.x0, prop.y], endA(limb, side), endB(limb, side), progress);
    if (limb === 'feet' && prop.kind === 'lever' && prop.end !== undefined && prop.end !== 'handles')
      for (const side of sides) kept[side] = true;
  }
  return kept;
}
