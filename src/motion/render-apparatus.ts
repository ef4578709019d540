/**
 * Draws the Pilates apparatus of wunda-chair.ts in the flat style of the rigs: the Wunda chair's box and
 * padded seat once, its pedal each frame where the feet have pressed it, with the spring that lifts it.
 */
import type { FixedProp } from './motion.ts';
import type { Body, Point } from './skeleton.ts';
import { type Camera, circle, COLOURS, polyline, rect } from './svg-kit.ts';
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
