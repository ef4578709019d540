/**
 * The `pose` pattern's parameters for a weight machine's lever (where it pivots, what it ends in, where
 * its plates ride) that pose-params.ts spreads into its schema, and the rules tying them together. Apart
 * so pose-params.ts stays short.
 */
import * as v from 'valibot';
import { within } from './schema-numbers.ts';

const FOOT_ENDS: readonly string[] = ['feet', 'left-foot', 'right-foot'];

export const MACHINE_ENTRIES = {
  /**
   * A machine's lever `[x, height]` (prop `lever`): its pivot, on a post from the floor, and a rigid
   * arm from it to the handles at `to` (the pads at the feet for a leg extension or curl); the hands
   * (or feet) stay at one distance from the pivot, so the arm swings an arc.
   */
  lever: v.optional(v.strictTuple([within(-3, 3), within(0, 2.6)])),
  /**
   * What the lever's arm ends in (machine.ts): `handles` (the default), a `platform` the soles stay flat
   * on (`to` the feet or one foot: a leg press, a calf press, a kickback), a roller pad on the shin just
   * above the ankle, in front of it (`front-roller`: a leg extension) or behind it (`back-roller`: a leg
   * curl), or a `pad` on the body (`to` the shoulders, the hips or the knees: a calf raise, a hip thrust,
   * a seated calf raise). Its plates ride on the arm halfway to that end, so they rise as it rises.
   */
  leverEnd: v.optional(v.picklist(['handles', 'platform', 'front-roller', 'back-roller', 'pad'])),
  /**
   * Where the lever's plates ride: on the `arm`, halfway to its end (the default: they rise as the end
   * rises, for a movement that works by lifting it), or on a `counter` horn 25 cm past the pivot (they
   * rise as the end is pulled down: a leg curl). Choose the one that lifts the load in the working move.
   */
  leverPlates: v.optional(v.picklist(['arm', 'counter'])),
  /**
   * The lever's arm runs beside the body (outside the shoulder or the hip, as a real chest press's or
   * row's arms do), so from the side it is drawn behind the figure, lighter, with only its handles or pad
   * over the part they meet: a pivot overhead behind the head, or in front of the thighs, without an arm
   * drawn across the face or the lap (render-machine.ts). `check` refuses a pivot inside the body.
   */
  leverBeside: v.optional(v.literal(true, 'leverBeside is true or left out')),
  /**
   * A hack squat machine (prop `hack-sled`, side view; hack-sled.ts): its foot `platform` `[x0, x1, angle]`, 10 cm up
   * at its low end and rising toward +x at `angle` degrees (toes up the slope), and the part on its carriage's
   * `pad` (`back`, a hack squat, the default; `chest`, a reverse hack squat). The rails run along that part as
   * the first key poses it; the carriage rides them with the trunk and the hands hold its handles.
   */
  hackSled: v.optional(
    v.strictObject({
      platform: v.strictTuple([
        within(-3, 3),
        within(-3, 3),
        v.pipe(
          v.number(),
          v.minValue(-35, "hackSled's platform slopes -35 to 35 degrees"),
          v.maxValue(35, "hackSled's platform slopes -35 to 35 degrees"),
        ),
      ]),
      pad: v.optional(v.picklist(['back', 'chest'], 'hackSled.pad is back (a hack squat) or chest (a reverse hack squat)')),
    }),
  ),
};

/** The lever's parameters that do not fit together, as a message naming them, or nothing. */
export function leverMisfit(p: {
  lever?: unknown;
  leverEnd?: string;
  leverPlates?: string;
  leverBeside?: true;
  to: string;
  hackSled?: unknown;
  pads?: readonly string[];
}): string | undefined {
  if (p.hackSled !== undefined && (p.lever !== undefined || p.pads !== undefined))
    return 'hackSled is a machine of its own: its carriage is the pad and the load (no lever or pads with it)';
  if ((p.leverEnd !== undefined || p.leverPlates !== undefined) && p.lever === undefined)
    return 'leverEnd and leverPlates belong to a lever';
  if (p.leverBeside !== undefined && p.lever === undefined) return 'leverBeside belongs to a lever';
  if ((p.leverEnd === 'platform' || p.leverEnd?.endsWith('roller')) && !FOOT_ENDS.includes(p.to))
    return 'a lever ending in a platform or a roller runs to the feet or one foot (to: feet, left-foot or right-foot)';
  if (p.leverEnd === 'pad' && !['shoulders', 'hips', 'knees'].includes(p.to))
    return 'a lever ending in a pad runs to the shoulders, the hips or the knees (to)';
  if (p.leverBeside === true && p.leverEnd !== undefined && p.leverEnd !== 'handles' && p.leverEnd !== 'pad')
    return 'leverBeside draws the arm of a lever ending in handles or a pad beside the body (not a platform or a roller)';
  return undefined;
}
