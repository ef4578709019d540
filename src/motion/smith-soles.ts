/**
 * A Smith machine's bar pressed by the soles (renderer 1.29.0: `holdIn` `soles`, `left-sole` or `right-sole`, with the
 * props `barbell` and `smith`): a Smith leg press lying under the bar, a hip raise with the feet against it, a kickback
 * on all fours driving it up with one foot. The bar lies across the soles, against the middle of each pressing foot, so
 * it is drawn end on there (its plate behind the figure, its sleeve over the foot, as a held bar is: render-svg.ts),
 * with the rails behind it; smith-soles-check.ts holds it to the rails and the soles to it.
 */
import type { HeldProp } from './motion.ts';
import { SOLE_HOLDS, type SoleHold } from './prop-kinds.ts';
import { add, type Body, distance, type Leg, lerpPoint, type Point, type Side } from './skeleton.ts';

export const isSoleHold = (at: HeldProp['at'] | string | undefined): at is SoleHold => SOLE_HOLDS.includes(at as SoleHold);

/**
 * The bar's centre off the sole's line: half the drawn foot's thickness (render-limbs.ts strokes it 5.5 cm wide) and
 * the radius of the sleeve drawn at the bar (render-svg.ts, 3.5 cm), so the drawn bar touches the drawn sole.
 */
export const SOLE_TO_BAR = 0.0275 + 0.035;

/** The feet pressing the bar at `at`. */
export const pressingFeet = (at: SoleHold): Side[] => (at === 'soles' ? ['left', 'right'] : [at === 'left-sole' ? 'left' : 'right']);

/** The unit vector the sole of `leg` faces: square to it, away from the ankle. */
export function soleFacing(leg: Leg): Point {
  const length = distance(leg.heel, leg.toe) || 1;
  const [ux, uy] = [(leg.toe[0] - leg.heel[0]) / length, (leg.toe[1] - leg.heel[1]) / length];
  const middle = lerpPoint(leg.heel, leg.toe, 0.5);
  // Of the two normals to the sole, the one pointing away from the ankle (the foot's flesh is on the ankle's side).
  const away = (middle[0] - leg.end[0]) * -uy + (middle[1] - leg.end[1]) * ux;
  return away >= 0 ? [-uy, ux] : [uy, -ux];
}

/** Where a bar pressed by this foot lies: against the middle of its sole (between the heel and the toe), not its toes. */
export const barOnSole = (leg: Leg): Point => add(lerpPoint(leg.heel, leg.toe, 0.5), soleFacing(leg), SOLE_TO_BAR);

/** Where the bar pressed by the soles is in this frame: against the pressing sole, or midway between the two. */
export function soleBar(body: Body, at: SoleHold): Point {
  const [first, second] = pressingFeet(at).map((side) => barOnSole(body.legs[side]));
  return second === undefined ? first! : lerpPoint(first!, second, 0.5);
}

/** Degrees the sole of `leg` faces away from straight up (0 up, 90 level, 180 down). */
export function soleTilt(leg: Leg): number {
  const [, y] = soleFacing(leg);
  return (Math.acos(Math.max(-1, Math.min(1, y))) * 180) / Math.PI;
}
