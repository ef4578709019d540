/**
 * An agility ladder drawn on the floor as it is seen edge on, from the side or the front: its rails a
 * thin dark strip along the floor, its rungs small raised ticks where the floor has carried them by now
 * (agility-ladder.ts), across the whole picture, as a ladder is longer than the stretch a loop runs.
 */
import { LADDER, rungsAt } from './agility-ladder.ts';
import type { FixedProp, Motion } from './motion.ts';
import { type Camera, COLOURS, polygon } from './svg-kit.ts';

/**
 * The rails' webbing and the rungs' slats, seen edge on: how far above the floor line and below it into the
 * floor band they are drawn (metres), so the rungs read as ticks on the floor, not posts standing on it.
 */
const RAIL = { top: 0.012, bottom: -0.015 };
const RUNG = { top: 0.02, bottom: -0.05 };

/** The ladder `seconds` into the loop, from the picture's left edge to its right. */
export function agilityLadderSvg(camera: Camera, motion: Motion, ladder: FixedProp, seconds: number): string {
  const left = camera.left;
  const right = camera.left + camera.width / camera.scale;
  const half = LADDER.rung / 2;
  const rail = polygon(
    camera,
    [
      [left, RAIL.bottom],
      [left, RAIL.top],
      [right, RAIL.top],
      [right, RAIL.bottom],
    ],
    COLOURS.strap,
  );
  const rungs = rungsAt(motion, ladder, seconds, left - half, right + half).map((x) =>
    polygon(
      camera,
      [
        [x - half, RUNG.bottom],
        [x - half, RUNG.top],
        [x + half, RUNG.top],
        [x + half, RUNG.bottom],
      ],
      COLOURS.cone,
    ),
  );
  return rail + rungs.join('');
}
