/**
 * A thrown ball's legs between its release and its catch (ball-flight.ts draws them), worked out from where
 * the hands hold it at each key, and its velocity as it leaves the hands and as it comes back to them:
 * geometry of the description alone, apart from the timeline, which carries the hands at those velocities
 * (release.ts).
 */
import { type HeldProp, keyStartSeconds, type Motion } from './motion.ts';
import type { Point } from './skeleton.ts';
import { flightVelocity } from './take-off.ts';

/** A medicine ball: 24 cm across, drawn at the hands as any held ball (render-props.ts). */
export const BALL_RADIUS = 0.12;

/** One leg of the flight: from a point at a time to a point at a later time, thrown or (on the floor) lying still. */
export interface Leg {
  start: number;
  end: number;
  from: Point;
  to: Point;
  lying: boolean;
  /** Off a wall: when it meets the face and where (x); a wall turns back only its way along the floor. */
  turn?: { time: number; x: number };
}

/** The held ball a flight moves: the description's `ball` prop. */
export const flyingBall = (motion: Motion): HeldProp | undefined =>
  motion.ball === undefined ? undefined : motion.held.find((prop) => prop.kind === 'ball');

/** The wall the ball meets: its face's x, and the side the figure is on (-1: in front of a wall ahead). */
export function wallFace(motion: Motion): { x: number; facing: number } | undefined {
  const wall = motion.fixed.find((prop) => prop.kind === 'wall');
  return wall === undefined ? undefined : { x: wall.x0, facing: wall.x1 >= wall.x0 ? -1 : 1 };
}

/** The legs of a caught ball's flight, `heldPoint(i)` being where the hands hold it at key i (none for a ball thrown away). */
export function legsOf(motion: Motion, heldPoint: (index: number) => Point): Leg[] {
  const flight = motion.ball;
  if (flight?.catch === undefined) return [];
  const at = (index: number) => keyStartSeconds(motion, index);
  const release = { time: at(flight.release), point: heldPoint(flight.release) };
  const caught = { time: at(flight.catch), point: heldPoint(flight.catch) };
  const legs: Leg[] = [];
  const leg = (from: { time: number; point: Point }, to: { time: number; point: Point }, lying = false) =>
    legs.push({ start: from.time, end: to.time, from: from.point, to: to.point, lying });
  const wall = wallFace(motion);
  if (flight.wall !== undefined && wall !== undefined) {
    // It meets the wall's face with its side (its centre a radius out from the face) at the wall key. A
    // vertical wall turns back only its way along the floor: its height stays on the one parabola from
    // the release to the catch, so the height it meets the wall at follows (wallMeeting).
    const turn = { time: at(flight.wall.key), x: wall.x + wall.facing * BALL_RADIUS };
    legs.push({ start: release.time, end: caught.time, from: release.point, to: caught.point, lying: false, turn });
  } else if (flight.bounce !== undefined) {
    // It meets the floor under where the hands catch it, and bounces straight up into them.
    const bounced = { time: at(flight.bounce), point: [caught.point[0], BALL_RADIUS] as Point };
    leg(release, bounced);
    leg(bounced, caught);
  } else if (flight.floor !== undefined) {
    // It lands under where the hands pick it up, and lies there until they do.
    const landed = { time: at(flight.floor), point: [caught.point[0], BALL_RADIUS] as Point };
    leg(release, landed);
    leg(landed, { time: caught.time, point: landed.point }, true);
  } else leg(release, caught);
  return legs;
}

/** A ball thrown away: its velocity as it leaves the hands (metres a second, along the floor and up). */
export function awayVelocity(motion: Motion): Point {
  const { direction, speed } = motion.ball!.away!;
  const radians = (direction * Math.PI) / 180;
  return [Math.sin(radians) * speed, -Math.cos(radians) * speed];
}

/** A leg's velocity at its start or end: its height's on the parabola, its way along the floor's toward or from the wall. */
function legVelocity(leg: Leg, atEnd: boolean): Point {
  const [vx, vy] = flightVelocity(leg.from, leg.to, leg.end - leg.start, atEnd);
  if (leg.turn === undefined) return [vx, vy];
  const { time, x } = leg.turn;
  return [atEnd ? (leg.to[0] - x) / (leg.end - time) : (x - leg.from[0]) / (time - leg.start), vy];
}

/**
 * The ball's velocity as it leaves the hands (`launch`) and as it comes back into them (`arrival`; none
 * when it is picked up off the floor or thrown away), `heldPoint(i)` being where the hands hold it at key i.
 */
export function ballVelocities(motion: Motion, heldPoint: (index: number) => Point): { launch?: Point; arrival?: Point } {
  if (motion.ball === undefined) return {};
  if (motion.ball.away !== undefined) return { launch: awayVelocity(motion) };
  const legs = legsOf(motion, heldPoint);
  const last = legs[legs.length - 1];
  if (legs.length === 0 || last === undefined) return {};
  return { launch: legVelocity(legs[0]!, false), ...(last.lying ? {} : { arrival: legVelocity(last, true) }) };
}
