/**
 * The props in a frame: fixed ones (bench, incline bench, box, mat, bar, wall, cable stack, band
 * anchor, foam roller, massage ball, stability ball, Smith rails, cones, hurdles) with the parts that
 * follow the body (a cable or band's line, straps and rings, parallel bars under the hands, a machine's
 * lever, a landmine's bar), and held ones (barbell, plate, dumbbells, kettlebell, ball, handles) at the hands that hold them.
 */
import { type FixedProp, type HeldProp, isPair, type Motion } from './motion.ts';
import { type Body, type Point, SIDES, type Side } from './skeleton.ts';
import { type Camera, circle, COLOURS, polygon, polyline, rect } from './svg-kit.ts';
import { heldAt, lineEnd } from './timeline.ts';

/** An incline bench's back pad, from the seat to its top end (metres). */
const INCLINE_PAD = 0.8;
/** A decline bench's back pad, from the seat down to its low end (metres). */
const DECLINE_PAD = 0.95;

export function fixedProp(camera: Camera, prop: FixedProp): string {
  switch (prop.kind) {
    case 'bench':
      return [
        rect(camera, prop.x0 + 0.08, 0, prop.x0 + 0.13, prop.y, COLOURS.steel),
        rect(camera, prop.x1 - 0.13, 0, prop.x1 - 0.08, prop.y, COLOURS.steel),
        rect(camera, prop.x0, prop.y - 0.08, prop.x1, prop.y, COLOURS.pad),
      ].join('');
    case 'box':
      return rect(camera, prop.x0, 0, prop.x1, prop.y, COLOURS.wood, COLOURS.woodEdge);
    case 'incline': {
      // A seat (the support, x0..x1) on a post, and a pad rising from one end of it at `angle`.
      const angle = prop.angle ?? 45;
      const hinge: Point = angle >= 0 ? [prop.x0, prop.y] : [prop.x1, prop.y];
      const radians = (Math.abs(angle) * Math.PI) / 180;
      const end: Point = [hinge[0] + (angle >= 0 ? -1 : 1) * Math.cos(radians) * INCLINE_PAD, hinge[1] + Math.sin(radians) * INCLINE_PAD];
      return [
        rect(camera, (prop.x0 + prop.x1) / 2 - 0.025, 0, (prop.x0 + prop.x1) / 2 + 0.025, prop.y, COLOURS.steel),
        polyline(
          camera,
          [
            [hinge[0], 0],
            [hinge[0], prop.y],
          ],
          COLOURS.steel,
          0.04,
        ),
        rect(camera, prop.x0, prop.y - 0.07, prop.x1, prop.y, COLOURS.pad),
        polyline(camera, [hinge, end], COLOURS.pad, 0.08),
      ].join('');
    }
    case 'decline': {
      // The seat (the support, x0..x1) on a post, the pad falling from its rear end to a lower post, and
      // the leg roller in front of the seat's end, low, that the shins hook behind.
      const radians = ((prop.angle ?? 20) * Math.PI) / 180;
      const end: Point = [prop.x0 - Math.cos(radians) * DECLINE_PAD, prop.y - Math.sin(radians) * DECLINE_PAD];
      const roller: Point = [prop.x1 + 0.3, prop.y - 0.3];
      return [
        rect(camera, (prop.x0 + prop.x1) / 2 - 0.025, 0, (prop.x0 + prop.x1) / 2 + 0.025, prop.y, COLOURS.steel),
        rect(camera, end[0] + 0.1, 0, end[0] + 0.15, end[1], COLOURS.steel),
        polyline(camera, [[prop.x1, prop.y - 0.05], roller], COLOURS.steel, 0.03),
        rect(camera, prop.x0, prop.y - 0.07, prop.x1, prop.y, COLOURS.pad),
        polyline(camera, [[prop.x0, prop.y - 0.035], end], COLOURS.pad, 0.08),
        circle(camera, roller, 0.05, COLOURS.pad),
      ].join('');
    }
    case 'smith': {
      // The machine's rails: the bar runs up and down them, so a Smith exercise is not drawn as a free bar.
      const top = Math.min(2.3, camera.bottom + camera.height / camera.scale);
      return polyline(
        camera,
        [
          [prop.x0, 0],
          [prop.x0, top],
        ],
        COLOURS.steel,
        0.035,
      );
    }
    case 'mat':
      return rect(camera, prop.x0, 0, prop.x1, prop.y, COLOURS.mat);
    case 'low-bar':
      // A bar racked at a height (a rack's upright behind it), seen end on.
      return (
        rect(camera, prop.x0 - 0.13, 0, prop.x0 - 0.08, prop.y + 0.25, COLOURS.steel) +
        circle(camera, [prop.x0, prop.y], 0.03, COLOURS.steel, COLOURS.iron, 0.01)
      );
    case 'bar': {
      const top = camera.bottom + camera.height / camera.scale;
      return (
        polyline(
          camera,
          [
            [prop.x0 - 0.12, top],
            [prop.x0 - 0.12, prop.y + 0.1],
            [prop.x0, prop.y],
          ],
          COLOURS.steel,
          0.035,
        ) + circle(camera, [prop.x0, prop.y], 0.025, COLOURS.iron)
      );
    }
    case 'wall': {
      // The wall's face is at x0 and it fills the side away from the figure (x1 says which: x1 > x0 ahead).
      const top = camera.bottom + camera.height / camera.scale;
      return prop.x1 >= prop.x0
        ? rect(camera, prop.x0, 0, prop.x0 + 0.5, top, COLOURS.floor)
        : rect(camera, prop.x0 - 0.5, 0, prop.x0, top, COLOURS.floor);
    }
    case 'cable': {
      // A stack's upright behind the pulley, its weights at the foot, the pulley where the cable leaves it.
      const top = Math.max(prop.y + 0.15, 2.1);
      const side = prop.x0 < 0 ? -1 : 1;
      return [
        rect(camera, prop.x0 + side * 0.02, 0, prop.x0 + side * 0.1, top, COLOURS.steel),
        rect(camera, prop.x0 + side * 0.12, 0, prop.x0 + side * 0.32, 0.45, COLOURS.iron),
        circle(camera, [prop.x0, prop.y], 0.045, COLOURS.steel, COLOURS.iron, 0.012),
      ].join('');
    }
    case 'band':
      return circle(camera, [prop.x0, prop.y], 0.03, COLOURS.iron);
    case 'stability-ball': {
      const radius = prop.y / 2;
      return circle(camera, [(prop.x0 + prop.x1) / 2, radius], radius, COLOURS.stabilityBall, COLOURS.stabilityBallEdge, 0.012);
    }
    case 'massage-ball': {
      const radius = prop.y / 2;
      return circle(camera, [(prop.x0 + prop.x1) / 2, radius], radius, COLOURS.ball);
    }
    case 'cone': {
      const middle = (prop.x0 + prop.x1) / 2;
      return polygon(
        camera,
        [
          [prop.x0, 0],
          [middle - 0.015, prop.y],
          [middle + 0.015, prop.y],
          [prop.x1, 0],
        ],
        COLOURS.cone,
      );
    }
    case 'hurdle':
      // A mini hurdle seen from the side: its crossbar on a post, the foot along the floor.
      return (
        polyline(
          camera,
          [
            [prop.x0 - 0.12, 0.01],
            [prop.x1 + 0.12, 0.01],
          ],
          COLOURS.cone,
          0.025,
        ) +
        polyline(
          camera,
          [
            [(prop.x0 + prop.x1) / 2, 0.01],
            [(prop.x0 + prop.x1) / 2, prop.y],
          ],
          COLOURS.cone,
          0.03,
        )
      );
    case 'heavy-bag': {
      // A bag hanging on its chain from above the picture.
      const top = camera.bottom + camera.height / camera.scale;
      const middle = (prop.x0 + prop.x1) / 2;
      return (
        polyline(
          camera,
          [
            [middle, top],
            [middle, prop.y],
          ],
          COLOURS.iron,
          0.015,
        ) + rect(camera, prop.x0, prop.y - 1.1, prop.x1, prop.y, COLOURS.heavyBag)
      );
    }
    case 'treadmill':
      // The deck and its belt, the upright and console at the front end, a handrail back from it.
      return [
        rect(camera, prop.x0, 0, prop.x1, prop.y, COLOURS.deck),
        polyline(
          camera,
          [
            [prop.x1 - 0.05, prop.y],
            [prop.x1 + 0.1, 1.2],
            [prop.x1 - 0.25, 1.05],
          ],
          COLOURS.steel,
          0.04,
        ),
        rect(camera, prop.x1 + 0.02, 1.15, prop.x1 + 0.2, 1.3, COLOURS.iron),
      ].join('');
    case 'sled':
      // Runners on the floor, a plate stack, and two posts at the end toward the figure.
      return [
        rect(camera, prop.x0 - 0.05, 0, prop.x1, 0.06, COLOURS.steel),
        rect(camera, prop.x0 + 0.25, 0.06, prop.x0 + 0.65, 0.36, COLOURS.iron),
        polyline(
          camera,
          [
            [prop.x0 + 0.1, 0.06],
            [prop.x0, prop.y],
          ],
          COLOURS.steel,
          0.04,
        ),
      ].join('');
    case 'straps':
    case 'rings':
    case 'dip-bars':
    case 'lever':
    case 'landmine':
    case 'battle-ropes':
      // Drawn with the figure of each frame (propLine).
      return '';
    case 'roller': {
      // Seen end on: a foam cylinder lying across the line of view.
      const radius = prop.y / 2;
      return circle(camera, [(prop.x0 + prop.x1) / 2, radius], radius, COLOURS.roller, COLOURS.rollerEdge, 0.012);
    }
  }
}

/** A line prop's drawing in this frame: from its anchor or pivot to what it runs to. */
export function propLine(camera: Camera, prop: FixedProp, body: Body): string {
  const anchor: Point = [prop.x0, prop.y];
  switch (prop.kind) {
    case 'cable':
      return polyline(camera, [anchor, lineEnd(body, prop.to ?? 'hands')], COLOURS.iron, 0.012);
    case 'band':
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
    case 'dip-bars':
      // Parallel bars seen end on (side view) or across (front view): a bar end at each hand on its post.
      return SIDES.map((side) => {
        const hand = body.arms[side].hand;
        return (
          rect(camera, hand[0] - 0.1, 0, hand[0] - 0.06, hand[1], COLOURS.steel) +
          circle(camera, hand, 0.035, COLOURS.steel, COLOURS.iron, 0.01)
        );
      }).join('');
    case 'lever': {
      // A plate-loaded lever: a post to the pivot, the arm to the handles (or pads), plates on its far end.
      const end = lineEnd(body, prop.to ?? 'hands');
      const back = towards(anchor, end, -0.25);
      return [
        prop.y > 0.1 ? rect(camera, prop.x0 - 0.04, 0, prop.x0 + 0.04, prop.y, COLOURS.steel) : '',
        polyline(camera, [back, end], COLOURS.steel, 0.05),
        circle(camera, back, 0.17, COLOURS.plate, COLOURS.plateEdge, 0.02),
        circle(camera, anchor, 0.05, COLOURS.iron),
        circle(camera, end, 0.05, COLOURS.pad),
      ].join('');
    }
    case 'sled':
      // A drag's strap, from the sled's front to the hands or the hips (a push has none).
      return prop.to === undefined ? '' : polyline(camera, [[prop.x0 + 0.05, 0.25], lineEnd(body, prop.to)], COLOURS.strap, 0.025);
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
  prop.to !== undefined || prop.kind === 'rings' || prop.kind === 'dip-bars' || prop.kind === 'battle-ropes';

/** The point `metres` from `from` toward `to` (negative: beyond `from`, away from `to`). */
function towards(from: Point, to: Point, metres: number): Point {
  const length = Math.hypot(to[0] - from[0], to[1] - from[1]) || 1;
  return [from[0] + ((to[0] - from[0]) / length) * metres, from[1] + ((to[1] - from[1]) / length) * metres];
}

const ring = (camera: Camera, at: Point): string => circle(camera, at, 0.07, 'none', COLOURS.wood, 0.025);

export function heldProp(camera: Camera, prop: HeldProp, at: Point, view: Motion['view'], forearmUp = false): string {
  switch (prop.kind) {
    case 'barbell':
      if (view === 'front') {
        return (
          polyline(
            camera,
            [
              [at[0] - 1.05, at[1]],
              [at[0] + 1.05, at[1]],
            ],
            COLOURS.steel,
            0.03,
          ) +
          rect(camera, at[0] - 1.0, at[1] - 0.22, at[0] - 0.9, at[1] + 0.22, COLOURS.iron) +
          rect(camera, at[0] + 0.9, at[1] - 0.22, at[0] + 1.0, at[1] + 0.22, COLOURS.iron)
        );
      }
      return circle(camera, at, 0.225, COLOURS.plate, COLOURS.plateEdge, 0.02) + circle(camera, at, 0.07, COLOURS.plateEdge);
    case 'plate':
      return circle(camera, at, 0.2, COLOURS.iron, COLOURS.ironEdge, 0.015);
    case 'dumbbells':
    case 'dumbbell':
      return circle(camera, at, 0.085, COLOURS.iron, COLOURS.ironEdge, 0.012);
    case 'kettlebell':
    case 'kettlebells': {
      if (forearmUp) {
        // Racked or locked out: the bell rests on the back of the forearm, beside the hand, not on the head.
        return circle(camera, [at[0] - 0.1, at[1] - 0.06], 0.1, COLOURS.iron);
      }
      return (
        polyline(
          camera,
          [
            [at[0] - 0.05, at[1] - 0.07],
            [at[0] - 0.05, at[1]],
            [at[0] + 0.05, at[1]],
            [at[0] + 0.05, at[1] - 0.07],
          ],
          COLOURS.iron,
          0.025,
        ) + circle(camera, [at[0], at[1] - 0.15], 0.1, COLOURS.iron)
      );
    }
    case 'farmers-handles':
      return (
        polyline(
          camera,
          [
            [at[0] - 0.35, at[1]],
            [at[0] + 0.35, at[1]],
          ],
          COLOURS.steel,
          0.04,
        ) +
        circle(camera, [at[0] - 0.35, at[1]], 0.15, COLOURS.iron) +
        circle(camera, [at[0] + 0.35, at[1]], 0.15, COLOURS.iron)
      );
    case 'ball':
      return circle(camera, at, 0.12, COLOURS.ball);
    case 'stone':
      return circle(camera, at, 0.23, COLOURS.stone, COLOURS.stoneEdge, 0.015);
    case 'chains': {
      // Links from the sleeve (both sleeves, seen from the front) down to a pile on the floor.
      const sleeves = view === 'front' ? [at[0] - 0.95, at[0] + 0.95] : [at[0]];
      return sleeves
        .map((x) => {
          const links: string[] = [rect(camera, x - 0.07, 0, x + 0.07, 0.05, COLOURS.iron)];
          for (let y = at[1] - 0.06; y > 0.05; y -= 0.045) links.push(circle(camera, [x, y], 0.022, 'none', COLOURS.iron, 0.014));
          return links.join('');
        })
        .join('');
    }
    case 'keg':
      return rect(camera, at[0] - 0.15, at[1] - 0.21, at[0] + 0.15, at[1] + 0.21, COLOURS.keg, COLOURS.kegEdge);
    case 'sandbag':
      return rect(camera, at[0] - 0.28, at[1] - 0.14, at[0] + 0.28, at[1] + 0.14, COLOURS.sandbag);
    case 'log':
      // Seen from the side the log is end on (a round of wood) at the hands; from the front it runs across.
      if (view === 'front') return rect(camera, at[0] - 1.1, at[1] - 0.15, at[0] + 1.1, at[1] + 0.15, COLOURS.wood, COLOURS.woodEdge);
      return circle(camera, at, 0.16, COLOURS.wood, COLOURS.woodEdge, 0.015);
  }
}

/** Whether the forearm holding `prop` points up (hand well above the elbow): a rack or an overhead lockout. */
export function isForearmUp(body: Body, prop: HeldProp, side: Side = prop.at === 'right' ? 'right' : 'left'): boolean {
  const arm = body.arms[side];
  return arm.hand[1] - arm.middle[1] > 0.12;
}

export function heldPlaces(body: Body, prop: HeldProp): Point[] {
  if (prop.at === 'hands' && isPair(prop)) return [body.arms.left.hand, body.arms.right.hand];
  return [heldAt(body, prop)];
}
