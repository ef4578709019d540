/**
 * A machine's fixed handles drawn in the machine style (machine-handles.ts): a post from the floor, a
 * bracket level from it to the grip, and the grip seen end on, drawn before the figure so the hand
 * that holds it covers its middle.
 */
import type { FixedProp } from './motion.ts';
import { type Camera, circle, COLOURS, polyline } from './svg-kit.ts';

/** The grip's radius seen end on: a little wider than the hand (4.2 cm), so it shows round it. */
const GRIP_RADIUS = 0.05;

export function machineHandles(camera: Camera, prop: FixedProp): string {
  const grip = [prop.x0, prop.y] as const;
  return (
    polyline(camera, [grip, [prop.x1, prop.y], [prop.x1, 0]], COLOURS.steel, 0.04) +
    circle(camera, grip, GRIP_RADIUS, COLOURS.iron, COLOURS.steel, 0.012)
  );
}
