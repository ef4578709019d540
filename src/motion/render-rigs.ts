/**
 * Rigs drawn in the flat style: a rack's upright, a slant board, a glute-ham developer, a captain's chair
 * and a climbing rope (with the fixed props) and, each frame just behind the figure and in front of a
 * barbell's far plate, the rack's safety pins the bar rests on (and the top crossmember an overhead band
 * loops over; with no rack, wall or bar to hold it, a rig's upright and crossmember of its own) and a ball
 * pinned against the wall.
 */
import type { FixedProp, Motion } from './motion.ts';
import { pinSpan } from './rack.ts';
import type { Body, Point } from './skeleton.ts';
import { slantTop } from './slant-board.ts';
import { type Camera, circle, COLOURS, polygon, polyline, rect } from './svg-kit.ts';
import { pinnedBallCentre } from './wall-ball.ts';

/** A pin's (a spotter arm's) depth, drawn under its top. */
const PIN_DEPTH = 0.05;
/** A band anchored this high or higher in a scene with a rack loops over its top crossmember (metres). */
export const OVERHEAD_BAND = 1.5;
/** The crossmember's depth, drawn above the band's anchor, and how far it runs on past the anchor. */
const CROSSMEMBER = { depth: 0.06, past: 0.1 } as const;

/**
 * Props an overhead band can be anchored to as drawn: a rack (its crossmember, below), a wall, an overhead
 * bar, rings or straps hanging from above, a Smith machine's frame.
 */
const ANCHOR_HOLDERS: ReadonlySet<FixedProp['kind']> = new Set(['rack', 'wall', 'bar', 'rings', 'straps', 'smith']);
/** With none of them, a rig's upright stands this far beyond the anchor (away from the figure's middle). */
const RIG_UPRIGHT_BEYOND = 0.45;

const overheadBand = (motion: Motion): FixedProp | undefined =>
  motion.fixed.find((prop) => prop.kind === 'band' && prop.held === undefined && prop.y >= OVERHEAD_BAND);

/** A top crossmember for an overhead band: a beam from an upright at x, raised to it, to just past the anchor, which hangs under it. */
function crossmember(camera: Camera, band: FixedProp, upright: number): string {
  const top = band.y + CROSSMEMBER.depth;
  const side = Math.sign(band.x0 - upright) || 1;
  return (
    rect(camera, upright - 0.035, 0, upright + 0.035, top, COLOURS.steel) +
    rect(camera, upright - side * 0.035, band.y, band.x0 + side * CROSSMEMBER.past, top, COLOURS.steel)
  );
}

/** The rack's top crossmember for a band anchored overhead (a reverse band deadlift's bands looped over the top of the rack). */
function rackCrossmember(camera: Camera, motion: Motion, rack: FixedProp): string {
  const band = overheadBand(motion);
  return band === undefined ? '' : crossmember(camera, band, rack.x1);
}

/**
 * An overhead band with nothing drawn to hold it (a reverse band squat's or bench press's bands, an assisted
 * jump's band from above) was a dot in the air (random review 37): it hangs from a rig's crossmember, its
 * upright beyond the anchor. Seen from the side the figure stands between a rig's uprights, so the upright
 * may pass behind it.
 */
function overheadRig(camera: Camera, motion: Motion): string {
  const band = overheadBand(motion);
  if (band === undefined || motion.fixed.some((prop) => ANCHOR_HOLDERS.has(prop.kind))) return '';
  return crossmember(camera, band, band.x0 + (Math.sign(band.x0) || 1) * RIG_UPRIGHT_BEYOND);
}

/** A half rack's upright seen from the side, on its foot along the floor, as tall as a rack (2.3 m) or the picture. */
export function rackUpright(camera: Camera, rack: FixedProp): string {
  const top = Math.min(2.3, camera.bottom + camera.height / camera.scale);
  return (
    rect(camera, rack.x1 - 0.035, 0, rack.x1 + 0.035, top, COLOURS.steel) +
    rect(camera, rack.x1 - 0.3, 0, rack.x1 + 0.3, 0.05, COLOURS.steel)
  );
}

/** A slant board seen from the side: a wooden wedge from its low end on the floor up its slope. */
export function slantBoard(camera: Camera, board: FixedProp): string {
  const [atX0, atX1] = slantTop(board);
  return polygon(
    camera,
    [
      [board.x0, 0],
      [board.x0, atX0],
      [board.x1, atX1],
      [board.x1, 0],
    ],
    COLOURS.wood,
  );
}

/**
 * A glute-ham developer seen from the side: a beam on the floor, a post under the pad and one up to the
 * rollers, the pad, the foot plate under the soles and a roller either side of the ankle.
 */
export function ghdFrame(camera: Camera, ghd: FixedProp): string {
  if (ghd.rollers === undefined) return '';
  const { at, shank, plate } = ghd.rollers;
  const middle = (ghd.x0 + ghd.x1) / 2;
  const across = ((shank + 90) * Math.PI) / 180;
  const roller = (side: 1 | -1): Point => [at[0] + side * Math.cos(across) * 0.075, at[1] + side * Math.sin(across) * 0.075];
  return [
    rect(camera, Math.min(ghd.x0, at[0]) - 0.1, 0, Math.max(ghd.x1, at[0]) + 0.1, 0.05, COLOURS.steel),
    rect(camera, middle - 0.03, 0, middle + 0.03, ghd.y - 0.08, COLOURS.steel),
    rect(camera, at[0] - 0.025, 0, at[0] + 0.025, at[1], COLOURS.steel),
    rect(camera, ghd.x0, ghd.y - 0.1, ghd.x1, ghd.y, COLOURS.pad),
    polyline(camera, plate, COLOURS.iron, 0.025),
    circle(camera, roller(1), 0.045, COLOURS.pad),
    circle(camera, roller(-1), 0.045, COLOURS.pad),
  ].join('');
}

/**
 * A captain's chair seen from the side: its tower behind the backrest, the backrest, a forearm pad from it
 * to the handle the hand grips, and a step on each side low on the tower.
 */
export function captainsChair(camera: Camera, chair: FixedProp): string {
  const pad = chair.upper ?? chair.y;
  const away = Math.sign(chair.x1 - chair.x0) || -1;
  return [
    rect(camera, chair.x1 + away * 0.08, 0, chair.x1 + away * 0.13, pad + 0.5, COLOURS.steel),
    rect(camera, chair.x1 + away * 0.13, 0, chair.x1 - away * 0.25, 0.05, COLOURS.steel),
    rect(camera, chair.x1, pad - 0.55, chair.x1 + away * 0.08, pad + 0.3, COLOURS.pad),
    rect(camera, chair.x1, pad - 0.07, chair.x0 - away * 0.02, pad, COLOURS.pad),
    circle(camera, [chair.x0, chair.y], 0.03, COLOURS.steel, COLOURS.iron, 0.01),
  ].join('');
}

/** A climbing rope hanging from above the picture, its end coiled on the floor. */
export function climbingRope(camera: Camera, rope: FixedProp): string {
  const top = camera.bottom + camera.height / camera.scale;
  return (
    polyline(
      camera,
      [
        [rope.x0, top],
        [rope.x0, 0.03],
        [rope.x0 + 0.15, 0.02],
      ],
      COLOURS.wood,
      0.035,
    ) + rect(camera, rope.x0 - 0.06, 0, rope.x0 + 0.22, 0.04, COLOURS.wood)
  );
}

/**
 * The rack's pins (and upper pins), an overhead band's rig and any pinned ball: drawn after a barbell's far
 * plate, so the bar is seen resting on the pins rather than the plate hiding where it sits, and before the figure.
 */
export function rigsBehindFigure(camera: Camera, motion: Motion, body: Body): string {
  const parts: string[] = [overheadRig(camera, motion)];
  for (const prop of motion.fixed) {
    if (prop.kind === 'rack') {
      const { from, to } = pinSpan(prop);
      parts.push(rect(camera, from, prop.y - PIN_DEPTH, to, prop.y, COLOURS.iron), rackCrossmember(camera, motion, prop));
      if (prop.upper !== undefined) parts.push(rect(camera, from, prop.upper, to, prop.upper + PIN_DEPTH, COLOURS.iron));
    } else if (prop.pinned !== undefined) {
      const [fill, edge] =
        prop.kind === 'stability-ball' ? [COLOURS.stabilityBall, COLOURS.stabilityBallEdge] : [COLOURS.ball, COLOURS.ball];
      parts.push(circle(camera, pinnedBallCentre(prop, body), prop.y / 2, fill, edge, 0.012));
    }
  }
  return parts.join('');
}
