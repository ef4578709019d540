/**
 * The checks that keep a figure on, off and around a box truthful (a box jump, a depth drop, a step-up):
 * a planted foot stands on the floor or the box top, never in the air or inside the box; no foot passes
 * through the box between keys; and the pelvis never jumps more than 15 cm from one frame to the next,
 * the one-frame rise or drop a figure grounded frame by frame showed as its foot crossed the box's edge;
 * in a flight, between frames too, no foot touches a box's face or clips its corner.
 */
import type { FixedProp, Motion } from './motion.ts';
import { type Body, type Point, SIDES, type Side } from './skeleton.ts';
import { flightOf } from './thrown.ts';
import { bodyAt, FRAMES_PER_SECOND, frameCount, groundAt, isCrossFading, locate, loopKeyBody, supportsOf } from './timeline.ts';

/**
 * A pelvis moving farther than this from one frame to the next (1/30 s: 4.5 m/s), and three times as far as
 * in the frames either side, has jumped, not moved: a fast take-off moves it 20 cm a frame, but smoothly (metres).
 */
const PELVIS_JUMP = 0.15;
const JUMP_OVER_NEIGHBOURS = 3;
/** A planted foot's sole this far above what is under it is in the air (metres). */
const PLANTED_WITHIN = 0.03;
/** A foot this far below a box's top, and 1 cm in from its sides, is inside the box (metres). */
const INSIDE_BY = 0.03;
const EDGE = 0.01;
/**
 * In a flight a foot this close to a box's face (outside it) and this far below its top touches it or clips
 * its corner (metres).
 */
const FACE_CLEAR = 0.02;
const FACE_BELOW = 0.02;
/** How many instants of each frame a flight's feet are looked at: a fast foot crosses a corner between frames. */
const FLIGHT_STEPS = 10;

const cm = (metres: number): string => (metres * 100).toFixed(0);

/** The parts of a foot that may meet a box: the heel, the toe and the ankle. */
const footPoints = (body: Body, side: Side): readonly [string, Point][] => [
  [`${side} heel`, body.legs[side].heel],
  [`${side} toe`, body.legs[side].toe],
  [`${side} ankle`, body.legs[side].end],
];

/** The first part of a foot inside a box (under its top, between its sides), and how deep. */
function insideBox(body: Body, boxes: readonly FixedProp[], sides: readonly Side[] = SIDES): string | undefined {
  for (const box of boxes)
    for (const side of sides)
      for (const [part, [x, y]] of footPoints(body, side))
        if (x > box.x0 + EDGE && x < box.x1 - EDGE && y < box.y - INSIDE_BY)
          return `the ${part} is ${cm(box.y - y)} cm inside the box (under its top at x ${x.toFixed(2)})`;
  return undefined;
}

/**
 * The first frame whose pelvis has jumped from the frame before's (PELVIS_JUMP), the cross-fade of a
 * dissolve aside: the one-frame rise or drop of a figure grounded on a box as its foot crossed the edge.
 */
function pelvisJumpProblems(motion: Motion): string[] {
  const frames = frameCount(motion);
  const pelvis = Array.from({ length: frames }, (_, frame) => bodyAt(motion, frame / FRAMES_PER_SECOND).pelvis);
  // moved[f]: from frame f - 1 to frame f, round the loop; a dissolve's cross-fade moves nothing.
  const isFading = pelvis.map((_, f) => isCrossFading(motion, f / FRAMES_PER_SECOND));
  const moved = pelvis.map((p, f) => {
    const previous = (f + frames - 1) % frames;
    const before = pelvis[previous]!;
    return isFading[f]! || isFading[previous]! ? 0 : Math.hypot(p[0] - before[0], p[1] - before[1]);
  });
  for (let f = 0; f < frames; f += 1) {
    const around = Math.max(moved[(f + frames - 1) % frames]!, moved[(f + 1) % frames]!);
    if (moved[f]! > PELVIS_JUMP && moved[f]! > JUMP_OVER_NEIGHBOURS * around)
      return [
        `at ${(f / FRAMES_PER_SECOND).toFixed(2)} s the pelvis jumps ${cm(moved[f]!)} cm in one frame (${cm(around)} cm in the frames beside it)`,
      ];
  }
  return [];
}

/**
 * What is wrong with the feet around the boxes of a scene: at a key, a foot put on the floor
 * (`feetOnFloor`) whose sole is not on the floor or a box top; in any frame, a foot inside a box.
 */
function boxProblems(motion: Motion): string[] {
  // A box something stands on: blocks under a barbell stand beside the feet, behind them in the picture.
  const isStoodOn = motion.keys.some((key) => key.contacts.some((contact) => contact.on === 'box' && /Heel|Toe/.test(contact.point)));
  const boxes = motion.fixed.filter((prop) => prop.kind === 'box');
  if (boxes.length === 0 || !isStoodOn || motion.isGrounded !== true) return [];
  const problems: string[] = [];
  const supports = supportsOf(motion.fixed);
  motion.keys.forEach((key, i) => {
    const { body } = loopKeyBody(motion, i);
    for (const side of SIDES) {
      if (key.feet?.[side] === undefined) continue;
      const { heel, toe } = body.legs[side];
      const sole = heel[1] < toe[1] ? heel : toe;
      const ground = groundAt(sole[0], supports);
      const off = sole[1] - ground.y;
      if (off > PLANTED_WITHIN || insideBox(body, boxes, [side]) !== undefined)
        problems.push(
          `key ${i} "${key.name}": the planted ${side} foot is ${off > 0 ? `${cm(off)} cm above the ${ground.name}` : 'inside the box'}: put it on the floor or the box top`,
        );
    }
  });
  problems.push(...flightFaceProblems(motion, boxes));
  for (let frame = 0; frame < frameCount(motion); frame += 1) {
    const seconds = frame / FRAMES_PER_SECOND;
    if (isCrossFading(motion, seconds)) continue;
    const inside = insideBox(bodyAt(motion, seconds), boxes);
    if (inside === undefined) continue;
    problems.push(`at ${seconds.toFixed(2)} s ${inside}`);
    break;
  }
  return problems;
}

/**
 * The first instant of a flight (looked at FLIGHT_STEPS times a frame) at which a foot touches a box's face
 * below its top or passes through its corner: a toe clipping the box on the way onto it reads as a trip.
 */
function flightFaceProblems(motion: Motion, boxes: readonly FixedProp[]): string[] {
  if (!motion.keys.some((key) => key.flight === true)) return [];
  for (let step = 0; step < frameCount(motion) * FLIGHT_STEPS; step += 1) {
    const seconds = step / FRAMES_PER_SECOND / FLIGHT_STEPS;
    const flight = flightOf(motion.keys, locate(motion, seconds).from);
    if (flight === undefined) continue;
    // The box the take-off stands on is left, not met: a foot stepping off it falls past its edge.
    const left = loopKeyBody(motion, flight.takeoff).body;
    const isLeft = (box: FixedProp) =>
      SIDES.some((side) =>
        footPoints(left, side).some(([, [x, y]]) => x > box.x0 - EDGE && x < box.x1 + EDGE && Math.abs(y - box.y) < INSIDE_BY),
      );
    const body = bodyAt(motion, seconds);
    for (const box of boxes.filter((box) => !isLeft(box)))
      for (const side of SIDES)
        for (const [part, [x, y]] of footPoints(body, side))
          if (x > box.x0 - FACE_CLEAR && x < box.x1 + FACE_CLEAR && y < box.y - FACE_BELOW)
            return [
              `at ${seconds.toFixed(3)} s, in the flight, the ${part} meets the box ${cm(box.y - y)} cm below its top (x ${x.toFixed(2)}; its faces at ${box.x0.toFixed(2)} and ${box.x1.toFixed(2)}): clear it by ${cm(FACE_CLEAR)} cm or more`,
            ];
  }
  return [];
}

/** A figure's feet around the boxes of its scene, and its pelvis from frame to frame (every motion). */
export function groundingProblems(motion: Motion): string[] {
  return [...boxProblems(motion), ...pelvisJumpProblems(motion)];
}
