/**
 * What `check` refuses of a ball's release the hands do not carry (release.ts): the ball in the hands,
 * just before the release key and just after it, moving at other than the ball's launch velocity by more
 * than RELEASE_MARGIN of its speed (a ball springing off hands that have stopped, or that move another way).
 */
import { keyStartSeconds, type Motion } from './motion.ts';
import { flyingBall } from './ball-legs.ts';
import { carriedVelocities } from './release.ts';
import type { Point } from './skeleton.ts';
import { bodyAt, heldAt, loopKeyBody } from './timeline.ts';

/** How far the hands' velocity at the release may be from the ball's, as a share of the ball's speed (0.25: 14° apart at its speed). */
export const RELEASE_MARGIN = 0.25;
/** The time over which the hands' velocity is measured either side of the release (seconds). */
const STEP = 1e-3;

const speedOf = (v: Point): number => Math.hypot(v[0], v[1]);
const said = (v: Point): string =>
  `${speedOf(v).toFixed(1)} m/s (${Math.abs(v[0]).toFixed(1)} ${v[0] < 0 ? 'back' : 'forward'}, ${Math.abs(v[1]).toFixed(1)} ${v[1] < 0 ? 'down' : 'up'})`;

/** The angle (degrees) between two velocities. */
function apart(a: Point, b: Point): number {
  const cos = (a[0] * b[0] + a[1] * b[1]) / Math.max(1e-9, speedOf(a) * speedOf(b));
  return (Math.acos(Math.max(-1, Math.min(1, cos))) * 180) / Math.PI;
}

/** The ball in the hands' velocity just before (-1) or just after (+1) `seconds`, by finite differences. */
export function handsVelocity(motion: Motion, seconds: number, side: -1 | 1): Point {
  const prop = flyingBall(motion)!;
  const [a, b] = side < 0 ? [seconds - STEP, seconds] : [seconds, seconds + STEP];
  const [p, q] = [heldAt(bodyAt(motion, a), prop), heldAt(bodyAt(motion, b), prop)];
  return [(q[0] - p[0]) / STEP, (q[1] - p[1]) / STEP];
}

/** A release whose hands, either side of it, do not move with the ball (RELEASE_MARGIN), as messages. */
export function releaseProblems(motion: Motion): string[] {
  const flight = motion.ball;
  if (flight === undefined || flyingBall(motion) === undefined || motion.view !== 'side') return [];
  const { launch } = carriedVelocities(motion, (index) => loopKeyBody(motion, index).body);
  if (launch === undefined) return [];
  const seconds = keyStartSeconds(motion, flight.release);
  const key = motion.keys[flight.release]!;
  const problems: string[] = [];
  for (const [side, when] of [
    [-1, 'reach'],
    [1, 'leave'],
  ] as const) {
    const hands = handsVelocity(motion, seconds, side);
    const off = speedOf([hands[0] - launch[0], hands[1] - launch[1]]) / speedOf(launch);
    if (off <= RELEASE_MARGIN) continue;
    const hint =
      key.hold !== 0
        ? 'a held release stops the hands: give it hold 0'
        : apart(hands, launch) > 14
          ? `turn the hands' path ${apart(hands, launch).toFixed(0)}° toward the ball's`
          : `${speedOf(hands) < speedOf(launch) ? 'faster' : 'slower'} hands, or another throw`;
    problems.push(
      `key ${flight.release} "${key.name}": the hands ${when} the release at ${said(hands)} while the ball leaves at ${said(launch)}: the hands carry the ball (within ${RELEASE_MARGIN * 100}% of its velocity); ${hint}`,
    );
  }
  return problems;
}
