/**
 * A mini (loop) band round both legs (`miniBand`, prop `mini-band`): just above the knees, just below them
 * or at the ankles, the legs pushing it open (a banded bridge, a seated abduction, a lateral band walk).
 * Where it sits on each leg in a frame, how far the legs stretch it, and what `check` refuses: a band
 * the legs stretch past what latex gives, or, seen from the front, one so slack it would slip down.
 */
import * as v from 'valibot';
import type { FixedProp, Motion } from './motion.ts';
import { MINI_BAND_PLACES, type MiniBandAt } from './prop-kinds.ts';
import { type Body, distance, LEG_HALF_WIDTH, type Point, type Side } from './skeleton.ts';
import { firstFrameProblem } from './timeline.ts';

/**
 * A mini band: a 30 cm flat loop (60 cm round) 5 cm wide, which a light to medium band lets the legs
 * stretch to about 140 cm round before it is at its limit (metres).
 */
export const MINI_BAND = { rest: 0.6, stretched: 1.4, width: 0.05 } as const;
/** How far past its rest or its limit a band may be read before it is loose or overstretched (metres round). */
const TOLERANCE = 0.02;
/** Half the foot's depth round the arch, where a band looped round the feet sits: about 24 cm round (metres). */
const FOOT_HALF_DEPTH = 0.038;

/**
 * Where on each leg the band sits, as a fraction of the segment from the joint it is named after: "just
 * above the knees" is a hand's width up the thigh (8 cm), not over the kneecap, which the records warn
 * against; "below the knees" is just under the kneecap; "ankles" just above the ankle bones; "feet" round
 * the arches, 45% of the way from the heel to the toe (a banded psoas march). A fraction of the drawn
 * segment, so a thigh pointing at the viewer (front-depth.ts) carries it toward the knee too.
 */
const PLACE: Record<
  MiniBandAt,
  { from: 'middle' | 'end' | 'heel'; toward: 'root' | 'middle' | 'end' | 'toe'; fraction: number; halfWidth: number }
> = {
  'above-knees': { from: 'middle', toward: 'root', fraction: 0.18, halfWidth: LEG_HALF_WIDTH.thigh },
  'below-knees': { from: 'middle', toward: 'end', fraction: 0.15, halfWidth: LEG_HALF_WIDTH.shank },
  ankles: { from: 'end', toward: 'middle', fraction: 0.14, halfWidth: LEG_HALF_WIDTH.shank },
  feet: { from: 'heel', toward: 'toe', fraction: 0.45, halfWidth: FOOT_HALF_DEPTH },
};

export const MINI_BAND_ENTRIES = {
  /**
   * A mini (loop) band round both legs (prop `mini-band`; mini-band.ts): `above-knees`, `below-knees`,
   * `ankles` or round the arches of the `feet`, drawn there on both legs in every frame and stretched as they part.
   */
  miniBand: v.optional(
    v.picklist(
      MINI_BAND_PLACES,
      'a mini band is looped round both legs above-knees, below-knees, at the ankles or round the feet (one of those words)',
    ),
  ),
};

/** The band of a description: named by `miniBand` (where) or by the prop `mini-band` alone, which check then refuses. */
export function miniBandOf(place: MiniBandAt | undefined, props: readonly string[]): FixedProp[] {
  if (place === undefined && !props.includes('mini-band')) return [];
  // It sits inside the figure, about knee high: the point widens nothing.
  return [{ kind: 'mini-band', x0: 0, x1: 0, y: 0.5, ...(place === undefined ? {} : { around: place }) }];
}

/** Where the band crosses one leg: its centre on the leg's line, the leg's direction there, and the leg's half width. */
export interface BandWrap {
  centre: Point;
  along: Point;
  halfWidth: number;
}

export function bandWrap(body: Body, side: Side, at: MiniBandAt): BandWrap {
  const place = PLACE[at];
  const leg = body.legs[side];
  const [from, to] = [leg[place.from], leg[place.toward]];
  const length = distance(from, to) || 1;
  const along: Point = [(to[0] - from[0]) / length, (to[1] - from[1]) / length];
  const centre: Point = [from[0] + (to[0] - from[0]) * place.fraction, from[1] + (to[1] - from[1]) * place.fraction];
  return { centre, along, halfWidth: place.halfWidth };
}

/**
 * How far round the band is stretched: round both legs, two straight runs between them and half of each
 * leg's girth (a loop round two circles as far apart as the drawn centres, each as wide as the leg drawn).
 * Seen from the side the centres' spread across the picture leaves out their spread toward the viewer, so
 * there it is the least the band is stretched.
 */
export function bandRound(body: Body, at: MiniBandAt): number {
  const [left, right] = [bandWrap(body, 'left', at), bandWrap(body, 'right', at)];
  return 2 * distance(left.centre, right.centre) + Math.PI * (left.halfWidth + right.halfWidth);
}

/** How far the band is between its rest (0) and its limit (1), for drawing it thinner and lighter as it stretches. */
export const stretchOf = (round: number): number =>
  Math.min(1, Math.max(0, (round - MINI_BAND.rest) / (MINI_BAND.stretched - MINI_BAND.rest)));

const PLACE_WORDS: Record<MiniBandAt, string> = {
  'above-knees': 'above the knees',
  'below-knees': 'below the knees',
  ankles: 'at the ankles',
  feet: 'round the feet',
};

/** The places a band may go, as a message lists them ("above-knees, below-knees, ankles or feet"), so a new place is named there too. */
const PLACES_LISTED = `${MINI_BAND_PLACES.slice(0, -1).join(', ')} or ${MINI_BAND_PLACES.at(-1)}`;

/** The first problem of a mini band through the loop, if any, as a message for motion-check.ts. */
export function miniBandProblems(motion: Motion): string[] {
  const band = motion.fixed.find((prop) => prop.kind === 'mini-band');
  if (band === undefined) return [];
  const at = band.around;
  if (at === undefined) return [`miniBand: a mini band needs its place round both legs: ${PLACES_LISTED}`];
  const found = firstFrameProblem(motion, (body) => {
    const round = bandRound(body, at);
    const apart = `${(distance(bandWrap(body, 'left', at).centre, bandWrap(body, 'right', at).centre) * 100).toFixed(0)} cm apart`;
    const where = `the mini band ${PLACE_WORDS[at]}`;
    if (round > MINI_BAND.stretched + TOLERANCE)
      return `${where} is stretched to ${(round * 100).toFixed(0)} cm round (the legs ${apart}); it gives to ${MINI_BAND.stretched * 100} cm: bring the legs closer`;
    // Only the front view shows how far apart the legs are across the body; from the side they may be any width.
    if (motion.view === 'front' && round < MINI_BAND.rest - TOLERANCE)
      return `${where} is ${(round * 100).toFixed(0)} cm round (the legs ${apart}), under its ${MINI_BAND.rest * 100} cm: it would hang loose and slip; keep the legs apart against it`;
    return undefined;
  });
  return found.map((message) => `miniBand: ${message}`);
}
