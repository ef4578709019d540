/**
 * A figure lying on the floor drawn from above (view-above.ts): the front view's figure laid along the picture, head to
 * the left (face down: mirrored, its back seen), on the floor that fills the frame, with its mat and what it lies on and
 * holds (render-above-props.ts), over its shadow; a foot planted flat is seen its whole length, one pointing up end on.
 */
import type { Motion } from './motion.ts';
import type { Arm, Body, Leg, Point, Side } from './skeleton.ts';
import { LEG_HALF_WIDTH, SEGMENT, SIDES, toSegment } from './skeleton.ts';
import { type Camera, circle, COLOURS, polyline, round, svgPoint } from './svg-kit.ts';
import { depthAt, floorBelowHips, legHeights } from './view-above.ts';
import { loopKeyBody } from './timeline.ts';
import { along, downBody, overFigure, SHADOW, underFigure } from './render-above-props.ts';

/** Pixels per metre at most, as the other views (render-svg.ts), and the frame: landscape, a lying figure is long. */
const PIXELS_PER_METRE = 290;
const FRAME: readonly [number, number] = [864, 496];
/** A yoga mat: 1.83 m by 61 cm, its head end 15 cm past the crown. */
const MAT = { length: 1.83, halfWidth: 0.305, pastHead: 0.15 };
/** A foot flat on the floor, seen from above: from 5 cm behind the ankle to its toes 19 cm in front. */
const FOOT = { heel: 0.05, toe: 0.19 };
/** A planted foot is flat while its ankle is this close to the floor and its shank runs down to it. */
const FLAT_WITHIN = 0.03;
const SHANK_DOWN = -10;

/** The picture's point of the posed figure's point: y along the body to the left, x across it, up (face down: down). */
const laid = (lying: 'back' | 'front', [x, y]: Point): Point => [-y, lying === 'back' ? x : -x];

/**
 * The figure with every point moved by `at`, a leg's by `legOf` where given (the shadow moves a knee and an
 * ankle by their own heights); what a figure seen from above does not draw (tilts, a turn) is left behind.
 */
function movedBody(body: Body, at: (p: Point) => Point, legOf?: (leg: Leg, side: Side) => Leg): Body {
  const leg = (l: Leg, side: Side): Leg =>
    legOf?.(l, side) ?? { root: at(l.root), middle: at(l.middle), end: at(l.end), heel: at(l.heel), toe: at(l.toe) };
  const arm = (a: Arm): Arm => ({ root: at(a.root), middle: at(a.middle), end: at(a.end), hand: at(a.hand) });
  return {
    pelvis: at(body.pelvis),
    waist: at(body.waist),
    neckBase: at(body.neckBase),
    ...(body.girdle === undefined ? {} : { girdle: at(body.girdle) }),
    head: at(body.head),
    legs: { left: leg(body.legs.left, 'left'), right: leg(body.legs.right, 'right') },
    arms: { left: arm(body.arms.left), right: arm(body.arms.right) },
    centre: at(body.centre),
  };
}

/** A posed figure laid in the picture: every point turned as `laid` turns it. */
export const laidBody = (lying: 'back' | 'front', body: Body): Body => movedBody(body, (p) => laid(lying, p));

/** Every part of a laid figure the picture must hold, with its margin. */
function extentOf(body: Body): [Point, number][] {
  const points: [Point, number][] = [
    [body.head, SEGMENT.headRadius + 0.05],
    [body.pelvis, 0.15],
  ];
  for (const limb of [...Object.values(body.legs), ...Object.values(body.arms)])
    for (const p of Object.values(limb)) points.push([p as Point, 0.1]);
  return points;
}

/** One camera for the whole clip: every frame's figure, and its mat, in the picture. */
export function aboveCamera(motion: Motion, bodies: readonly Body[]): Camera {
  const lying = motion.above?.lying ?? 'back';
  const [width, height] = FRAME;
  let [minX, maxX, minY, maxY] = [Infinity, -Infinity, Infinity, -Infinity];
  for (const body of bodies) {
    const seen = extentOf(laidBody(lying, body));
    if (motion.fixed.some((prop) => prop.kind === 'mat'))
      seen.push(...matCorners(laidBody(lying, loopKeyBody(motion, 0).body)).map((p): [Point, number] => [p, 0.03]));
    for (const [[x, y], margin] of seen) {
      [minX, maxX] = [Math.min(minX, x - margin), Math.max(maxX, x + margin)];
      [minY, maxY] = [Math.min(minY, y - margin), Math.max(maxY, y + margin)];
    }
  }
  const scale = Math.min(PIXELS_PER_METRE, (width * 0.94) / (maxX - minX), (height * 0.94) / (maxY - minY));
  return { width, height, scale, left: (minX + maxX) / 2 - width / scale / 2, bottom: (minY + maxY) / 2 - height / scale / 2 };
}

/** The mat's four corners under a laid figure: along its trunk, its head end past the crown. */
function matCorners(body: Body): Point[] {
  const down = downBody(body);
  const across: Point = [-down[1], down[0]];
  const top = along(body.head, down, -(SEGMENT.headRadius + MAT.pastHead));
  const bottom = along(top, down, MAT.length);
  return [
    along(top, across, MAT.halfWidth),
    along(bottom, across, MAT.halfWidth),
    along(bottom, across, -MAT.halfWidth),
    along(top, across, -MAT.halfWidth),
  ];
}

/** A mat lying on the floor: its outline over a lighter fill. */
function matSvg(camera: Camera, corners: readonly Point[]): string {
  const d = corners.map((p, i) => `${i === 0 ? 'M' : 'L'}${svgPoint(camera, p).map(round).join(' ')}`).join('');
  return `<path d="${d}Z" fill="${COLOURS.mat}" fill-opacity="0.35" stroke="${COLOURS.mat}" stroke-width="${round(0.012 * camera.scale)}" stroke-linejoin="round"/>`;
}

/** The figure's feet as seen from above: flat on the floor its whole length toward the feet end, else end on as posed. */
function feetSeenFromAbove(motion: Motion, body: Body, seconds: number): Body {
  const depth = depthAt(motion, seconds);
  const down = downBody(body);
  const legs = { ...body.legs };
  for (const side of SIDES) {
    const shank = depth?.[side][1] ?? 0;
    const isFlat =
      motion.above?.lying !== 'front' && shank < SHANK_DOWN && legHeights(motion, depth, side).ankle + floorBelowHips(motion) < FLAT_WITHIN;
    if (!isFlat) continue;
    const ankle = body.legs[side].end;
    legs[side] = { ...body.legs[side], heel: along(ankle, down, -FOOT.heel), toe: along(ankle, down, FOOT.toe) };
  }
  return { ...body, legs };
}

/** The hand over the trunk (its length, within its half width) or a thigh: that arm lies on the body, drawn over it. */
function isOnBody(body: Body, arm: Arm): boolean {
  const [a, b, p] = [body.pelvis, body.neckBase, arm.hand];
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const t = ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy);
  if (t >= 0 && t <= 1 && Math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy)) < SEGMENT.halfShoulders) return true;
  return SIDES.some((side) => toSegment(p, body.legs[side].root, body.legs[side].middle) < LEG_HALF_WIDTH.thigh + 0.03);
}

/** The SVG of one frame seen from above: the floor, the mat, what the figure lies on, the figure, what it holds; a dissolve's figures each faded. */
export function aboveSvg(motion: Motion, figures: readonly { body: Body; opacity: number }[], camera: Camera, seconds: number): string {
  const lying = motion.above?.lying ?? 'back';
  const { width, height } = camera;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect width="${width}" height="${height}" fill="${COLOURS.floor}"/>`,
  ];
  for (const { body: posed, opacity } of figures) {
    const body = laidBody(lying, feetSeenFromAbove(motion, posed, seconds));
    const drawn: string[] = [];
    if (motion.fixed.some((prop) => prop.kind === 'mat')) {
      // The mat lies where the figure lay down on it, at the first key, and stays there.
      drawn.push(matSvg(camera, matCorners(laidBody(lying, loopKeyBody(motion, 0).body))));
    }
    drawn.push(underFigure(camera, motion, body));
    // The figure's shadow on the floor, each part offset by its height: a knee raised toward the ceiling reads as raised.
    const shadow = figureSvg(camera, shadowOf(motion, body, seconds), SHADOW.colour);
    drawn.push(`<g opacity="${SHADOW.opacity}">${shadow}</g>`, figureSvg(camera, body, COLOURS.near));
    drawn.push(overFigure(camera, motion, body));
    parts.push(opacity >= 1 ? drawn.join('') : `<g opacity="${opacity.toFixed(3)}">${drawn.join('')}</g>`);
  }
  parts.push('</svg>');
  return parts.join('');
}

/**
 * A laid figure's shadow on the floor: light from the upper left, high (about 65 degrees), so each part is offset toward the lower
 * right by its height above the floor (a part lying on it by its own thickness), its knees and ankles by their tilts.
 */
function shadowOf(motion: Motion, body: Body, seconds: number): Body {
  const depth = depthAt(motion, seconds);
  const lift = (p: Point, height: number): Point => [p[0] + SHADOW.along[0] * height, p[1] + SHADOW.along[1] * height];
  // Heights above the floor: a part lying on it by its own thickness, a raised knee or ankle by its tilt's height.
  const lying = (p: Point) => lift(p, SHADOW.thickness);
  return movedBody(body, lying, (l, side) => {
    const { knee, ankle } = legHeights(motion, depth, side);
    const [atKnee, atAnkle] = [Math.max(0, knee) + SHADOW.thickness, Math.max(0, ankle) + SHADOW.thickness];
    return {
      root: lying(l.root),
      middle: lift(l.middle, atKnee),
      end: lift(l.end, atAnkle),
      heel: lift(l.heel, atAnkle),
      toe: lift(l.toe, atAnkle),
    };
  });
}

/** The laid figure in one colour: arms on the floor under the trunk, legs, the trunk and head, then an arm lying over the body. */
function figureSvg(camera: Camera, body: Body, colour: string): string {
  const leg = (l: Leg) =>
    polyline(camera, [l.root, l.middle], colour, LEG_HALF_WIDTH.thigh * 2) +
    polyline(camera, [l.middle, l.end], colour, LEG_HALF_WIDTH.shank * 2) +
    polyline(camera, [l.heel, l.toe], colour, 0.055);
  const arm = (a: Arm) =>
    polyline(camera, [a.root, a.middle], colour, 0.085) +
    polyline(camera, [a.middle, a.end], colour, 0.065) +
    circle(camera, a.hand, 0.042, colour);
  const chest: Point = [(body.waist[0] + body.neckBase[0] * 2) / 3, (body.waist[1] + body.neckBase[1] * 2) / 3];
  const shoulders = [body.arms.left.root, body.arms.right.root];
  const hips = [body.legs.left.root, body.legs.right.root];
  const trunk =
    polyline(camera, [body.pelvis, body.waist], colour, 0.25) +
    polyline(camera, [body.waist, chest], colour, 0.28) +
    polyline(camera, [chest, body.girdle ?? body.neckBase], colour, 0.26) +
    polyline(camera, shoulders, colour, 0.11) +
    polyline(camera, hips, colour, 0.13) +
    polyline(camera, [body.neckBase, body.head], colour, 0.07) +
    circle(camera, body.head, SEGMENT.headRadius, colour);
  const [under, over] = [SIDES.filter((side) => !isOnBody(body, body.arms[side])), SIDES.filter((side) => isOnBody(body, body.arms[side]))];
  return [
    ...under.map((side) => arm(body.arms[side])),
    ...SIDES.map((side) => leg(body.legs[side])),
    trunk,
    ...over.map((side) => arm(body.arms[side])),
  ].join('');
}
