/**
 * One three-quarter frame as SVG, in the planar figure's style (render-svg.ts, render-limbs.ts): the same
 * palette, the same stroke widths with round caps, the same head, the trunk as three strokes from the pelvis
 * to the shoulders, the side turned away in the paler tone. What the turn adds: the floor is a plane (its far
 * edge a line across the picture, a mat a foreshortened rectangle), a soft shadow straight under the body,
 * the trunk's width as its elliptic cross-section projects (the side view's depth, the front view's breadth),
 * and the segments painted back to front by depth. No text and no fonts, as the planar renderer.
 */
import { SEGMENT } from './body-measures.ts';
import { type Point, type Side, SIDES } from './skeleton.ts';
import { type Camera, COLOURS, circle, mixColour, polygon, polyline, round, svgPoint } from './svg-kit.ts';
import { type Ball, ballStroke } from './three-ball.ts';
import { type Bench, benchStrokes } from './three-bench.ts';
import { type Block, blockStrokes } from './three-block.ts';
import { type Body3, chestOf } from './three-figure.ts';
import type { Lens, Stroke } from './three-camera.ts';
import { DRAWN_HALF } from './three-drawn.ts';
import { loadShadows, loadStrokes } from './three-load-draw.ts';
import type { Held } from './three-loads.ts';
import { lineStrokes, uprightStrokes } from './three-line-draw.ts';
import type { Line } from './three-lines.ts';
import { axisOf, lerp3, type Mat3, type Vec3 } from './three-vec.ts';

/** A yoga mat's size (metres): 1.83 m by 0.61 m, a centimetre thick. */
export const MAT = { length: 1.83, width: 0.61 };

/**
 * How far (0..1) a side's limbs are turned away: by how much deeper its hip or shoulder lies than the other's.
 * Seen square from the front neither is (both dark, as the planar front view draws them); from the side one is.
 */
export function farness(lens: Lens, own: Vec3, other: Vec3): number {
  const t = Math.max(0, Math.min(1, (lens.depthOf(other) - lens.depthOf(own)) / 0.08));
  return t * t * (3 - 2 * t);
}

const otherSide = (side: Side): Side => (side === 'left' ? 'right' : 'left');
/** How far side `side`'s arm is turned away: its limbs' tone, and a dumbbell's in its hand. */
const armFarness = (lens: Lens, body: Body3, side: Side): number =>
  farness(lens, body.arms[side].shoulder, body.arms[otherSide(side)].shoulder);

/** What a frame is drawn with: the svg-kit camera (metres to pixels) and the lens (the scene to metres on the picture). */
export interface Sight {
  camera: Camera;
  lens: Lens;
}

const segment = ({ camera, lens }: Sight, a: Vec3, b: Vec3, colour: string, width: number): Stroke => ({
  depth: lens.depthOf(lerp3(a, b, 0.5)),
  svg: polyline(camera, [lens.project(a), lens.project(b)], colour, width),
});

/**
 * The drawn width of a trunk segment from `a` to `b` whose cross-section is an ellipse `breadth` across (the
 * frame's z) and `depth` deep (its x): the extent of that ellipse across the segment's line in the picture.
 */
export function trunkWidth(lens: Lens, frame: Mat3, a: Vec3, b: Vec3, breadth: number, depth: number): number {
  const [pa, pb] = [lens.project(a), lens.project(b)];
  const [dx, dy] = [pb[0] - pa[0], pb[1] - pa[1]];
  const length = Math.hypot(dx, dy);
  const across = (axis: Vec3): number => {
    const [x, y] = lens.project(axis);
    return length < 1e-6 ? Math.hypot(x, y) : Math.abs((x * -dy + y * dx) / length);
  };
  return Math.hypot(breadth * across(axisOf(frame, 2)), depth * across(axisOf(frame, 0)));
}

/** The figure's strokes: limbs, trunk, neck and head. */
function figureStrokes(sight: Sight, body: Body3): Stroke[] {
  const { camera, lens } = sight;
  const { project, depthOf } = lens;
  const strokes: Stroke[] = [];
  for (const side of SIDES) {
    const l = body.legs[side];
    const a = body.arms[side];
    const legColour = mixColour(COLOURS.near, COLOURS.far, farness(lens, l.hip, body.legs[otherSide(side)].hip));
    const armColour = mixColour(COLOURS.near, COLOURS.far, armFarness(lens, body, side));
    strokes.push(
      segment(sight, l.hip, l.knee, legColour, DRAWN_HALF.thigh * 2),
      segment(sight, l.knee, l.ankle, legColour, DRAWN_HALF.shank * 2),
      segment(sight, l.heel, l.toe, legColour, DRAWN_HALF.foot * 2),
      segment(sight, a.shoulder, a.elbow, armColour, DRAWN_HALF.upperArm * 2),
      segment(sight, a.elbow, a.wrist, armColour, DRAWN_HALF.forearm * 2),
      { depth: depthOf(a.hand), svg: circle(camera, project(a.hand), DRAWN_HALF.hand, armColour) },
    );
  }
  // The trunk as the planar figure draws it, pelvis to waist to chest to shoulders, each as wide as it is seen.
  const chest = chestOf(body);
  const trunk = (from: Vec3, to: Vec3, frame: Mat3, breadth: number, deep: number): string =>
    polyline(camera, [project(from), project(to)], COLOURS.near, trunkWidth(lens, frame, from, to, breadth, deep));
  const neckTop = lerp3(body.neckBase, body.head, 0.5);
  const trunkSvg =
    polyline(camera, [project(body.legs.left.hip), project(body.legs.right.hip)], COLOURS.near, 0.13) +
    trunk(body.pelvis, body.waist, body.pelvisFrame, 0.25, 0.19) +
    trunk(body.waist, chest, body.chestFrame, 0.28, 0.23) +
    trunk(chest, body.neckBase, body.chestFrame, 0.26, 0.16) +
    polyline(camera, [project(body.arms.left.shoulder), project(body.arms.right.shoulder)], COLOURS.near, 0.11);
  strokes.push({ depth: depthOf(lerp3(body.pelvis, body.neckBase, 0.5)), svg: trunkSvg });
  strokes.push({
    depth: depthOf(body.head),
    svg:
      polyline(camera, [project(body.neckBase), project(neckTop)], COLOURS.near, DRAWN_HALF.neck * 2) +
      circle(camera, project(body.head), SEGMENT.headRadius, COLOURS.skin),
  });
  return strokes;
}

const onFloor = (p: Vec3): Vec3 => [p[0], 0, p[2]];

/** The body's shadow straight down on the floor: its segments flattened there, one soft shape. */
function shadowSvg({ camera, lens }: Sight, body: Body3, holds: Held | undefined): string {
  const line = (points: Vec3[], width: number) =>
    polyline(
      camera,
      points.map((p) => lens.project(onFloor(p))),
      '#000',
      width,
    );
  const parts = [line([body.pelvis, body.neckBase], 0.24), line([body.neckBase, body.head], 0.16)];
  for (const side of SIDES) {
    const l = body.legs[side];
    const a = body.arms[side];
    parts.push(line([l.hip, l.knee, l.ankle], 0.1), line([l.heel, l.toe], 0.06), line([a.shoulder, a.elbow, a.hand], 0.07));
  }
  parts.push(...loadShadows(camera, lens, body, holds));
  return `<g opacity="0.1">${parts.join('')}</g>`;
}

/** The floor's corners of a rectangle centred on `centre`, `length` along x and `width` along z. */
export function floorRectangle(centre: Vec3, length: number, width: number): Vec3[] {
  const [x, z] = [centre[0], centre[2]];
  return [
    [x - length / 2, 0, z - width / 2],
    [x + length / 2, 0, z - width / 2],
    [x + length / 2, 0, z + width / 2],
    [x - length / 2, 0, z + width / 2],
  ];
}

/** What lies on the floor for a whole clip: the far edge of the floor in the picture, and the mat's corners (none without one). */
export interface Ground {
  /** The floor point whose line across the picture is the floor's far edge (the wall's foot). */
  farEdge: Vec3;
  mat: Vec3[];
  /** A bench, painted among the limbs by depth. */
  bench?: Bench;
  /** A stability ball, painted among the limbs by depth. */
  ball?: Ball;
  /** Yoga blocks, each painted among the limbs by depth. */
  blocks?: readonly Block[];
  /** Cables, bands and straps with each strap's length (three-lines.ts), and the columns and bars they hang from. */
  lines?: { lines: readonly Line[]; lengths: readonly (number | undefined)[] };
}

/**
 * A frame's SVG: the background, floor, mat and shadows, then the figures (one, or two in a dissolve) and what
 * their hands hold (`holds`), painted back to front.
 */
export function turnedFrameSvg(sight: Sight, ground: Ground, figures: readonly { body: Body3; opacity: number }[], holds?: Held): string {
  const { camera, lens } = sight;
  const { width, height } = camera;
  const [, edgeY] = svgPoint(camera, lens.project(ground.farEdge));
  const floorTop = Math.max(0, Math.min(height, edgeY));
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect width="${width}" height="${height}" fill="${COLOURS.background}"/>`,
    `<rect x="0" y="${round(floorTop)}" width="${width}" height="${round(height - floorTop)}" fill="${COLOURS.floor}"/>`,
    `<rect x="0" y="${round(floorTop)}" width="${width}" height="2" fill="${COLOURS.floorLine}"/>`,
  ];
  if (ground.mat.length > 0) parts.push(polygon(camera, ground.mat.map(lens.project) as Point[], COLOURS.mat));
  // What stands on the floor for the whole clip, painted among the limbs by depth.
  const fixtures = [
    ...(ground.bench === undefined ? [] : benchStrokes(camera, lens, ground.bench)),
    ...(ground.ball === undefined ? [] : [ballStroke(camera, lens, ground.ball)]),
    ...(ground.blocks === undefined ? [] : blockStrokes(camera, lens, ground.blocks)),
    ...uprightStrokes(camera, lens, ground.lines?.lines),
  ];
  for (const { body, opacity } of figures) {
    const loads = loadStrokes(camera, lens, body, holds, (side) => armFarness(lens, body, side));
    const lines = ground.lines === undefined ? [] : lineStrokes(camera, lens, body, ground.lines.lines, ground.lines.lengths);
    const strokes = [...fixtures, ...figureStrokes(sight, body), ...loads, ...lines].sort((a, b) => a.depth - b.depth);
    const drawn = shadowSvg(sight, body, holds) + strokes.map((s) => s.svg).join('');
    parts.push(opacity >= 1 ? drawn : `<g opacity="${opacity.toFixed(3)}">${drawn}</g>`);
  }
  parts.push('</svg>');
  return parts.join('');
}
