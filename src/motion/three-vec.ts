/**
 * Three-dimensional vectors and rotations for the three-quarter figure, in metres: x forward (where the
 * figure faces with no heading), y up, z to the figure's right. Rotations are 3x3 matrices, rows first.
 */

export type Vec3 = readonly [number, number, number];
export type Mat3 = readonly [Vec3, Vec3, Vec3];

export const add3 = (a: Vec3, b: Vec3, scale = 1): Vec3 => [a[0] + b[0] * scale, a[1] + b[1] * scale, a[2] + b[2] * scale];
export const sub3 = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
export const scale3 = (a: Vec3, s: number): Vec3 => [a[0] * s, a[1] * s, a[2] * s];
export const dot3 = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
export const cross3 = (a: Vec3, b: Vec3): Vec3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
export const length3 = (a: Vec3): number => Math.hypot(a[0], a[1], a[2]);
export const distance3 = (a: Vec3, b: Vec3): number => length3(sub3(a, b));
export const lerp3 = (a: Vec3, b: Vec3, t: number): Vec3 => add3(a, sub3(b, a), t);

export function normalize3(a: Vec3): Vec3 {
  const n = length3(a);
  return n < 1e-12 ? [0, 0, 0] : scale3(a, 1 / n);
}

const RAD = Math.PI / 180;

/** Rotation about x by `degrees`: y turns toward z. */
/** The direction from `a` to `b`, of unit length. */
export const towards3 = (a: Vec3, b: Vec3): Vec3 => normalize3(sub3(b, a));

export function rotX(degrees: number): Mat3 {
  const [c, s] = [Math.cos(degrees * RAD), Math.sin(degrees * RAD)];
  return [
    [1, 0, 0],
    [0, c, -s],
    [0, s, c],
  ];
}

/** Rotation about y by `degrees`: z turns toward x (seen from above, counter-clockwise: a turn to the figure's left). */
export function rotY(degrees: number): Mat3 {
  const [c, s] = [Math.cos(degrees * RAD), Math.sin(degrees * RAD)];
  return [
    [c, 0, s],
    [0, 1, 0],
    [-s, 0, c],
  ];
}

/** Rotation about z by `degrees`: x turns toward y (so -y, straight down, turns toward x: forward). */
export function rotZ(degrees: number): Mat3 {
  const [c, s] = [Math.cos(degrees * RAD), Math.sin(degrees * RAD)];
  return [
    [c, -s, 0],
    [s, c, 0],
    [0, 0, 1],
  ];
}

export const IDENTITY: Mat3 = [
  [1, 0, 0],
  [0, 1, 0],
  [0, 0, 1],
];

export function mulMat(a: Mat3, b: Mat3): Mat3 {
  const row = (r: Vec3): Vec3 => [
    r[0] * b[0][0] + r[1] * b[1][0] + r[2] * b[2][0],
    r[0] * b[0][1] + r[1] * b[1][1] + r[2] * b[2][1],
    r[0] * b[0][2] + r[1] * b[1][2] + r[2] * b[2][2],
  ];
  return [row(a[0]), row(a[1]), row(a[2])];
}

/** The product of rotations, left to right: each turns about the axes the ones before it have turned. */
export const chain = (...mats: readonly Mat3[]): Mat3 => mats.reduce(mulMat, IDENTITY);

export const apply = (m: Mat3, v: Vec3): Vec3 => [dot3(m[0], v), dot3(m[1], v), dot3(m[2], v)];

/** A matrix's columns: where it turns the x, y and z axes. */
export const axisOf = (m: Mat3, axis: 0 | 1 | 2): Vec3 => [m[0][axis], m[1][axis], m[2][axis]];

/** The angle at `b` between the lines to `a` and `c`, as a flexion: 0 straight, 90 a right angle (degrees). */
export function flexion3(a: Vec3, b: Vec3, c: Vec3): number {
  const u = normalize3(sub3(a, b));
  const w = normalize3(sub3(c, b));
  return 180 - Math.acos(Math.max(-1, Math.min(1, dot3(u, w)))) / RAD;
}

/** The shortest distance between the segments `p0 p1` and `q0 q1` (the closest points clamped to both). */
export function segmentDistance3(p0: Vec3, p1: Vec3, q0: Vec3, q1: Vec3): number {
  const d1 = sub3(p1, p0);
  const d2 = sub3(q1, q0);
  const r = sub3(p0, q0);
  const a = dot3(d1, d1);
  const e = dot3(d2, d2);
  const f = dot3(d2, r);
  const clamp = (x: number) => Math.max(0, Math.min(1, x));
  if (a < 1e-12 && e < 1e-12) return length3(r);
  if (a < 1e-12) return distance3(p0, add3(q0, d2, clamp(f / e)));
  const c = dot3(d1, r);
  if (e < 1e-12) return distance3(add3(p0, d1, clamp(-c / a)), q0);
  const b = dot3(d1, d2);
  const denominator = a * e - b * b;
  // Parallel segments: any s will do; take the start and let t's clamp find the nearest.
  let s = denominator > 1e-12 ? clamp((b * f - c * e) / denominator) : 0;
  let t = (b * s + f) / e;
  if (t < 0) {
    t = 0;
    s = clamp(-c / a);
  } else if (t > 1) {
    t = 1;
    s = clamp((b - c) / a);
  }
  return distance3(add3(p0, d1, s), add3(q0, d2, t));
}

/** `count` points round a circle of `radius` about `centre`, square to `axis` (a unit vector): a drum's rim, a head's. */
export function ringAround(centre: Vec3, axis: Vec3, radius: number, count = 28): Vec3[] {
  const helper: Vec3 = Math.abs(axis[1]) < 0.9 ? [0, 1, 0] : [1, 0, 0];
  const u = normalize3(cross3(axis, helper));
  const w = cross3(axis, u);
  return Array.from({ length: count }, (_, i) => {
    const a = (2 * Math.PI * i) / count;
    return add3(add3(centre, u, radius * Math.cos(a)), w, radius * Math.sin(a));
  });
}
