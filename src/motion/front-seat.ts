/**
 * A seat seen from the front (`frontSeat`): a bench seen end on, a machine's seat (with its back pad) or
 * a chair, under a figure facing the viewer. Its top bears the seat, while the thighs point at the viewer
 * and the legs pass in front of it to the floor, so it is a support for the pelvis and waist only (and for
 * the hands `handsOnFloor` puts on it); `check` holds the pelvis on it in every frame.
 */
import * as v from 'valibot';
import type { FixedProp, Motion } from './motion.ts';
import { firstFrameProblem, REST_HEIGHT } from './timeline.ts';

/** What a figure seen from the front may sit on, and how wide (across the picture) and high each is by default (metres). */
export const FRONT_SEATS = {
  /** A flat bench seen end on: its 30 cm pad on a post. */
  bench: { halfWidth: 0.15, height: 0.43 },
  /** A weight machine's seat: a pad on a post, its back pad behind the trunk when `back` says so. */
  seat: { halfWidth: 0.19, height: 0.45 },
  /** A chair: its seat on four legs (two seen), its back behind the trunk. */
  chair: { halfWidth: 0.22, height: 0.45 },
} as const;
export type FrontSeatKind = keyof typeof FRONT_SEATS;

/** How far the pelvis may hover over the seat or sink into it (metres). */
export const SEATED_WITHIN = 0.02;

/** A back pad's top above the seat, the height of the shoulder blades (metres). */
export const BACK_HEIGHT = 0.5;

const seatHeight = v.pipe(
  v.number(),
  v.minValue(0.3, 'a seat seen from the front is 0.3 to 0.75 m high'),
  v.maxValue(0.75, 'a seat seen from the front is 0.3 to 0.75 m high'),
);

export const FRONT_SEAT_ENTRIES = {
  /**
   * Seated seen from the front (front-seat.ts): on a `bench` seen end on, a machine's `seat` or a `chair`,
   * centred under the fixed pelvis; `height` its top (by default 0.43 for a bench, 0.45 otherwise), `back`
   * a back pad behind the trunk (a chair always has its back). Its top bears the pelvis and the waist, and
   * `handsOnFloor` puts a hand over it on it; the legs pass in front of it to the floor (`toward`).
   */
  frontSeat: v.optional(
    v.strictObject({
      on: v.picklist(Object.keys(FRONT_SEATS) as FrontSeatKind[], `frontSeat.on is one of ${Object.keys(FRONT_SEATS).join(', ')}`),
      height: v.optional(seatHeight),
      back: v.optional(v.boolean()),
    }),
  ),
  /**
   * A seated machine's pads on levers (with `frontSeat` on a `seat`; front-seat-pads.ts): `knees-out` on the
   * outsides of the knees (a hip abductor), `knees-in` on their insides (a hip adductor), `upper-arms` on the
   * outsides of the upper arms, their levers turning about the shoulders (a lateral raise machine). Each
   * presses where the first key puts it, and the weight stack rises as the body pushes them on.
   */
  sidePads: v.optional(v.picklist(['knees-out', 'knees-in', 'upper-arms'], 'sidePads is knees-out, knees-in or upper-arms')),
};
type FrontSeatParams = { frontSeat?: { on: FrontSeatKind; height?: number; back?: boolean } };

/** The seat a description's figure sits on seen from the front, centred under the fixed pelvis (x = 0): a support for what sits on it. */
export function frontSeatOf(p: Pick<FrontSeatParams, 'frontSeat'>): FixedProp[] {
  if (p.frontSeat === undefined) return [];
  const { on, height, back } = p.frontSeat;
  const { halfWidth, height: usual } = FRONT_SEATS[on];
  const y = height ?? usual;
  // A chair is drawn as one (render-front-seat.ts) but rests the figure as a machine's seat does.
  const kind = on === 'bench' ? 'bench' : 'seat';
  return [{ kind, x0: -halfWidth, x1: halfWidth, y, endOn: on, ...(back === true || on === 'chair' ? { backTop: y + BACK_HEIGHT } : {}) }];
}

/** The seat seen end on in a motion's scene, if any. */
export const endOnSeatOf = (motion: Pick<Motion, 'fixed'>): FixedProp | undefined => motion.fixed.find((prop) => prop.endOn !== undefined);

/** A seat seen end on from the side, and the first frame whose pelvis is off it or sunk into it. */
export function frontSeatProblems(motion: Motion): string[] {
  const seat = endOnSeatOf(motion);
  const pads = motion.fixed.find((prop) => prop.presses !== undefined);
  if (pads !== undefined && seat?.endOn !== 'seat') return ["sidePads are a seated machine's: sit on it (frontSeat on a seat)"];
  if (seat === undefined) return [];
  if (motion.keys.some((key) => key.anchor.point !== 'pelvis'))
    return ['frontSeat is centred under the pelvis, which sits on it: fixed is pelvis'];
  if (motion.view !== 'front')
    return [`a ${seat.endOn} seen end on (frontSeat) is drawn from the front only: from the side use bench or seat`];
  return firstFrameProblem(motion, (body) => {
    const [x, y] = body.pelvis;
    if (x < seat.x0 || x > seat.x1) return `the pelvis is off the ${seat.endOn}'s top (x ${x.toFixed(2)} m): it sits on it`;
    const gap = y - REST_HEIGHT.pelvis - seat.y;
    if (Math.abs(gap) <= SEATED_WITHIN) return undefined;
    return `the pelvis is ${(Math.abs(gap) * 100).toFixed(0)} cm ${gap > 0 ? 'above' : 'into'} the ${seat.endOn} it sits on${gap > 0 ? ': the feet hold it up (shorten the legs toward the viewer)' : ''}`;
  });
}
