/**
 * The three-quarter figure in time. Each key is placed so that its planted parts rest on the floor (lifted
 * or lowered to their mean height, borne by a knee, shin, forearm, the pelvis or the lower back where one is planted, hands
 * and feet then put exactly there by inverse kinematics) and so that a part planted in the key before stays
 * where it was (the key moved by their mean offset), unless the key `moves` it (a hop, a step). Between keys
 * the angles and the pelvis are eased (thrown.ts, the planar renderer's smootherstep), and then, as the
 * planar renderer's planted hands and feet: a part planted in both keys is held exactly there (a knee or
 * forearm by moving the whole figure, a hand or foot by inverse kinematics), one the later key moves swings
 * to its new place rising `lift` on the way, and a hand or foot planted in one key only eases into (or out
 * of) its place there. */
import { mix } from './geometry.ts';
import { SEGMENT } from './body-measures.ts';
import { type Grounds, restingOn } from './three-ball.ts';
import { moveProgress } from './thrown.ts';
import { type Side, SIDES } from './skeleton.ts';
import { type Angles3, type Ball, type Body3, type LimbAngles3, pose3, type Targets3 } from './three-figure.ts';
import { plantedPoints, type RestPoint } from './three-parts.ts';
import { cycleSeconds3, type TurnedKey, type TurnedMotion } from './three-motion.ts';
import { onTheBar } from './three-loads.ts';
import { poseTouching, touchesBetween } from './three-touch.ts';
import { add3, distance3, lerp3, normalize3, scale3, sub3, type Vec3 } from './three-vec.ts';

export const FRAMES_PER_SECOND_3D = 30;

/** A key placed: where its pelvis is, its body, and where each planted point rests (by name). */
export interface PlacedKey {
  root: Vec3;
  body: Body3;
  places: Map<string, Vec3>;
  /** Each hand's and foot's end (grip, ankle) moved by inverse kinematics from where the angles put it. */
  corrections: Record<'hand' | 'foot', Record<Side, Vec3>>;
}

const ZERO: Vec3 = [0, 0, 0];
const mean3 = (points: readonly Vec3[]): Vec3 =>
  scale3(
    points.reduce((s, p) => add3(s, p), ZERO),
    1 / points.length,
  );
const STANDING_PELVIS = SEGMENT.thigh + SEGMENT.shank + SEGMENT.ankleHeight;

/** A hand's grip or a foot's ankle: what inverse kinematics places. */
const endPoint = (body: Body3, limb: 'hand' | 'foot', side: Side): Vec3 => (limb === 'hand' ? body.arms[side].hand : body.legs[side].ankle);

/**
 * How far each hand's grip and foot's ankle must move for the planted points of `moves` to reach their places: a
 * foot's ankle by the mean move of its planted heel and toe, so the foot keeps its turn; the rest not at all.
 */
function endTargets(body: Body3, moves: readonly { point: RestPoint; to: Vec3 }[]): PlacedKey['corrections'] {
  const corrections: PlacedKey['corrections'] = { hand: { left: ZERO, right: ZERO }, foot: { left: ZERO, right: ZERO } };
  for (const limb of ['hand', 'foot'] as const)
    for (const side of SIDES) {
      const own = moves.filter(({ point }) => point.end?.limb === limb && point.end.side === side);
      if (own.length > 0) corrections[limb][side] = mean3(own.map(({ point, to }) => sub3(to, point.at(body))));
    }
  return corrections;
}

function targetsOf(body: Body3, corrections: PlacedKey['corrections']): Targets3 {
  const targets: Required<Targets3> = { hands: {}, ankles: {} };
  for (const side of SIDES) {
    targets.hands[side] = add3(endPoint(body, 'hand', side), corrections.hand[side]);
    targets.ankles[side] = add3(endPoint(body, 'foot', side), corrections.foot[side]);
  }
  return targets;
}

/**
 * A barbell's grips kept `grip` apart (three-loads.ts: the angles carry the bar, the hands stay where they took it),
 * unless one of `keys` plants a hand or holds it on the body: that hand's place wins.
 */
function holdingBar(targets: Targets3, grip: number | undefined, keys: readonly TurnedKey[]): Targets3 {
  const { left, right } = targets.hands ?? {};
  if (grip === undefined || left === undefined || right === undefined) return targets;
  const isHandHeld = keys.some(
    (key) => plantedPoints(key.planted).some((p) => p.end?.limb === 'hand') || Object.keys(key.touches).some((end) => end.endsWith('Hand')),
  );
  return isHandHeld ? targets : { ...targets, hands: onTheBar({ left, right }, grip) };
}

/** How far apart the hands take a barbell: as the first key, placed, holds it (undefined when none is held). */
export const barGripOf = (motion: TurnedMotion, first: PlacedKey): number | undefined =>
  motion.holds === 'barbell' ? distance3(first.body.arms.left.hand, first.body.arms.right.hand) : undefined;

/**
 * Key `key` placed after `previous` (none: the first key, its pelvis over the origin). What was planted before
 * and still is, unless the key says it moves there (a hop, a step), stays exactly where it was: the key is moved
 * so those parts are where they were on average, then each hand and foot among them is put there exactly. With
 * none such, the planted parts rest at their mean height, and the pelvis keeps its place along the floor. A part
 * the angles alone place (a knee, a forearm, the pelvis) bears the figure where there is one: a hand or foot can
 * reach for its place, so it is left to inverse kinematics.
 */
export function placeKey(key: TurnedKey, previous: PlacedKey | undefined, grounds: Grounds = {}, grip?: number): PlacedKey {
  const free = pose3(key.angles);
  // A point rests on the bench or the ball where it is over it (where it is along the floor does not change as it rises).
  const along: Vec3 = [previous?.root[0] ?? 0, 0, previous?.root[2] ?? 0];
  const restOf = (p: RestPoint) => restingOn(grounds, add3(p.at(free), along), p.rest).height;
  const points = plantedPoints(key.planted);
  const moving = new Set(plantedPoints(key.moves).map((p) => p.name));
  const kept = previous === undefined ? [] : points.filter((p) => previous.places.has(p.name) && !moving.has(p.name));
  const bearing = <T extends { end?: unknown }>(list: T[]): T[] =>
    list.some((p) => p.end === undefined) ? list.filter((p) => p.end === undefined) : list;
  let root: Vec3;
  if (kept.length > 0) root = mean3(bearing(kept).map((p) => sub3(previous!.places.get(p.name)!, p.at(free))));
  else {
    // Up or down so the planted points rest at their mean height; a key in the air keeps the height before it.
    const resting = bearing(points);
    const y =
      resting.length > 0
        ? resting.reduce((sum, p) => sum + restOf(p) - p.at(free)[1], 0) / resting.length
        : (previous?.root[1] ?? STANDING_PELVIS);
    root = [previous?.root[0] ?? 0, y, previous?.root[2] ?? 0];
  }
  const placedFree = pose3(key.angles, root);
  // Each planted hand and foot exactly on the floor: where it was if kept, else straight down or up to it.
  const moves = points.map((point) => {
    const at = point.at(placedFree);
    return {
      point,
      to: kept.includes(point) ? previous!.places.get(point.name)! : ([at[0], restingOn(grounds, at, point.rest).height, at[2]] as Vec3),
    };
  });
  const corrections = endTargets(placedFree, moves);
  const targets = holdingBar(targetsOf(placedFree, corrections), grip, [key]);
  const body = poseTouching(key.angles, root, targets, touchesBetween(key.touches, key.touches, 0));
  return { root, body, places: new Map(points.map((p) => [p.name, p.at(body)])), corrections };
}

/** Every key placed in order; and the first key placed again after the last, where the loop's seam brings it. */
export function placeKeys(motion: TurnedMotion): { keys: PlacedKey[]; seam: PlacedKey } {
  const keys: PlacedKey[] = [];
  let grip: number | undefined;
  for (const key of motion.keys) {
    keys.push(placeKey(key, keys.at(-1), motion, grip));
    grip ??= barGripOf(motion, keys[0]!);
  }
  return { keys, seam: placeKey(motion.keys[0]!, keys.at(-1), motion, grip) };
}

const PLACED = new WeakMap<TurnedMotion, PlacedKey[]>();
/** The placed keys of a motion, worked out once. */
export function placedKeys(motion: TurnedMotion): PlacedKey[] {
  const known = PLACED.get(motion);
  if (known !== undefined) return known;
  const { keys } = placeKeys(motion);
  PLACED.set(motion, keys);
  return keys;
}

const mixBall = (a: Ball, b: Ball, t: number): Ball => ({
  flexion: mix(a.flexion, b.flexion, t),
  abduction: mix(a.abduction, b.abduction, t),
  rotation: mix(a.rotation, b.rotation, t),
});
const mixLimb = (a: LimbAngles3, b: LimbAngles3, t: number): LimbAngles3 => ({
  hip: mixBall(a.hip, b.hip, t),
  knee: mix(a.knee, b.knee, t),
  ankle: mix(a.ankle, b.ankle, t),
  shoulder: mixBall(a.shoulder, b.shoulder, t),
  elbow: mix(a.elbow, b.elbow, t),
});

/** Angles `t` of the way from `a` to `b`, each joint's angle eased alike. */
export function mixAngles3(a: Angles3, b: Angles3, t: number): Angles3 {
  return {
    heading: mix(a.heading, b.heading, t),
    lean: mix(a.lean, b.lean, t),
    roll: mix(a.roll, b.roll, t),
    spine: {
      flexion: mix(a.spine.flexion, b.spine.flexion, t),
      sideBend: mix(a.spine.sideBend, b.spine.sideBend, t),
      twist: mix(a.spine.twist, b.spine.twist, t),
    },
    neck: {
      flexion: mix(a.neck.flexion, b.neck.flexion, t),
      sideBend: mix(a.neck.sideBend, b.neck.sideBend, t),
      turn: mix(a.neck.turn, b.neck.turn, t),
    },
    left: mixLimb(a.left, b.left, t),
    right: mixLimb(a.right, b.right, t),
  };
}

/** The key a time falls in, and how far (0..1, eased) the move out of it has gone. */
export function locate3(motion: TurnedMotion, seconds: number): { from: number; to: number; progress: number } {
  const cycle = cycleSeconds3(motion);
  let t = ((seconds % cycle) + cycle) % cycle;
  for (let i = 0; i < motion.keys.length; i += 1) {
    const key = motion.keys[i]!;
    const to = (i + 1) % motion.keys.length;
    if (t < key.hold) return { from: i, to, progress: 0 };
    t -= key.hold;
    // Eased at each end where the figure is at rest, not at a `through` key, as the planar keys are (none is in flight).
    if (t < key.move) return { from: i, to, progress: moveProgress(motion.keys, i, t / key.move) };
    t -= key.move;
  }
  return { from: 0, to: 0, progress: 0 };
}

/**
 * Where each point planted at both placed keys `a` and `b` is `progress` of the way between them, and whether it is
 * held there: every one is, but those `b` says move (a hop, a step), which travel to their new place rising `lift`.
 */
export function plantedBetween(
  a: PlacedKey,
  b: PlacedKey,
  into: TurnedKey,
  progress: number,
): { name: string; at: Vec3; isHeld: boolean }[] {
  const moving = new Set(plantedPoints(into.moves).map((p) => p.name));
  const out: { name: string; at: Vec3; isHeld: boolean }[] = [];
  for (const [name, from] of a.places) {
    const to = b.places.get(name);
    if (to === undefined) continue;
    const isHeld = !moving.has(name);
    // A held point whose keys disagree on its place (which the check refuses) is drawn sliding, not jumping.
    const lift = isHeld ? 0 : into.lift * Math.sin(Math.PI * progress);
    out.push({ name, at: add3(lerp3(from, to, progress), [0, lift, 0]), isHeld });
  }
  return out;
}

/** A limb's root (shoulder, hip) and the end inverse kinematics places (grip, ankle). */
const limbSpan = (body: Body3, limb: 'hand' | 'foot', side: Side): [Vec3, Vec3] =>
  limb === 'hand' ? [body.arms[side].shoulder, body.arms[side].hand] : [body.legs[side].hip, body.legs[side].ankle];

/** The figure between placed keys `from` and `to` at an eased `progress`. */
export function bodyBetween3(motion: TurnedMotion, from: number, to: number, progress: number): Body3 {
  const keys = placedKeys(motion);
  const [a, b] = [keys[from]!, keys[to]!];
  if (progress <= 0) return a.body;
  if (progress >= 1) return b.body;
  const angles = mixAngles3(motion.keys[from]!.angles, motion.keys[to]!.angles, progress);
  let root = lerp3(a.root, b.root, progress);
  const planted = plantedBetween(a, b, motion.keys[to]!, progress);
  const points = new Map(plantedPoints([...motion.keys[from]!.planted, ...motion.keys[to]!.planted]).map((p) => [p.name, p]));
  // A knee, forearm or pelvis held in place holds the whole figure there: it moves by their mean drift.
  const heldByBody = planted.filter((p) => p.isHeld && points.get(p.name)?.end === undefined);
  if (heldByBody.length > 0) {
    const free = pose3(angles, root);
    root = add3(root, mean3(heldByBody.map((p) => sub3(p.at, points.get(p.name)!.at(free)))));
  }
  const free = pose3(angles, root);
  // Hands and feet eased from one key's IK move to the other's: a hand or foot that hops or steps follows the arc its
  // eased angles swing it through (a leg keeps its length), rising `lift` on the way; one held is put exactly on its place.
  const corrections: PlacedKey['corrections'] = { hand: { left: ZERO, right: ZERO }, foot: { left: ZERO, right: ZERO } };
  for (const limb of ['hand', 'foot'] as const)
    for (const side of SIDES) corrections[limb][side] = lerp3(a.corrections[limb][side], b.corrections[limb][side], progress);
  const rise = motion.keys[to]!.lift * Math.sin(Math.PI * progress);
  const stepping = new Map(
    planted.flatMap((p) => {
      const end = p.isHeld ? undefined : points.get(p.name)?.end;
      return end === undefined ? [] : [[`${end.limb} ${end.side}`, end] as const];
    }),
  );
  for (const { limb, side } of stepping.values()) {
    corrections[limb][side] = add3(corrections[limb][side], [0, rise, 0]);
    // The rise comes from the shoulder or hip, not by folding the knee or elbow: the end is kept at the distance from its
    // root eased between the two keys' (a hop with straight legs lands and takes off with straight legs).
    const [root, end] = limbSpan(free, limb, side);
    const reach = mix(distance3(...limbSpan(a.body, limb, side)), distance3(...limbSpan(b.body, limb, side)), progress);
    const target = add3(end, corrections[limb][side]);
    corrections[limb][side] = sub3(add3(root, normalize3(sub3(target, root)), reach), end);
  }
  const onEnds = planted
    .filter((p) => p.isHeld && points.get(p.name)?.end !== undefined)
    .map((p) => ({ point: points.get(p.name)!, to: p.at }));
  const exact = endTargets(free, onEnds);
  for (const { point } of onEnds) corrections[point.end!.limb][point.end!.side] = exact[point.end!.limb][point.end!.side];
  const touches = touchesBetween(motion.keys[from]!.touches, motion.keys[to]!.touches, progress);
  const grip = barGripOf(motion, keys[0]!);
  return poseTouching(angles, root, holdingBar(targetsOf(free, corrections), grip, [motion.keys[from]!, motion.keys[to]!]), touches);
}

/** The figure `seconds` into the loop. */
export function bodyAt3(motion: TurnedMotion, seconds: number): Body3 {
  const { from, to, progress } = locate3(motion, seconds);
  return bodyBetween3(motion, from, to, progress);
}

export const frameCount3 = (motion: TurnedMotion): number => Math.round(cycleSeconds3(motion) * FRAMES_PER_SECOND_3D);

/** The figure in every frame of the loop. */
export const loopBodies3 = (motion: TurnedMotion): Body3[] =>
  Array.from({ length: frameCount3(motion) }, (_, i) => bodyAt3(motion, i / FRAMES_PER_SECOND_3D));
