/**
 * A sleeve-end landmine's plate (landmine-sleeve.ts) drawn each frame where the bar has it: edge-on, as a plate on a
 * bar lying in the picture is seen, a rounded slab as long as the plate is wide and as thick as it is, square to the
 * bar, with the sleeve's hub through its middle. Drawn over the trunk and under the near arm, so the arm holding the
 * bar's end reads in front of it (the bar itself is drawn with the other line props, render-lines.ts).
 */
import { type SleevePlate, sleevePlate } from './landmine-sleeve.ts';
import type { Motion } from './motion.ts';
import { type Body, distance, lerpPoint, type Point } from './skeleton.ts';
import { type Camera, COLOURS, round, svgPoint } from './svg-kit.ts';

/** A slab between two points, `thickness` metres across, its corners rounded (at most 1.2 cm). */
function slab(camera: Camera, [a, b]: readonly [Point, Point], thickness: number, fill: string, edge: string): string {
  const [ax, ay] = svgPoint(camera, a);
  const [bx, by] = svgPoint(camera, b);
  const length = Math.hypot(bx - ax, by - ay);
  const angle = (Math.atan2(by - ay, bx - ax) * 180) / Math.PI;
  const across = thickness * camera.scale;
  const corner = Math.min(across / 2, 0.012 * camera.scale);
  return (
    `<rect x="${round(-length / 2)}" y="${round(-across / 2)}" width="${round(length)}" height="${round(across)}" rx="${round(corner)}"` +
    ` fill="${fill}" stroke="${edge}" stroke-width="${round(0.008 * camera.scale)}"` +
    ` transform="translate(${round((ax + bx) / 2)} ${round((ay + by) / 2)}) rotate(${round(angle)})"/>`
  );
}

/** The plate edge-on and the hub the sleeve passes through (13 cm across, a little proud of the plate's faces). */
function plateSvg(camera: Camera, plate: SleevePlate): string {
  const hubHalf = 0.065 / (distance(...plate.rims) || 1);
  const hub: [Point, Point] = [lerpPoint(...plate.rims, 0.5 - hubHalf), lerpPoint(...plate.rims, 0.5 + hubHalf)];
  return (
    slab(camera, plate.rims, plate.thickness, COLOURS.plate, COLOURS.plateEdge) +
    slab(camera, hub, plate.thickness + 0.014, COLOURS.steel, COLOURS.ironEdge)
  );
}

/** Every sleeve-end landmine's plate in this frame (none for a landmine drawn the old way). */
export function sleevePlateSvg(camera: Camera, motion: Motion, body: Body): string {
  return motion.fixed
    .map((prop) => sleevePlate(prop, body))
    .filter((plate): plate is SleevePlate => plate !== undefined)
    .map((plate) => plateSvg(camera, plate))
    .join('');
}
