/**
 * What `check` refuses of a ball that leaves the hands (ball-flight.ts): a flight seen from the front, one
 * with no held ball to move, a ball picked up off the floor where the hands are not down at it, and, frame
 * by frame, a ball in flight that passes into the floor, through the wall or through the head or trunk; a
 * ball thrown away that comes down inside the picture.
 */
import { keyStartSeconds, type Motion } from './motion.ts';
import { BALL_RADIUS, ballAt, flyingBall, GRAVITY } from './ball-flight.ts';
import { type Body, distance, type Point, SEGMENT } from './skeleton.ts';
import { bodyAt, FRAMES_PER_SECOND, frameCount, heldAt, loopKeyBody } from './timeline.ts';

/** How far a ball may pass into what it meets (the floor, the wall, the body) before it reads as through it. */
const THROUGH = 0.02;
/** Half the trunk's depth as drawn from the side (render-svg.ts). */
const TRUNK_HALF = 0.1;
/** A ball thrown out of the picture comes down at least this far from where it left the hands. */
const AWAY_LANDING = 3;
/** A ball this near the hands (at the release, the catch, and just after or before them) is held against the body, not through it. */
const AT_HANDS = BALL_RADIUS + 0.02;

const toSegment = (point: Point, a: Point, b: Point): number => {
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const t = Math.max(0, Math.min(1, ((point[0] - a[0]) * dx + (point[1] - a[1]) * dy) / (dx * dx + dy * dy || 1)));
  return distance(point, [a[0] + dx * t, a[1] + dy * t]);
};

/** What is wrong with the ball at `at` in this frame: into the floor, through the wall or the body; or nothing. */
function frameProblem(motion: Motion, body: Body, at: Point, nearHands: boolean): string | undefined {
  const sunk = BALL_RADIUS - at[1];
  if (sunk > THROUGH) return `the ball is ${(sunk * 100).toFixed(0)} cm into the floor`;
  const wall = motion.fixed.find((prop) => prop.kind === 'wall');
  if (wall !== undefined) {
    const facing = wall.x1 >= wall.x0 ? 1 : -1;
    const into = (at[0] - wall.x0) * facing + BALL_RADIUS;
    if (into > THROUGH) return `the ball is ${(into * 100).toFixed(0)} cm into the wall`;
  }
  if (nearHands) return undefined;
  const head = SEGMENT.headRadius + BALL_RADIUS - distance(at, body.head);
  if (head > THROUGH) return `the ball passes ${(head * 100).toFixed(0)} cm into the head`;
  const trunk = TRUNK_HALF + BALL_RADIUS - toSegment(at, body.pelvis, body.neckBase);
  if (trunk > THROUGH) return `the ball passes ${(trunk * 100).toFixed(0)} cm into the trunk`;
  return undefined;
}

export function ballFlightProblems(motion: Motion): string[] {
  const flight = motion.ball;
  if (flight === undefined) return [];
  const prop = flyingBall(motion);
  if (prop === undefined || !(prop.at === 'hands' || prop.at === 'left' || prop.at === 'right'))
    return ['ballFlight throws a ball held in the hands or one hand: name the prop ball (holdIn hands, left or right)'];
  if (motion.view !== 'side') return ['a ball in flight is drawn from the side only'];
  const problems: string[] = [];
  if (flight.floor !== undefined && flight.catch !== undefined) {
    const pick = heldAt(loopKeyBody(motion, flight.catch).body, prop);
    const above = pick[1] - BALL_RADIUS;
    if (Math.abs(above) > THROUGH)
      problems.push(
        `key ${flight.catch} "${motion.keys[flight.catch]!.name}": the hands pick the ball up ${(above * 100).toFixed(0)} cm ${above > 0 ? 'above' : 'below'} the floor it lies on`,
      );
  }
  if (flight.away !== undefined) {
    const from = heldAt(loopKeyBody(motion, flight.release).body, prop);
    const radians = (flight.away.direction * Math.PI) / 180;
    const [vx, vy] = [Math.sin(radians) * flight.away.speed, -Math.cos(radians) * flight.away.speed];
    const down = (vy + Math.sqrt(Math.max(0, vy * vy + 2 * GRAVITY * (from[1] - BALL_RADIUS)))) / GRAVITY;
    const landing = Math.abs(vx * down);
    if (landing < AWAY_LANDING)
      problems.push(
        `the ball thrown away comes down ${landing.toFixed(1)} m from the hands, inside the picture: throw it farther (away) or land it (floor) and pick it up`,
      );
  }
  const release = keyStartSeconds(motion, flight.release);
  const caught = flight.catch === undefined ? Number.POSITIVE_INFINITY : keyStartSeconds(motion, flight.catch);
  // The frames of the flight, and its two ends: where the hands let it go and where they take it again.
  const times = Array.from({ length: frameCount(motion) }, (_, frame) => frame / FRAMES_PER_SECOND);
  times.push(release, ...(flight.catch === undefined ? [] : [caught]));
  for (const seconds of times) {
    const place = seconds === release || seconds === caught ? heldAt(bodyAt(motion, seconds), prop) : ballAt(motion, seconds);
    if (place === 'held' || place === 'gone') continue;
    const body = bodyAt(motion, seconds);
    const message = frameProblem(motion, body, place, distance(place, heldAt(body, prop)) < AT_HANDS);
    if (message !== undefined) return [...problems, `at ${seconds.toFixed(2)} s ${message}`];
  }
  return problems;
}
