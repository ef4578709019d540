/**
 * A ball's release and catch that the hands carry (docs/operations.md#media-cli): when the release key is
 * not held, the move into it ends with the ball in the hands moving at the ball's launch velocity and the
 * follow-through out of it starts there; when the catch key is not held, the move out of it starts at the
 * ball's arrival velocity (the hands give with it). As take-off.ts does for a jump's pelvis, such a move is
 * re-timed on a Hermite curve from rest at its other key whose slope at the ball's end gives the ball, along
 * the path the keys' angles move the hands on, its own velocity there; what that path's direction cannot
 * give, `check` refuses (release-check.ts): the keys must move the hands the way the ball goes.
 */
import { ballVelocities, flyingBall } from './ball-legs.ts';
import { heldAt } from './held-places.ts';
import type { Motion } from './motion.ts';
import type { Body, Point } from './skeleton.ts';
import { type Meeting, type MeetingStore, meeting, meetingOnce } from './take-off.ts';

/** The ball's launch and arrival velocities of each motion, worked out once. */
const VELOCITIES = new WeakMap<Motion, { launch?: Point; arrival?: Point }>();

/** The ball's velocity as it leaves the hands and as it comes back to them, `keyBody(i)` being key i's figure as the loop draws it. */
export function carriedVelocities(motion: Motion, keyBody: (index: number) => Body): { launch?: Point; arrival?: Point } {
  const known = VELOCITIES.get(motion);
  if (known !== undefined) return known;
  const prop = flyingBall(motion);
  const found = prop === undefined ? {} : ballVelocities(motion, (index) => heldAt(keyBody(index), prop));
  VELOCITIES.set(motion, found);
  return found;
}

/** The meeting of each move with the ball's release or catch. */
const MEETINGS: MeetingStore = new WeakMap();

/**
 * How the move out of key `from` runs when it carries the ball into its release, out of it, or out of its
 * catch (the keys at either end not held), or nothing: `mixAt(s)` is the figure at a mix `s` of its keys,
 * `keyBody(i)` key i's. The whole figure is not shifted: only the move's timing changes.
 */
export function releaseMeetingOf(
  motion: Motion,
  from: number,
  mixAt: (s: number) => Body,
  keyBody: (index: number) => Body,
): Meeting | undefined {
  const flight = motion.ball;
  const prop = flyingBall(motion);
  if (flight === undefined || prop === undefined) return undefined;
  return meetingOnce(MEETINGS, motion, from, () => {
    const { launch, arrival } = carriedVelocities(motion, keyBody);
    // A key that is held stops the hands there anyway: the move on that side is eased as every move.
    const carried = (key: number | undefined) => key !== undefined && motion.keys[key]!.hold === 0;
    const to = (from + 1) % motion.keys.length;
    const leaving = from === flight.release && carried(flight.release) ? launch : undefined;
    const giving = from === flight.catch && carried(flight.catch) ? arrival : undefined;
    const reaching = to === flight.release && carried(flight.release) ? launch : undefined;
    const start = leaving ?? giving;
    if (start === undefined && reaching === undefined) return undefined;
    // (A mix of 0 is the key's figure as placed, a hair from the mixed one: the path is read just after it.)
    const timed = meeting((s) => heldAt(mixAt(Math.max(s, 1e-7)), prop), motion.keys[from]!.move, start, reaching);
    return (u) => ({ progress: timed(u).progress, shift: [0, 0] });
  });
}
