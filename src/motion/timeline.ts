/**
 * A Motion in time: the figure at any instant of the loop. Angles, the anchor's offset and hand or
 * foot targets are eased between keys with the same smooth curve (a flight's are thrown: thrown.ts), so
 * a clip starts and ends on the first key with zero velocity and loops without a jump.
 */
import { type Bends, elbowShifts, keyBends, keyHolds, moveHolds, type Shifts } from './elbow-bends.ts';
import { cycleSeconds, type Key, keyStartSeconds, type Motion } from './motion.ts';
import { hopFeet, limbTargets, stepPath, swingOnRigidLines } from './limb-paths.ts';
import { ankleOn, holdsAt, machineOf, solesOn } from './cardio.ts';
import { pointOf } from './resting.ts';
import { groundLift } from './bell-rest.ts';
import { handsOnLoadBetween, safetyBarBends, safetyBarHolds } from './load-arms.ts';
import { keepBarOffThighs } from './bar-against-thighs.ts';
import { type Flight, flightOf, moveProgress, thrownAt } from './thrown.ts';
import { tossProgress } from './implement-toss.ts';
import { meetingOf, plantedFeet } from './take-off.ts';
import { releaseMeetingOf } from './release.ts';
import { mixAngles } from './mix-angles.ts';
import { straightLegsBetween } from './straight-legs.ts';
import { kneesAndPivots } from './foot-pivot.ts';
import { add, type Body, lerpPoint, mix, type Point, pose, SIDES, type Side, type Targets } from './skeleton.ts';

// What the figure rests on lives in resting.ts; these are read with the timeline everywhere.
export {
  clearance,
  groundAt,
  groundUnder,
  liftToFloor,
  pointOf,
  REST_HEIGHT,
  RESTING_POINTS,
  type Support,
  supportsOf,
} from './resting.ts';

export const FRAMES_PER_SECOND = 30;

// Where held props, and the ends of lines, are on a figure (held-places.ts): read with the timeline everywhere.
export { heldAt, lineEnd, loadGrip } from './held-places.ts';

/** The figure of one key, placed by its anchor, and the pelvis offset that placed it; `bends` holds its placed elbows to a side. */
export function keyBody(key: Key, view: Motion['view'], bends: Bends = {}): { body: Body; offset: Point } {
  const free = pose(key.angles, view);
  const at = pointOf(free, key.anchor.point);
  const offset: Point = [key.anchor.at[0] - at[0], key.anchor.at[1] - at[1]];
  const targets: Targets = { elbowHolds: keyHolds(bends, placedHands(key.hands)) };
  if (key.hands !== undefined) targets.hands = key.hands;
  if (key.elbows !== undefined) targets.elbows = key.elbows;
  if (key.feet !== undefined) targets.feet = key.feet;
  if (key.feetGround !== undefined) targets.footGround = key.feetGround;
  if (key.footKept !== undefined) targets.footKept = key.footKept;
  Object.assign(targets, kneesAndPivots(key, key, 0));
  return { body: pose(key.angles, view, offset, targets), offset };
}

const placedHands = (hands: Targets['hands']): Side[] => SIDES.filter((side) => hands?.[side] !== undefined);

/** Each key's elbow bends in a motion's loop (elbow-bends.ts), and how far they moved its elbows, worked out once per motion. */
const ELBOWS = new WeakMap<Motion, { bends: Bends[]; shifts: Shifts[] }>();
function elbowsOf(motion: Motion): { bends: Bends[]; shifts: Shifts[] } {
  const known = ELBOWS.get(motion);
  if (known !== undefined) return known;
  const drawn = motion.keys.map((key) => keyBody(key, motion.view).body);
  const bends = safetyBarBends(motion, drawn) ?? keyBends(motion.keys, drawn);
  const placed = motion.keys.map((key, i) => keyBody(key, motion.view, bends[i]));
  const shifts = placed.map(({ body, offset }, i) => elbowShifts(body, pose(motion.keys[i]!.angles, motion.view, offset)));
  ELBOWS.set(motion, { bends, shifts });
  return { bends, shifts };
}

/** Key `index` of a motion as its loop draws it: its elbows bent the way its moves take them (the feet along a machine's pedals). */
export function loopKeyBody(motion: Motion, index: number): { body: Body; offset: Point } {
  const placed = placedKeyBody(motion, index);
  return { ...placed, body: keepBarOffThighs(motion, placed.body) };
}

/** Key `index` as the moves between keys start from: its held barbell not yet set against the thighs, which happens once, to the frame drawn. */
function placedKeyBody(motion: Motion, index: number): { body: Body; offset: Point } {
  const placed = keyBody(motion.keys[index]!, motion.view, elbowsOf(motion).bends[index]);
  const machine = machineOf(motion);
  if (machine === undefined) return placed;
  return { ...placed, body: solesOn(holdsAt(machine, keyStartSeconds(motion, index)), placed.body) };
}

/** Where key `key` puts a limb's end: its target, else where its angles put it. */
function limbEnd(key: Key, body: Body, limb: 'hands' | 'feet', side: Side): Point {
  return key[limb]?.[side] ?? endOf(body, limb, side);
}

/** What key `key`'s placed foot stands on; a foot it does not place (in the air) lands on, or leaves, what the other key's stands on. */
const groundOf = (key: Key, other: Key, side: Side): number =>
  key.feet?.[side] === undefined ? (other.feetGround?.[side] ?? 0) : (key.feetGround?.[side] ?? 0);

/** Where a body's hand or foot (its ankle) is. */
const endOf = (body: Body, limb: 'hands' | 'feet', side: Side): Point => (limb === 'hands' ? body.arms[side].hand : body.legs[side].end);

/** The key a time falls after, how far (0..1, eased) the move to the next key has gone, and how much (0..1) of its time. */
export function locate(motion: Motion, seconds: number): { from: number; to: number; progress: number; u: number } {
  const cycle = cycleSeconds(motion);
  let t = ((seconds % cycle) + cycle) % cycle;
  for (let i = 0; i < motion.keys.length; i += 1) {
    const key = motion.keys[i]!;
    const to = (i + 1) % motion.keys.length;
    if (t < key.hold) return { from: i, to, progress: 0, u: 0 };
    t -= key.hold;
    // A travelling figure's planted foot moves back with the floor, at one speed: its moves are not eased.
    // Nor is a flight's, and the moves around it are eased at one end only (thrown.ts); nor a toss's release (implement-toss.ts).
    const u = t / key.move;
    if (t < key.move)
      return {
        from: i,
        to,
        progress: motion.travel === undefined ? (tossProgress(motion, i, u) ?? moveProgress(motion.keys, i, u)) : u,
        u,
      };
    t -= key.move;
  }
  return { from: 0, to: 0, progress: 0, u: 0 };
}

/** Whether this part of the loop is the cross-dissolve from the last key back to the first (Motion.loop). */
const isDissolving = (motion: Motion, from: number, progress: number): boolean =>
  motion.loop === 'dissolve' && from === motion.keys.length - 1 && progress > 0;

/** Whether `seconds` into the loop falls in its cross-dissolve, where no path is drawn (the checks skip it). */
export function isCrossFading(motion: Motion, seconds: number): boolean {
  const { from, progress } = locate(motion, seconds);
  return isDissolving(motion, from, progress);
}

/** What is drawn `seconds` into the loop: the figure, or during a dissolve the last key fading out over the first fading in. */
export function figuresAt(motion: Motion, seconds: number): readonly { body: Body; opacity: number }[] {
  const { from, to, progress } = locate(motion, seconds);
  if (!isDissolving(motion, from, progress)) return [{ body: bodyAt(motion, seconds), opacity: 1 }];
  return [
    { body: loopKeyBody(motion, from).body, opacity: 1 - progress },
    { body: loopKeyBody(motion, to).body, opacity: progress },
  ];
}

/**
 * The figure `seconds` into the loop. During a dissolve (no path is drawn between the last key and the
 * first) it is whichever of the two keys shows more.
 */
export function bodyAt(motion: Motion, seconds: number): Body {
  const { from, to, progress, u } = locate(motion, seconds);
  const mixAt = (s: number) => bodyBetween(motion, keyStartSeconds(motion, from) + motion.keys[from]!.hold, from, to, s);
  const keyAt = (i: number) => placedKeyBody(motion, i).body;
  // A push into a flight or a landing from it (take-off.ts); the hands carrying a ball's release or catch (release.ts).
  const meet =
    progress > 0
      ? (meetingOf(
          motion,
          from,
          (s) => mixAt(s).pelvis,
          (i) => keyAt(i).pelvis,
        ) ?? releaseMeetingOf(motion, from, mixAt, keyAt))
      : undefined;
  // A held barbell is moved out of the thighs in every frame it would pass into them (bar-against-thighs.ts).
  if (meet === undefined) return keepBarOffThighs(motion, bodyBetween(motion, seconds, from, to, progress));
  const { progress: mixed, shift } = meet(u);
  return keepBarOffThighs(motion, bodyBetween(motion, seconds, from, to, mixed, shift));
}

/** The figure between keys `from` and `to` at a mix `progress` of them, the whole of it moved by `shift` (a grounded figure's). */
function bodyBetween(motion: Motion, seconds: number, from: number, to: number, progress: number, shift: Point = [0, 0]): Body {
  const a = motion.keys[from]!;
  const b = motion.keys[to]!;
  const placedA = placedKeyBody(motion, from);
  const machine = machineOf(motion);
  // On a machine the crank turns on through a key's hold: the feet and hands move with it.
  // Both feet hopping over through keys follow one arc, through those keys too (limb-paths.ts).
  const endAt = (i: number, limb: 'hands' | 'feet', side: Side) => limbEnd(motion.keys[i]!, placedKeyBody(motion, i).body, limb, side);
  const hop = hopFeet(motion.keys, from, progress, endAt);
  if (progress === 0 && machine === undefined && hop === undefined) return placedA.body;
  if (isDissolving(motion, from, progress)) return progress < 0.5 ? placedA.body : placedKeyBody(motion, to).body;
  const placedB = placedKeyBody(motion, to);
  // The hand or foot that steps into key b, or both feet hopping into it, lift on the way (limb-paths.ts).
  const paths = limbTargets(
    a,
    b,
    (limb, side) => limbEnd(a, placedA.body, limb, side),
    (limb, side) => limbEnd(b, placedB.body, limb, side),
    progress,
  );
  const stepping = hop === undefined ? paths : { targets: { ...paths.targets, feet: hop.feet }, steps: hop.steps };
  const targets: Targets & Required<Pick<Targets, 'hands' | 'feet'>> = { ...stepping.targets, elbows: a.elbows ?? b.elbows ?? 'low' };
  let mixed = mixAngles(a.angles, b.angles, progress);
  let offset = lerpPoint(placedA.offset, placedB.offset, progress);
  if (a.anchor.point === b.anchor.point) {
    // One anchor for both keys (a standing foot, a gripping hand): it stays exactly on its path, which
    // lifts with it when that foot or hand steps.
    const at = pointOf(pose(mixed, motion.view), a.anchor.point);
    const anchorStep = stepping.steps.find((step) => step.points.includes(a.anchor.point));
    const target =
      anchorStep === undefined
        ? lerpPoint(a.anchor.at, b.anchor.at, progress)
        : stepPath(a.anchor.at, b.anchor.at, progress, anchorStep.lift, anchorStep.rise);
    offset = [target[0] - at[0], target[1] - at[1]];
  }
  // A front view's straight legs stay straight between keys that have them straight (straight-legs.ts).
  if (machine === undefined) ({ mixed, offset } = straightLegsBetween(motion, a, b, mixed, offset, targets, stepping.steps.length > 0));
  // A bar on the back or racked in front: between keys the hands follow it where the trunk carries it (load-arms.ts).
  const onLoad = handsOnLoadBetween(motion, a, b, () => pose(mixed, motion.view, offset, targets));
  if (onLoad !== undefined) targets.hands = onLoad;
  const kept = swingOnRigidLines(
    motion.fixed,
    targets,
    (limb, side) => endOf(placedA.body, limb, side),
    (limb, side) => endOf(placedB.body, limb, side),
    progress,
  );
  if (Object.keys(kept).length > 0) targets.footKept = kept;
  // A knee that bends inward at either key bends inward on the way (view-above.ts); a foot pivots on its ball (foot-pivot.ts).
  Object.assign(targets, kneesAndPivots(a, b, progress));
  // A cardio machine holds its feet and hands on its pedals and grips, where its crank has turned to (cardio.ts).
  const holds = machine === undefined ? undefined : holdsAt(machine, seconds);
  if (holds !== undefined) {
    for (const side of SIDES) {
      const pedal = holds.feet[side];
      if (pedal !== undefined) targets.feet[side] = ankleOn(machine!.cardio!.style, pedal);
      if (holds.hands[side] !== undefined) targets.hands[side] = holds.hands[side];
    }
  }
  // Each placed elbow follows where the angles put it, as moved at key a and at key b: never re-decided frame by frame (a flip).
  const { shifts } = elbowsOf(motion);
  targets.elbowHolds = moveHolds(shifts[from]!, shifts[to]!, placedHands(targets.hands), progress);
  // A safety squat bar's elbows stay on the hips' side at every hinge (load-arms.ts).
  const onHips = safetyBarHolds(motion, () => pose(mixed, motion.view, offset, targets), targets.hands);
  if (onHips !== undefined) targets.elbowHolds = onHips;
  // A placed foot stands on what is under it at each key, and between them on what the move carries it to.
  const grounds = SIDES.filter((side) => a.feetGround?.[side] !== undefined || b.feetGround?.[side] !== undefined);
  if (grounds.length > 0)
    targets.footGround = Object.fromEntries(grounds.map((side) => [side, mix(groundOf(a, b, side), groundOf(b, a, side), progress)]));
  // A foot placed at one key and lifted at the other turns to the lifted key's angle by the end of the move (foot-angle.ts).
  const turning = SIDES.filter((side) => hop === undefined && (a.feet?.[side] === undefined) !== (b.feet?.[side] === undefined));
  if (turning.length > 0)
    targets.footTurn = Object.fromEntries(turning.map((side) => [side, a.feet?.[side] === undefined ? 1 - progress : progress]));
  // A stepping or hopping foot rises whole, keeping the angle it has resting (skeleton.ts).
  const lifted = stepping.steps.filter((step) => step.limb === 'feet');
  if (lifted.length > 0) targets.footLift = Object.fromEntries(lifted.map((step) => [step.side, step.above]));
  const body = pose(mixed, motion.view, offset, targets);
  if (holds !== undefined) return solesOn(holds, body);
  // A grounded motion (the pose pattern) rests on the floor in every frame, as in its keys; a foot that
  // leaves or lands on a box rests on the ground it has at the keys, eased between them (resting.ts).
  if (motion.isGrounded === true) {
    // The whole figure moves, limb targets with it, so the lowest resting part lands exactly on the floor;
    // in a flight, so the pelvis is where a body thrown from the take-off to the touch-down is (thrown.ts).
    const flight = flightOf(motion.keys, from);
    const lift: Point =
      flight === undefined
        ? [0, groundLift(motion, [a, b], [placedA.body, placedB.body], body, progress) + mix(a.air ?? 0, b.air ?? 0, progress)]
        : thrownLift(motion, flight, flight.into + progress * a.move, body);
    const up = (points: Partial<Record<Side, Point>>, by = lift) =>
      Object.fromEntries(Object.entries(points).map(([side, p]) => [side, add(p, by)])) as Partial<Record<Side, Point>>;
    const placed = pose(mixed, motion.view, add(offset, lift), { ...targets, hands: up(targets.hands), feet: up(targets.feet) });
    if (shift[0] === 0 && shift[1] === 0) return placed;
    // Meeting a flight (take-off.ts): the body moves on, the feet on the floor stay and the legs bend to them.
    const moved = add(lift, shift);
    const planted = plantedFeet(placed);
    return pose(mixed, motion.view, add(offset, moved), {
      ...targets,
      hands: up(targets.hands, moved),
      feet: { ...up(targets.feet, moved), ...planted },
      footKept: { ...targets.footKept, ...Object.fromEntries(Object.keys(planted).map((side) => [side, true])) },
    });
  }
  // Between keys the feet never sink into the floor: the figure is lifted by what would sink.
  const lowest = Math.min(...SIDES.flatMap((side) => [body.legs[side].heel[1], body.legs[side].toe[1]]));
  return lowest < 0 ? pose(mixed, motion.view, [offset[0], offset[1] - lowest], targets) : body;
}

/** How far the figure of a flight's frame `t` seconds after its take-off moves to put its pelvis on the thrown path. */
function thrownLift(motion: Motion, flight: Flight, t: number, body: Body): Point {
  const start = placedKeyBody(motion, flight.takeoff).body.pelvis;
  const end = placedKeyBody(motion, flight.touchdown).body.pelvis;
  const at = thrownAt(start, end, flight.seconds, t);
  return [at[0] - body.pelvis[0], at[1] - body.pelvis[1]];
}

/** Frame count of the loop at FRAMES_PER_SECOND; the frame after the last is the first again. */
export function frameCount(motion: Motion): number {
  return Math.round(cycleSeconds(motion) * FRAMES_PER_SECOND);
}

/**
 * `at S s <message>` for the first frame of the loop in which `problemOf` finds the figure wrong, or
 * nothing: the frame-by-frame checks of the props (a pad, a pedal, rollers, a ball against a wall).
 */
export function firstFrameProblem(motion: Motion, problemOf: (body: Body, seconds: number) => string | undefined): string[] {
  for (let frame = 0; frame < frameCount(motion); frame += 1) {
    const seconds = frame / FRAMES_PER_SECOND;
    const message = problemOf(bodyAt(motion, seconds), seconds);
    if (message !== undefined) return [`at ${seconds.toFixed(2)} s ${message}`];
  }
  return [];
}
