/**
 * The pose schema's checks across fields (pose-params.ts), each in the module of its feature: a lever with no pads,
 * a release with nothing held, `toesRaise` without `onToes`, a hurdle height without hurdles. Apart from
 * pose-params.ts to keep it short.
 */
import { beltMisfit } from './dip-belt.ts';
import { handRestMisfit } from './hand-rest.ts';
import { letGoMisuse } from './hang-params.ts';
import { flightOrHopMisuse } from './hop.ts';
import { hurdleMisfit } from './hurdle.ts';
import { releaseMisfit } from './implement-release-params.ts';
import { barMisfit } from './loaded-bar-params.ts';
import { leverMisfit } from './machine-params.ts';
import { toesMisuse } from './toes-params.ts';
import { pivotMisuse } from './foot-pivot.ts';

/** What every check reads: the pose parameters satisfy each one's own type. */
type Fields = Parameters<typeof leverMisfit>[0] &
  Parameters<typeof releaseMisfit>[0] &
  Parameters<typeof beltMisfit>[0] &
  Parameters<typeof flightOrHopMisuse>[0] &
  Parameters<typeof toesMisuse>[0] &
  Parameters<typeof pivotMisuse>[0] &
  Parameters<typeof letGoMisuse>[0] &
  Parameters<typeof barMisfit>[0] &
  Parameters<typeof hurdleMisfit>[0] &
  Parameters<typeof handRestMisfit>[0];

/** The first misfit found, in this order, or nothing: one message at a time, as the schema reports it. */
export function firstMisfit(p: Fields): string | undefined {
  return (
    leverMisfit(p) ??
    releaseMisfit(p) ??
    beltMisfit(p) ??
    flightOrHopMisuse(p) ??
    toesMisuse(p) ??
    pivotMisuse(p) ??
    letGoMisuse(p) ??
    barMisfit(p) ??
    hurdleMisfit(p) ??
    handRestMisfit(p)
  );
}
