/**
 * A number within a range, as the description files' valibot schemas take their angles, tilts and metres.
 * A module of its own, importing nothing of the motion's, so every schema module can share it without a cycle.
 */
import * as v from 'valibot';

export const within = (min: number, max: number) => v.pipe(v.number(), v.minValue(min), v.maxValue(max));
