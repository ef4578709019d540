/**
 * Sloped tops (a slant board): how high a top is at x, and how much a fixed prop's top rises a metre
 * along the floor; read by resting.ts, surfaces.ts, motion-check.ts and slant-board.ts.
 */
import type { FixedProp } from './motion.ts';

/** A top's height at x: its height at x0, and, on a slope (a slant board), what it rises from there. */
export const topAt = (top: { x0: number; y: number; rise?: number }, x: number): number => top.y + (top.rise ?? 0) * (x - top.x0);

/** How much a fixed prop's top rises a metre along the floor: a slant board's or a hack sled's platform's slope, else level. */
export const riseOf = (prop: FixedProp): number =>
  prop.kind === 'slant-board' || prop.kind === 'hack-sled' ? Math.tan(((prop.angle ?? 0) * Math.PI) / 180) : 0;
