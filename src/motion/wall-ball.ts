/**
 * A ball pinned between the wall and the body (a lacrosse ball on the upper back or chest, a stability
 * ball behind the small of the back): where it presses on the body, where it sits against the wall, and
 * the check that the body keeps it pinned there in every frame, neither leaving it nor passing into it.
 */
import type { FixedProp, Motion, WallSpot } from './motion.ts';
import type { Body, Point } from './skeleton.ts';
import { firstFrameProblem } from './timeline.ts';

/** A lacrosse ball and a 65 cm stability ball, across (metres). */
export const BALL_ACROSS = { 'massage-ball': 0.065, 'stability-ball': 0.65 } as const;
/** From the spine's line to the skin of the back or the chest (the trunk's half depth). */
const TRUNK_HALF_DEPTH = 0.1;
/** The body leaving the ball or pressing into it by more than this is refused (a resting part within ~2 cm, and the give of the ball). */
const PINNED_WITHIN = 0.03;

/** Where along the trunk each spot is, from the base of the neck to the waist (0..1) or, past 1, on toward the pelvis. */
const ALONG: Readonly<Record<WallSpot, number>> = { 'upper-back': 0.35, chest: 0.3, 'lower-back': 1.35 };

/** The point of the body's surface where the ball presses: on the back, or the front for the chest. */
export function spotOf(body: Body, spot: WallSpot): Point {
  const t = ALONG[spot];
  const [from, to, u] = t <= 1 ? [body.neckBase, body.waist, t] : [body.waist, body.pelvis, t - 1];
  const along: Point = [from[0] + (to[0] - from[0]) * u, from[1] + (to[1] - from[1]) * u];
  // Forward, square to the trunk (waist to neck), as heldAt reads the back and the front of the chest.
  const [dx, dy] = [body.neckBase[1] - body.waist[1], -(body.neckBase[0] - body.waist[0])];
  const length = Math.hypot(dx, dy) || 1;
  const side = spot === 'chest' ? 1 : -1;
  return [along[0] + (side * TRUNK_HALF_DEPTH * dx) / length, along[1] + (side * TRUNK_HALF_DEPTH * dy) / length];
}

/** The pinned ball's centre in this frame: against the wall, level with where it presses on the body. */
export function pinnedBallCentre(ball: FixedProp, body: Body): Point {
  const radius = ball.y / 2;
  return [ball.x0 + Math.sign(ball.x1 - ball.x0) * radius, spotOf(body, ball.pinned!)[1]];
}

/** The ball of this kind pinned against the wall at `wall`, between it and a figure standing on the side of `towards`. */
export function pinnedBall(kind: keyof typeof BALL_ACROSS, wall: number, towards: number, spot: WallSpot): FixedProp {
  const across = BALL_ACROSS[kind];
  return { kind, x0: wall, x1: wall + Math.sign(towards - wall || 1) * across, y: across, pinned: spot };
}

/** The first frame in which the body leaves a pinned ball or presses into it, named. */
export function wallBallProblems(motion: Motion): string[] {
  const ball = motion.fixed.find((prop) => prop.pinned !== undefined);
  if (ball === undefined) return [];
  if (motion.view !== 'side') return ['a ball pinned against the wall is drawn from the side only'];
  const pinned = ball.pinned!;
  return firstFrameProblem(motion, (body) => {
    // How far the body's surface is from the ball's side away from the wall: positive off it, negative into it.
    const off = (spotOf(body, pinned)[0] - ball.x1) * Math.sign(ball.x1 - ball.x0);
    if (Math.abs(off) <= PINNED_WITHIN) return undefined;
    const what = off > 0 ? `is ${(off * 100).toFixed(0)} cm off the ball` : `presses ${(-off * 100).toFixed(0)} cm into the ball`;
    return `the ${pinned.replace('-', ' ')} ${what} pinned against the wall`;
  });
}
