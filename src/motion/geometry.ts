/**
 * Plane geometry in metres, y up: points, directions by absolute angle (0 down, 90 forward, 180 up)
 * and the two-bone solution a limb reaches a target with. Apart from the figure (skeleton.ts), which
 * is built from it.
 */
export type Point = readonly [number, number];

const RAD = Math.PI / 180;

/** The unit vector of a segment at absolute angle `degrees`: 0 points down, 90 forward, 180 up. */
export function direction(degrees: number): Point {
  return [Math.sin(degrees * RAD), -Math.cos(degrees * RAD)];
}

export function add(a: Point, b: Point, scale = 1): Point {
  return [a[0] + b[0] * scale, a[1] + b[1] * scale];
}

export function distance(a: Point, b: Point): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1]);
}

/** The number, and the point, `t` of the way from `a` to `b`. */
export const mix = (a: number, b: number, t: number): number => a + (b - a) * t;
export const lerpPoint = (a: Point, b: Point, t: number): Point => [mix(a[0], b[0], t), mix(a[1], b[1], t)];

/** The flexion of the joint at `b` between the segments to `a` and `c`, in degrees: 0 straight, 180 folded shut. */
export function flexionAt(a: Point, b: Point, c: Point): number {
  const ab = Math.atan2(a[1] - b[1], a[0] - b[0]);
  const cb = Math.atan2(c[1] - b[1], c[0] - b[0]);
  const between = Math.abs(ab - cb) / RAD;
  return 180 - (between > 180 ? 360 - between : between);
}

/** The absolute angle of the vector from `a` to `b`, in the convention of `direction`. */
export function angleOf(a: Point, b: Point): number {
  return Math.atan2(b[0] - a[0], -(b[1] - a[1])) / RAD;
}

/**
 * The two-bone solution from `root` to `target` with lengths `a` and `b`, bending the middle joint to
 * the side `bend` (+1 forward/outward, -1 backward). An unreachable target straightens the limb towards it.
 */
export function solveTwoBone(root: Point, target: Point, a: number, b: number, bend: number): Point {
  const d = Math.min(distance(root, target), a + b - 1e-6);
  const base = angleOf(root, target);
  const cos = (a * a + d * d - b * b) / (2 * a * d);
  const offset = Math.acos(Math.max(-1, Math.min(1, cos))) / RAD;
  return add(root, direction(base + bend * offset), a);
}

/** The distance from `point` to the segment from `a` to `b`. */
export function toSegment(point: Point, a: Point, b: Point): number {
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const t = Math.max(0, Math.min(1, ((point[0] - a[0]) * dx + (point[1] - a[1]) * dy) / (dx * dx + dy * dy || 1)));
  return distance(point, [a[0] + dx * t, a[1] + dy * t]);
}

/**
 * Where `p` falls on the segment from `a` to `b`, projected onto it, its middle stretched `steep`
 * times: a point in the middle `1 / steep` of it slides along, one nearer an end lands on that end.
 */
export function onSegment(a: Point, b: Point, p: Point, steep = 1): Point {
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const length2 = dx * dx + dy * dy;
  const along = length2 === 0 ? 0 : ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2;
  const t = Math.max(0, Math.min(1, 0.5 + (along - 0.5) * steep));
  return [a[0] + dx * t, a[1] + dy * t];
}

/** The root of an increasing or decreasing `f` on [lo, hi] by bisection (40 steps: far below a millimetre). */
export function solve(f: (x: number) => number, lo: number, hi: number): number {
  let a = lo;
  let b = hi;
  const rising = f(b) > f(a);
  for (let i = 0; i < 40; i += 1) {
    const mid = (a + b) / 2;
    if (f(mid) > 0 === rising) b = mid;
    else a = mid;
  }
  return (a + b) / 2;
}
