/**
 * A motion seen by the three-quarter camera (`"view": "three-quarter"`): keys of joint angles in three
 * dimensions and the parts each plants on the floor, timed like the planar renderer's keys (motion.ts).
 */
import type { Ball } from './three-ball.ts';
import type { Bench } from './three-bench.ts';
import type { Block } from './three-block.ts';
import type { CameraAngles } from './three-camera.ts';
import type { Angles3 } from './three-figure.ts';
import type { Line } from './three-lines.ts';
import type { Holds, KettlebellHolds } from './three-loads.ts';
import type { Part } from './three-parts.ts';
import type { Touches } from './three-touch.ts';

export interface TurnedKey {
  /** What the key is, for the checks' messages (at most 40 characters). */
  name: string;
  /** Seconds the key is held, and seconds the move from it to the next key takes. */
  hold: number;
  move: number;
  angles: Angles3;
  /** The parts resting on the floor: placed there, and kept exactly where they are while planted in the next key too. */
  planted: readonly Part[];
  /** Parts planted in the key before too that land in a new place in this one (a hop, a step); the rest stay put. */
  moves: readonly Part[];
  /** Metres the parts that move into this key (`moves`) rise in the middle of the move (a hop, a step). */
  lift: number;
  /** Hands and feet held on a spot of the body (a hand on the hip, a foot on the other foot), kept there while the next key holds them too. */
  touches: Touches;
  /** Which hand holds the motion's kettlebell from this key on, where a key says (none: as the motion `holds` it). */
  holds?: KettlebellHolds;
  /** A waypoint passed without stopping (hold 0): the moves into and out of it keep their speed there (three-timeline.ts). */
  through?: true;
}

export interface TurnedMotion {
  view: 'three-quarter';
  frame: 'portrait' | 'landscape';
  keys: TurnedKey[];
  /** The key shown as the start image and the key shown as the end image. */
  stills: readonly [number, number];
  /** A mat under the figure. */
  mat: boolean;
  /** Where the camera stands (35 round, 20 down unless the description says). */
  camera: CameraAngles;
  /** What the hands hold through the clip (none: undefined). */
  holds?: Holds;
  /** A bench whose pad what is planted over it rests on (none: undefined). */
  bench?: Bench;
  /** A stability ball on the floor, staying where it is, whose upper part what is planted over it rests on (none: undefined). */
  ball?: Ball;
  /** Yoga blocks on the floor, staying where they are, whose tops what is planted over them rests on (none: undefined). */
  blocks?: readonly Block[];
  /** Cables, bands and straps from their anchors to the hands or feet, for the whole clip (none: undefined). */
  lines?: readonly Line[];
  /** For the coverage report's pattern column. */
  pattern: 'three-quarter';
}

/**
 * Bumped whenever a change to the three-quarter renderer changes its pixels: in a three-quarter description's
 * hash beside RENDERER_VERSION (so its media are made again without touching the planar ones'), and in the
 * `generatedWith` of its clips.
 */
export const TURNED_RENDERER_VERSION = '0.6.0';

export const cycleSeconds3 = (motion: TurnedMotion): number => motion.keys.reduce((sum, key) => sum + key.hold + key.move, 0);

export const keyStartSeconds3 = (motion: TurnedMotion, index: number): number =>
  motion.keys.slice(0, index).reduce((sum, key) => sum + key.hold + key.move, 0);
