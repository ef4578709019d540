/**
 * A figure that travels while the camera follows it: running, walking, skipping, crawling, pushing a
 * sled. Drawn in place, a planted foot has to move back under the body as the stride goes on; on a
 * still floor that is a foot sliding (review 5's commonest fault, and why runs and drills were left
 * out). With `Motion.travel` the floor scrolls back under the figure at the travel speed instead: its
 * seams move, a foot planted on it moves with them, and the slide measure (motion-check.ts) reads a
 * resting part's position against the floor, not the picture. Only what travels with the figure may be
 * in the scene (a sled it pushes or drags, a rope it skips); anything standing on the floor would have
 * to scroll too.
 */
import { cycleSeconds, type FixedProp, type Motion } from './motion.ts';

/** Seams on the floor about this far apart (metres), so the scrolling reads at a glance. */
const SEAM_SPACING = 0.5;

/**
 * How far the floor has moved in the picture `seconds` into the loop (metres along x: back, toward -x,
 * under a figure travelling forward). A point of the floor at x at the start is at x + floorDrift then.
 */
export const floorDrift = (motion: Motion, seconds: number): number => -(motion.travel ?? 0) * seconds;

/**
 * The spacing of the floor's seams: the loop's travel divided into whole gaps of about SEAM_SPACING,
 * so that the last frame's seams are the first frame's and the clip loops without a jump.
 */
export function seamSpacing(motion: Motion): number {
  const distance = Math.abs(floorDrift(motion, cycleSeconds(motion)));
  return distance / Math.max(1, Math.round(distance / SEAM_SPACING));
}

/** The x of every seam between `x0` and `x1` (scene metres) `seconds` into the loop; none for a figure that does not travel. */
export function seamsAt(motion: Motion, seconds: number, x0: number, x1: number): number[] {
  if (motion.travel === undefined || motion.travel === 0) return [];
  const spacing = seamSpacing(motion);
  const phase = ((floorDrift(motion, seconds) % spacing) + spacing) % spacing;
  const seams: number[] = [];
  for (let x = Math.floor((x0 - phase) / spacing) * spacing + phase; x <= x1; x += spacing) if (x >= x0) seams.push(x);
  return seams;
}

/**
 * The props that may be in a travelling scene: a sled it pushes or drags, a rope it skips, a bicycle it
 * rides travel with the figure; an agility ladder lies flat on the floor and scrolls with it (agility-ladder.ts); a
 * mini band is round the legs (mini-band.ts).
 */
const TRAVELLING_PROPS: ReadonlySet<FixedProp['kind']> = new Set(['sled', 'jump-rope', 'bicycle', 'agility-ladder', 'mini-band']);

/** The fixed props a travelling figure cannot have: they stand on the floor, which scrolls under it. */
export const propsLeftBehind = (motion: Motion): FixedProp[] =>
  motion.travel === undefined ? [] : motion.fixed.filter((prop) => !TRAVELLING_PROPS.has(prop.kind));

/** A travelling figure's props that stand on the floor, as messages for motion-check.ts. */
export const travelProblems = (motion: Motion): string[] =>
  propsLeftBehind(motion).map(
    (prop) => `a travelling figure's floor scrolls under it, so a ${prop.kind} standing on the floor cannot be drawn with it`,
  );
