/**
 * A weight machine drawn in the flat style: the lever's post, arm and plate horn (the plates behind the
 * figure, so they never hide a face or a thigh), what the arm ends in, and the fixed seat and pads.
 */
import type { FixedProp } from './motion.ts';
import {
  endPadOf,
  fromArmFrame,
  legsOf,
  leverEndPoint,
  PAD_THICKNESS,
  padOutward,
  PLATE_RADIUS,
  platePoint,
  ROLLER_RADIUS,
  rollerCentre,
} from './machine.ts';
import { add, type Body, lerpPoint, type Point } from './skeleton.ts';
import { type Camera, circle, COLOURS, polyline, rect } from './svg-kit.ts';
import { lineEnd } from './timeline.ts';

/** A lever pivoting higher than this (metres) hangs from the frame overhead instead of standing on a post. */
const HANGING_PIVOT = 1.7;
/** A platform's thickness under the soles, and how far it runs past heel and toe. */
const PLATFORM = { thickness: 0.03, overhang: 0.05 };

/** The platform in this frame: the first key's sole carried round with the arm, set just under it. */
function platformFace(prop: FixedProp, body: Body): readonly [Point, Point] | undefined {
  if (prop.platform === undefined) return undefined;
  const pivot: Point = [prop.x0, prop.y];
  const armEnd = lineEnd(body, prop.to ?? 'feet');
  return [fromArmFrame(pivot, armEnd, prop.platform[0]), fromArmFrame(pivot, armEnd, prop.platform[1])];
}

/** The lever's plates on their horn, drawn before the figure: between the pivot and the end the arm carries. */
export function leverPlates(camera: Camera, prop: FixedProp, body: Body): string {
  const at = platePoint([prop.x0, prop.y], leverEndPoint(body, prop), prop.plates);
  return circle(camera, at, PLATE_RADIUS, COLOURS.plate, COLOURS.plateEdge, 0.02) + circle(camera, at, 0.03, COLOURS.steel);
}

/** The lever's post: up from the floor to the pivot, or down from the frame overhead to a pivot above head height. */
function leverPost(camera: Camera, prop: FixedProp): string {
  // A pivot above head height hangs from the machine's frame overhead, clear of a seated figure's legs.
  const top = camera.bottom + camera.height / camera.scale;
  const post = prop.y > HANGING_PIVOT ? rect(camera, prop.x0 - 0.04, prop.y, prop.x0 + 0.04, top, COLOURS.steel) : '';
  return prop.y > 0.1 && prop.y <= HANGING_PIVOT ? rect(camera, prop.x0 - 0.04, 0, prop.x0 + 0.04, prop.y, COLOURS.steel) : post;
}

/** What the arm ends in, but a platform: roller pads on the shins, a pad on the body, or the handles. */
function leverEndParts(camera: Camera, prop: FixedProp, body: Body): string {
  if (prop.end === 'front-roller' || prop.end === 'back-roller')
    return legsOf(prop)
      .map((side) => circle(camera, rollerCentre(body, side, prop.end as 'front-roller'), ROLLER_RADIUS, COLOURS.pad))
      .join('');
  if (prop.end === 'pad') {
    const { centre, along } = endPadOf(body, prop.to);
    return polyline(camera, [add(centre, along, -0.08), add(centre, along, 0.08)], COLOURS.pad, PAD_THICKNESS);
  }
  return circle(camera, leverEndPoint(body, prop), 0.04, COLOURS.iron);
}

/** How light an arm beside the body is drawn behind the figure: the far limbs' kind of paleness. */
const BESIDE_OPACITY = 0.45;

/**
 * A lever whose arm runs beside the body (a chest press, a row): its post, arm, counter horn and pivot
 * drawn behind the figure and lighter, so an arm from a pivot overhead behind the head reads as passing
 * beside it, not through it; its end is drawn over the figure by leverArm.
 */
export function leverArmBehind(camera: Camera, prop: FixedProp, body: Body): string {
  if (prop.beside !== true) return '';
  const pivot: Point = [prop.x0, prop.y];
  const end = leverEndPoint(body, prop);
  const parts = [leverPost(camera, prop), polyline(camera, [pivot, end], COLOURS.steel, 0.05)];
  if (prop.plates === 'counter') parts.push(polyline(camera, [pivot, platePoint(pivot, end, 'counter')], COLOURS.steel, 0.05));
  parts.push(circle(camera, pivot, 0.05, COLOURS.iron));
  return `<g opacity="${BESIDE_OPACITY}">${parts.join('')}</g>`;
}

/**
 * The lever's post, its arm from the pivot to what it ends in, and that end (handles, platform, roller or
 * pad); for an arm beside the body, only the end (its arm is drawn behind the figure: leverArmBehind).
 */
export function leverArm(camera: Camera, prop: FixedProp, body: Body): string {
  if (prop.beside === true) return leverEndParts(camera, prop, body);
  const pivot: Point = [prop.x0, prop.y];
  const parts = [leverPost(camera, prop)];
  const face = prop.end === 'platform' ? platformFace(prop, body) : undefined;
  if (face !== undefined) {
    // The plate under the soles (on the side away from the ankle), its back braced to the arm.
    const ankle = body.legs[legsOf(prop)[0]!].end;
    const middle = lerpPoint(face[0], face[1], 0.5);
    const length = Math.hypot(face[1][0] - face[0][0], face[1][1] - face[0][1]) || 1;
    const along: Point = [(face[1][0] - face[0][0]) / length, (face[1][1] - face[0][1]) / length];
    const normal: Point = [-along[1], along[0]];
    const away = (middle[0] - ankle[0]) * normal[0] + (middle[1] - ankle[1]) * normal[1] >= 0 ? 1 : -1;
    const under = (p: Point, by: number): Point => add(p, normal, away * by);
    const ends = [add(face[0], along, -PLATFORM.overhang), add(face[1], along, PLATFORM.overhang)].map((p) =>
      under(p, PLATFORM.thickness / 2 + 0.005),
    );
    parts.push(polyline(camera, [pivot, under(middle, PLATFORM.thickness)], COLOURS.steel, 0.05));
    parts.push(polyline(camera, ends, COLOURS.iron, PLATFORM.thickness));
  } else {
    parts.push(polyline(camera, [pivot, leverEndPoint(body, prop)], COLOURS.steel, 0.05));
    parts.push(leverEndParts(camera, prop, body));
  }
  // A counter horn runs on past the pivot to its plates.
  if (prop.plates === 'counter')
    parts.push(polyline(camera, [pivot, platePoint(pivot, leverEndPoint(body, prop), 'counter')], COLOURS.steel, 0.05));
  parts.push(circle(camera, pivot, 0.05, COLOURS.iron));
  return parts.join('');
}

/** A machine's seat on its post, or a fixed pad (a backrest, a chest pad, a thigh pad) on a post to the floor. */
export function machineFixed(camera: Camera, prop: FixedProp): string {
  if (prop.kind === 'seat') {
    const middle = (prop.x0 + prop.x1) / 2;
    return [
      rect(camera, middle - 0.2, 0, middle + 0.2, 0.04, COLOURS.steel),
      rect(camera, middle - 0.03, 0, middle + 0.03, prop.y, COLOURS.steel),
      rect(camera, prop.x0, prop.y - 0.08, prop.x1, prop.y, COLOURS.pad),
    ].join('');
  }
  if (prop.face === undefined || prop.part === undefined) return '';
  const out = padOutward(prop.part, prop.face);
  const [a, b] = prop.face.map((p) => add(p, out, PAD_THICKNESS / 2));
  const back = add(lerpPoint(a!, b!, 0.5), out, PAD_THICKNESS / 2);
  // A thigh pad's bracket runs on past the knees, a chest pad's out past the feet, before it drops to the
  // floor, clear of the thighs and seat.
  const length = Math.hypot(b![0] - a![0], b![1] - a![1]) || 1;
  const along: Point = [(b![0] - a![0]) / length, (b![1] - a![1]) / length];
  const past = prop.part === 'thighs' ? add(back, along, 0.3) : prop.part === 'chest' ? add(back, out, 0.5) : back;
  return [polyline(camera, [back, past, [past[0], 0]], COLOURS.steel, 0.04), polyline(camera, [a!, b!], COLOURS.pad, PAD_THICKNESS)].join(
    '',
  );
}
