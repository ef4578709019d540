/**
 * How a placed foot rests on its toes (pose-keys.ts): `onToes` names the feet, `toesRaise` how high their ankles stand
 * above a flat foot's. Apart from pose-params.ts to keep it short.
 */
import * as v from 'valibot';
import { within } from './schema-numbers.ts';

/** How much higher the ankle of a foot on its toes sits than a flat foot's unless a key says: the heel rises about 30 degrees. */
export const TOES_RAISE = 0.08;

/** A key's fields for the feet on their toes. */
export const TOES_ENTRIES = {
  /** Of the feet `feetOnFloor` places, those resting on their toes, heels raised: a lunge's back foot, a bear crawl, a plank. */
  onToes: v.optional(v.picklist(['both', 'left', 'right'])),
  /**
   * Metres the ankles of those feet sit above a flat foot's: 0.08 unless given, up to 0.13, the ankle 20 cm up and the foot
   * nearly upright on its ball under a low knee (a deep lunge's back foot), where 0.08 tips its toe forward under a level shin.
   */
  toesRaise: v.optional(within(0.04, 0.13)),
};

/** `toesRaise` on a key that rests no foot on its toes, named; else nothing. */
export function toesMisuse(p: { keys: readonly { name: string; onToes?: string | undefined; toesRaise?: number | undefined }[] }) {
  const i = p.keys.findIndex((k) => k.toesRaise !== undefined && k.onToes === undefined);
  return i < 0 ? undefined : `key ${i} "${p.keys[i]!.name}": toesRaise says how high the feet onToes names stand: give onToes too`;
}
