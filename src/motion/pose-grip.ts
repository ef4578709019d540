/**
 * What a hanging `pose` figure holds and how high (patterns-pose.ts): an overhead bar, rings, parallel bars, a captain's
 * chair or a climbing rope, high enough that the feet clear the floor. Apart from patterns-pose.ts to keep it short.
 */
import { anglesOf } from './pose-keys.ts';
import type { PoseKey } from './pose-params.ts';
import { pose, type View } from './skeleton.ts';
import { pointOf, REST_HEIGHT, RESTING_POINTS } from './timeline.ts';

/**
 * A bar high enough that the lowest part of every hanging key clears the floor by 5 cm: at least 2.2 m
 * for an overhead bar (a pull-up bar's height), 1.2 m for rings or parallel bars held at the hips.
 */
export function barHeight(keys: readonly PoseKey[], view: View, lowest: number): number {
  let drop = 0;
  for (const k of keys) {
    const body = pose(anglesOf(k, view), view);
    const hand = pointOf(body, 'leftHand')[1];
    drop = Math.max(drop, ...RESTING_POINTS.map((point) => hand - pointOf(body, point)[1] + REST_HEIGHT[point]));
  }
  return Math.max(lowest, drop + 0.05);
}

/** How far ahead of an overhead bar its post stands when it is held from ahead (`barFrom`), in metres. */
export const BAR_POST_AHEAD = 0.45;

/** What a hanging figure holds: rings or parallel bars when the props name them, else an overhead bar. */
export function gripOf(props: readonly string[]): { kind: 'bar' | 'rings' | 'dip-bars' | 'captains-chair' | 'rope'; lowest: number } {
  if (props.includes('rope')) return { kind: 'rope', lowest: 0 };
  if (props.includes('captains-chair')) return { kind: 'captains-chair', lowest: 1.4 };
  if (props.includes('dip-bars')) return { kind: 'dip-bars', lowest: 1.2 };
  if (props.includes('rings')) return { kind: 'rings', lowest: 1.2 };
  return { kind: 'bar', lowest: 2.2 };
}
