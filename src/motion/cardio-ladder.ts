/**
 * A Jacob's ladder seen from the side (cardio.ts): an endless ladder inclined 55 degrees from the floor,
 * its rungs 30 cm apart riding down along its rails two rungs a turn while the climber stays in place,
 * each foot and hand standing on (or gripping) a rung as it rides down, then reaching up, lifted off the
 * ladder, to the rung above; a hand moves with the other side's foot, as on any ladder.
 */
import { add, lerpPoint, type Point } from './skeleton.ts';

const RADIANS = Math.PI / 180;
export const LADDER = {
  /** Where the rails meet the floor, their angle from it, and how long they are. */
  base: [-0.435, 0] as Point,
  angle: 55,
  length: 2.6,
  spacing: 0.3,
  /** The part of a foot's or hand's turn it rides its rung down, and how far it lifts off the ladder reaching to the next. */
  planted: 0.55,
  lift: 0.1,
  /** How far along the rails the highest rung a foot and a hand take is at the start (metres): whole rungs. */
  footTop: 0.9,
  handTop: 2.1,
};
/** Up the rails, and square to them toward the climber. */
export const UP: Point = [Math.cos(LADDER.angle * RADIANS), Math.sin(LADDER.angle * RADIANS)];
const OUT: Point = [-UP[1], UP[0]];

/** The point `s` metres along the rails from the floor. */
export const along = (s: number): Point => add(LADDER.base, UP, s);

const smooth = (t: number): number => {
  const u = Math.max(0, Math.min(1, t));
  return u * u * (3 - 2 * u);
};

/** Where a foot or hand whose highest rung is `top` along the rails is `turn` turns into the loop (its side's share). */
export function rungPath(turn: number, top: number): Point {
  const u = turn - Math.floor(turn);
  const stride = 2 * LADDER.spacing;
  if (u <= LADDER.planted) return along(top - stride * u);
  const t = (u - LADDER.planted) / (1 - LADDER.planted);
  return add(lerpPoint(along(top - stride * LADDER.planted), along(top), smooth(t)), OUT, LADDER.lift * Math.sin(Math.PI * t));
}

/** How far along the rails each rung is `turn` turns into the loop: they ride down two rungs a turn. */
export function rungsAt(turn: number): number[] {
  const shift = 2 * LADDER.spacing * (turn - Math.floor(turn));
  const rungs: number[] = [];
  for (let k = 0; k * LADDER.spacing - shift < LADDER.length; k += 1) {
    const s = k * LADDER.spacing - shift;
    if (s > 0.1) rungs.push(s);
  }
  return rungs;
}
