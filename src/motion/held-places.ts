/**
 * Where a held prop sits on a figure (at the grip, between the knees, on a dip belt's chain, on the back),
 * where a cable, band or lever ends on it, and where the hands grip a bar on the back: geometry of one
 * body, apart from the timeline that poses it.
 */
import { chainEnd } from './dip-belt.ts';
import { offsetFrom } from './held-offset.ts';
import type { HeldProp, LineEnd } from './motion.ts';
import { isSafetyBar, type Yoke, yokeOf } from './safety-bar.ts';
import { soleBar } from './smith-soles.ts';
import { add, type Body, isFrontView, lerpPoint, type Point } from './skeleton.ts';

/** Where a held prop is drawn: at the grip (or its offset from it: held-offset.ts), between the knees or ankles, or on the shoulders. */
export const heldAt = (body: Body, prop: HeldProp): Point => offsetFrom(body, prop, gripAt(body, prop));

/** Where a held prop is held: at the grip, between the knees or ankles, or on the upper back or the front of the shoulders. */
export function gripAt(body: Body, prop: HeldProp): Point {
  switch (prop.at) {
    case 'hands':
      return lerpPoint(body.arms.left.hand, body.arms.right.hand, 0.5);
    case 'left':
    case 'right':
      return body.arms[prop.at].hand;
    // Squeezed between the knees or the ankles, or around the ankles: midway between them.
    case 'knees':
      return lerpPoint(body.legs.left.middle, body.legs.right.middle, 0.5);
    case 'ankles':
    case 'around-ankles':
      return lerpPoint(body.legs.left.end, body.legs.right.end, 0.5);
    // On a dip belt: plumb under its front ring, at the end of the chain.
    case 'belt':
      return chainEnd(body, prop);
    case 'knee-crease':
      return kneeCrease(body);
    // A Smith machine's bar pressed by the feet: against the middle of the sole (smith-soles.ts).
    case 'soles':
    case 'left-sole':
    case 'right-sole':
      return soleBar(body, prop.at);
    case 'back':
    case 'front-rack': {
      // Along the upper trunk, 5 cm below the neck, 9 cm behind or in front of it; seen from the front
      // (the hips apart), behind or in front is out of the picture: the bar lies across the shoulders.
      const along = lerpPoint(body.neckBase, body.waist, 0.12);
      if (isFrontView(body)) return along;
      const dx = body.neckBase[1] - body.waist[1];
      const dy = -(body.neckBase[0] - body.waist[0]);
      const length = Math.hypot(dx, dy) || 1;
      return add(along, [dx / length, dy / length], prop.at === 'back' ? -0.09 : 0.1);
    }
  }
}

/** A dumbbell held in the crease behind the near knee sits this far from the knee joint, between the thigh and the calf (metres). */
export const CREASE_DEPTH = 0.09;

/**
 * The middle of a dumbbell held in the crease behind the near (left) knee, squeezed between the thigh and the calf:
 * on the line halving the angle between them, CREASE_DEPTH from the knee (knee-crease.ts checks the knee is bent).
 */
export function kneeCrease(body: Body): Point {
  const { root: hip, middle: knee, end: ankle } = body.legs.left;
  const unit = (p: Point): Point => {
    const length = Math.hypot(p[0] - knee[0], p[1] - knee[1]) || 1;
    return [(p[0] - knee[0]) / length, (p[1] - knee[1]) / length];
  };
  const [thigh, shank] = [unit(hip), unit(ankle)];
  const between: Point = [thigh[0] + shank[0], thigh[1] + shank[1]];
  const length = Math.hypot(between[0], between[1]) || 1;
  return add(knee, [between[0] / length, between[1] / length], CREASE_DEPTH);
}

/** Where a cable, band, strap or lever ends in this frame: the hands' grip, one hand, the middle of the feet, one ankle, the hips, the shoulders or the knees. */
export function lineEnd(body: Body, to: LineEnd): Point {
  if (to === 'shoulders') return body.girdle ?? body.neckBase;
  if (to === 'knees') return lerpPoint(body.legs.left.middle, body.legs.right.middle, 0.5);
  if (to === 'hands') return lerpPoint(body.arms.left.hand, body.arms.right.hand, 0.5);
  if (to === 'feet') return lerpPoint(body.legs.left.end, body.legs.right.end, 0.5);
  if (to === 'left-foot') return body.legs.left.end;
  if (to === 'right-foot') return body.legs.right.end;
  if (to === 'hips') return body.pelvis;
  return body.arms[to].hand;
}

/** Metres the middle of a hand holding a racked bar is above it along the upper trunk, and behind it. */
const GRIP_ABOVE_RACK = 0.14;
const GRIP_BEHIND_RACK = 0.08;

/**
 * Where the hands grip a bar on the back (just above and behind it) or racked in front: there the wrist
 * bends back and the fingers hold the bar from under it, so the middle of the hand is above the bar and
 * behind it, toward the head (GRIP_ABOVE_RACK along the upper trunk, GRIP_BEHIND_RACK back), and the
 * elbows come up in front, the upper arms near level. A grip just ahead of the bar hung the upper arms
 * down the chest, the forearms folded up to it (low elbows, failed by every reviewer of a front squat:
 * stop 50). Seen from the front the bar lies across the picture and the hands hold it at its height.
 */
export function loadGrip(body: Body, load: HeldProp): Point {
  // A safety squat bar is held by its handles' ends, in front of the chest (safety-bar.ts).
  if (isSafetyBar(load) && !isFrontView(body)) return safetyYoke(body, load).grip;
  if (load.at === 'back' || isFrontView(body)) return add(heldAt(body, load), load.at === 'back' ? [0.02, 0.01] : [0.03, 0]);
  const [up, forward] = trunkAxes(body);
  return add(add(heldAt(body, load), up, GRIP_ABOVE_RACK), forward, -GRIP_BEHIND_RACK);
}

/** A safety squat bar on the back in this frame, seen from the side: its bar, pad, handle and sleeve (safety-bar.ts). */
export const safetyYoke = (body: Body, load: HeldProp): Yoke => yokeOf(heldAt(body, load), ...trunkAxes(body));

/** The upper trunk's unit axes in the side view: toward the head, and toward the front of the chest. */
function trunkAxes(body: Body): [Point, Point] {
  const [x, y] = [body.neckBase[0] - body.waist[0], body.neckBase[1] - body.waist[1]];
  const length = Math.hypot(x, y) || 1;
  return [
    [x / length, y / length],
    [y / length, -x / length],
  ];
}
