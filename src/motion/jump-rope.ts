/**
 * A jump rope: held in both hands, turning over the head, down in front and under the feet, the
 * description's `jumpRope` times a loop (one turn every `period` seconds of its fixed prop). Drawn each frame where its turn has got to (seen from the side it is a line from the
 * hands out to where its loop has reached; from the front, a loop hanging from the hands), and checked:
 * each time it passes under the feet, both feet are off the floor. Without a rope, the catalog's rope
 * exercises were hopping in place with the equipment their records name missing (review 5).
 */
import { cycleSeconds, type FixedProp, type Motion } from './motion.ts';
import { type Body, type Point, SIDES } from './skeleton.ts';
import { type Camera, COLOURS, polyline } from './svg-kit.ts';
import { bodyAt, lineEnd, pointOf, REST_HEIGHT } from './timeline.ts';

/** How far in front of and behind the body the loop swings, seen from the side (metres). */
const SWING = 0.5;
/** How far the loop clears the top of the head (metres). */
const OVERHEAD = 0.25;
/** Under the feet, the rope is this close to the floor; a foot lower than this when it passes trips on it. */
const ROPE_CLEARANCE = 0.01;

/** How far the rope has turned `seconds` into the loop, in turns from under the feet (0 and every whole turn: under them). */
export const ropeTurn = (prop: FixedProp, seconds: number): number => seconds / (prop.period ?? 1);

/** Whether the rope is in front of the figure now (turning down in front, the second half of each turn). */
export const isRopeInFront = (prop: FixedProp, seconds: number): boolean => ropeTurn(prop, seconds) % 1 > 0.5;

/**
 * Where the rope's loop has reached: under the feet (turn 0), behind the figure (a quarter), over the
 * head (a half), in front (three quarters). It turns round a point halfway between the floor and a
 * little over the head, so at its lowest it brushes the floor.
 */
export function ropeReach(body: Body, prop: FixedProp, seconds: number): Point {
  // Round the body (its middle, the pelvis), not the hands held in front of it: under the feet, over the head.
  const radius = (body.head[1] + OVERHEAD) / 2;
  const angle = 2 * Math.PI * ropeTurn(prop, seconds);
  return [body.pelvis[0] - SWING * Math.sin(angle), radius - radius * Math.cos(angle)];
}

/** The rope in this frame: from the side, a line bowing out from the hands to its reach; from the front, a loop from hand to hand through it. */
export function ropeSvg(camera: Camera, prop: FixedProp, body: Body, view: Motion['view'], seconds: number): string {
  const reach = ropeReach(body, prop, seconds);
  const points: Point[] = [];
  if (view === 'side') {
    const hands = lineEnd(body, 'hands');
    // Bowed a little against its turning, as a turning rope trails.
    const bow: Point = [(reach[1] - hands[1]) * 0.12, -(reach[0] - hands[0]) * 0.12];
    for (let i = 0; i <= 16; i += 1) {
      const t = i / 16;
      const arc = 4 * t * (1 - t);
      points.push([hands[0] + (reach[0] - hands[0]) * t + bow[0] * arc, hands[1] + (reach[1] - hands[1]) * t + bow[1] * arc]);
    }
  } else {
    const [left, right] = SIDES.map((side) => body.arms[side].hand) as [Point, Point];
    const middle: Point = [(left[0] + right[0]) / 2, (left[1] + right[1]) / 2];
    // A quadratic curve from hand to hand whose middle is at the rope's height (its swing forward and
    // back is along the line of view).
    const control: Point = [middle[0], 2 * reach[1] - middle[1]];
    for (let i = 0; i <= 24; i += 1) {
      const t = i / 24;
      const u = 1 - t;
      points.push([
        u * u * left[0] + 2 * u * t * control[0] + t * t * right[0],
        u * u * left[1] + 2 * u * t * control[1] + t * t * right[1],
      ]);
    }
  }
  return polyline(camera, points, COLOURS.rope, 0.012);
}

/**
 * Each time a rope passes under the feet, the foot points still on the floor then (it would catch them),
 * as messages for motion-check.ts.
 */
export function ropeProblems(motion: Motion): string[] {
  const messages: string[] = [];
  for (const rope of motion.fixed.filter((prop) => prop.kind === 'jump-rope')) {
    const period = rope.period ?? 1;
    for (let turn = 0; turn < Math.round(cycleSeconds(motion) / period); turn += 1) {
      const seconds = turn * period;
      const body = bodyAt(motion, seconds);
      for (const point of FOOT_POINTS)
        if (pointOf(body, point)[1] - REST_HEIGHT[point] < ROPE_CLEARANCE)
          messages.push(
            `the jump rope passes under the feet at ${seconds.toFixed(2)} s while the ${point} is on the floor: time a flight to each turn`,
          );
    }
  }
  return messages;
}

const FOOT_POINTS = ['leftHeel', 'leftToe', 'rightHeel', 'rightToe'] as const;
