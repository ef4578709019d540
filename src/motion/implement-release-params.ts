/**
 * The `pose` pattern's parameters for a strongman implement let go (implement-release.ts) that
 * pose-params.ts spreads into its schema, and the rules tying them to the keys, the box and the loop.
 * Apart so pose-params.ts stays short.
 */
import * as v from 'valibot';
import type { ImplementRelease } from './motion.ts';
import { ballMisfit } from './ball-params.ts';

const TOSS_BAR_X = 'a toss bar stands within 3 m of the fixed point (x from -3 to 3)';
const TOSS_BAR_HEIGHT = "a toss bar's crossbar is 0.8 to 4.5 m up";

export const RELEASE_ENTRIES = {
  /**
   * A held sandbag, keg or Atlas stone (holdIn hands) let go as the figure reaches key `key` (not the
   * first): `to` `box`, set down there on the box's top (the description's `box`, a loading platform), where
   * it rests; or `to` `floor`, tossed (over a bar or a shoulder, for height or distance): it leaves the hands
   * with their velocity at that instant, which the hands keep into the key (its hold is 0; the move into it
   * only accelerates, the follow-through out of it only slows), and flies as a thrown body until it lands on
   * the floor and lies there. Either way the loop dissolves back to the start, the next one in the hands.
   */
  implementRelease: v.optional(
    v.strictObject({
      key: v.pipe(
        v.number(),
        v.integer('must be a key index (0 is the first)'),
        v.minValue(1, 'the implement is let go after the first key'),
      ),
      to: v.picklist(['box', 'floor'], 'must be box (set down on the box) or floor (tossed, landing on the floor)'),
    }),
  ),
  /** A bar on two uprights to toss the implement over `[x, height]` (a keg or sandbag toss bar, an over-bar bar). */
  tossBar: v.optional(
    v.strictTuple([
      v.pipe(v.number(), v.minValue(-3, TOSS_BAR_X), v.maxValue(3, TOSS_BAR_X)),
      v.pipe(v.number(), v.minValue(0.8, TOSS_BAR_HEIGHT), v.maxValue(4.5, TOSS_BAR_HEIGHT)),
    ]),
  ),
};

type ReleaseParams = {
  implementRelease?: { key: number; to: 'box' | 'floor' };
  tossBar?: readonly [number, number];
  keys: readonly { hold: number }[];
  box?: unknown;
  loop: string;
};

/** What in an implement's release does not fit the keys, the box or the loop, as a message naming it, or nothing. */
function implementMisfit(p: ReleaseParams): string | undefined {
  const release = p.implementRelease;
  if (release === undefined)
    return p.tossBar === undefined ? undefined : 'tossBar: a toss bar is for an implement tossed over it (implementRelease to floor)';
  if (release.key >= p.keys.length) return 'implementRelease.key: must name a key of the description (0 is the first)';
  if (p.loop !== 'dissolve')
    return 'implementRelease: an implement let go needs "loop": "dissolve" (the next one is in the hands at the start)';
  if (release.to === 'box' && p.box === undefined)
    return 'implementRelease: to box sets the implement down on the box: give the box (its top is the platform)';
  if (release.to === 'box' && p.tossBar !== undefined) return 'tossBar: an implement set down on the box is not tossed over a bar';
  if (release.to === 'floor' && p.keys[release.key]!.hold !== 0)
    return "implementRelease: a tossed implement leaves the hands moving: its key's hold is 0";
  if (release.to === 'floor' && release.key === p.keys.length - 1)
    return 'implementRelease: a toss follows through: a key after the release, before the loop dissolves';
  return undefined;
}

/** What in a ball's release (ball-params.ts) or an implement's does not fit the description, or nothing. */
export const releaseMisfit = (p: ReleaseParams & Parameters<typeof ballMisfit>[0]): string | undefined =>
  ballMisfit(p) ?? implementMisfit(p);

/** The release a description's implement makes, as the Motion holds it. */
export function releaseOf(p: ReleaseParams): ImplementRelease | undefined {
  const release = p.implementRelease;
  if (release === undefined) return undefined;
  return { key: release.key, to: release.to, ...(p.tossBar === undefined ? {} : { bar: { x: p.tossBar[0], height: p.tossBar[1] } }) };
}
