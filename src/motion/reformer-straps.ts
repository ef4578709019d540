/**
 * A reformer's straps held taut (reformer.ts): each strap runs from the hands (or feet) over the pulley
 * at the head end and back to the carriage, so when the hands press away from the pulley the carriage
 * is drawn toward it by as much, and when they pull in, the springs take it home. Reviewers failed clips
 * whose carriage stood still while the strap to the hands grew by 36-49 cm (a supine arm series, a
 * kneeling curl): the writer had to move the figure by hand. Here each key after the first is moved along
 * the frame until the rope is as long as in the first key, and the carriage rides with the figure.
 */
import type { FixedProp, Key } from './motion.ts';
import { CARRIAGE_TOP, carriageAt, headward, pulleyOf, ridingPoint } from './reformer.ts';
import { distance, type Point, type View } from './skeleton.ts';
import { keyBody, lineEnd, pointOf } from './timeline.ts';

/** How far along the frame a key may be moved to keep the rope's length (metres either way). */
const REACH = 1.5;

/**
 * The rope's length in `key` as a function of how far the key is moved toward the head end: pulley to
 * the hands (or feet), and pulley to the carriage. Moving the key moves both ends along the floor, so
 * the figure is posed once.
 */
function ropeLength(key: Key, view: View, reformer: FixedProp): (shift: number) => number {
  const { body } = keyBody(key, view);
  const direction = headward(reformer);
  const pulley = pulleyOf(reformer);
  const end = lineEnd(body, reformer.to!);
  const riding = pointOf(body, ridingPoint(reformer))[0];
  return (shift) => {
    const carriage = carriageAt(reformer, riding + direction * shift);
    // The rope is tied on at the carriage's head end.
    const tied: Point = [direction > 0 ? carriage.x1 : carriage.x0, CARRIAGE_TOP];
    return distance([end[0] + direction * shift, end[1]], pulley) + distance(pulley, tied);
  };
}

/** `key` moved `dx` along the floor: its anchor and its hand and foot targets. */
function moved(key: Key, dx: number): Key {
  const by = (p: Point): Point => [p[0] + dx, p[1]];
  const each = (points: Key['hands']) =>
    points === undefined ? undefined : Object.fromEntries(Object.entries(points).map(([side, p]) => [side, by(p!)]));
  return {
    ...key,
    anchor: { ...key.anchor, at: by(key.anchor.at) },
    ...(key.hands === undefined ? {} : { hands: each(key.hands) }),
    ...(key.feet === undefined ? {} : { feet: each(key.feet) }),
  };
}

/**
 * The keys of a reformer exercise with straps, each after the first moved along the frame so the rope is
 * as long as in the first (found by bisection: the rope shortens as the figure moves toward the pulley).
 * Keys held at the footbar stay where they are. Without straps, the keys as they are.
 */
export function strapsHeld(keys: readonly Key[], reformer: FixedProp, view: View): Key[] {
  if (reformer.to === undefined || keys.length === 0) return [...keys];
  const length = ropeLength(keys[0]!, view, reformer)(0);
  return keys.map((key, i) => {
    if (i === 0 || key.contacts.some((c) => c.on === 'footbar')) return key;
    const lengthAt = ropeLength(key, view, reformer);
    let [lo, hi] = [-REACH, REACH];
    for (let step = 0; step < 40; step += 1) {
      const mid = (lo + hi) / 2;
      if (lengthAt(mid) > length) lo = mid;
      else hi = mid;
    }
    return moved(key, headward(reformer) * ((lo + hi) / 2));
  });
}
