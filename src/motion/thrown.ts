/**
 * A flight drawn as a thrown body (docs/operations.md#media-cli): the keys a description marks `flight`
 * are in the air between the last key with a support before them (the take-off) and the first after
 * them (the touch-down). Through that stretch time runs linearly and the pelvis follows one parabola
 * under gravity at one speed along the floor; the push into the take-off only accelerates and the
 * landing out of the touch-down only decelerates, so neither stops the figure at the edge of the flight.
 */
import type { Key } from './motion.ts';
import type { Point } from './skeleton.ts';

/** Gravity (m/s²): every thrown body in a clip (a jump's flight, a ball's) falls with it. */
export const G = 9.81;

/** Smootherstep: zero velocity and acceleration at both ends of a move. */
export function ease(u: number): number {
  const t = Math.max(0, Math.min(1, u));
  return t * t * t * (t * (t * 6 - 15) + 10);
}

/** One flight: its take-off and touch-down keys, its length in seconds and how far into it a move begins. */
export interface Flight {
  takeoff: number;
  touchdown: number;
  seconds: number;
  /** Seconds from the take-off to the start of the move the frame is in. */
  into: number;
}

/** Ease-in only: from rest, reaching the end of the move still moving (smootherstep's first half). */
export const easeIn = (u: number): number => 2 * ease(u / 2);
/** Ease-out only: leaving the start of the move already moving, coming to rest at its end. */
export const easeOut = (u: number): number => 2 * ease(0.5 + u / 2) - 1;

type Keys = readonly Pick<Key, 'flight' | 'move' | 'through'>[];
const next = (keys: Keys, i: number): number => (i + 1) % keys.length;
const previous = (keys: Keys, i: number): number => (i - 1 + keys.length) % keys.length;

/** Whether key `i` is a flight's take-off or touch-down: on a support, with a key in the air beside it. */
export const bordersFlight = (keys: readonly { flight?: true | undefined }[], i: number): boolean =>
  keys[(i + 1) % keys.length]!.flight === true || keys[(i - 1 + keys.length) % keys.length]!.flight === true;

/** Whether the move out of key `i` is part of a flight: it leaves a key in the air or moves into one. */
export const isThrownMove = (keys: Keys, i: number): boolean => keys[i]!.flight === true || keys[next(keys, i)]!.flight === true;

/**
 * How far (0..1) the move out of key `i` has gone at `u` (0..1) of its time: linear in a flight; else
 * eased at each end where the figure is at rest, and not where it keeps moving: into a take-off, out of
 * a touch-down, and at a key marked `through` (a waypoint, hold 0). Every other move eases at both ends.
 */
export function moveProgress(keys: Keys, i: number, u: number): number {
  const hasFlight = keys.some((k) => k.flight === true);
  if (hasFlight && isThrownMove(keys, i)) return u;
  const to = next(keys, i);
  const leavesMoving = keys[i]!.through === true || (hasFlight && keys[previous(keys, i)]!.flight === true);
  const arrivesMoving = keys[to]!.through === true || (hasFlight && keys[next(keys, to)]!.flight === true);
  if (leavesMoving && arrivesMoving) return u;
  if (arrivesMoving) return easeIn(u);
  return leavesMoving ? easeOut(u) : ease(u);
}

/** The flight the move out of key `from` belongs to, or nothing when it is on a support. */
export function flightOf(keys: Keys, from: number): Flight | undefined {
  // A loop of keys all in the air has no take-off (the schema refuses it).
  if (!isThrownMove(keys, from) || keys.every((k) => k.flight === true)) return undefined;
  let takeoff = from;
  while (keys[takeoff]!.flight === true) takeoff = previous(keys, takeoff);
  let into = 0;
  for (let i = takeoff; i !== from; i = next(keys, i)) into += keys[i]!.move;
  let touchdown = next(keys, from);
  let seconds = into + keys[from]!.move;
  while (keys[touchdown]!.flight === true) {
    seconds += keys[touchdown]!.move;
    touchdown = next(keys, touchdown);
  }
  return { takeoff, touchdown, seconds, into };
}

/**
 * Where a thrown body is `t` seconds into a flight of `seconds` from `start` to `end`: its height on the one
 * parabola under g through both, its travel along the floor at one speed.
 */
export function thrownAt(start: Point, end: Point, seconds: number, t: number): Point {
  const u = t / seconds;
  return [start[0] + (end[0] - start[0]) * u, start[1] + (end[1] - start[1]) * u + (G / 2) * t * (seconds - t)];
}
