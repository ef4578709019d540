/**
 * The Hercules hold's two pillars, seen from the front: each stands on the floor beside the figure and
 * leans out away from it, kept from falling by the hand that grips the handle on its inner face. They
 * are placed on the first key's hands; the check holds each hand to its pillar in every frame.
 */
import type { FixedProp, Key, Motion } from './motion.ts';
import type { Body, Point, View } from './skeleton.ts';
import { firstFrameProblem, keyBody } from './timeline.ts';

/** A pillar's width and height; how far the hand's centre is inside its inner face (the handle's depth). */
export const PILLAR = { width: 0.24, height: 2.3, handle: 0.03 } as const;

/** A hand this far (metres) from its pillar's handle has let go of it. */
const HELD_WITHIN = 0.03;

/** The centre line of the pillar on one side: its foot on the floor and its top, leaning `lean` degrees out. */
export function pillarLine(pillars: FixedProp, outward: -1 | 1): readonly [Point, Point] {
  const lean = ((pillars.angle ?? 0) * Math.PI) / 180;
  const foot: Point = [outward < 0 ? pillars.x0 : pillars.x1, 0];
  return [foot, [foot[0] + outward * Math.sin(lean) * PILLAR.height, Math.cos(lean) * PILLAR.height]];
}

/** How far a hand is from the handle on its pillar's inner face (its distance from the centre line less half the width and the handle). */
export function handGap(pillars: FixedProp, outward: -1 | 1, hand: Point): number {
  const [foot, top] = pillarLine(pillars, outward);
  const [dx, dy] = [top[0] - foot[0], top[1] - foot[1]];
  const length = Math.hypot(dx, dy);
  const across = Math.abs((hand[0] - foot[0]) * dy - (hand[1] - foot[1]) * dx) / length;
  return across - PILLAR.width / 2 + PILLAR.handle;
}

/** The hands of a body, the one nearer -x first: which pillar each holds. */
const handsOf = (body: Body): readonly [Point, Point] => {
  const [a, b] = [body.arms.left.hand, body.arms.right.hand];
  return a[0] <= b[0] ? [a, b] : [b, a];
};

/** The pillars `lean` degrees out, their inner faces' handles in the first key's hands. */
export function herculesPillarsOf(lean: number, first: Key, view: View): FixedProp {
  const [low, high] = handsOf(keyBody(first, view).body);
  const radians = (lean * Math.PI) / 180;
  // The centre line runs half a pillar (less the handle) outside the hand; followed down to the floor.
  const offset = (PILLAR.width / 2 - PILLAR.handle) / Math.cos(radians);
  const footOf = (hand: Point, outward: -1 | 1) => hand[0] + outward * offset - outward * Math.tan(radians) * hand[1];
  return { kind: 'hercules-pillars', x0: footOf(low, -1), x1: footOf(high, 1), y: PILLAR.height, angle: lean };
}

/** Pillars seen from the side, and the first frame a hand lets go of its pillar. */
export function herculesProblems(motion: Motion): string[] {
  const pillars = motion.fixed.find((prop) => prop.kind === 'hercules-pillars');
  if (pillars === undefined) return [];
  if (motion.view !== 'front') return ['the Hercules pillars are drawn from the front only'];
  return firstFrameProblem(motion, (body) => {
    const hands = handsOf(body);
    const gaps = [handGap(pillars, -1, hands[0]), handGap(pillars, 1, hands[1])];
    const worst = gaps.reduce((a, b) => (Math.abs(b) > Math.abs(a) ? b : a));
    if (Math.abs(worst) <= HELD_WITHIN) return undefined;
    return `a hand is ${(Math.abs(worst) * 100).toFixed(0)} cm ${worst > 0 ? 'off' : 'into'} its pillar's handle`;
  });
}
