/**
 * What stands beside the figure, drawn behind it and behind the bench it lies on: lifting blocks (lifting-blocks.ts),
 * a stack of wooden modules, about 15 cm each, with a rubber pad on top where the plates land, paler than a box,
 * since seen from the side the stack is the one under the far plate, so the figure reads over it; and the far
 * chain hanging from a handle (chain-handles.ts), and the far head or plate of a load on the floor (render-floor-load.ts). Boards on the chest are drawn over the trunk (chest-boards.ts).
 */
import { chainHandlesSvg } from './chain-handles.ts';
import { floorLoadSvg } from './render-floor-load.ts';
import type { FixedProp, Motion } from './motion.ts';
import type { Body } from './skeleton.ts';
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

/** The blocks, the far hanging chain and a floor load's far plate of a frame ('' for a description with none, so it draws as before). */
export function behindFixedSvg(camera: Camera, motion: Motion, body: Body): string {
  const blocks = motion.fixed.filter((prop) => prop.kind === 'blocks').map((stack) => liftingBlocksSvg(camera, stack));
  return blocks.join('') + chainHandlesSvg(camera, motion, body) + floorLoadSvg(camera, motion, 'behind');
}
