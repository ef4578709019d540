/**
 * How a `pose` figure hangs (pose-params.ts): `hang` and `barFrom` for the description, and a key's `letGo`, the
 * hand that is off the bar at that key (a one-arm dead hang or chin-up). Apart from pose-params.ts to keep it short.
 */
import * as v from 'valibot';

/** A description's fields for a hanging figure. */
export const HANG_ENTRIES = {
  /**
   * Held up by the hands: the left hand stays where it holds, nothing rests on the floor. An overhead
   * bar (prop `bar`, at least 2.2 m up), rings hanging from above (prop `rings`) or parallel bars
   * (prop `dip-bars`) at the hands (at least 1.2 m up); each as high as keeps the feet 5 cm off the floor.
   */
  hang: v.optional(v.boolean(), false),
  /**
   * Where an overhead bar (prop `bar`) is held from, seen from the side: `above` (a hanger coming down
   * just behind the bar, as from a rig's beam) or `ahead` (a bracket at the bar's height to a post 45 cm
   * in front of the figure, as a bar mounted on a wall it faces). A pull-up's chin clears the bar with the
   * head just behind it, where the hanger runs: `ahead` keeps the head clear. Seen from the front the bar
   * lies across the picture and this changes nothing.
   */
  barFrom: v.optional(v.picklist(['above', 'ahead']), 'above'),
};

/** A key's field for a hanging figure. */
export const HANG_KEY_ENTRIES = {
  /**
   * The hand off the bar at this key: the right, since the figure hangs from its left hand (the near one
   * from the side). That arm then goes where the key's angles put it, by the side or across the chest, and
   * nothing holds it to the bar (until renderer 1.26.0 every hanging key held both hands there, so a
   * one-arm hang could not be drawn).
   */
  letGo: v.optional(v.literal('right', 'letGo names the hand off the bar: right (a hanging figure holds on with its left hand)')),
};

/**
 * `letGo` where no hand holds a bar, named: on a key of a description that does not hang, or that hangs on a
 * climbing rope (each key gives both hands' grips) or with towels (each hand holds its own); else nothing.
 */
export function letGoMisuse(p: {
  hang: boolean;
  rope?: number | undefined;
  towels?: string | undefined;
  keys: readonly { name: string; letGo?: string | undefined }[];
}): string | undefined {
  const i = p.keys.findIndex((k) => k.letGo !== undefined);
  if (i < 0) return undefined;
  const at = `key ${i} "${p.keys[i]!.name}"`;
  if (!p.hang) return `${at}: letGo lets a hand off the bar a figure hangs from: give hang: true, or leave letGo out`;
  if (p.rope !== undefined) return `${at}: letGo is for a bar; on a climbing rope each key gives both hands' grips`;
  if (p.towels !== undefined) return `${at}: letGo is for a bar held in the hands, not for towels hung over it`;
  return undefined;
}
