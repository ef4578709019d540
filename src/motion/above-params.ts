/**
 * What a `pose` description seen from above (`view: "above"`, view-above.ts) may say, checked at the edge: how the figure
 * lies, and the fields and props the view from above does not draw, refused with the reason.
 */
import * as v from 'valibot';

/** The pose pattern's field for the view from above. */
export const ABOVE_ENTRIES = {
  /** Seen from above: lying on the `back` (face up, the default) or on the `front` (face down). */
  lying: v.optional(v.picklist(['back', 'front'], 'must be back (face up) or front (face down)')),
};

/** A description's fields the view from above draws: its keys and stills, how the figure lies, a yoga strap to a foot. */
const DRAWN = new Set(['keys', 'stills', 'lying', 'strap']);
/** The props it draws: a mat under the figure, a foam roller along the spine or a flat bench under it, a yoga strap, dumbbells. */
const PROPS = new Set(['mat', 'roller', 'bench', 'yoga-strap', 'dumbbells']);
/** Key fields that place a part somewhere the figure lying on the floor has nothing: a bar, a step, the air. */
const KEY_FIELDS = ['handsOnFloor', 'onToes', 'pivot', 'handsOnBar', 'step', 'grips', 'air', 'flight', 'at'] as const;

/** A field of a description and why it is refused, or nothing: `lying` without the view from above, or what that view does not draw. */
export function aboveMisuse(
  view: string | undefined,
  params: Record<string, unknown>,
  props: readonly string[],
): { field: string; message: string } | undefined {
  if (view !== 'above')
    return params.lying === undefined ? undefined : { field: 'lying', message: 'lying belongs to a figure seen from above (view above)' };
  for (const field of Object.keys(params))
    if (!DRAWN.has(field))
      return {
        field,
        message: `seen from above a figure lies on the floor, a roller or a bench with a strap or dumbbells at most: ${field} is not drawn`,
      };
  const prop = props.findIndex((kind) => !PROPS.has(kind));
  if (prop >= 0)
    return {
      field: `props.${prop}`,
      message: `seen from above only a mat, a foam roller or a flat bench along the spine, a yoga strap and dumbbells are drawn, not a ${props[prop]}`,
    };
  if (props.includes('roller') && props.includes('bench'))
    return { field: 'props', message: 'seen from above the figure lies along a roller or a bench, not both' };
  const keys = Array.isArray(params.keys) ? (params.keys as Record<string, unknown>[]) : [];
  for (const [i, k] of keys.entries()) {
    if (k === null || typeof k !== 'object') continue;
    const field = KEY_FIELDS.find((name) => k[name] !== undefined);
    if (field !== undefined)
      return {
        field: `keys.${i}.${field}`,
        message: `seen from above the figure lies where it is: ${field} is not drawn (feetOnFloor plants a foot)`,
      };
    const toward = k.toward as Record<string, unknown> | undefined;
    if (toward?.trunk !== undefined && toward.trunk !== 0)
      return {
        field: `keys.${i}.toward.trunk`,
        message: 'seen from above the trunk lies on the floor: a trunk raised toward the viewer (a curl-up) is drawn from the side',
      };
    if (toward?.toes !== undefined)
      return { field: `keys.${i}.toward.toes`, message: 'seen from above a foot rests as its leg puts it: toes are for the front view' };
  }
  return undefined;
}
