/**
 * A Pilates Wunda chair: a box whose padded seat is a support, and a sprung pedal hinged low at the back
 * of the box whose foot bar, in front of it, the feet press down (footwork seated on the seat, a pike
 * standing on it with the hands on the seat). The pedal is fixed to the first key's feet and swings about
 * its hinge; the check holds the balls of the feet on it in every frame and the pedal between the floor
 * and its top stop.
 */
import type { FixedProp, Key, Motion } from './motion.ts';
import { type Body, distance, lerpPoint, type Point, SIDES, type View } from './skeleton.ts';
import { firstFrameProblem, keyBody } from './timeline.ts';

/** The seat's height; the hinge's height at the back of the box; the pedal's stops (its foot bar's height). */
export const WUNDA = { seat: 0.62, hinge: 0.1, lowest: 0.05, highest: 0.5, under: 0.035 } as const;

/** A ball of a foot this far (metres) off the pedal's arc has left the foot bar. */
const ON_PEDAL = 0.03;

/** The ball of a foot: where it stands on the pedal's bar, 70% of the way from the heel to the toe. */
export const ballOf = (body: Body, side: 'left' | 'right'): Point => lerpPoint(body.legs[side].heel, body.legs[side].toe, 0.7);

/**
 * The chair `[front x, back x]`: its seat spans them, the pedal on the front's side, hinged low at the back,
 * its bar under the balls of the first key's feet.
 */
export function wundaChairOf([front, back]: readonly [number, number], first: Key, view: View): FixedProp {
  const { body } = keyBody(first, view);
  const pivot: Point = [back, WUNDA.hinge];
  const bar = ballOf(body, 'left');
  return {
    kind: 'wunda-chair',
    x0: Math.min(front, back),
    x1: Math.max(front, back),
    y: WUNDA.seat,
    pedal: { pivot, length: distance(pivot, bar) },
  };
}

/** The pedal's foot bar in a frame: on its arc, under the balls of the feet (their middle, seen from the side). */
export function pedalBar(chair: FixedProp, body: Body): Point {
  const { pivot, length } = chair.pedal!;
  const ball = lerpPoint(ballOf(body, 'left'), ballOf(body, 'right'), 0.5);
  const angle = Math.atan2(ball[1] - pivot[1], ball[0] - pivot[0]);
  return [pivot[0] + Math.cos(angle) * length, pivot[1] + Math.sin(angle) * length - WUNDA.under];
}

/** A chair seen from the front, feet off the pedal (the first frame), a pedal past its stops, a pedal out in front of the box. */
export function wundaChairProblems(motion: Motion): string[] {
  const chair = motion.fixed.find((prop) => prop.kind === 'wunda-chair');
  if (chair?.pedal === undefined) return [];
  if (motion.view !== 'side') return ['a Wunda chair is drawn from the side only'];
  const { pivot, length } = chair.pedal;
  const front = pivot[0] === chair.x0 ? chair.x1 : chair.x0;
  return firstFrameProblem(motion, (body) => {
    const side = SIDES.find((s) => Math.abs(distance(ballOf(body, s), pivot) - length) > ON_PEDAL);
    if (side !== undefined) {
      const off = distance(ballOf(body, side), pivot) - length;
      return `the ball of the ${side} foot is ${(Math.abs(off) * 100).toFixed(0)} cm ${off > 0 ? 'beyond' : 'short of'} the Wunda chair's pedal`;
    }
    const bar = pedalBar(chair, body);
    if (bar[1] < WUNDA.lowest - 0.01 || bar[1] > WUNDA.highest + 0.01)
      return `the Wunda chair's pedal is ${(bar[1] * 100).toFixed(0)} cm up; it travels from ${WUNDA.lowest * 100} cm (pressed down) to ${WUNDA.highest * 100} cm (its springs' stop)`;
    if ((bar[0] - front) * Math.sign(front - pivot[0]) < 0)
      return "the Wunda chair's pedal bar is inside the box; the feet stand on it in front of the seat";
    return undefined;
  });
}
