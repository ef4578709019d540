/**
 * A held sandbag, keg or Atlas stone that leaves the hands (Motion.implementRelease): held until the
 * release key, then either set down on the box's top, where it rests, or tossed: it leaves the hands with
 * their own velocity at that instant and flies as a thrown body under g until its bottom meets the floor,
 * where it lies. The loop dissolves back to the start, the next implement in the hands. From the release
 * key on nothing holds it, so the balance check no longer counts it.
 */
import { cycleSeconds, type HeldProp, keyStartSeconds, type Motion } from './motion.ts';
import { add, type Body, distance, lerpPoint, type Point } from './skeleton.ts';
import { G } from './thrown.ts';
import { bodyAt, FRAMES_PER_SECOND, frameCount, heldAt, loopKeyBody } from './timeline.ts';

/** The implements that may be let go. */
export type ReleasedKind = 'sandbag' | 'keg' | 'stone' | 'throwing-weight';
/**
 * Half the width and half the height of each as it is drawn about its centre (render-props.ts; a stone is
 * round: its radius; a throwing weight's block, render-implement-release.ts, is checked as if upright).
 */
export const IMPLEMENT_HALF: Readonly<Record<ReleasedKind, Point>> = {
  stone: [0.23, 0.23],
  keg: [0.15, 0.21],
  sandbag: [0.28, 0.14],
  'throwing-weight': [0.1, 0.12],
};
/** A throwing weight's ring: the hand holds it, the block hangs on from it along the arm's line, its centre this far out. */
export const WEIGHT_REACH = 0.2;

export const isReleasable = (prop: HeldProp): prop is HeldProp & { kind: ReleasedKind } =>
  prop.kind === 'sandbag' || prop.kind === 'keg' || prop.kind === 'stone' || prop.kind === 'throwing-weight';

/** The implement a description lets go: its sandbag, keg or stone held in both hands, or its throwing weight in both or one. */
export const releasedImplement = (motion: Motion): (HeldProp & { kind: ReleasedKind }) | undefined =>
  motion.implementRelease === undefined
    ? undefined
    : motion.held.find(
        (prop): prop is HeldProp & { kind: ReleasedKind } =>
          isReleasable(prop) && (prop.at === 'hands' || (prop.kind === 'throwing-weight' && (prop.at === 'left' || prop.at === 'right'))),
      );

/** The direction from the shoulder to the hand of the arm that holds a throwing weight (the near arm when both do). */
export function armLine(body: Body, prop: HeldProp): Point {
  const arm = body.arms[prop.at === 'left' ? 'left' : 'right'];
  const [dx, dy] = [arm.hand[0] - arm.root[0], arm.hand[1] - arm.root[1]];
  const length = Math.hypot(dx, dy) || 1;
  return [dx / length, dy / length];
}

/**
 * Where a held implement's centre is: a sandbag, keg or stone at the hands' grip (hugged), a throwing
 * weight on from its ring along the arm's line, as a swung weight pulls it out.
 */
export function implementCentre(body: Body, prop: HeldProp): Point {
  const grip = heldAt(body, prop);
  return prop.kind === 'throwing-weight' ? add(grip, armLine(body, prop), WEIGHT_REACH) : grip;
}

/** The held props key `index` carries, for its balance: from the release key on, not the implement let go. */
export function loadsAtKey(motion: Motion, index: number): HeldProp[] {
  const released = releasedImplement(motion);
  if (released === undefined || index < motion.implementRelease!.key) return motion.held;
  return motion.held.filter((prop) => prop !== released);
}

/** Seconds over which the hands' velocity at the release is measured (a finite difference just before it). */
const VELOCITY_STEP = 1e-3;

/** A tossed implement's launch: where and when it leaves the hands, and its velocity then (the hands', m/s). */
export function tossLaunch(motion: Motion): { from: Point; velocity: Point; time: number } {
  const prop = releasedImplement(motion)!;
  const time = keyStartSeconds(motion, motion.implementRelease!.key);
  const from = implementCentre(loopKeyBody(motion, motion.implementRelease!.key).body, prop);
  const before = implementCentre(bodyAt(motion, time - VELOCITY_STEP), prop);
  return { from, velocity: [(from[0] - before[0]) / VELOCITY_STEP, (from[1] - before[1]) / VELOCITY_STEP], time };
}

/** How long after the release a tossed implement lands (its bottom on the floor) and where it then lies (its centre). */
export function tossLanding(motion: Motion): { after: number; at: Point } {
  const half = IMPLEMENT_HALF[releasedImplement(motion)!.kind][1];
  const {
    from,
    velocity: [vx, vy],
  } = tossLaunch(motion);
  const after = (vy + Math.sqrt(Math.max(0, vy * vy + 2 * G * (from[1] - half)))) / G;
  return { after, at: [from[0] + vx * after, half] };
}

/** Where a let-go implement is: in the hands, or its centre (set down, in flight or lying where it landed). */
export type ImplementPlace = 'held' | Point;

/** Where the implement is `seconds` into the loop (a frame of its cross-dissolve's incoming start: `held`). */
export function implementAt(motion: Motion, seconds: number): ImplementPlace {
  const release = motion.implementRelease;
  const prop = releasedImplement(motion);
  if (release === undefined || prop === undefined) return 'held';
  const cycle = cycleSeconds(motion);
  // (One remainder, not two: the release key's own start time must come back exactly.)
  const t = seconds % cycle < 0 ? (seconds % cycle) + cycle : seconds % cycle;
  const released = keyStartSeconds(motion, release.key);
  if (t < released) return 'held';
  if (release.to === 'box') return implementCentre(loopKeyBody(motion, release.key).body, prop);
  const { from, velocity } = tossLaunch(motion);
  const { after, at } = tossLanding(motion);
  const dt = t - released;
  return dt >= after ? at : [from[0] + velocity[0] * dt, from[1] + velocity[1] * dt - (G * dt * dt) / 2];
}

/** The signed distance from a point to the implement centred at `centre` (negative: inside it). */
export function toImplement(kind: ReleasedKind, centre: Point, point: Point): number {
  const [halfX, halfY] = IMPLEMENT_HALF[kind];
  if (kind === 'stone') return distance(point, centre) - halfX;
  const dx = Math.abs(point[0] - centre[0]) - halfX;
  const dy = Math.abs(point[1] - centre[1]) - halfY;
  return dx > 0 || dy > 0 ? Math.hypot(Math.max(dx, 0), Math.max(dy, 0)) : Math.max(dx, dy);
}

/** The least signed distance from a segment (eleven points along it) to the implement. */
export const segmentToImplement = (kind: ReleasedKind, centre: Point, a: Point, b: Point): number =>
  Math.min(...Array.from({ length: 11 }, (_, i) => toImplement(kind, centre, lerpPoint(a, b, i / 10))));

/** What the camera must show of a released implement: its places once let go, frame by frame, and the toss bar. */
export function releaseExtent(motion: Motion): [Point, number][] {
  const prop = releasedImplement(motion);
  if (prop === undefined) return [];
  const seen: [Point, number][] = [];
  const bar = motion.implementRelease!.bar;
  if (bar !== undefined) seen.push([[bar.x, bar.height], 0.1], [[bar.x, 0], 0.3]);
  const margin = Math.max(...IMPLEMENT_HALF[prop.kind]) + 0.03;
  for (let frame = 0; frame < frameCount(motion); frame += 1) {
    const place = implementAt(motion, frame / FRAMES_PER_SECOND);
    if (place !== 'held') seen.push([place, margin]);
  }
  return seen;
}
