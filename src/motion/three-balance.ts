/**
 * The footprint of what rests on the floor, as the balance check reads it: the convex outline of the planted points
 * seen from above, and how far a point (the centre of mass) lies outside it. Plain plane geometry, shared by the
 * check and by the loads' drawing (a plate's outline is the hull of its two faces).
 */
export type Flat = readonly [number, number];

/** The convex hull of points on the floor (Andrew's monotone chain), counter-clockwise. */
export function hull(points: readonly Flat[]): Flat[] {
  const sorted = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (sorted.length < 3) return sorted;
  const cross = (o: Flat, a: Flat, b: Flat) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const half = (list: Flat[]) => {
    const out: Flat[] = [];
    for (const p of list) {
      while (out.length >= 2 && cross(out[out.length - 2]!, out[out.length - 1]!, p) <= 0) out.pop();
      out.push(p);
    }
    return out.slice(0, -1);
  };
  return [...half(sorted), ...half([...sorted].reverse())];
}

/** How far `p` lies outside the convex outline of `points` (0 inside it). */
export function outside(p: Flat, points: readonly Flat[]): number {
  const outline = hull(points);
  const toSegment = (a: Flat, b: Flat) => {
    const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
    const t = dx === 0 && dy === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)));
    return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
  };
  if (outline.length === 1) return Math.hypot(p[0] - outline[0]![0], p[1] - outline[0]![1]);
  const edges = outline.map((a, i) => [a, outline[(i + 1) % outline.length]!] as const);
  const isInside = outline.length >= 3 && edges.every(([a, b]) => (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]) >= 0);
  return isInside ? 0 : Math.min(...edges.map(([a, b]) => toSegment(a, b)));
}
