/**
 * Cones and mini hurdles on the floor, drawn once behind the figure (render-fixed-props.ts): apart from it to keep it short.
 */
import type { FixedProp } from './motion.ts';
import { type Camera, COLOURS, polygon, polyline } from './svg-kit.ts';

export function floorMarker(camera: Camera, prop: FixedProp): string {
  switch (prop.kind) {
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
    default:
      return '';
  }
}
