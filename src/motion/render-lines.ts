/**
 * The parts of props that follow the figure each frame: a cable's or band's line, straps and rings,
 * parallel bars under the hands, a machine's lever, a landmine's bar, a sled's strap, battle ropes, a yoga strap.
 */
import { type FixedProp, sledDirection } from './motion.ts';
import { type Body, lerpPoint, type Point, SIDES } from './skeleton.ts';
import { type Camera, circle, COLOURS, polyline, rect } from './svg-kit.ts';
import { lineEnd } from './timeline.ts';
import { leverArm } from './render-machine.ts';
import { handBandSvg } from './hand-band.ts';
import { sleevePlate } from './landmine-sleeve.ts';

/** A line prop's drawing in this frame: from its anchor or pivot to what it runs to. */
export function propLine(camera: Camera, prop: FixedProp, body: Body): string {
  const anchor: Point = [prop.x0, prop.y];
  switch (prop.kind) {
    case 'cable':
      return polyline(camera, [anchor, lineEnd(body, prop.to ?? 'hands')], COLOURS.iron, 0.012);
    case 'band':
      if (prop.held !== undefined) return handBandSvg(camera, body, prop.held);
      return polyline(camera, [anchor, lineEnd(body, prop.to ?? 'hands')], COLOURS.band, 0.025);
    case 'straps':
    case 'rings': {
      // Hung from above: one strap to each hand (apart in the front view), or to the feet.
      if (prop.to === undefined) {
        // Rings the figure hangs or supports itself from: a strap from the top of the frame to each.
        const top = camera.bottom + camera.height / camera.scale;
        return SIDES.map((side) => {
          const hand = body.arms[side].hand;
          return (
            polyline(
              camera,
              [
                [hand[0], top],
                [hand[0], hand[1] + 0.07],
              ],
              COLOURS.strap,
              0.02,
            ) + ring(camera, hand)
          );
        }).join('');
      }
      const ends = prop.to === 'hands' ? SIDES.map((side) => body.arms[side].hand) : [lineEnd(body, prop.to)];
      return (
        circle(camera, anchor, 0.03, COLOURS.iron) +
        ends
          .map((end) =>
            prop.kind === 'rings'
              ? polyline(camera, [anchor, towards(end, anchor, 0.07)], COLOURS.strap, 0.02) + ring(camera, end)
              : polyline(camera, [anchor, end], COLOURS.strap, 0.025) + circle(camera, end, 0.035, COLOURS.iron),
          )
          .join('')
      );
    }
    case 'yoga-strap': {
      // From the hands around the ball of the foot (its sole, most of the way to the toe), pulled taut.
      const leg = body.legs[prop.to === 'right-foot' ? 'right' : 'left'];
      const ball = lerpPoint(leg.heel, leg.toe, 0.7);
      return polyline(camera, [lineEnd(body, 'hands'), ball], COLOURS.yogaStrap, 0.022);
    }
    case 'dip-bars':
      // Parallel bars seen end on (side view) or across (front view): a bar end at each hand on its post.
      return SIDES.map((side) => {
        const hand = body.arms[side].hand;
        return (
          rect(camera, hand[0] - 0.1, 0, hand[0] - 0.06, hand[1], COLOURS.steel) +
          circle(camera, hand, 0.035, COLOURS.steel, COLOURS.iron, 0.01)
        );
      }).join('');
    case 'lever':
      // A plate-loaded lever (render-machine.ts); its plates are drawn behind the figure.
      return leverArm(camera, prop, body);
    case 'sled':
      // A drag's strap, from the sled's front to the hands or the hips (a push has none).
      return prop.to === undefined
        ? ''
        : polyline(camera, [[prop.x0 + 0.05 * sledDirection(prop), 0.25], lineEnd(body, prop.to)], COLOURS.strap, 0.025);
    case 'battle-ropes': {
      // A rope from its anchor to each hand in waves: two and a half of them, their phase following the hand.
      const anchor: Point = [prop.x0, prop.y];
      return SIDES.map((side) => {
        const hand = body.arms[side].hand;
        const points: Point[] = [];
        for (let i = 0; i <= 40; i += 1) {
          const t = i / 40;
          const wave = Math.sin(t * Math.PI * 5 + hand[1] * 12) * 0.12 * Math.sin(t * Math.PI);
          points.push([anchor[0] + (hand[0] - anchor[0]) * t, anchor[1] + (hand[1] - anchor[1]) * t + wave]);
        }
        return polyline(camera, points, COLOURS.rope, 0.03);
      }).join('');
    }
    case 'landmine': {
      // Held at its sleeve's end (landmine-sleeve.ts): the bar ends in the hands; its plate is drawn over the trunk (render-landmine.ts).
      const sleeve = sleevePlate(prop, body);
      if (sleeve !== undefined)
        return (
          rect(camera, prop.x0 - 0.08, 0, prop.x0 + 0.08, 0.05, COLOURS.iron) + polyline(camera, [anchor, sleeve.tip], COLOURS.steel, 0.03)
        );
      // The bar from its socket on the floor to the hands, its loaded sleeve just past them.
      const end = lineEnd(body, prop.to ?? 'hands');
      const plate = towards(end, anchor, -0.14);
      return [
        rect(camera, prop.x0 - 0.08, 0, prop.x0 + 0.08, 0.05, COLOURS.iron),
        polyline(camera, [anchor, towards(end, anchor, -0.24)], COLOURS.steel, 0.03),
        circle(camera, plate, 0.225, COLOURS.plate, COLOURS.plateEdge, 0.02),
      ].join('');
    }
    default:
      return '';
  }
}

/** Whether a fixed prop also has a part drawn from the figure of each frame (propLine). */
export const isLineProp = (prop: FixedProp): boolean =>
  (prop.to !== undefined && prop.kind !== 'reformer') || prop.kind === 'rings' || prop.kind === 'dip-bars' || prop.kind === 'battle-ropes';

/** The point `metres` from `from` toward `to` (negative: beyond `from`, away from `to`). */
function towards(from: Point, to: Point, metres: number): Point {
  const length = Math.hypot(to[0] - from[0], to[1] - from[1]) || 1;
  return [from[0] + ((to[0] - from[0]) / length) * metres, from[1] + ((to[1] - from[1]) / length) * metres];
}

const ring = (camera: Camera, at: Point): string => circle(camera, at, 0.07, 'none', COLOURS.wood, 0.025);
