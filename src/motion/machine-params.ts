/**
 * The `pose` pattern's parameters for a weight machine's lever that pose-params.ts spreads into its
 * schema, and the rules tying the lever's parameters together. Apart so pose-params.ts stays short.
 */
import * as v from 'valibot';

const FOOT_ENDS: readonly string[] = ['feet', 'left-foot', 'right-foot'];

export const MACHINE_ENTRIES = {
  /**
   * The lever's arm runs beside the body (outside the shoulder or the hip, as a real chest press's or
   * row's arms do), so from the side it is drawn behind the figure, lighter, with only its handles or pad
   * over the part they meet: a pivot overhead behind the head, or in front of the thighs, without an arm
   * drawn across the face or the lap (render-machine.ts). `check` refuses a pivot inside the body.
   */
  leverBeside: v.optional(v.literal(true, 'leverBeside is true or left out')),
};

/** The lever's parameters that do not fit together, as a message naming them, or nothing. */
export function leverMisfit(p: {
  lever?: unknown;
  leverEnd?: string;
  leverPlates?: string;
  leverBeside?: true;
  to: string;
}): string | undefined {
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
