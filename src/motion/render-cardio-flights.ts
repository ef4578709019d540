/**
 * The parts of cardio machines that ride down under a climber who stays in place (cardio.ts,
 * cardio-ladder.ts): a step mill's steps and a Jacob's ladder's rungs, drawn where this frame has them,
 * and the ladder's rails and post, which stand still.
 */
import { along, LADDER, rungsAt } from './cardio-ladder.ts';
import { crankAngle, RUNG, STAIRS, stairNoses } from './cardio.ts';
import type { FixedProp } from './motion.ts';
import type { Point } from './skeleton.ts';
import { type Camera, circle, COLOURS, polyline, rect } from './svg-kit.ts';

const line = (camera: Camera, points: readonly Point[], width: number, colour: string = COLOURS.steel): string =>
  polyline(camera, points, colour, width);

/** A step mill's steps where they have turned to: treads within the housing's window, each with its riser. */
export function stairs(camera: Camera, prop: FixedProp, seconds: number): string {
  return stairNoses(prop, seconds)
    .filter(([, y]) => y > 0.12 && y < 0.95)
    .map(([x, y]) =>
      [
        line(
          camera,
          [
            [x - STAIRS.run, Math.max(0.1, y - STAIRS.rise)],
            [x - STAIRS.run, y],
          ],
          0.02,
        ),
        line(
          camera,
          [
            [x - STAIRS.run + 0.01, y - 0.02],
            [x - 0.01, y - 0.02],
          ],
          0.04,
          COLOURS.iron,
        ),
      ].join(''),
    )
    .join('');
}

/** A Jacob's ladder's rails from the floor to the top, and the post that holds the top up. */
export function ladderFrame(camera: Camera): string {
  const top = along(LADDER.length);
  return [
    rect(camera, LADDER.base[0] - 0.15, 0, top[0] + 0.25, 0.05, COLOURS.iron),
    polyline(camera, [[top[0] + 0.12, 0.05], [top[0] + 0.12, top[1]], top], COLOURS.steel, 0.05),
    polyline(camera, [along(0.05), top], COLOURS.steel, 0.06),
  ].join('');
}

/** The rungs where they have ridden down to, seen end on. */
export function ladderRungs(camera: Camera, prop: FixedProp, seconds: number): string {
  return rungsAt(crankAngle(prop, seconds) / 360)
    .map((s) => circle(camera, along(s), RUNG, COLOURS.wood, COLOURS.woodEdge, 0.008))
    .join('');
}

/**
 * A flight of real stairs the camera follows up: steps as solid blocks down to the bottom of the picture
 * (they hide the floor), riding down and back as the climber goes up them in place.
 */
export function flight(camera: Camera, prop: FixedProp, seconds: number): string {
  const bottom = camera.bottom - 0.05;
  const right = camera.left + camera.width / camera.scale;
  const blocks: string[] = [];
  for (const [x, y] of stairNoses(prop, seconds, 14)) {
    if (x < camera.left || x - STAIRS.run > right + STAIRS.run) continue;
    blocks.push(
      rect(camera, x - STAIRS.run, bottom, x, y, COLOURS.floor),
      line(
        camera,
        [
          [x - STAIRS.run, y - 0.01],
          [x, y - 0.01],
        ],
        0.02,
        COLOURS.floorLine,
      ),
    );
  }
  return blocks.join('');
}
