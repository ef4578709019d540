/**
 * A climbing rope hanging from above the picture: each key says where on it the hands hold (`grips`), the
 * hands are put there, and the figure is carried between keys by its trunk, so a hand that holds at the
 * same height in two keys stays where it grips while the other reaches past it (hand over hand); a third
 * grip locks the feet on it. The check holds both hands, and feet that lock, to the rope in every frame.
 */
import type { Key, Motion } from './motion.ts';
import { SIDES } from './skeleton.ts';
import { bodyAt, FRAMES_PER_SECOND, frameCount, keyBody, locate, pointOf } from './timeline.ts';

/** A hand this far beside the rope has let go of it (metres). */
const ON_ROPE = 0.04;

/**
 * A placed key on the rope at x: its hands at their grips, no contact promised on a bar, carried by its
 * trunk (the base of the neck, where it is), held up by the rope and so never a quiet stance.
 */
export function onRope(key: Key, x: number, [left, right, feet]: readonly [number, number, number?], view: Motion['view']): Key {
  const hands = { left: [x, left] as const, right: [x, right] as const };
  const placed: Key = { ...key, hands, contacts: key.contacts.filter((c) => c.on !== 'bar'), isBalanced: false };
  // A foot lock: the rope trapped between the feet, the ankles on it where they lock.
  if (feet !== undefined) placed.feet = { left: [x, feet], right: [x, feet] };
  const { body } = keyBody(placed, view);
  return { ...placed, anchor: { point: 'neckBase', at: pointOf(body, 'neckBase') } };
}

/** The first frame in which a hand is off the rope. */
export function climbingRopeProblems(motion: Motion): string[] {
  const rope = motion.fixed.find((prop) => prop.kind === 'rope');
  if (rope === undefined) return [];
  if (motion.view !== 'side') return ['a climbing rope is drawn from the side only'];
  for (let frame = 0; frame < frameCount(motion); frame += 1) {
    const seconds = frame / FRAMES_PER_SECOND;
    const body = bodyAt(motion, seconds);
    const { from, to, progress } = locate(motion, seconds);
    // Feet locked at both ends of a move stay on the rope through it.
    const isLocked = motion.keys[from]!.feet !== undefined && (progress === 0 || motion.keys[to]!.feet !== undefined);
    for (const side of SIDES) {
      const off = Math.abs(body.arms[side].hand[0] - rope.x0);
      if (off > ON_ROPE) return [`at ${seconds.toFixed(2)} s the ${side} hand is ${(off * 100).toFixed(0)} cm off the rope`];
      const foot = Math.abs(body.legs[side].end[0] - rope.x0);
      if (isLocked && foot > ON_ROPE)
        return [`at ${seconds.toFixed(2)} s the ${side} foot is ${(foot * 100).toFixed(0)} cm off the rope it locks`];
    }
  }
  return [];
}
