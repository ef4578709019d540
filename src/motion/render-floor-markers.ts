/**
 * A cone on the floor, drawn once behind the figure (render-fixed-props.ts): apart from it to keep it short. Hurdles,
 * mini or of a set height, are drawn by render-hurdle.ts.
 */
import type { FixedProp } from './motion.ts';
import { type Camera, COLOURS, polygon } from './svg-kit.ts';

export function coneSvg(camera: Camera, prop: FixedProp): string {
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
