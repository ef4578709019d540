/**
 * A bench in the three-quarter scene (`"bench": {"from": -1.1, "to": 0.15}`): a padded top `height` metres up
 * (0.43 unless said, a flat bench's usual top) from x `from` to `to` along the figure's forward axis (the first key's
 * pelvis is over the origin), 30 cm wide about the midline z = 0 (a flat bench's pad is 25 to 30 cm across), on two
 * steel legs 8 cm in from its ends as the planar bench stands (render-fixed-props.ts). A planted point over the top
 * rests on it, at its rest height above the top; the rest rest on the floor. Drawn as a box and two legs, each painted
 * by its depth among the limbs: the far leg of a figure lying on it hangs behind the bench, the near one in front.
 *
 * An adjustable bench (`"incline": {"at": -0.05, "degrees": 45}`, 0.6.0) hinges its pad at x `at`: from `at` to `to`
 * the seat, flat at `height`; from `from` to `at` the back pad, rising toward `from` at `degrees` (an incline press's
 * 30 to 45, a seated press's 75 to 85) or, negative, falling toward it (a decline bench's head end, -15 to -30). A point
 * over the back pad rests its rest height from the pad square to it, as a ball lies on a slope (the rest over the
 * cosine, straight up), and in the incline's crease on whichever pad holds it higher, as a pelvis sits into it.
 */
import { type Camera, COLOURS, mixColour, polygon, polyline } from './svg-kit.ts';
import type { Lens, Stroke } from './three-camera.ts';
import { add3, cross3, dot3, lerp3, normalize3, scale3, type Vec3 } from './three-vec.ts';

export interface Bench {
  from: number;
  to: number;
  height: number;
  /** The back pad's hinge and slope (none: flat from end to end). */
  incline?: { at: number; degrees: number };
}

export const BENCH_HEIGHT = 0.43;
const HALF_WIDTH = 0.15;
/** The pad's thickness, the planar bench's. */
const PAD = 0.08;
const LEG_IN = 0.105;

/** A flat stretch of the pad: its top's line from (x0, y0) to (x1, y1), x0 < x1. */
interface Pad {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The pad's stretches, back pad first: one for a flat bench, two for one with an incline. */
export function padsOf(bench: Bench): Pad[] {
  const { from, to, height, incline } = bench;
  if (incline === undefined) return [{ x0: from, y0: height, x1: to, y1: height }];
  const rise = (incline.at - from) * Math.tan((incline.degrees * Math.PI) / 180);
  return [
    { x0: from, y0: height + rise, x1: incline.at, y1: height },
    { x0: incline.at, y0: height, x1: to, y1: height },
  ];
}

/** How high the middle of a point resting `rest` above a stretch's top is over x (the top's line carried on past its ends). */
function restOn(pad: Pad, x: number, rest: number): number {
  const slope = (pad.y1 - pad.y0) / (pad.x1 - pad.x0);
  return pad.y0 + slope * (x - pad.x0) + rest * Math.hypot(1, slope);
}

/**
 * Where a point resting `rest` above what is under `p` has its middle, and what that is: the floor, or over the bench
 * the stretch under it (in an incline's crease whichever of the two holds it higher; at a decline's ridge the one it is
 * over, the ridge's own rounding left out).
 */
export function restingOver(bench: Bench | undefined, p: Vec3, rest: number): { height: number; what: string } {
  const isOver = bench !== undefined && p[0] >= bench.from && p[0] <= bench.to && Math.abs(p[2]) <= HALF_WIDTH;
  if (!isOver) return { height: rest, what: 'the floor' };
  const [back, seat] = padsOf(bench);
  if (seat === undefined) return { height: restOn(back!, p[0], rest), what: "the bench's top" };
  const onBack = restOn(back!, p[0], rest);
  const onSeat = restOn(seat, p[0], rest);
  const isBack = bench.incline!.degrees > 0 ? onBack > onSeat : p[0] < seat.x0;
  return isBack ? { height: onBack, what: "the bench's back pad" } : { height: onSeat, what: "the bench's seat" };
}

/** The corners of the bench's pad, for framing. */
export function benchCorners(bench: Bench): Vec3[] {
  const out: Vec3[] = [];
  for (const { x0, y0, x1, y1 } of padsOf(bench))
    for (const [x, y] of [
      [x0, y0],
      [x1, y1],
    ] as const)
      for (const z of [-HALF_WIDTH, HALF_WIDTH]) out.push([x, y, z], [x, 0, z]);
  return out;
}

/** The height of the pad's underside over x (where a leg meets it). */
function undersideAt(bench: Bench, x: number): number {
  const pad = padsOf(bench).find((p) => x >= p.x0 && x <= p.x1)!;
  return restOn(pad, x, 0) - PAD * Math.hypot(1, (pad.y1 - pad.y0) / (pad.x1 - pad.x0));
}

/** A face of a box (the pad, a yoga block): its outward normal, its corners, and how much darker than the top it is drawn. */
export type Face = { normal: Vec3; points: Vec3[]; tone: number };

/** The faces turned toward the camera, each painted in `colour` darkened by its tone, so the box reads as one. */
export const facesSvg = (camera: Camera, lens: Lens, faces: readonly Face[], colour: string): string =>
  faces
    .filter((face) => dot3(face.normal, lens.toward) > 1e-9)
    .map((face) => polygon(camera, face.points.map(lens.project), mixColour(colour, '#000000', face.tone)))
    .join('');

/** The faces of one stretch of the pad, a box PAD thick square to its top; `ends` says which of its ends are open to see. */
function padFaces(pad: Pad, ends: { back: boolean; front: boolean }): Face[] {
  const along = normalize3([pad.x1 - pad.x0, pad.y1 - pad.y0, 0]);
  const up = cross3([0, 0, 1], along);
  const corner = (x: number, y: number, z: number, isTop: boolean): Vec3 => add3([x, y, z], scale3(up, isTop ? 0 : -PAD));
  const side = (z: number): Vec3[] => [
    corner(pad.x0, pad.y0, z, false),
    corner(pad.x1, pad.y1, z, false),
    corner(pad.x1, pad.y1, z, true),
    corner(pad.x0, pad.y0, z, true),
  ];
  // An end of the pad, at (x, y), facing along the stretch (`sign`): both ends the same but for where and which way.
  const end = (x: number, y: number, sign: number): Face => ({
    normal: scale3(along, sign),
    points: [
      corner(x, y, -HALF_WIDTH, false),
      corner(x, y, HALF_WIDTH, false),
      corner(x, y, HALF_WIDTH, true),
      corner(x, y, -HALF_WIDTH, true),
    ],
    tone: 0.4,
  });
  return [
    { normal: up, points: [...side(-HALF_WIDTH).slice(2).reverse(), ...side(HALF_WIDTH).slice(2)], tone: 0 },
    { normal: [0, 0, -1], points: side(-HALF_WIDTH), tone: 0.25 },
    { normal: [0, 0, 1], points: side(HALF_WIDTH), tone: 0.25 },
    ...(ends.front ? [end(pad.x1, pad.y1, 1)] : []),
    ...(ends.back ? [end(pad.x0, pad.y0, -1)] : []),
  ];
}

/**
 * The bench as strokes to paint among the figure's: each leg at its own depth, and each stretch of the pad's faces
 * the camera sees at the depth of its top's centre moved back by half the pad's width, so a figure lying on the top is
 * painted over it.
 */
export function benchStrokes(camera: Camera, lens: Lens, bench: Bench): Stroke[] {
  const strokes: Stroke[] = [];
  for (const x of [bench.from + LEG_IN, bench.to - LEG_IN]) {
    const top: Vec3 = [x, undersideAt(bench, x), 0];
    strokes.push({
      depth: lens.depthOf(lerp3(top, [x, 0, 0], 0.5)),
      svg: polyline(camera, [lens.project([x, 0, 0]), lens.project(top)], COLOURS.steel, 0.05),
    });
  }
  const pads = padsOf(bench);
  pads.forEach((pad, i) => {
    const svg = facesSvg(camera, lens, padFaces(pad, { back: i === 0, front: i === pads.length - 1 }), COLOURS.pad);
    const centre: Vec3 = [(pad.x0 + pad.x1) / 2, (pad.y0 + pad.y1) / 2, 0];
    strokes.push({ depth: lens.depthOf(centre) - HALF_WIDTH, svg });
  });
  return strokes;
}
