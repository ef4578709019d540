/**
 * Where a held prop sits on a figure (at the grip, between the knees, on a dip belt's chain, on the back),
 * where a cable, band or lever ends on it, and where the hands grip a bar on the back: geometry of one
 * body, apart from the timeline that poses it.
 */
import { chainEnd } from './dip-belt.ts';
import type { HeldProp, LineEnd } from './motion.ts';
import { add, type Body, isFrontView, lerpPoint, type Point } from './skeleton.ts';

/** Where a held prop is drawn: at the grip, between the knees or ankles, or on the upper back or the front of the shoulders. */
export function heldAt(body: Body, prop: HeldProp): Point {
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

/** Where the hands grip a bar on the back (just above and behind it) or racked in front (just ahead of it). */
export function loadGrip(body: Body, load: HeldProp): Point {
  return add(heldAt(body, load), load.at === 'back' ? [0.02, 0.01] : [0.03, 0]);
}
