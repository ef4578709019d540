/**
 * A ball's release that does not stop the hands (docs/operations.md#media-cli): the ball leaves at full
 * speed, so when the release key is not held the move into it only accelerates (ease-in) and the
 * follow-through out of it starts at that speed and comes to rest at its end (ease-out).
 */
import type { Motion } from './motion.ts';
import { easeIn, easeOut } from './thrown.ts';

/** How far (0..1) the move out of key `i` has gone at `u` of its time about a ball's release, or nothing when it is not about one. */
export function releaseProgress(motion: Pick<Motion, 'ball' | 'keys'>, i: number, u: number): number | undefined {
  if (motion.ball === undefined) return undefined;
  const release = motion.ball.release;
  // A release key that is held stops the hands there anyway: its moves are eased as every move.
  if (motion.keys[release]!.hold !== 0) return undefined;
  const into = (i + 1) % motion.keys.length === release;
  const outOf = i === release;
  if (into && outOf) return u;
  if (into) return easeIn(u);
  return outOf ? easeOut(u) : undefined;
}
