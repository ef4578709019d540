/**
 * A cardio machine's description frame by frame (cardio.ts): each foot and hand the machine holds on
 * its pedal, handle or grip (a leg too short for where the seat puts it leaves the pedal), the pelvis
 * resting on the seat or clearly up off it, a back resting on a backrest, a rower's seat on its rail.
 * Beside motion-check.ts, which runs it in every frame of the loop.
 */
import { bearingPoint, holdsAt, SEATS } from './cardio.ts';
import type { FixedProp } from './motion.ts';
import { add, type Body, direction, distance, type Point, SIDES } from './skeleton.ts';
import { REST_HEIGHT } from './timeline.ts';

/** How far a foot's bearing point or a hand may be from what holds it (metres). */
const ON_PEDAL = 0.03;
/** A pelvis this far above the seat hovers over it; beyond OFF_SEAT it is up off it (a standing climb). */
const ON_SEAT = 0.02;
const OFF_SEAT = 0.08;
/** How far the back may be from a backrest's face (metres). */
const ON_BACKREST = 0.04;
/** How far a rower's seat runs along its rail from where the legs are straight (metres). */
const RAIL = [-0.1, 0.7] as const;
/** The bikes a rider may stand up on, the pelvis forward off the saddle (a standing climb); the rest are ridden seated. */
const CAN_STAND: ReadonlySet<string> = new Set(['upright-bike', 'spin-bike', 'air-bike']);

const cm = (metres: number): string => (metres * 100).toFixed(0);

/** How far the trunk's axis at `point` is in front of a reclined seat's backrest, less the back's thickness. */
function offBackrest(point: Point, seatTop: Point, backrest: number): number {
  const face = add([seatTop[0], seatTop[1] + REST_HEIGHT.pelvis], direction(270 + backrest), REST_HEIGHT.pelvis);
  const forward = direction(90 + backrest);
  return (point[0] - face[0]) * forward[0] + (point[1] - face[1]) * forward[1] - REST_HEIGHT.pelvis;
}

/** What is wrong with this frame on the machine, or undefined. */
export function machineProblem(machine: FixedProp, body: Body, seconds: number): string | undefined {
  const style = machine.cardio!.style;
  const holds = holdsAt(machine, seconds);
  for (const side of SIDES) {
    const pedal = holds.feet[side];
    const footOff = pedal === undefined ? 0 : distance(bearingPoint(style, body, side, pedal), pedal.at);
    if (footOff > ON_PEDAL)
      return `the ${side} foot is ${cm(footOff)} cm off its ${style === 'rower' ? 'stretcher' : 'pedal'}: the leg cannot reach it from where the pelvis is`;
    const grip = holds.hands[side];
    const handOff = grip === undefined ? 0 : distance(body.arms[side].hand, grip);
    if (handOff > ON_PEDAL)
      return `the ${side} hand is ${cm(handOff)} cm off its grip: the arm cannot reach it from where the shoulders are`;
  }
  const seat = SEATS[style];
  if (seat === undefined) return undefined;
  const above = body.pelvis[1] - REST_HEIGHT.pelvis - seat.top[1];
  const isOverSeat = Math.abs(body.pelvis[0] - seat.top[0]) <= seat.half;
  if (style === 'rower') {
    if (body.pelvis[0] < RAIL[0] || body.pelvis[0] > RAIL[1])
      return `the rower's seat (under the pelvis at ${body.pelvis[0].toFixed(2)} m) leaves its rail (${RAIL[0]} to ${RAIL[1]} m from the finish)`;
  } else if (isOverSeat ? above > ON_SEAT && above < OFF_SEAT : !CAN_STAND.has(style))
    return isOverSeat
      ? `the pelvis hovers ${cm(above)} cm over the seat: sit on it or stand up off it`
      : `the pelvis is ${cm(Math.abs(body.pelvis[0] - seat.top[0]))} cm along from the middle of the seat, off its end: a ${style} is ridden seated`;
  if (seat.backrest !== undefined && isOverSeat && above <= ON_SEAT) {
    const off = Math.max(offBackrest(body.waist, seat.top, seat.backrest), offBackrest(body.neckBase, seat.top, seat.backrest));
    if (Math.abs(off) > ON_BACKREST)
      return off > 0
        ? `the back is ${cm(off)} cm off the backrest: lean the trunk back onto it (trunk -${seat.backrest})`
        : `the back is ${cm(-off)} cm into the backrest: lean the trunk less far back (trunk -${seat.backrest})`;
  }
  return undefined;
}
