/**
 * An arm reaching toward the viewer over the trunk (front-arms.ts): the front view draws both arms and
 * the trunk in one colour, so an arm in front of the chest would vanish into it; a thin edge in the
 * background's colour around it separates it, as a line drawing would.
 */
import { armNearness, IN_PLANE } from './front-arms-depth.ts';
import type { Body, Side } from './skeleton.ts';
import { type Camera, circle, COLOURS, polyline } from './svg-kit.ts';

/** Metres of edge on each side of the arm. */
const EDGE = 0.012;

/** The edge drawn under an arm that is nearer the viewer than its shoulder; nothing for any other arm. */
export function armEdge(camera: Camera, body: Body, side: Side): string {
  const tilts = body.armTilts?.[side];
  if (tilts === undefined) return '';
  if (armNearness(tilts) <= IN_PLANE) return '';
  const arm = body.arms[side];
  return (
    polyline(camera, [arm.root, arm.middle], COLOURS.background, 0.085 + EDGE * 2) +
    polyline(camera, [arm.middle, arm.end], COLOURS.background, 0.065 + EDGE * 2) +
    circle(camera, arm.hand, 0.042 + EDGE, COLOURS.background)
  );
}
