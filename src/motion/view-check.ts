/**
 * What each view can draw: a reformer and a cardio machine only from the side, a segment's tilt toward
 * the viewer (front-depth.ts) only from the front, where the side view's directions already say it.
 */
import type { Motion } from './motion.ts';
import { machineOf } from './cardio.ts';
import { reformerOf } from './reformer.ts';
import { twistProblems } from './trunk-twist.ts';

/** A message for each part of the motion its view cannot draw. */
export function viewProblems(motion: Motion): string[] {
  const problems: string[] = [];
  if (reformerOf(motion) !== undefined && motion.view !== 'side') problems.push('a reformer is drawn from the side only');
  if (machineOf(motion) !== undefined && motion.view !== 'side') problems.push('a cardio machine is drawn from the side only');
  const tilted = motion.keys.find((key) => key.angles.toward !== undefined);
  if (tilted !== undefined && motion.view !== 'front')
    problems.push(
      `key "${tilted.name}" tilts segments toward the viewer (toward), which only the front view draws: in the side view give the directions`,
    );
  problems.push(...twistProblems(motion));
  return problems;
}
