/**
 * A kettlebell changing hands in a three-quarter clip: a hand-to-hand swing, a pass under the thigh, a figure-eight
 * round the legs. A key may say which hand holds the description's kettlebell from it on (`"holds":
 * "left-kettlebell"`, `"right-kettlebell"`, or `"kettlebell"` in both); the bell goes from one hand to the other
 * only through a key that holds it in both, where the two fists meet on its handle (three-grip.ts holds them its
 * width apart). Between a key in one hand and one in both, it glides from under the one hand to between the two
 * (three-loads.ts: HandOff), eased as the angles are, so it never jumps.
 */
import { type Problem, problem } from '../problems.ts';
import { type Held, type Holds, isKettlebellHold, kettlebellHand } from './three-loads.ts';
import type { TurnedMotion } from './three-motion.ts';

/** What the hands hold at key `index`: its own hold, or the motion's. */
export const keyHolds = (motion: TurnedMotion, index: number): Holds | undefined => motion.keys[index]!.holds ?? motion.holds;

/** What the hands hold `progress` (eased) of the way from key `from` to key `to`. */
export function heldBetween(motion: TurnedMotion, from: number, to: number, progress: number): Held | undefined {
  const [a, b] = [keyHolds(motion, from), keyHolds(motion, to)];
  if (a === b || progress <= 0) return a;
  if (progress >= 1) return b;
  // Only a kettlebell's hold differs between keys (three-params.ts refuses a key's `holds` on any other load).
  return isKettlebellHold(a) && isKettlebellHold(b) ? { from: a, to: b, weight: progress } : a;
}

/**
 * A kettlebell that goes from one hand straight to the other between two keys (the loop's last and first too): it
 * would have to jump across, or pass from fist to fist with neither holding it.
 */
export function handOffProblems(file: string, base: string, motion: TurnedMotion): Problem[] {
  return motion.keys.flatMap((_, i) => {
    const next = (i + 1) % motion.keys.length;
    const [a, b] = [kettlebellHand(keyHolds(motion, i)), kettlebellHand(keyHolds(motion, next))];
    if (a === undefined || b === undefined || a === b) return [];
    return [
      problem(
        file,
        `${base}.keys.${next} ("${motion.keys[next]!.name}")`,
        `the kettlebell goes from the ${a} hand in key ${i} to the ${b} here: hand it over through a key that holds it in both (kettlebell), the fists together on its handle`,
      ),
    ];
  });
}
