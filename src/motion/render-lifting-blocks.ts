/**
 * Lifting blocks (lifting-blocks.ts) drawn behind the figure, once per frame: a stack of wooden modules, about
 * 15 cm each, with a rubber pad on top where the plates land. Paler than a box: seen from the side the stack is
 * the one under the far plate, beside the body and behind it as that plate is, so the figure reads over it.
 */
import type { FixedProp } from './motion.ts';
import { type Camera, polyline, rect } from './svg-kit.ts';

/** A paler wood than a box's, its seams, and the rubber pad on top (metres thick). */
const BLOCK = { fill: '#cfae86', edge: '#97714a', pad: '#3b3b40', padThick: 0.03, module: 0.15 } as const;

export function liftingBlocksSvg(camera: Camera, stack: FixedProp): string {
  if (stack.y <= 0) return '';
  const parts = [rect(camera, stack.x0, 0, stack.x1, stack.y, BLOCK.fill, BLOCK.edge)];
  // Modules from the floor up; the top one takes what is left, the pad on it.
  for (let y = BLOCK.module; y < stack.y - BLOCK.padThick - 0.05; y += BLOCK.module)
    parts.push(
      polyline(
        camera,
        [
          [stack.x0 + 0.01, y],
          [stack.x1 - 0.01, y],
        ],
        BLOCK.edge,
        0.008,
      ),
    );
  parts.push(rect(camera, stack.x0, stack.y - BLOCK.padThick, stack.x1, stack.y, BLOCK.pad));
  return parts.join('');
}
