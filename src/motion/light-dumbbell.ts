/**
 * A light dumbbell held in one hand by a description that turns its wrists (an eccentric wrist extension or
 * flexion, wrist.ts): drawn as a light dumbbell is, its plates 9 cm across, held at the knuckles, a hand's
 * length (9 cm) from the wrist. A load drawn at the grip, the middle of the hand, as a 17 cm disc covered the
 * wrist in every frame, so a 140-degree turn moved it a few centimetres and the flexed and extended ends
 * both looked neutral (random review 34). A pair (`dumbbells`) and a description that turns no wrist are
 * drawn as before.
 */
import type { HeldProp, Motion } from './motion.ts';
import type { Body, Point } from './skeleton.ts';
import { type Camera, circle, COLOURS } from './svg-kit.ts';
import { usesWrists } from './wrist.ts';
import { knucklesOf } from './render-limbs.ts';

/** The light dumbbell's plate radius (metres). */
export const LIGHT_DUMBBELL_RADIUS = 0.045;

/** Whether `prop` is drawn as a light dumbbell at the knuckles. */
export function isLightDumbbell(motion: Motion, prop: HeldProp): boolean {
  // One held off the grip (held-offset.ts: by one end) is drawn by its offset, not at the knuckles.
  return prop.kind === 'dumbbell' && (prop.at === 'left' || prop.at === 'right') && prop.offset === undefined && usesWrists(motion.keys);
}

/** Where it is drawn: the knuckles, as far past the grip (the middle of the hand) as the wrist is behind it. */
export function lightDumbbellAt(body: Body, prop: HeldProp): Point {
  return knucklesOf(body.arms[prop.at === 'right' ? 'right' : 'left']);
}

/** The light dumbbell seen end on, or undefined when `prop` is drawn as any other held load. */
export function lightDumbbellSvg(camera: Camera, motion: Motion, body: Body, prop: HeldProp): string | undefined {
  if (!isLightDumbbell(motion, prop)) return undefined;
  return circle(camera, lightDumbbellAt(body, prop), LIGHT_DUMBBELL_RADIUS, COLOURS.iron, COLOURS.ironEdge, 0.01);
}
