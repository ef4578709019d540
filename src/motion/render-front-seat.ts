/**
 * Seats seen from the front in the flat style (front-seat.ts): a bench end on (its pad on a post), a
 * machine's seat with its back pad, a chair with its legs and back; and a seated machine's lever pads
 * (front-seat-pads.ts) with the weight stack beside it, whose top plates ride up as the pads are pushed.
 */
import type { FixedProp, Motion } from './motion.ts';
import { endOnSeatOf } from './front-seat.ts';
import { PAD, padCentres, padTravel, soleOf } from './front-seat-pads.ts';
import { add, type Body, type Point, SIDES } from './skeleton.ts';
import { type Camera, circle, COLOURS, polyline, rect } from './svg-kit.ts';

/** A weight stack's plates: how many, how thick with the gap above each, and how many ride up on the pin. */
const PLATES = { count: 9, pitch: 0.045, lifted: 3, half: 0.1 } as const;
/** How far the stack's plates rise for each metre the pads are pushed along their path (the machine's cam halves it). */
const STACK_RATIO = 0.5;
/** A foot bar's radius: the sole rests on its top. */
const FOOT_BAR = 0.022;

/** A seat seen end on, with its back when it has one: drawn behind the figure that sits on it. */
export function frontSeatSvg(camera: Camera, seat: FixedProp): string {
  const { x0, x1, y } = seat;
  const middle = (x0 + x1) / 2;
  const parts: string[] = [];
  if (seat.endOn === 'chair') {
    // Its back's two uprights and rail behind the trunk, the seat, and the two front legs.
    const top = seat.backTop ?? y + 0.5;
    parts.push(
      rect(camera, x0 + 0.01, y, x0 + 0.045, top, COLOURS.wood),
      rect(camera, x1 - 0.045, y, x1 - 0.01, top, COLOURS.wood),
      rect(camera, x0, top - 0.16, x1, top, COLOURS.wood, COLOURS.woodEdge),
      rect(camera, x0 + 0.01, 0, x0 + 0.05, y, COLOURS.wood),
      rect(camera, x1 - 0.05, 0, x1 - 0.01, y, COLOURS.wood),
      rect(camera, x0 - 0.01, y - 0.05, x1 + 0.01, y, COLOURS.wood, COLOURS.woodEdge),
    );
    return parts.join('');
  }
  // A machine's back pad stands on its post behind the trunk, wider than the waist.
  if (seat.backTop !== undefined)
    parts.push(
      rect(camera, middle - 0.03, y, middle + 0.03, seat.backTop, COLOURS.steel),
      rect(camera, middle - 0.2, y + 0.08, middle + 0.2, seat.backTop, COLOURS.pad),
    );
  parts.push(
    rect(camera, middle - 0.22, 0, middle + 0.22, 0.04, COLOURS.steel),
    rect(camera, middle - 0.03, 0, middle + 0.03, y, COLOURS.steel),
    rect(camera, x0, y - 0.08, x1, y, COLOURS.pad),
  );
  return parts.join('');
}

/** The weight stack: its rods, the plates left at rest and the top ones lifted by `lift`, the cable up to its pulley and over to the seat. */
function weightStack(camera: Camera, pads: FixedProp, lift: number, seat: FixedProp | undefined): string {
  const middle = (pads.x0 + pads.x1) / 2;
  const pulley: Point = [middle, pads.y];
  const parts = [
    rect(camera, middle - PLATES.half - 0.03, 0, middle + PLATES.half + 0.03, 0.04, COLOURS.steel),
    polyline(
      camera,
      [
        [middle - 0.06, 0.04],
        [middle - 0.06, pads.y],
      ],
      COLOURS.steel,
      0.015,
    ),
    polyline(
      camera,
      [
        [middle + 0.06, 0.04],
        [middle + 0.06, pads.y],
      ],
      COLOURS.steel,
      0.015,
    ),
  ];
  let top = 0;
  for (let i = 0; i < PLATES.count; i += 1) {
    const bottom = 0.05 + i * PLATES.pitch + (i >= PLATES.count - PLATES.lifted ? Math.max(0, lift) : 0);
    parts.push(rect(camera, middle - PLATES.half, bottom, middle + PLATES.half, bottom + PLATES.pitch - 0.008, COLOURS.iron));
    top = bottom + PLATES.pitch - 0.008;
  }
  // Over the pulley, down beside the stack and along the floor under the seat, to the levers' cam.
  const cam: Point = [seat === undefined ? pads.x0 - 0.3 : (seat.x0 + seat.x1) / 2, 0.09];
  const route: Point[] = [[middle, top], [middle, pads.y + 0.035], [pads.x0 - 0.04, pads.y], [pads.x0 - 0.04, cam[1]], cam];
  parts.push(polyline(camera, route, COLOURS.strap, 0.012), circle(camera, pulley, 0.035, COLOURS.steel));
  return parts.join('');
}

/**
 * A seated machine's side pads in one frame: `behind` the figure, the stack and the knee pads' arms down
 * to the machine's post; `over` it, the pads on the body and the arm pads' levers along the upper arms.
 */
export function sidePadsSvg(camera: Camera, motion: Motion, body: Body, layer: 'behind' | 'over'): string {
  const pads = motion.fixed.find((prop) => prop.presses !== undefined);
  if (pads === undefined) return '';
  const places = padCentres(pads, body);
  const parts: string[] = [];
  const isArms = pads.presses === 'upper-arms';
  if (layer === 'behind') {
    const seat = endOnSeatOf(motion);
    parts.push(weightStack(camera, pads, padTravel(pads, body) * STACK_RATIO, seat));
    if (!isArms)
      for (const side of SIDES) {
        const { centre } = places[side];
        const low = Math.min(0.25, (seat?.y ?? 0.45) - 0.2);
        parts.push(polyline(camera, [centre, [centre[0], low], [0, low]], COLOURS.steel, 0.03));
      }
    // The foot bars seen end on under the soles, each on a strut from the machine's base.
    for (const [i, side] of SIDES.entries()) {
      const bar = pads.platform?.[i];
      if (bar === undefined) continue;
      // It rides on the knee pad's lever, out and in with the foot on it, at one height.
      const under: Point = [soleOf(body, side)[0], bar[1] - FOOT_BAR];
      parts.push(
        polyline(camera, [under, [0, 0.04]], COLOURS.steel, 0.025),
        circle(camera, under, FOOT_BAR, COLOURS.steel, COLOURS.iron, 0.008),
      );
    }
    return parts.join('');
  }
  for (const side of SIDES) {
    const { centre, along, pivot } = places[side];
    if (isArms) {
      // The lever from its pivot at the shoulder, along the outside of the upper arm, to the pad near the elbow.
      parts.push(
        polyline(camera, [add(centre, along, -PAD.alongArm), add(centre, along, 0.05)], COLOURS.steel, 0.025),
        circle(camera, pivot, 0.025, COLOURS.steel),
        polyline(camera, [add(centre, along, -0.07), add(centre, along, 0.07)], COLOURS.pad, PAD.half * 2),
      );
    } else parts.push(polyline(camera, [add(centre, along, -0.06), add(centre, along, 0.06)], COLOURS.pad, PAD.half * 2));
  }
  return parts.join('');
}
