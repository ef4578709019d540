/**
 * What the figure rests on: where each body point is, how thick each resting part is, the supports a
 * scene's props give (bench, box and mat tops, a reformer's carriage), what is under a point, and how
 * far a figure must rise so its lowest resting part just touches. A figure lying on a bench has its arms
 * beside it (groundUnder).
 */
import type { BodyPoint, FixedProp } from './motion.ts';
import { TOP_KINDS } from './surfaces.ts';
import { riseOf, topAt } from './slope.ts';
import { reformerSupports } from './reformer.ts';
import { type Body, mix, type Point } from './skeleton.ts';

export function pointOf(body: Body, point: BodyPoint): Point {
  switch (point) {
    case 'pelvis':
    case 'waist':
    case 'neckBase':
    case 'head':
      return body[point];
    case 'leftHand':
    case 'rightHand':
      return body.arms[point === 'leftHand' ? 'left' : 'right'].hand;
    case 'leftElbow':
    case 'rightElbow':
      return body.arms[point === 'leftElbow' ? 'left' : 'right'].middle;
    case 'leftKnee':
    case 'rightKnee':
      return body.legs[point === 'leftKnee' ? 'left' : 'right'].middle;
    case 'leftToe':
    case 'rightToe':
      return body.legs[point === 'leftToe' ? 'left' : 'right'].toe;
    case 'leftHeel':
    case 'rightHeel':
      return body.legs[point === 'leftHeel' ? 'left' : 'right'].heel;
  }
}

/** How far above the floor each part's centre sits when it rests there (its thickness). */
export const REST_HEIGHT: Readonly<Record<BodyPoint, number>> = {
  pelvis: 0.1,
  waist: 0.1,
  neckBase: 0.08,
  head: 0.105,
  leftHand: 0.03,
  rightHand: 0.03,
  leftElbow: 0.04,
  rightElbow: 0.04,
  leftKnee: 0.05,
  rightKnee: 0.05,
  leftToe: 0,
  rightToe: 0,
  leftHeel: 0,
  rightHeel: 0,
};
/** Every point of the figure that may rest on something. */
export const RESTING_POINTS = Object.keys(REST_HEIGHT) as BodyPoint[];

/** A surface the figure may rest on besides the floor: a bench, box or mat top from x0 to x1 at height y. */
export interface Support {
  name: string;
  x0: number;
  x1: number;
  y: number;
  /** A slope's rise a metre toward +x from x0 (a slant board); level when absent. */
  rise?: number;
  /** A seat seen end on from the front: only what sits or holds on it rests there (SEAT_BEARS), the legs pass in front of it. */
  endOn?: true;
}

/** The supports of a scene's fixed props (bench, box, foam roller, stability ball, BOSU, incline and decline seat tops, a reformer's carriage; a mat's centimetre is within a contact's tolerance), for grounding. */
export function supportsOf(fixed: readonly FixedProp[]): Support[] {
  return (
    fixed
      // A ball pinned against a wall (wall-ball.ts) is not on the floor: nothing rests on its top.
      .filter((prop) => (TOP_KINDS.has(prop.kind) && prop.pinned === undefined) || prop.kind === 'reformer')
      // A reformer's carriage may be anywhere along its travel: what rests over that span rests on its pad.
      .flatMap((prop) =>
        prop.kind === 'reformer'
          ? reformerSupports(prop)
          : [
              {
                name: prop.kind,
                x0: prop.x0,
                x1: prop.x1,
                y: prop.y,
                ...(riseOf(prop) === 0 ? {} : { rise: riseOf(prop) }),
                ...(prop.endOn === undefined ? {} : { endOn: true as const }),
              },
            ],
      )
  );
}

/**
 * What a point at x rests on: the highest support under it, else the floor (named `floor`, height 0). A seat
 * seen end on (front-seat.ts) is not under a foot or knee there, which is in front of it: only groundUnder
 * puts what sits or holds on it there.
 */
export function groundAt(x: number, supports: readonly Support[], isSeated = false): { name: string; y: number } {
  let ground = { name: 'floor', y: 0 };
  for (const s of supports)
    if (x >= s.x0 && x <= s.x1 && topAt(s, x) > ground.y && (isSeated || s.endOn !== true)) ground = { name: s.name, y: topAt(s, x) };
  return ground;
}

/**
 * The parts a seat seen end on bears (front-seat.ts): the seat itself and the waist. A hand hanging beside
 * the hips reaches down to its top as a seated arm does, so it never lifts the figure off it; `handsOnFloor`
 * puts a hand over it on it (pose-keys.ts).
 */
export const SEAT_BEARS: ReadonlySet<BodyPoint> = new Set(['pelvis', 'waist']);

/** Supports narrower than the shoulders: a figure lying on one has its arms beside it (groundUnder). */
const NARROW_SUPPORTS: ReadonlySet<string> = new Set(['bench', 'incline', 'decline']);
const ARM_POINTS: ReadonlySet<BodyPoint> = new Set(['leftHand', 'rightHand', 'leftElbow', 'rightElbow']);
const TRUNK_POINTS = ['pelvis', 'waist', 'neckBase'] as const;

/**
 * How far from level a trunk may lie and still count as lying on a bench (degrees): an incline press's
 * back lies at 30-45 degrees; a seated figure sits upright, its hands holding the seat beside the hips.
 */
const LYING_WITHIN = 50;

/**
 * What `point` of `body` rests on, when it rests: what is under it, except that the arms of a figure
 * lying with its trunk over a bench pass beside that bench (a bench is about 30 cm wide, narrower than
 * the shoulders), so a bench press's elbows drop below the pad instead of holding the body up off it.
 */
export function groundUnder(body: Body, point: BodyPoint, supports: readonly Support[]): { name: string; y: number } {
  const x = pointOf(body, point)[0];
  if (!ARM_POINTS.has(point) || !isLying(body)) return groundAt(x, supports, SEAT_BEARS.has(point));
  const beside = supports.filter(
    (s) =>
      NARROW_SUPPORTS.has(s.name) &&
      TRUNK_POINTS.some((trunk) => {
        const at = pointOf(body, trunk)[0];
        return at >= s.x0 && at <= s.x1;
      }),
  );
  return groundAt(x, beside.length === 0 ? supports : supports.filter((s) => !beside.includes(s)));
}

/** Whether the trunk (pelvis to the base of the neck) lies within LYING_WITHIN degrees of level. */
function isLying(body: Body): boolean {
  const [dx, dy] = [body.neckBase[0] - body.pelvis[0], body.neckBase[1] - body.pelvis[1]];
  return Math.abs(dy) <= Math.abs(dx) * Math.tan((LYING_WITHIN * Math.PI) / 180);
}

/** How far a point is above what is under it, less its own thickness: 0 when it rests there, negative when it sinks in. */
export function clearance(body: Body, point: BodyPoint, supports: readonly Support[] = []): number {
  return pointOf(body, point)[1] - REST_HEIGHT[point] - groundUnder(body, point, supports).y;
}

/** How far the figure must rise so that its lowest resting part just touches what is under it (negative: sink). */
export function liftToFloor(body: Body, supports: readonly Support[] = []): number {
  return -Math.min(...RESTING_POINTS.map((point) => clearance(body, point, supports)));
}

const FEET: ReadonlySet<BodyPoint> = new Set(['leftHeel', 'leftToe', 'rightHeel', 'rightToe']);

/**
 * How far the figure between two keys must rise so its lowest resting part just touches what is under
 * it, where a foot stands on the ground it has at the keys, `progress` of the way from what is under it
 * at key `a` to what is under it at key `b`: the figure's height is continuous through the move, so a
 * foot in the air crossing a box's edge neither snaps the figure up onto the box nor drops it to the
 * floor (a jump onto a box, a step off it). A foot over one ground at both keys, and every other part
 * (a seat leaving a bench), rests on what is under it now.
 */
export function liftBetween(body: Body, a: Body, b: Body, supports: readonly Support[], progress: number): number {
  if (supports.length === 0) return liftToFloor(body);
  const clearanceBetween = (point: BodyPoint): number => {
    if (!FEET.has(point)) return clearance(body, point, supports);
    const [from, to] = [groundUnder(a, point, supports), groundUnder(b, point, supports)];
    if (from.name === to.name && from.y === to.y) return clearance(body, point, supports);
    return pointOf(body, point)[1] - REST_HEIGHT[point] - mix(from.y, to.y, progress);
  };
  return -Math.min(...RESTING_POINTS.map(clearanceBetween));
}
