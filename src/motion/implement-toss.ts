/**
 * The hands' timing about a tossed strongman implement's release (implement-release.ts): it leaves them at
 * their speed, so the move into the release key only accelerates (ease-in) and the follow-through out of
 * it starts at that speed and comes to rest at its end (ease-out), as a jump's push and landing do.
 */
import type { Motion } from './motion.ts';
import { easeIn, easeOut } from './thrown.ts';

/** How far (0..1) the move out of key `i` has gone at `u` of its time about a toss's release, or nothing when it is not about one. */
export function tossProgress(motion: Pick<Motion, 'implementRelease' | 'keys'>, i: number, u: number): number | undefined {
  const release = motion.implementRelease;
  // Set down on a box, the load comes to rest with the hands: its moves are eased as every move.
  if (release?.to !== 'floor') return undefined;
  const into = (i + 1) % motion.keys.length === release.key;
  const outOf = i === release.key;
  if (into && outOf) return u;
  if (into) return easeIn(u);
  return outOf ? easeOut(u) : undefined;
}
