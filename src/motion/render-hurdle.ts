/**
 * An adjustable hurdle (hurdle.ts) as the side or the front view sees it, its top bar across the line of sight: the near
 * upright standing on its foot, which runs along the floor the way the figure crosses, and hides the far upright behind
 * it; the top bar seen end on, a round tube capping the upright at the hurdle's height. Drawn behind the figure, as the
 * mini hurdle is, since the figure passes between the uprights.
 */
import { barCentre, HURDLE_BAR } from './hurdle.ts';
import type { FixedProp } from './motion.ts';
import { type Camera, circle, COLOURS, polyline } from './svg-kit.ts';

/** Half the length of an upright's foot along the floor (metres), as the mini hurdle's: what keeps the hurdle standing. */
const FOOT_HALF = 0.15;

function adjustableHurdle(camera: Camera, prop: FixedProp): string {
  const [x, y] = barCentre(prop);
  return (
    polyline(
      camera,
      [
        [x - FOOT_HALF, 0.012],
        [x + FOOT_HALF, 0.012],
      ],
      COLOURS.cone,
      0.025,
    ) +
    polyline(
      camera,
      [
        [x, 0.012],
        [x, y],
      ],
      COLOURS.cone,
      0.025,
    ) +
    circle(camera, [x, y], HURDLE_BAR, COLOURS.steel, COLOURS.iron, 0.008)
  );
}

/** A hurdle: adjustable, or a mini hurdle seen from the side, its crossbar on a post, the foot along the floor (as before 1.27.0). */
export function hurdleSvg(camera: Camera, prop: FixedProp): string {
  if (prop.adjustable === true) return adjustableHurdle(camera, prop);
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
}
