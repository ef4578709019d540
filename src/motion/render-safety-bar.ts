/**
 * A safety squat bar (safety-bar.ts) drawn in the side view each frame where the back has it. Behind the figure, as the
 * straight bar's far plate is: the far end's camber from the bar down and forward to its sleeve, and the plate end on
 * at the sleeve with its hub. Over the trunk and under the near arm: the near half of the yoke, its pad from the bar
 * over the top of the shoulder, and its handle on from there, forward and down to the hands (the near arm holding it
 * reads in front of it, the far handle lies behind it). The bar's end-on steel dot is drawn over it with the other bars.
 */
import { safetyYoke } from './held-places.ts';
import type { HeldProp, Motion } from './motion.ts';
import { isSafetyBar, YOKE } from './safety-bar.ts';
import type { Body, Point } from './skeleton.ts';
import { type Camera, circle, COLOURS, polyline } from './svg-kit.ts';

/** The handle's last few centimetres are its grip, in dark foam: the points of the curve the hands hold. */
const GRIP_POINTS = 3;

const safetyBarOf = (motion: Motion): HeldProp | undefined => (motion.view === 'side' ? motion.held.find(isSafetyBar) : undefined);

/** The far camber and plate behind the figure, for `prop` when it is a safety bar seen from the side; otherwise undefined. */
export function safetyBarBehindSvg(camera: Camera, prop: HeldProp, body: Body, view: Motion['view']): string | undefined {
  if (!isSafetyBar(prop) || view !== 'side') return undefined;
  const yoke = safetyYoke(body, prop);
  return (
    polyline(camera, [yoke.bar, yoke.sleeve], COLOURS.steel, 0.03) +
    circle(camera, yoke.sleeve, YOKE.plate, COLOURS.plate, COLOURS.plateEdge, 0.02) +
    circle(camera, yoke.sleeve, 0.07, COLOURS.plateEdge)
  );
}

/** The near pad and handle over the trunk (nothing without a safety bar seen from the side). */
export function safetyBarSvg(camera: Camera, motion: Motion, body: Body): string {
  const prop = safetyBarOf(motion);
  if (prop === undefined) return '';
  const yoke = safetyYoke(body, prop);
  const grip = yoke.handle.slice(-GRIP_POINTS);
  return (
    // A steel rim round a dark core: the handle reads over the navy figure and over the grey plate behind it.
    polyline(camera, yoke.handle, COLOURS.steel, 0.032) +
    polyline(camera, yoke.handle, COLOURS.iron, 0.016) +
    polyline(camera, grip, COLOURS.iron, YOKE.handle * 2) +
    polyline(camera, yoke.pad, COLOURS.pad, YOKE.pad * 2)
  );
}

/** What of a safety bar to keep in the picture: its plate hanging at the sleeve, and the handle's end. */
export function safetyBarExtent(motion: Motion, body: Body): [Point, number][] {
  const prop = safetyBarOf(motion);
  if (prop === undefined) return [];
  const yoke = safetyYoke(body, prop);
  return [
    [yoke.sleeve, YOKE.plate + 0.03],
    [yoke.grip, 0.05],
  ];
}
