/**
 * Draws the apparatus in the flat style of the rigs: the Wunda chair's box and padded seat once, its pedal
 * each frame where the feet have pressed it, with the spring that lifts it; the Hercules hold's pillars.
 */
import type { FixedProp } from './motion.ts';
import type { Body, Point } from './skeleton.ts';
import { type Camera, circle, COLOURS, polygon, polyline, rect } from './svg-kit.ts';
import { CADILLAC, rollDownBar, springHook } from './cadillac.ts';
import { PILLAR, pillarLine } from './hercules-pillars.ts';
import { pedalBar, WUNDA } from './wunda-chair.ts';

/** The Wunda chair's box from the floor to its seat, the seat's pad on top, and the pedal's hinge low at the back. */
export function wundaChairBox(camera: Camera, chair: FixedProp): string {
  if (chair.pedal === undefined) return '';
  return [
    rect(camera, chair.x0, 0, chair.x1, chair.y - 0.06, COLOURS.wood, COLOURS.woodEdge),
    rect(camera, chair.x0 - 0.01, chair.y - 0.06, chair.x1 + 0.01, chair.y, COLOURS.pad),
  ].join('');
}

/** The pedal in this frame: its arm from the hinge along the box's side to the bar under the feet, and its spring. */
export function wundaPedal(camera: Camera, chair: FixedProp, body: Body): string {
  if (chair.pedal === undefined) return '';
  const { pivot } = chair.pedal;
  const bar = pedalBar(chair, body);
  // The spring hooks on the arm three quarters of the way along the box and pulls up to its side under the seat.
  const along = (0.75 * (chair.x1 - chair.x0)) / Math.max(0.01, Math.abs(bar[0] - pivot[0]));
  const hook: Point = [pivot[0] + (bar[0] - pivot[0]) * along, pivot[1] + (bar[1] - pivot[1]) * along];
  const anchor: Point = [hook[0], WUNDA.seat - 0.2];
  const coils: Point[] = [];
  for (let i = 0; i <= 8; i += 1) {
    const y = hook[1] + ((anchor[1] - hook[1]) * i) / 8;
    coils.push([hook[0] + (i % 2 === 0 || i === 8 ? 0 : i % 4 === 1 ? 0.025 : -0.025), y]);
  }
  return [
    polyline(camera, coils, COLOURS.steel, 0.012),
    polyline(camera, [pivot, bar], COLOURS.iron, 0.03),
    circle(camera, pivot, 0.025, COLOURS.steel, COLOURS.iron, 0.008),
    circle(camera, bar, 0.022, COLOURS.steel, COLOURS.iron, 0.008),
  ].join('');
}

/** The Hercules pillars seen from the front: two stone columns leaning out, a handle on each inner face. */
export function herculesPillars(camera: Camera, pillars: FixedProp): string {
  return ([-1, 1] as const)
    .map((outward) => {
      const [foot, top] = pillarLine(pillars, outward);
      const length = Math.hypot(top[0] - foot[0], top[1] - foot[1]);
      // Square ends: the foot stands flat on the floor, cut level, not rounded into it.
      const column = (width: number): Point[] => {
        const [nx, ny] = [((top[1] - foot[1]) / length) * (width / 2), (-(top[0] - foot[0]) / length) * (width / 2)];
        return [
          [foot[0] - nx, 0],
          [foot[0] + nx, 0],
          [top[0] + nx, top[1] + ny],
          [top[0] - nx, top[1] - ny],
        ];
      };
      return (
        polygon(camera, column(PILLAR.width), COLOURS.stoneEdge) +
        polygon(camera, column(PILLAR.width - 0.03), COLOURS.stone) +
        rect(camera, foot[0] - 0.2, 0, foot[0] + 0.2, 0.04, COLOURS.stoneEdge)
      );
    })
    .join('');
}

/** A Cadillac seen from the side: the padded table on its legs, a pole at each end and the rail across their tops. */
export function cadillacFrame(camera: Camera, cadillac: FixedProp): string {
  const top = CADILLAC.top;
  return [
    ...[cadillac.x0, cadillac.x1].map((x) => rect(camera, x - 0.025, 0, x + 0.025, CADILLAC.poles, COLOURS.steel)),
    rect(camera, cadillac.x0, CADILLAC.poles - 0.04, cadillac.x1, CADILLAC.poles, COLOURS.steel),
    rect(camera, cadillac.x0 + 0.05, top - 0.14, cadillac.x1 - 0.05, top - 0.08, COLOURS.wood),
    rect(camera, cadillac.x0, top - 0.08, cadillac.x1, top, COLOURS.pad),
  ].join('');
}

/** The roll-down bar in this frame: end on at the hands, its spring from the hook on the feet end's pole. */
export function rollDownSpring(camera: Camera, cadillac: FixedProp, body: Body): string {
  const hook = springHook(cadillac);
  const bar = rollDownBar(body);
  const coils: Point[] = [];
  const [dx, dy] = [bar[0] - hook[0], bar[1] - hook[1]];
  const length = Math.hypot(dx, dy) || 1;
  for (let i = 0; i <= 14; i += 1) {
    const side = i === 0 || i === 14 ? 0 : i % 2 === 0 ? 0.02 : -0.02;
    coils.push([hook[0] + (dx * i) / 14 - (dy / length) * side, hook[1] + (dy * i) / 14 + (dx / length) * side]);
  }
  return polyline(camera, coils, COLOURS.steel, 0.012) + circle(camera, hook, 0.02, COLOURS.iron);
}

/** The roll-down bar itself, seen end on at the hands (drawn over the figure). */
export const rollDownBarEnd = (camera: Camera, body: Body): string =>
  circle(camera, rollDownBar(body), 0.03, COLOURS.steel, COLOURS.iron, 0.01);
