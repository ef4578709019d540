/**
 * What a Motion says about things beyond the figure's own keys: a ball or an implement that leaves the
 * hands, and a figure seen from above. Apart from motion.ts so that file stays short.
 */
import type { Side } from './skeleton.ts';

/** A figure lying on the floor seen from above: face up or down, and the feet each key plants on the floor (view-above.ts). */
export interface AboveScene {
  lying: 'back' | 'front';
  planted: readonly (readonly Side[])[];
}

/**
 * A strongman implement let go as the figure reaches key `key`: set down on the box's top (`box`: it rests
 * there), or tossed (`floor`: it flies on from the hands as a thrown body, over the toss bar if there is one,
 * and lies where it lands).
 */
export interface ImplementRelease {
  key: number;
  to: 'box' | 'floor';
  /** A bar on two uprights to toss it over: the crossbar's x and height (seen end on from the side). */
  bar?: { x: number; height: number };
}

/** A ball's flight by key index: released at one, caught at another, by way of the wall or the floor, or thrown away. */
export interface BallFlight {
  release: number;
  catch?: number;
  floor?: number;
  bounce?: number;
  wall?: { key: number; height: number };
  /** Out of the picture: direction (degrees as a limb's: 90 forward level, 180 up) and speed (m/s). */
  away?: { direction: number; speed: number };
}
