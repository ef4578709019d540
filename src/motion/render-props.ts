/**
 * The props the hands hold, drawn at their grip: barbell, plate, dumbbells, kettlebells, ball, farmer's
 * handles, sandbag, stone, keg, log, and chains hanging from a bar's sleeves.
 */
import { type HeldProp, isPair, type Motion } from './motion.ts';
import { type Body, type Point, type Side, SIDES } from './skeleton.ts';
import { gripsOf, OFFSET_RADIUS, offsetFrom } from './held-offset.ts';
import { type Camera, circle, COLOURS, polyline, rect } from './svg-kit.ts';
import { heldAt } from './timeline.ts';
import { DUMBBELL_HEAD, KETTLEBELL } from './bell-rest.ts';

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
      return circle(camera, at, DUMBBELL_HEAD, COLOURS.iron, COLOURS.ironEdge, 0.012);
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
        ) + circle(camera, [at[0], at[1] - KETTLEBELL.drop], KETTLEBELL.radius, COLOURS.iron)
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
    case 'pilates-ring':
    case 'dowel':
    case 'squeeze-ball':
    case 'ab-wheel':
    case 'wrist-roller':
    case 'towel':
    case 'massage-stick':
      // Drawn from both the parts that hold them, in their layer (render-hand-props.ts).
      return '';
    case 'dinnie-stones':
    case 'husafell-stone':
    case 'press-block':
    case 'rickshaw':
      // Drawn from the body that holds them, in their layer (render-strongman.ts).
      return '';
    case 'throwing-weight':
      // Drawn along the arm that swings it, or where it flies (render-implement-release.ts).
      return '';
  }
}

/**
 * A dumbbell or kettlebell held off its grip (held-offset.ts): a dumbbell held by one end, its handle from the fist to
 * its head at `at` (a smaller head: a light one); a kettlebell's handle from the grip to its bell at `at`, whichever way
 * that lies (below the hands held by the horns, above them bottom up). Undefined for any other load.
 */
function offsetBell(camera: Camera, prop: HeldProp, at: Point, grip: Point): string | undefined {
  const length = Math.hypot(at[0] - grip[0], at[1] - grip[1]);
  if (length < 1e-6) return undefined;
  const [ux, uy] = [(at[0] - grip[0]) / length, (at[1] - grip[1]) / length];
  if (prop.kind === 'dumbbell' || prop.kind === 'dumbbells') {
    const radius = OFFSET_RADIUS.dumbbell!;
    const butt: Point = [grip[0] - ux * 0.04, grip[1] - uy * 0.04];
    return polyline(camera, [butt, at], COLOURS.steel, 0.025) + circle(camera, at, radius, COLOURS.iron, COLOURS.ironEdge, 0.012);
  }
  if (prop.kind !== 'kettlebell' && prop.kind !== 'kettlebells') return undefined;
  // The handle's two sides, 5 cm either side of the line from the grip to the bell, from the bell's shoulder to the grip.
  const side = (k: number, along: number): Point => [grip[0] + ux * along - uy * 0.05 * k, grip[1] + uy * along + ux * 0.05 * k];
  const shoulder = Math.max(0, length - KETTLEBELL.radius + 0.02);
  const handle = polyline(camera, [side(-1, shoulder), side(-1, 0), side(1, 0), side(1, shoulder)], COLOURS.iron, 0.025);
  return handle + circle(camera, at, KETTLEBELL.radius, COLOURS.iron);
}

/** A held load drawn at each place it is held: each hand of a pair, else its one place; off the grip where the description says. */
export function heldLoadSvg(camera: Camera, prop: HeldProp, body: Body, view: Motion['view']): string {
  if (prop.offset === undefined)
    return heldPlaces(body, prop)
      .map((at, i) => heldProp(camera, prop, at, view, isForearmUp(body, prop, isPair(prop) ? SIDES[i] : undefined)))
      .join('');
  return gripsOf(body, prop)
    .map(([grip, side]) => {
      const at = offsetFrom(body, prop, grip, side);
      return offsetBell(camera, prop, at, grip) ?? heldProp(camera, prop, at, view);
    })
    .join('');
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
