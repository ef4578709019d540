/**
 * A foot pivoting on its ball, seen from the front: a wood chop's back foot as the hips and chest turn toward the other
 * side. The ball stays on the floor where the flat foot's toe was, bearing weight (a contact, in the balance base); the
 * heel rises and swings out, so the ankle stands higher and farther out and the foot is drawn steep, from the raised heel
 * down and inward to the ball; the knee bends in toward the other leg. Named by a key's `pivot`, eased in and out with
 * the feet's targets so the ball never slides. The front view's `onToes` lifts the whole short foot off the floor (its
 * sole is drawn flat under the raised ankle), which no standing key could balance on: a pivot keeps the ball down.
 */
import * as v from 'valibot';
import { frontToe } from './front-depth.ts';
import { add, mix, type Point } from './geometry.ts';
import type { Key } from './motion.ts';
import type { Side, Targets } from './skeleton.ts';

/**
 * Metres the ankle of a pivoting foot stands above a flat foot's. The ankle rises about two thirds as much as the heel does
 * about the ball, and a leg long and diagonal to it (a chop's back leg) bends at the knee some 20 degrees: 7 cm bent it 40.
 */
export const PIVOT_RAISE = 0.05;
/** Metres the heel, and the ankle over it, swing out from where the flat foot's are, the toes turning in. */
export const PIVOT_OUT = 0.08;
/** Where the raised heel is drawn, outward of the point under the ankle and above it (the foot tipped), once pivoted: 8 cm up. */
const HEEL: Point = [0.02, 0.03];

/** A key's field for the foot that pivots. */
export const PIVOT_ENTRIES = {
  /** Front view: the placed foot that pivots on its ball, heel raised and turned out, the knee in (a wood chop's back foot). */
  pivot: v.optional(v.picklist(['left', 'right'], 'must be left or right: the foot that pivots on its ball')),
};

type PivotKey = {
  name: string;
  pivot?: Side | undefined;
  feetOnFloor?: string | undefined;
  onToes?: string | undefined;
  step?: string | undefined;
  toward?: { toes?: { left?: number | undefined; right?: number | undefined } | undefined } | undefined;
};

const names = (which: string | undefined, side: Side): boolean => which === 'both' || which === side;

/** A `pivot` the key cannot draw, named: a foot not placed on the floor, on its toes or heel, stepping, or the fixed heel. */
export function pivotMisuse(p: { fixed?: string | undefined; keys: readonly PivotKey[] }): string | undefined {
  for (const [i, k] of p.keys.entries()) {
    const side = k.pivot;
    if (side === undefined) continue;
    const at = `key ${i} "${k.name}": pivot`;
    if (!names(k.feetOnFloor, side)) return `${at} turns the ${side} foot on its ball on the floor: place it there (feetOnFloor)`;
    if (names(k.onToes, side)) return `${at} already raises the ${side} heel, ball down: leave the ${side} foot out of onToes`;
    if ((k.toward?.toes?.[side] ?? 0) !== 0) return `${at} stands the ${side} foot on its ball: its toes cannot rise (toward.toes)`;
    if (k.step === `${side}-foot`) return `${at} keeps the ${side} ball where it is: it cannot step`;
    if (p.fixed === `${side}Heel`) return `${at} raises the ${side} heel, the fixed point: fix its toe (${side}Toe) or the other foot`;
  }
  return undefined;
}

/** `pivot` outside the front view, which alone draws it, named with its key; else nothing. */
export function pivotViewMisuse(view: string | undefined, params: Record<string, unknown>): { field: string; message: string } | undefined {
  if (view === 'front' || view === 'above' || !Array.isArray(params.keys)) return undefined;
  const i = (params.keys as unknown[]).findIndex((k) => k !== null && typeof k === 'object' && 'pivot' in k);
  if (i < 0) return undefined;
  return {
    field: `keys.${i}.pivot`,
    message: 'a foot pivoting on its ball is drawn from the front (view front): from the side give onToes',
  };
}

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

/**
 * The targets of the knees and pivoting feet `progress` of the way from key `a` to key `b`: a knee that bends inward at
 * either key bends inward on the way (view-above.ts), as does a pivoting foot's, which turns on its ball as the move
 * eases its ankle, so the ball stays put. Without a pivot, exactly the knees as before.
 */
export function kneesAndPivots(a: Key, b: Key, progress: number): Pick<Targets, 'kneesIn' | 'footPivot'> {
  if (a.pivot === undefined && b.pivot === undefined) {
    const kneesIn = a.kneesIn ?? b.kneesIn;
    return kneesIn === undefined ? {} : { kneesIn };
  }
  const sides = [a.pivot, b.pivot].filter((side) => side !== undefined);
  const amount = (side: Side) => mix(a.pivot === side ? 1 : 0, b.pivot === side ? 1 : 0, progress);
  return {
    kneesIn: { ...(a.kneesIn ?? b.kneesIn), ...Object.fromEntries(sides.map((side) => [side, true])) },
    footPivot: Object.fromEntries(sides.map((side) => [side, amount(side)])),
  };
}
