/**
 * A key's `hop` (docs/operations.md#media-cli): both feet hop into the key from the one before while the
 * hands stay planted, as a squat thrust jumps back to the plank and in again, a sprawl shoots the legs back
 * and snaps them in. Until it, the figure could only glide both feet along the floor there (it rests on
 * its lowest part in every frame) or lift one (`step`); reviewers failed every burpee for it. The feet's
 * path is limb-paths.ts's; here are the rules a description must keep and the checks of the drawn hop.
 */
import * as v from 'valibot';
import { flightMisuse } from './flight-params.ts';
import { hopTakeoff } from './limb-paths.ts';
import { cycleSeconds, keyStartSeconds, type Motion } from './motion.ts';
import { distance, SIDES } from './skeleton.ts';
import { bodyAt, pointOf } from './timeline.ts';

/** The clearance at the top of a hop, metres: a few centimetres (a sprawl's feet shoot back low) to 15 (a squat thrust's). */
const HOP_RANGE = [0.02, 0.15] as const;
const HOP_MESSAGE = `hop is the feet's clearance at the top of the hop, ${HOP_RANGE[0]} to ${HOP_RANGE[1]} m: a low two-foot hop on planted hands`;

/**
 * Both feet hop into this key from the one before (the first key: from the last), lifted this high at the middle: they
 * leave the floor together and land together while the hands stay planted. Both keys place both feet and the hands.
 */
export const HOP = v.pipe(v.number(), v.minValue(HOP_RANGE[0], HOP_MESSAGE), v.maxValue(HOP_RANGE[1], HOP_MESSAGE));

/** What of a pose key the rules read. */
interface HopKey {
  name: string;
  hop?: number | undefined;
  step?: unknown;
  through?: true | undefined;
  feetOnFloor?: unknown;
  handsOnFloor?: unknown;
}

/**
 * A description's first misuse of `hop`, as a message, or nothing. The feet take off from the key before
 * (or, over `through` keys placing no feet, the last key before those) and land at the hop's key: both of
 * those place both feet, and every key from the take-off to the landing plants the hands.
 */
export function hopMisuse(p: { keys: readonly HopKey[]; fixed?: string | undefined }): string | undefined {
  const { keys } = p;
  const n = keys.length;
  for (let i = 0; i < n; i += 1) {
    const k = keys[i]!;
    if (k.hop === undefined) continue;
    const label = `key ${i} "${k.name}"`;
    if (k.step !== undefined) return `${label}: hop moves both feet and step moves one: give it one or the other`;
    let takeoff = (i - 1 + n) % n;
    while (takeoff !== i && keys[takeoff]!.through === true && keys[takeoff]!.feetOnFloor === undefined) takeoff = (takeoff - 1 + n) % n;
    if (k.feetOnFloor !== 'both' || keys[takeoff]!.feetOnFloor !== 'both')
      return `${label}: a hop takes both feet from the floor at the key before (or before its through keys) to the floor at this one: give both feetOnFloor both`;
    for (let j = takeoff; ; j = (j + 1) % n) {
      if (keys[j]!.handsOnFloor === undefined)
        return `${label}: a hop is made on planted hands: give key ${j} handsOnFloor as well (a jump off the feet alone is a flight)`;
      if (j === i) break;
    }
    if ((i - takeoff + n) % n > 1 && /Toe|Heel/.test(p.fixed ?? 'leftHeel'))
      return `${label}: a hop over through keys leaves the feet in the air there: fix the pelvis or a hand, not a foot`;
  }
  return undefined;
}

/** The misuse of a description's flight keys (flight-params.ts), then of its hops. */
export const flightOrHopMisuse = (p: Parameters<typeof flightMisuse>[0] & { keys: readonly HopKey[] }): string | undefined =>
  flightMisuse(p) ?? hopMisuse(p);

/** How far a planted hand may move while the feet hop (metres): it stays put. */
const HANDS_STILL = 0.01;
/** Frames looked at in each hop. */
const SAMPLES = 12;

/**
 * The drawn hops' faults: a planted hand that moves while the feet hop (its keys put it in two places, or
 * the figure is lifted off it because something else would pass into the floor), and feet that rise above
 * the hips (a donkey kick, which reviewers failed burpees for, is not a hop).
 */
export function hopProblems(motion: Motion): string[] {
  const { keys } = motion;
  for (let i = 0; i < keys.length; i += 1) {
    const key = keys[i]!;
    if (key.hop === undefined) continue;
    const from = hopTakeoff(keys, (i - 1 + keys.length) % keys.length);
    const start = keyStartSeconds(motion, from) + keys[from]!.hold;
    const span = keyStartSeconds(motion, i) - start + (i < from ? cycleSeconds(motion) : 0);
    const first = bodyAt(motion, start);
    const label = `key ${i} "${key.name}"`;
    for (let sample = 1; sample <= SAMPLES * 2; sample += 1) {
      const seconds = start + (span * sample) / (SAMPLES * 2);
      const body = bodyAt(motion, seconds);
      const at = `at ${seconds.toFixed(2)} s`;
      for (const side of SIDES) {
        if (key.hands?.[side] === undefined || keys[from]!.hands?.[side] === undefined) continue;
        const moved = distance(body.arms[side].hand, first.arms[side].hand);
        if (moved > HANDS_STILL)
          return [
            `${at} the ${side} hand has moved ${(moved * 100).toFixed(0)} cm while the feet hop into ${label}: plant it in one place at both keys (fixed: "${side}Hand")`,
          ];
      }
      const feet = SIDES.flatMap((side) => [pointOf(body, `${side}Toe`)[1], pointOf(body, `${side}Heel`)[1]]);
      if (Math.max(...feet) > body.pelvis[1]) return [`${at} the feet hopping into ${label} are above the hips: a hop stays low`];
    }
  }
  return [];
}
