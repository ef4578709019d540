/**
 * Drawing a trunk turned about the spine in the front view (trunk-twist.ts): the chest's centre line,
 * which swings toward the side turned away, and which side's limbs go behind the trunk.
 */
import { add, angleOf, direction, lerpPoint } from './geometry.ts';
import type { Body } from './skeleton.ts';
import { type Camera, COLOURS, mixColour, polyline } from './svg-kit.ts';
import { sternumShift } from './trunk-twist.ts';

export { sideBehind, turnedWidth } from './trunk-twist.ts';

/**
 * The chest's centre line, from the waist to just under the neck, drawn light on the trunk wherever a
 * description turns it (also square, so it reads as the same mark through the loop); none otherwise.
 */
export function sternumSvg(camera: Camera, body: Body): string {
  if (body.twist === undefined) return '';
  const left = direction(angleOf(body.waist, body.neckBase) - 90); // toward the figure's left, across the upper trunk
  const low = add(body.waist, left, sternumShift((body.twist.hips + body.twist.chest) / 2));
  const high = add(lerpPoint(body.waist, body.neckBase, 0.85), left, sternumShift(body.twist.chest));
  return polyline(camera, [low, high], COLOURS.far, 0.025);
}

/**
 * The colour of the limb on the side turned away: the front view's dark square to the viewer, fading to
 * the side view's far colour by a 30-degree turn, so the limb behind reads as behind.
 */
export function behindColour(degrees: number): string {
  return mixColour(COLOURS.near, COLOURS.far, Math.min(1, Math.abs(degrees) / 30));
}

/** A light edge around the arm nearer the viewer, so it reads where it crosses the dark trunk (a chop across the chest). */
export function armEdgeSvg(camera: Camera, body: Body, side: 'left' | 'right'): string {
  if (body.twist === undefined) return '';
  const arm = body.arms[side];
  return (
    polyline(camera, [arm.root, arm.middle], COLOURS.background, 0.115) + polyline(camera, [arm.middle, arm.end], COLOURS.background, 0.095)
  );
}
