/**
 * The wrist (renderer 1.20.0): a pose key's arm may give the hand's own direction, `[upper arm, forearm,
 * hand]`, and the hand then turns at the wrist by the difference, carrying what it holds: a wrist curl's
 * bar rises about the wrist while the forearms lie still on the thighs, a wrist stretch folds the hand
 * back. Until then the hand was always in line with the forearm, and about 25 exercises whose movement is
 * at the wrist were left out (docs/media-audit.md, "A part the figure does not have").
 *
 * A description that turns a wrist in any key draws each hand with a short palm from the wrist to the
 * knuckles in every frame (render-limbs.ts), so that the turn shows; the others are drawn as before, with
 * no palm, byte for byte.
 * Only a free hand turns: a hand placed on the floor, a bar or a handle lies where its target puts it,
 * and `check` refuses a key that turns it (the key would promise a hand the picture does not draw).
 */
import type { Angles, Side } from './skeleton.ts';
import { mix, SIDES } from './skeleton.ts';

/**
 * The wrist's range in degrees, the way a positive elbow turns the forearm (positive flexes a palm-up
 * hand toward the forearm; negative extends it): about 80 degrees of flexion and 70 of extension in an
 * adult, a little past each for a stretch's end, as the other joints' generous ranges are (motion-check.ts).
 */
export const WRIST_RANGE = [-85, 90] as const;

/** The wrist `t` of the way from one key's to the next: left out on both, left out (in line); else a missing one is in line. */
export function mixWrist(a: number | undefined, b: number | undefined, t: number): { wrist?: number } {
  return a === undefined && b === undefined ? {} : { wrist: mix(a ?? 0, b ?? 0, t) };
}

/** Whether any key turns a wrist, so that every frame draws the palms (render-svg.ts). */
export function usesWrists(keys: readonly { angles: Angles }[]): boolean {
  return keys.some((key) => SIDES.some((side) => key.angles[side].arm.wrist !== undefined));
}

/** A key as the check reads it: its name, angles and the hands it places. */
type WristKey = { name: string; angles: Angles; hands?: Partial<Record<Side, unknown>> };

/** Wrists past their range, and wrists turned on hands a target places (which would not be drawn turned). */
export function wristProblems(keys: readonly WristKey[]): string[] {
  const problems: string[] = [];
  keys.forEach((key, i) => {
    for (const side of SIDES) {
      const wrist = key.angles[side].arm.wrist;
      if (wrist === undefined) continue;
      const at = `key ${i} "${key.name}": ${side} wrist`;
      if (key.hands?.[side] !== undefined && wrist !== 0)
        problems.push(
          `${at} is turned ${Math.round(wrist)} degrees on a placed hand, which lies where it is placed; leave the hand's direction out`,
        );
      else if (wrist < WRIST_RANGE[0] || wrist > WRIST_RANGE[1])
        problems.push(`${at} ${Math.round(wrist)} outside ${WRIST_RANGE[0]}..${WRIST_RANGE[1]} degrees`);
    }
  });
  return problems;
}
