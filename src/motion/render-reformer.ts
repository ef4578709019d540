/**
 * A reformer drawn from the side (reformer.ts): the frame, footbar and risers where they stand, drawn
 * with the fixed props; the carriage, its springs and the straps where the figure has taken them this
 * frame, drawn just behind the figure.
 */
import type { FixedProp } from './motion.ts';
import { CARRIAGE_TOP, carriageAt, FOOT_END, headward, platformSpan, pulleyOf, ridingPoint } from './reformer.ts';
import type { Body, Point } from './skeleton.ts';
import { type Camera, circle, COLOURS, polyline, rect } from './svg-kit.ts';
import { lineEnd, pointOf } from './timeline.ts';

/** The frame's rails: from the floor's feet up to this height. */
const RAIL_TOP = 0.22;
const PAD_DEPTH = 0.07;
/** A shoulder block: its distance from the carriage's head end, its width and its height above the pad. */
const BLOCK = { from: 0.2, width: 0.06, height: 0.12 };

/** The frame, the footbar on its post and the risers at the head end: what does not move. */
export function reformerFrame(camera: Camera, reformer: FixedProp): string {
  const direction = headward(reformer);
  const footEnd = reformer.x0 - direction * FOOT_END;
  const [left, right] = [Math.min(footEnd, reformer.x1), Math.max(footEnd, reformer.x1)];
  const platform = platformSpan(reformer);
  const pulley = pulleyOf(reformer);
  return [
    rect(camera, left, 0, left + 0.06, 0.06, COLOURS.iron),
    rect(camera, right - 0.06, 0, right, 0.06, COLOURS.iron),
    rect(camera, left, 0.06, right, RAIL_TOP, COLOURS.wood, COLOURS.woodEdge),
    // The standing platform at the foot end, level with the carriage's pad.
    rect(camera, platform.x0, RAIL_TOP, platform.x1, CARRIAGE_TOP, COLOURS.wood, COLOURS.woodEdge),
    // The footbar's post leans up from the frame to the bar, which the hands or feet meet.
    polyline(
      camera,
      [
        [reformer.x0 - direction * 0.12, RAIL_TOP],
        [reformer.x0, reformer.y],
      ],
      COLOURS.steel,
      0.035,
    ),
    circle(camera, [reformer.x0, reformer.y], 0.025, COLOURS.steel, COLOURS.iron, 0.01),
    polyline(camera, [[pulley[0], RAIL_TOP], pulley], COLOURS.steel, 0.035),
    circle(camera, pulley, 0.03, COLOURS.iron),
  ].join('');
}

/** A spring from `a` to `b`: a zigzag, so it reads as one. */
function spring(camera: Camera, a: Point, b: Point): string {
  const turns = 10;
  const points: Point[] = [];
  for (let i = 0; i <= turns * 2; i += 1) {
    const t = i / (turns * 2);
    const wobble = i === 0 || i === turns * 2 ? 0 : i % 2 === 0 ? 0.015 : -0.015;
    points.push([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t + wobble]);
  }
  return polyline(camera, points, COLOURS.steel, 0.008);
}

/** The carriage under its riding point this frame, the springs from it to the foot end, and the straps to the hands or feet. */
export function reformerCarriage(camera: Camera, reformer: FixedProp, body: Body): string {
  const direction = headward(reformer);
  const { x0, x1 } = carriageAt(reformer, pointOf(body, ridingPoint(reformer))[0]);
  const [footSide, headSide] = direction > 0 ? [x0, x1] : [x1, x0];
  const block = headSide - direction * BLOCK.from;
  const platform = platformSpan(reformer);
  const parts = [
    // Hooked on under the standing platform's edge.
    spring(camera, [footSide, RAIL_TOP + 0.04], [direction > 0 ? platform.x1 : platform.x0, RAIL_TOP + 0.04]),
    rect(camera, x0 + 0.04, RAIL_TOP, x1 - 0.04, CARRIAGE_TOP - PAD_DEPTH, COLOURS.steel),
    rect(camera, x0, CARRIAGE_TOP - PAD_DEPTH, x1, CARRIAGE_TOP, COLOURS.pad),
    rect(camera, block - BLOCK.width / 2, CARRIAGE_TOP, block + BLOCK.width / 2, CARRIAGE_TOP + BLOCK.height, COLOURS.pad),
  ];
  if (reformer.to !== undefined) {
    const end = lineEnd(body, reformer.to);
    parts.push(polyline(camera, [pulleyOf(reformer), end], COLOURS.strap, 0.018), circle(camera, end, 0.035, 'none', COLOURS.strap, 0.015));
  }
  return parts.join('');
}
