/**
 * A ball that leaves the hands (Motion.ball): where it is at any instant of the loop. In the hands before
 * its release key and from its catch key on; between them a thrown body (constant speed along the floor,
 * one parabola under g through each leg's two ends in the leg's time), by way of the wall's face (one
 * parabola from release to catch, only its way along the floor turned back at the face) or the floor,
 * where it lies still until the hands pick it up or bounces up into them, or out of the picture.
 */
import { cycleSeconds, type HeldProp, keyStartSeconds, type Motion } from './motion.ts';
import type { Point } from './skeleton.ts';
import { awayVelocity, BALL_RADIUS, flyingBall, type Leg, legsOf } from './ball-legs.ts';
import { G, thrownAt } from './thrown.ts';
import { FRAMES_PER_SECOND, frameCount, heldAt, loopKeyBody } from './timeline.ts';

// The legs' geometry lives in ball-legs.ts (the timeline reads the ball's velocities there); read with the flight everywhere.
export { BALL_RADIUS, flyingBall, wallFace } from './ball-legs.ts';

/** Where a ball is: in the hands, at a point of its flight or lying on the floor, or gone out of the picture. */
export type BallPlace = 'held' | Point | 'gone';

/** The ball's legs between release and catch, worked out once per motion. */
const LEGS = new WeakMap<Motion, Leg[]>();

/** Where the ball is at key `index` of the loop, held: at the hands that hold it as the loop draws that key. */
function heldPoint(motion: Motion, prop: HeldProp, index: number): Point {
  return heldAt(loopKeyBody(motion, index).body, prop);
}

function ballLegs(motion: Motion): Leg[] {
  const known = LEGS.get(motion);
  if (known !== undefined) return known;
  const prop = flyingBall(motion)!;
  const legs = legsOf(motion, (index) => heldPoint(motion, prop, index));
  LEGS.set(motion, legs);
  return legs;
}

/** Where the ball is `seconds` into the loop (a frame of its cross-dissolve's incoming start: `held`). */
export function ballAt(motion: Motion, seconds: number): BallPlace {
  const flight = motion.ball;
  if (flight === undefined || flyingBall(motion) === undefined) return 'held';
  const cycle = cycleSeconds(motion);
  // (One remainder, not two: a key's own start time must come back exactly.)
  const t = seconds % cycle < 0 ? (seconds % cycle) + cycle : seconds % cycle;
  const released = keyStartSeconds(motion, flight.release);
  if (t < released) return 'held';
  if (flight.away !== undefined) {
    const point = awayPoint(motion, t - released);
    // Out of the picture it lands far off: nothing is drawn of it once it is down at the floor.
    return point[1] < BALL_RADIUS ? 'gone' : point;
  }
  for (const leg of ballLegs(motion)) {
    if (t >= leg.end) continue;
    if (leg.lying) return leg.from;
    const point = thrownAt(leg.from, leg.to, leg.end - leg.start, t - leg.start);
    if (leg.turn === undefined) return point;
    const { time, x } = leg.turn;
    const along =
      t < time
        ? leg.from[0] + ((x - leg.from[0]) * (t - leg.start)) / (time - leg.start)
        : x + ((leg.to[0] - x) * (t - time)) / (leg.end - time);
    return [along, point[1]];
  }
  return 'held';
}

/**
 * Where and how a ball off the wall meets it: its centre at the face, and its speeds along the floor in
 * and out (metres a second); nothing when it meets no wall.
 */
export function wallMeeting(motion: Motion): { at: Point; time: number; speedIn: number; speedOut: number } | undefined {
  const leg = motion.ball?.wall === undefined || flyingBall(motion) === undefined ? undefined : ballLegs(motion)[0];
  if (leg?.turn === undefined) return undefined;
  const { time, x } = leg.turn;
  return {
    at: [x, thrownAt(leg.from, leg.to, leg.end - leg.start, time - leg.start)[1]],
    time,
    speedIn: Math.abs(x - leg.from[0]) / (time - leg.start),
    speedOut: Math.abs(leg.to[0] - x) / (leg.end - time),
  };
}

/** How long a ball thrown out of the picture is drawn in it at the least: the picture widens to keep it that long. */
export const AWAY_SEEN = 0.3;

/** A ball thrown away: where it leaves the hands, and its velocity then (metres a second, along the floor and up). */
export function awayLaunch(motion: Motion): { from: Point; velocity: Point } {
  return { from: heldPoint(motion, flyingBall(motion)!, motion.ball!.release), velocity: awayVelocity(motion) };
}

/** A ball thrown away, `dt` seconds after it leaves the hands (it lands far off). */
function awayPoint(motion: Motion, dt: number): Point {
  const { from, velocity } = awayLaunch(motion);
  return [from[0] + velocity[0] * dt, from[1] + velocity[1] * dt - (G * dt * dt) / 2];
}

/**
 * The ball's places frame by frame while it is out of the hands and in the picture (for the camera): of a
 * ball thrown away, its first AWAY_SEEN seconds, so a reader sees where it went.
 */
export function ballPathPoints(motion: Motion): Point[] {
  if (motion.ball === undefined || flyingBall(motion) === undefined) return [];
  if (motion.ball.away !== undefined) {
    const frames = Math.ceil(AWAY_SEEN * FRAMES_PER_SECOND);
    return Array.from({ length: frames + 1 }, (_, frame) => awayPoint(motion, frame / FRAMES_PER_SECOND)).filter(
      (p) => p[1] >= BALL_RADIUS,
    );
  }
  const points: Point[] = [];
  for (let frame = 0; frame < frameCount(motion); frame += 1) {
    const place = ballAt(motion, frame / FRAMES_PER_SECOND);
    if (place !== 'held' && place !== 'gone') points.push(place);
  }
  return points;
}
