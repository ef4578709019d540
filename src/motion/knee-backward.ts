/**
 * A knee bent backward (hyperextended), seen from the side: `flexionAt` measures a knee's angle without its sign, so a
 * knee bent backward would pass motion-check.ts's range check as flexed.
 */
import { type Body, type Point, type Side, SIDES } from './skeleton.ts';

/**
 * How far a knee may bend backward (hyperextend), in degrees: an adult knee's normal hyperextension is up to about 5-10;
 * beyond is genu recurvatum, a fault no demo shows. `flexionAt` has no sign, so a knee bent backward would pass as flexed.
 */
export const KNEE_BACKWARD = 10;

/**
 * Degrees `leg`'s knee is bent backward (hyperextended), 0 when straight or bent the normal way. Only the side view: its figure faces
 * +x whatever its pose (both legs are drawn unmirrored, skeleton.ts), so a knee flexing the normal way turns the shank clockwise from
 * the thigh's line, and backward counter-clockwise. The front view and the view from above see knees otherwise.
 */
export function kneeBackward(leg: { root: Point; middle: Point; end: Point }): number {
  const thigh = [leg.middle[0] - leg.root[0], leg.middle[1] - leg.root[1]] as const;
  const shank = [leg.end[0] - leg.middle[0], leg.end[1] - leg.middle[1]] as const;
  const turn = Math.atan2(thigh[0] * shank[1] - thigh[1] * shank[0], thigh[0] * shank[0] + thigh[1] * shank[1]);
  return Math.max(0, (turn * 180) / Math.PI);
}

/** The first knee of `body` bent backward past KNEE_BACKWARD (and 0.5 degrees of rounding), with its angle. */
export function backwardKnee(body: Body): [Side, number] | undefined {
  for (const side of SIDES) {
    const angle = kneeBackward(body.legs[side]);
    if (angle > KNEE_BACKWARD + 0.5) return [side, angle];
  }
  return undefined;
}

/** What a side-view `body` with a knee bent backward is refused with, or undefined: at a key, or `seconds` into the loop. */
export function backwardKneeMessage(body: Body, seconds?: number): string | undefined {
  const backward = backwardKnee(body);
  if (backward === undefined) return undefined;
  const [side, angle] = backward;
  const limit = `at most ${KNEE_BACKWARD}°`;
  return seconds === undefined
    ? `${side} knee bent backward ${angle.toFixed(0)}°; ${limit}`
    : `at ${seconds.toFixed(2)} s the ${side} knee is bent backward ${angle.toFixed(0)}°; ${limit}`;
}
