/**
 * A foot pivoting on its ball, seen from the front: a wood chop's back foot as the hips and chest turn toward the other
 * side. The ball stays on the floor where the flat foot's toe was, bearing weight (a contact, in the balance base); the
 * heel rises and swings out, so the ankle stands higher and farther out and the foot is drawn steep, from the raised heel
 * down and inward to the ball; the knee bends in toward the other leg. Named by a key's `pivot`, eased in and out with
 * the feet's targets so the ball never slides. The front view's `onToes` lifts the whole short foot off the floor (its
 * sole is drawn flat under the raised ankle), which no standing key could balance on: a pivot keeps the ball down.
 */
import * as v from 'valibot';
import { mix } from './geometry.ts';
import type { Key } from './motion.ts';
import type { Side, Targets } from './skeleton.ts';

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
