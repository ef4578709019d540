/**
 * The shape of a foot pivoting on its ball, seen from the front (a key's `pivot`, foot-pivot.ts): where its ankle stands
 * and where its heel and toe are drawn. Apart from foot-pivot.ts, which reads keys, because the skeleton draws every
 * front-view foot through here and must not import what imports it.
 */
import { frontToe } from './front-depth.ts';
import { add, mix, type Point } from './geometry.ts';

/**
 * Metres the ankle of a pivoting foot stands above a flat foot's. The ankle rises about two thirds as much as the heel does
 * about the ball, and a leg long and diagonal to it (a chop's back leg) bends at the knee some 20 degrees: 7 cm bent it 40.
 */
export const PIVOT_RAISE = 0.05;
/** Metres the heel, and the ankle over it, swing out from where the flat foot's are, the toes turning in. */
export const PIVOT_OUT = 0.08;
/** Where the raised heel is drawn, outward of the point under the ankle and above it (the foot tipped), once pivoted: 8 cm up. */
const HEEL: Point = [0.02, 0.03];

/** The ankle of a flat foot at `ankle` (`m`: +1 on the viewer's right), pivoted: up and out, its ball where its toe was. */
export const pivotAnkle = (ankle: Point, m: number): Point => [ankle[0] + PIVOT_OUT * m, ankle[1] + PIVOT_RAISE];

/**
 * The heel and toe of a foot seen from the front, its ankle's sole point at `sole`: flat, or rolled onto its heel
 * (`toes`), as always; pivoted by `pivot` (0..1, eased between keys), the ankle having moved up and out by that much,
 * the toe stays where the flat foot's was, on the floor, and the heel is up under the ankle, a little outward.
 */
export function frontFoot(sole: Point, m: number, toes: number | undefined, pivot: number | undefined): { heel: Point; toe: Point } {
  if (pivot === undefined) return { heel: add(sole, [-0.03 * m, 0]), toe: frontToe(sole, m, toes) };
  return {
    heel: [sole[0] + mix(-0.03, HEEL[0], pivot) * m, sole[1] + HEEL[1] * pivot],
    toe: [sole[0] + (0.07 - PIVOT_OUT * pivot) * m, sole[1] - PIVOT_RAISE * pivot],
  };
}
