/**
 * A take-off and a touch-down that the flight carries on (docs/operations.md#media-cli): the push into a
 * take-off key ends with the pelvis moving at the flight's initial velocity, and the absorb out of a
 * touch-down key starts at the flight's final velocity, so neither the speed nor its direction jumps at
 * the edge of a flight. The move is re-timed on a cubic (Hermite) curve whose slope at its flight end
 * gives the pelvis the flight's speed along its own path (a power of the time where a cubic would turn
 * back); what the path's direction cannot give is a
 * small shift of the whole figure, zero at both keys, that makes up the rest.
 */
import type { Key, Motion } from './motion.ts';
import type { Body, Point, Side } from './skeleton.ts';
import { flightOf, G, isThrownMove } from './thrown.ts';

/** How a push or a landing runs at `u` (0..1) of its time: how far its keys' mix has gone, and the whole figure's shift. */
export type Meeting = (u: number) => { progress: number; shift: Point };

/** A flight's pelvis velocity (m/s) at its take-off (`end` false) or touch-down: one parabola under g through both pelvises in `seconds`. */
export function flightVelocity(start: Point, end: Point, seconds: number, atEnd: boolean): Point {
  const rise = (end[1] - start[1]) / seconds;
  return [(end[0] - start[0]) / seconds, rise + ((atEnd ? -1 : 1) * G * seconds) / 2];
}

/** What the move out of key `i` meets: the flight it lands from (at its start), the flight it pushes into (at its end). */
export function flightEnds(keys: readonly Pick<Key, 'flight' | 'move'>[], i: number): { landing: boolean; pushing: boolean } {
  const n = keys.length;
  if (isThrownMove(keys, i) || !keys.some((k) => k.flight === true)) return { landing: false, pushing: false };
  return { landing: keys[(i - 1 + n) % n]!.flight === true, pushing: keys[(i + 2) % n]!.flight === true };
}

// Cubic Hermite basis: the curve from 0 to 1 with slopes k0 and k1 at its ends, and the bumps (zero at both ends) with slope 1 at one end.
const h01 = (u: number) => u * u * (3 - 2 * u);
const h10 = (u: number) => u * (1 - u) * (1 - u);
const h11 = (u: number) => u * u * (u - 1);
const dot = (a: Point, b: Point) => a[0] * b[0] + a[1] * b[1];

/**
 * The meeting of a move whose pelvis at a mix `s` of its keys is `pelvisAt(s)`, lasting `seconds`, with the
 * flight velocities `landing` at its start and `pushing` at its end (either absent: the figure is at rest
 * there). The slope at each flight end is the flight's velocity projected on the pelvis's path there; the
 * rest of it is the shift.
 */
export function meeting(pelvisAt: (s: number) => Point, seconds: number, landing?: Point, pushing?: Point): Meeting {
  const step = 1e-4;
  const slopeOf = (velocity: Point | undefined, s: number): { k: number; along: Point; wanted: Point } => {
    if (velocity === undefined) return { k: 0, along: [0, 0], wanted: [0, 0] };
    const [a, b] = s === 0 ? [pelvisAt(0), pelvisAt(step)] : [pelvisAt(1 - step), pelvisAt(1)];
    const along: Point = [(b[0] - a[0]) / step, (b[1] - a[1]) / step];
    const wanted: Point = [velocity[0] * seconds, velocity[1] * seconds];
    const length = dot(along, along);
    return { k: length < 1e-9 ? 0 : Math.max(0, Math.min(MAX_SLOPE, dot(along, wanted) / length)), along, wanted };
  };
  const start = slopeOf(landing, 0);
  const end = slopeOf(pushing, 1);
  // Both ends in flight: both slopes within a circle of radius 3, a cubic that never turns back (Fritsch and Carlson).
  const scale = landing !== undefined && pushing !== undefined ? Math.min(1, 3 / Math.max(1e-9, Math.hypot(start.k, end.k))) : 1;
  const [k0, k1] = [start.k * scale, end.k * scale];
  const rest = (slope: typeof start, k: number): Point => [slope.wanted[0] - k * slope.along[0], slope.wanted[1] - k * slope.along[1]];
  const [r0, r1] = [rest(start, k0), rest(end, k1)];
  return (u) => ({
    progress: curve(k0, k1, u),
    shift: [h10(u) * r0[0] + h11(u) * r1[0], h10(u) * r0[1] + h11(u) * r1[1]],
  });
}

/** The steepest a move may meet its flight (its mix's slope there, the straight mix's 1): steeper, it would hang still at its rest end. */
const MAX_SLOPE = 8;

/**
 * The mix at `u` of a move with slope k0 at its start and k1 at its end. The cubic turns back when an
 * end's slope passes 3; a move with one end at rest then goes as a power of its time (u³ at 3 either way),
 * which leaves its rest end at rest and meets its flight as steeply as it must.
 */
function curve(k0: number, k1: number, u: number): number {
  if (k0 === 0 && k1 > 3) return u ** k1;
  if (k1 === 0 && k0 > 3) return 1 - (1 - u) ** k0;
  return h01(u) + k0 * h10(u) + k1 * h11(u);
}

/** The ankles of the feet a figure stands on (within 2 cm of its lowest foot): they stay put while a meeting's shift moves the body. */
export function plantedFeet(body: Body): Partial<Record<Side, Point>> {
  const lowOf = (side: Side) => Math.min(body.legs[side].heel[1], body.legs[side].toe[1]);
  const lowest = Math.min(lowOf('left'), lowOf('right'));
  const sides = (['left', 'right'] as const).filter((side) => lowOf(side) < lowest + 0.02);
  return Object.fromEntries(sides.map((side) => [side, body.legs[side].end]));
}

/** A take-off velocity that rises, or nothing: a flight whose top is its take-off (a drop) meets no push. */
const rising = (velocity: Point | undefined): Point | undefined => (velocity !== undefined && velocity[1] > 0.1 ? velocity : undefined);

/** Meetings worked out once per motion and key: this module keeps one store, release.ts another. */
export type MeetingStore = WeakMap<Motion, Map<number, Meeting | undefined>>;

/** The meeting of the move out of key `from` in `store`, worked out by `find` the first time it is asked for. */
export function meetingOnce(store: MeetingStore, motion: Motion, from: number, find: () => Meeting | undefined): Meeting | undefined {
  const known = store.get(motion) ?? new Map<number, Meeting | undefined>();
  store.set(motion, known);
  if (!known.has(from)) known.set(from, find());
  return known.get(from);
}

/** The meeting of each grounded move into a take-off or out of a touch-down. */
const MEETINGS: MeetingStore = new WeakMap();

/**
 * The meeting of the move out of key `from` of a grounded motion, or nothing when it meets no flight:
 * `pelvisAt(s)` is its pelvis at a mix `s` of its keys (timeline.ts), `keyPelvis(i)` key i's as drawn.
 */
export function meetingOf(
  motion: Motion,
  from: number,
  pelvisAt: (s: number) => Point,
  keyPelvis: (i: number) => Point,
): Meeting | undefined {
  if (motion.isGrounded !== true || motion.travel !== undefined) return undefined;
  const { landing, pushing } = flightEnds(motion.keys, from);
  if (!landing && !pushing) return undefined;
  const n = motion.keys.length;
  const velocity = (flightKey: number, atEnd: boolean): Point | undefined => {
    const flight = flightOf(motion.keys, flightKey);
    return flight === undefined ? undefined : flightVelocity(keyPelvis(flight.takeoff), keyPelvis(flight.touchdown), flight.seconds, atEnd);
  };
  return meetingOnce(MEETINGS, motion, from, () =>
    meeting(
      pelvisAt,
      motion.keys[from]!.move,
      landing ? velocity((from - 1 + n) % n, true) : undefined,
      // A step off a box is no push: its flight does not rise from the edge, and the body only falls from it.
      pushing ? rising(velocity((from + 1) % n, false)) : undefined,
    ),
  );
}
