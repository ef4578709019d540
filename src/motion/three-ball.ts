/**
 * A stability ball in the three-quarter scene (`"ball": {"x": 0.3, "z": 0}`, 0.6.0): a 65 cm ball resting on the floor
 * (the planar one's, floor-tops.ts) centred over (x, z), where it stays through the clip. A planted point over it rests
 * on its surface as a ball of its rest height would, its middle the two radii from the ball's centre: seated on its
 * crown, lying back over it, the forearms on it for a stir-the-pot. Over its upper part only: a point more than 90% of
 * the ball's radius out from its centre, along the floor, is over its side, which bears nothing, and rests on what is
 * under it (the floor). Drawn as the planar ball is, a disc with its edge, painted among the limbs by its centre's depth.
 *
 * What is planted rests on the highest of what is under it: the ball, the bench (three-bench.ts) or the floor.
 */
import { type Camera, circle, COLOURS } from './svg-kit.ts';
import { type Bench, restingOver } from './three-bench.ts';
import { type Block, blockTopUnder } from './three-block.ts';
import type { Lens, Stroke } from './three-camera.ts';
import { type DrawnKind, drawnParts } from './three-drawn.ts';
import type { Body3 } from './three-figure.ts';
import { segmentDistance3, type Vec3 } from './three-vec.ts';

export interface Ball {
  x: number;
  z: number;
}

/** The ball's radius: a 65 cm stability ball, for riders of about 1.70 m to 1.85 m (the planar ball's). */
export const BALL_RADIUS = 0.325;
/** The trunk and neck: what lies on the ball, left out of what may not pass into it. */
const TRUNK: ReadonlySet<DrawnKind> = new Set(['neck', 'chest', 'belly', 'pelvis']);
/** How far out along the floor, as a share of its radius, the ball still bears what rests on it. */
const BEARING_SHARE = 0.9;

/** The ball's centre. */
export const ballCentre = (ball: Ball): Vec3 => [ball.x, BALL_RADIUS, ball.z];

/** What a planted point can rest on: the scene's bench, ball and yoga blocks, any absent. */
export interface Grounds {
  bench?: Bench;
  ball?: Ball;
  blocks?: readonly Block[];
}

/**
 * Where a point resting `rest` above what is under `p` has its middle, and what that is: on the ball where it is over
 * the ball's upper part, on a yoga block where it is over one's top (three-block.ts), else as three-bench.ts says (the
 * bench or the floor), whichever holds it highest.
 */
export function restingOn(grounds: Grounds, p: Vec3, rest: number): { height: number; what: string } {
  const onBench = restingOver(grounds.bench, p, rest);
  const block = blockTopUnder(grounds.blocks, p);
  const under = block !== undefined && block + rest > onBench.height ? { height: block + rest, what: 'the block' } : onBench;
  if (grounds.ball === undefined) return under;
  const along = Math.hypot(p[0] - grounds.ball.x, p[2] - grounds.ball.z);
  if (along > BEARING_SHARE * BALL_RADIUS) return under;
  const height = BALL_RADIUS + Math.sqrt((BALL_RADIUS + rest) ** 2 - along ** 2);
  return height > under.height ? { height, what: 'the ball' } : under;
}

/** The ball as a stroke to paint among the figure's, at its centre's depth. */
export function ballStroke(camera: Camera, lens: Lens, ball: Ball): Stroke {
  const centre = ballCentre(ball);
  return {
    depth: lens.depthOf(centre),
    svg: circle(camera, lens.project(centre), BALL_RADIUS, COLOURS.stabilityBall, COLOURS.stabilityBallEdge, 0.012),
  };
}

/** Points to frame round the ball: its centre with its radius. */
export const ballExtent = (ball: Ball): readonly [Vec3, number] => [ballCentre(ball), BALL_RADIUS];

/**
 * The limb or the head that goes deepest into the ball and how deep (metres past touching): each measured as it is
 * drawn (three-draw.ts: a limb's stroke half as wide as it is drawn, the head's circle). The trunk is left out: it is
 * what lies on the ball, and its drawn breadth is wider than what it rests on (its rest height), as on the floor.
 */
export function limbInBall(body: Body3, ball: Ball): { part: string; depth: number } {
  const centre = ballCentre(ball);
  let deepest = { part: '', depth: -Infinity };
  for (const part of drawnParts(body).filter((p) => !TRUNK.has(p.kind))) {
    // A foot as the floor measures it: its heel and toe, which rest on what they stand on at no height.
    const half = part.kind === 'foot' ? 0 : part.half;
    const depth = BALL_RADIUS + half - segmentDistance3(centre, centre, part.from, part.to);
    if (depth > deepest.depth) deepest = { part: part.name, depth };
  }
  return deepest;
}
