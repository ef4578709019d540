/**
 * A hack sled drawn from the side (hack-sled.ts): the rails on their two posts and the angled foot platform on its
 * post, drawn with the fixed props; the carriage (its plates, back or chest pad, shoulder pad and handle) where the
 * trunk has carried it along the rails this frame, drawn behind the figure, and the near shoulder pad over the trunk.
 */
import type { FixedProp } from './motion.ts';
import { endPadOf } from './machine.ts';
import { carriageAlong, onRails, railEnds, railsOf, SLED } from './hack-sled.ts';
import { add, type Body, type Point } from './skeleton.ts';
import { riseOf } from './slope.ts';
import { type Camera, circle, COLOURS, polygon, polyline } from './svg-kit.ts';

const PLATE_RADIUS = 0.2;

/** The rails on a post under each end, the base along the floor, and the platform on its post. */
export function hackSledFrame(camera: Camera, sled: FixedProp): string {
  const [low, high] = railEnds(sled);
  const rise = riseOf(sled);
  const [a, b]: [Point, Point] = [
    [sled.x0, sled.y],
    [sled.x1, sled.y + rise * (sled.x1 - sled.x0)],
  ];
  const middle: Point = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
  const xs = [low[0], high[0], a[0], b[0]];
  return [
    polyline(
      camera,
      [
        [Math.min(...xs), 0.02],
        [Math.max(...xs), 0.02],
      ],
      COLOURS.iron,
      0.04,
    ),
    polyline(camera, [[low[0], 0], low], COLOURS.iron, 0.05),
    polyline(camera, [[high[0], 0], high], COLOURS.iron, 0.06),
    polyline(camera, [low, high], COLOURS.steel, 0.05),
    polyline(camera, [[middle[0], 0], middle], COLOURS.iron, 0.05),
    // The platform: a steel plate, its top the slope the feet stand on.
    polygon(camera, [a, b, [b[0], b[1] - 0.04], [a[0], a[1] - 0.04]], COLOURS.iron),
  ].join('');
}

/** The carriage this frame: plates on its horn, the carriage on the rails, the pad along the trunk and the handle; or the near shoulder pad. */
export function hackCarriage(camera: Camera, sled: FixedProp, body: Body, layer: 'behind' | 'over'): string {
  const rails = railsOf(sled);
  const part = sled.part ?? 'back';
  const along = carriageAlong(rails, body, part);
  const [from, to] = [along - SLED.below, along + rails.length];
  const shoulder = endPadOf(body, 'shoulders');
  if (layer === 'over')
    return polyline(camera, [add(shoulder.centre, shoulder.along, -0.06), add(shoulder.centre, shoulder.along, 0.06)], COLOURS.pad, 0.07);
  const top = onRails(rails, to, SLED.pad + SLED.carriage);
  const grip = onRails(rails, along + sled.hack!.grip[0], sled.hack!.grip[1]);
  const horn = onRails(rails, (from + to) / 2, SLED.pad + SLED.carriage + 0.12);
  return [
    circle(camera, horn, PLATE_RADIUS, COLOURS.plate, COLOURS.plateEdge, 0.012),
    circle(camera, horn, 0.03, COLOURS.steel),
    polyline(
      camera,
      [onRails(rails, from, SLED.pad + SLED.carriage / 2), onRails(rails, to, SLED.pad + SLED.carriage / 2)],
      COLOURS.iron,
      SLED.carriage,
    ),
    polyline(camera, [onRails(rails, from, SLED.pad / 2), onRails(rails, to, SLED.pad / 2)], COLOURS.pad, SLED.pad),
    // The shoulder pad's bracket, from the carriage's top over the shoulder, and the handle beside it.
    polyline(camera, [top, shoulder.centre], COLOURS.steel, 0.035),
    polyline(camera, [top, grip], COLOURS.steel, 0.025),
    circle(camera, grip, 0.025, COLOURS.steel, COLOURS.iron, 0.008),
  ].join('');
}

/** The points the picture must hold: the rails' ends and the plates' reach at both ends of the carriage's travel. */
export function hackSledExtent(sled: FixedProp): [Point, number][] {
  const [low, high] = railEnds(sled);
  const rails = railsOf(sled);
  const [a, b] = sled.hack!.travel;
  return [
    [low, 0.05],
    [high, 0.05],
    ...[a, b].map((along): [Point, number] => [
      onRails(rails, along + rails.length / 2 - SLED.below / 2, SLED.pad + SLED.carriage + 0.12),
      PLATE_RADIUS + 0.03,
    ]),
  ];
}
