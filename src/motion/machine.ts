/**
 * A weight machine's geometry, shared by the pattern that places it, the check that holds the figure to
 * it and the renderer that draws it: a lever's plate horn (on the arm, so the load rises as the end it
 * carries rises), what the arm ends in (handles, a foot platform the soles stay flat on, a roller pad on
 * the shin, a pad on the shoulders, hips or knees), and fixed pads placed against the body (a backrest,
 * a chest pad, a thigh pad).
 */
import type { FixedProp } from './motion.ts';
import type { LeverEnd, PadPart } from './prop-kinds.ts';
import { add, type Body, lerpPoint, type Point, type Side } from './skeleton.ts';
import { lineEnd } from './timeline.ts';

/** How far along the arm from the pivot the plate horn is: the plates rise half as far as the end does. */
export const PLATE_ALONG = 0.5;
export const PLATE_RADIUS = 0.17;
/** A roller pad's radius, and how far up the shank from the ankle it sits. */
export const ROLLER_RADIUS = 0.05;
const ROLLER_UP_SHANK = 0.07;
/** Half the shank's drawn width (render-svg.ts): a roller touching the shin sits this far out plus its radius. */
const SHANK_HALF = 0.045;
/** A lever's end pad (shoulders, hips, knees) and a fixed pad: how thick it is. */
export const PAD_THICKNESS = 0.07;

const unit = (from: Point, to: Point): Point => {
  const length = Math.hypot(to[0] - from[0], to[1] - from[1]) || 1;
  return [(to[0] - from[0]) / length, (to[1] - from[1]) / length];
};
/** Turned a quarter turn anticlockwise: the back of a trunk running pelvis to neck, the top of a thigh running hip to knee. */
const left = ([x, y]: Point): Point => [-y, x];

/** How far past the pivot a counter horn carries its plates, opposite the end (a curl pulls the end down, so they rise). */
const COUNTER_HORN = 0.25;

/**
 * Where a lever's plate horn is in a frame: on the arm between the pivot and the end it carries (the
 * plates rise as that end rises: a press, an extension, a calf raise), or, on a counter horn, past the
 * pivot opposite the end (they rise as the end is pulled down: a leg curl, a pulldown).
 */
export function platePoint(pivot: Point, end: Point, horn: FixedProp['plates'] = 'arm'): Point {
  if (horn === 'arm') return lerpPoint(pivot, end, PLATE_ALONG);
  const length = Math.hypot(end[0] - pivot[0], end[1] - pivot[1]) || 1;
  return [pivot[0] - ((end[0] - pivot[0]) / length) * COUNTER_HORN, pivot[1] - ((end[1] - pivot[1]) / length) * COUNTER_HORN];
}

/** The legs a line's `to` names, for a platform or a roller at the feet. */
export function legsOf(prop: FixedProp): readonly Side[] {
  if (prop.to === 'left-foot') return ['left'];
  if (prop.to === 'right-foot') return ['right'];
  return ['left', 'right'];
}

/** A foot's sole: heel and toe, which rest on a platform. */
export const soleOf = (body: Body, side: Side): readonly [Point, Point] => [body.legs[side].heel, body.legs[side].toe];

/** A roller pad against the shin just above the ankle, on the front of it (toward the toes) or the back. */
export function rollerCentre(body: Body, side: Side, end: 'front-roller' | 'back-roller'): Point {
  const leg = body.legs[side];
  const up = unit(leg.end, leg.middle);
  const normal = left(up);
  // The front of the shank is the side the toes point to.
  const toward = (leg.toe[0] - leg.end[0]) * normal[0] + (leg.toe[1] - leg.end[1]) * normal[1] >= 0 ? 1 : -1;
  const sign = end === 'front-roller' ? toward : -toward;
  return add(add(leg.end, up, ROLLER_UP_SHANK), normal, sign * (SHANK_HALF + ROLLER_RADIUS));
}

/** A lever's end pad: on top of the shoulders, across the front of the hips, or on the thighs just behind the knees. */
export function endPadOf(body: Body, to: FixedProp['to']): { centre: Point; along: Point } {
  const up = unit(body.pelvis, body.neckBase);
  if (to === 'shoulders') return { centre: add(body.girdle ?? body.neckBase, up, 0.02 + PAD_THICKNESS / 2), along: left(up) };
  if (to === 'hips') return { centre: add(body.pelvis, left(up), -(0.1 + PAD_THICKNESS / 2)), along: up };
  const leg = body.legs.left;
  const thigh = unit(leg.root, leg.middle);
  return { centre: add(add(leg.middle, thigh, -0.08), left(thigh), 0.065 + PAD_THICKNESS / 2), along: thigh };
}

/** Where the lever's arm meets what it ends in, in this frame. */
export function leverEndPoint(body: Body, prop: FixedProp): Point {
  const end: LeverEnd = prop.end ?? 'handles';
  if (end === 'front-roller' || end === 'back-roller') return rollerCentre(body, legsOf(prop)[0]!, end);
  if (end === 'pad') return endPadOf(body, prop.to).centre;
  if (end === 'platform') {
    const [heel, toe] = soleOf(body, legsOf(prop)[0]!);
    return lerpPoint(heel, toe, 0.4);
  }
  return lineEnd(body, prop.to ?? 'hands');
}

/** The body part a fixed pad rests against: the line it runs along, how far out its surface is, which side, and the part of it the pad spans. */
const PAD_PARTS: Readonly<
  Record<PadPart, { line: (body: Body) => readonly [Point, Point]; depth: number; side: 1 | -1; span: readonly [number, number] }>
> = {
  back: { line: (body) => [body.pelvis, body.neckBase], depth: 0.1, side: 1, span: [0.15, 1] },
  chest: { line: (body) => [body.pelvis, body.neckBase], depth: 0.11, side: -1, span: [0.45, 0.95] },
  thighs: { line: (body) => [body.legs.left.root, body.legs.left.middle], depth: 0.065, side: 1, span: [0.5, 0.9] },
};

/** A fixed pad's face against the body part as `body` poses it (the first key): two points on the part's surface. */
export function padFace(body: Body, part: PadPart): readonly [Point, Point] {
  const { line, depth, side, span } = PAD_PARTS[part];
  const [from, to] = line(body);
  const out = left(unit(from, to));
  const at = (t: number) => add(lerpPoint(from, to, t), out, side * depth);
  return [at(span[0]), at(span[1])];
}

/** The way out from a fixed pad's face, away from the body (anticlockwise of the face for a back or thigh pad). */
export const padOutward = (part: PadPart, face: readonly [Point, Point]): Point => {
  const normal = left(unit(face[0], face[1]));
  return PAD_PARTS[part].side === 1 ? normal : [-normal[0], -normal[1]];
};

/**
 * How far the body part is from a fixed pad's face in this frame, at the worst of its ends and middle
 * (metres; positive: off the pad, negative: pressed into it), or infinity when the part no longer spans
 * the pad (slid past it).
 */
export function padGap(body: Body, part: PadPart, face: readonly [Point, Point]): number {
  const { line, depth, side } = PAD_PARTS[part];
  const [from, to] = line(body);
  const along = unit(from, to);
  const length = Math.hypot(to[0] - from[0], to[1] - from[1]);
  const out = left(along);
  let worst = 0;
  for (const point of [face[0], lerpPoint(face[0], face[1], 0.5), face[1]]) {
    const rel: Point = [point[0] - from[0], point[1] - from[1]];
    const t = (rel[0] * along[0] + rel[1] * along[1]) / length;
    if (t < -0.05 || t > 1.1) return Number.POSITIVE_INFINITY;
    const gap = side * (rel[0] * out[0] + rel[1] * out[1]) - depth;
    if (Math.abs(gap) > Math.abs(worst)) worst = gap;
  }
  return worst;
}

/** A point's place in the frame that turns with a lever's arm: along the arm from the pivot and across it. */
export function inArmFrame(pivot: Point, armEnd: Point, point: Point): Point {
  const along = unit(pivot, armEnd);
  const across = left(along);
  const rel: Point = [point[0] - pivot[0], point[1] - pivot[1]];
  return [rel[0] * along[0] + rel[1] * along[1], rel[0] * across[0] + rel[1] * across[1]];
}

/** The scene point at a place in the arm's frame (inArmFrame's inverse). */
export function fromArmFrame(pivot: Point, armEnd: Point, [a, c]: Point): Point {
  const along = unit(pivot, armEnd);
  return add(add(pivot, along, a), left(along), c);
}
