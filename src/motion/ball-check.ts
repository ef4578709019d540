/**
 * What `check` refuses of a ball that leaves the hands (ball-flight.ts): a flight seen from the front, one
 * with no held ball to move, a ball picked up off the floor where the hands are not down at it, a wall or
 * floor key no frame shows, a wall height off the ball's path, a ball leaving the wall faster than it came,
 * and, frame by frame, a ball (held or in flight) that passes into the floor, through the wall or through
 * the head, trunk or thighs; a ball thrown away that comes down inside the picture or too soon to be seen.
 */
import { keyStartSeconds, type Motion } from './motion.ts';
import { AWAY_SEEN, awayLaunch, BALL_RADIUS, ballAt, flyingBall, wallFace, wallMeeting } from './ball-flight.ts';
import { G } from './thrown.ts';
import { type Body, distance, LEG_HALF_WIDTH, type Point, SEGMENT, toSegment } from './skeleton.ts';
import { bodyAt, FRAMES_PER_SECOND, frameCount, heldAt, loopKeyBody } from './timeline.ts';

/** How far a ball may pass into what it meets (the floor, the wall, the body) before it reads as through it. */
const THROUGH = 0.02;
/** Half the trunk's depth as drawn from the side (render-svg.ts). */
const TRUNK_HALF = 0.1;
/** A ball thrown out of the picture comes down at least this far from where it left the hands. */
const AWAY_LANDING = 3;
/** How far the wall height a description gives may be from where the ball's path meets the wall (metres). */
const WALL_HEIGHT_OFF = 0.03;

/** What is wrong with the ball at `at` in this frame: into the floor, through the wall or the body; or nothing. */
function frameProblem(motion: Motion, body: Body, at: Point): string | undefined {
  const sunk = BALL_RADIUS - at[1];
  if (sunk > THROUGH) return `the ball is ${(sunk * 100).toFixed(0)} cm into the floor`;
  const wall = wallFace(motion);
  if (wall !== undefined) {
    const into = (wall.x - at[0]) * wall.facing + BALL_RADIUS;
    if (into > THROUGH) return `the ball is ${(into * 100).toFixed(0)} cm into the wall`;
  }
  // Held too: a ball at arm's length drawn inside the thighs, or swung over the head, passes through them.
  const head = SEGMENT.headRadius + BALL_RADIUS - distance(at, body.head);
  if (head > THROUGH) return `the ball passes ${(head * 100).toFixed(0)} cm into the head`;
  const trunk = TRUNK_HALF + BALL_RADIUS - toSegment(at, body.pelvis, body.neckBase);
  if (trunk > THROUGH) return `the ball passes ${(trunk * 100).toFixed(0)} cm into the trunk`;
  for (const leg of Object.values(body.legs)) {
    const thigh = LEG_HALF_WIDTH.thigh + BALL_RADIUS - toSegment(at, leg.root, leg.middle);
    if (thigh > THROUGH) return `the ball passes ${(thigh * 100).toFixed(0)} cm into a thigh`;
  }
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
  // A frame must show the ball at the wall or the floor: the key it meets them at falls on a frame.
  for (const [what, key] of [
    ['wall', flight.wall?.key],
    ['bounce', flight.bounce],
    ['floor', flight.floor],
  ] as const) {
    if (key === undefined) continue;
    const frames = keyStartSeconds(motion, key) * FRAMES_PER_SECOND;
    if (Math.abs(frames - Math.round(frames)) > 1e-6)
      problems.push(
        `ballFlight.${what}: key ${key} "${motion.keys[key]!.name}" is reached at ${keyStartSeconds(motion, key).toFixed(3)} s, between two frames (${FRAMES_PER_SECOND} a second), so no frame shows the ball there: make the holds and moves before it add up to a whole number of frames`,
      );
  }
  const meeting = wallMeeting(motion);
  if (meeting !== undefined && flight.wall !== undefined) {
    if (Math.abs(meeting.at[1] - flight.wall.height) > WALL_HEIGHT_OFF)
      problems.push(
        `ballFlight.wall: the ball's one arc from the release to the catch meets the wall at ${meeting.at[1].toFixed(2)} m, not at ${flight.wall.height} m: give that height, or change the keys`,
      );
    if (meeting.speedOut > meeting.speedIn + 0.05)
      problems.push(
        `ballFlight.wall: the ball leaves the wall faster (${meeting.speedOut.toFixed(1)} m/s along the floor) than it came in (${meeting.speedIn.toFixed(1)} m/s): meet the wall later or catch it later`,
      );
  }
  if (flight.away !== undefined) {
    const {
      from,
      velocity: [vx, vy],
    } = awayLaunch(motion);
    const down = (vy + Math.sqrt(Math.max(0, vy * vy + 2 * G * (from[1] - BALL_RADIUS)))) / G;
    const landing = Math.abs(vx * down);
    if (down < AWAY_SEEN)
      problems.push(
        `the ball thrown away comes down ${down.toFixed(2)} s after the release: keep it in the air ${AWAY_SEEN} s or more, so it is seen`,
      );
    if (landing < AWAY_LANDING)
      problems.push(
        `the ball thrown away comes down ${landing.toFixed(1)} m from the hands, inside the picture: throw it farther (away) or land it (floor) and pick it up`,
      );
  }
  const release = keyStartSeconds(motion, flight.release);
  const caught = flight.catch === undefined ? Number.POSITIVE_INFINITY : keyStartSeconds(motion, flight.catch);
  // Every frame, held or in flight, and the flight's two ends: where the hands let it go and take it again.
  const times = Array.from({ length: frameCount(motion) }, (_, frame) => frame / FRAMES_PER_SECOND);
  times.push(release, ...(flight.catch === undefined ? [] : [caught]));
  const faults = new Map<string, string>();
  for (const seconds of times.sort((a, b) => a - b)) {
    const body = bodyAt(motion, seconds);
    const flying = seconds === release || seconds === caught ? 'held' : ballAt(motion, seconds);
    if (flying === 'gone') continue;
    const place = flying === 'held' ? heldAt(body, prop) : flying;
    const message = frameProblem(motion, body, place);
    // The first frame of each fault (into the floor, the wall, the head, ...), not only the first fault.
    const fault = message?.replace(/\d+ cm /, '');
    if (message !== undefined && !faults.has(fault!)) faults.set(fault!, `at ${seconds.toFixed(2)} s ${message}`);
  }
  return [...problems, ...faults.values()];
}
