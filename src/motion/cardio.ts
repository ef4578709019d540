/**
 * Cardio machines seen from the side (bikes, an air bike, a rower, an elliptical, a recumbent stepper,
 * an arm ergometer): where their seat is and where, at any instant, each pedal and handle the figure
 * holds is. A crank turns at one speed, a whole number of turns a loop, and the feet (or hands) on it
 * are placed on its circle in every frame, so between keys they go round it instead of cutting across
 * the chord that eased joint angles would take.
 *
 * Measurements are rounded from common machines, fitted to the 1.75 m figure (skeleton.ts): a saddle
 * 91 cm up over a crank 17 cm long, whose bottom leaves the knee bent about 25 degrees (the records'
 * "slight bend"); a recumbent seat 50 cm up with its crank 72 cm ahead; a rower's seat 36 cm up.
 */
import { LADDER, rungPath } from './cardio-ladder.ts';
import { CARDIO_STYLES, type CardioStyle } from './cardio-styles.ts';
import type { FixedProp, Motion } from './motion.ts';
import { add, type Body, direction, type Point, SEGMENT, SIDES, type Side } from './skeleton.ts';

export { CARDIO_STYLES, type CardioStyle };

/** The prop a style of machine is: the equipment the catalog names. */
export const CARDIO_PROP: Readonly<Record<CardioStyle, FixedProp['kind']>> = {
  'upright-bike': 'stationary-bike',
  'spin-bike': 'stationary-bike',
  'recumbent-bike': 'stationary-bike',
  'air-bike': 'air-bike',
  'arm-ergometer': 'arm-ergometer',
  elliptical: 'elliptical',
  'recumbent-stepper': 'recumbent-stepper',
  rower: 'rowing-machine',
  'step-mill': 'stair-climber',
  // A flight of real stairs is no equipment the catalog names: the scene's own prop.
  stairs: 'stairs',
  bicycle: 'bicycle',
  'jacobs-ladder': 'jacobs-ladder',
};

/** A pedal: the point of the sole on it, and the sole's direction (geometry.ts: 90 flat forward). */
export interface Pedal {
  at: Point;
  sole: number;
}

/** Where the machine holds the figure at one instant: feet on pedals (or the floor), hands on grips. */
export interface Holds {
  feet: Partial<Record<Side, Pedal>>;
  hands: Partial<Record<Side, Point>>;
}

/** What a seat is: its top's middle under the pelvis (the scene's x = 0), its length, and a backrest's lean back from upright. */
export interface Seat {
  top: Point;
  half: number;
  backrest?: number;
}

/** How far along the sole from the point under the ankle the pedal bears: the ball of the foot on a crank, mid-foot on a platform. */
const BALL = 0.12;
const MIDFOOT = 0.05;

/** The seat of each style, or none (the elliptical is ridden standing). A rower's seat slides: this is its home at the finish. */
export const SEATS: Readonly<Record<CardioStyle, Seat | undefined>> = {
  'upright-bike': { top: [0, 0.91], half: 0.12 },
  'spin-bike': { top: [0, 0.91], half: 0.12 },
  'air-bike': { top: [0, 0.91], half: 0.13 },
  'recumbent-bike': { top: [0, 0.5], half: 0.2, backrest: 25 },
  'recumbent-stepper': { top: [0, 0.5], half: 0.2, backrest: 15 },
  'arm-ergometer': { top: [0, 0.45], half: 0.18 },
  rower: { top: [0, 0.36], half: 0.15 },
  bicycle: { top: [0, 0.91], half: 0.12 },
  elliptical: undefined,
  'step-mill': undefined,
  stairs: undefined,
  'jacobs-ladder': undefined,
};
/** Where a climber stands in place: the pelvis over a step mill's steps, or leaning in to a Jacob's ladder. */
export const STANCES: Partial<Record<CardioStyle, Point>> = {
  'step-mill': [0.06, 1.19],
  stairs: [0.06, 1.19],
  'jacobs-ladder': [-0.08, 1.34],
};

/**
 * A crank: its axle, the length of its arms, and the sole's direction on its pedals, which turns with
 * the crank (ankling): `sole` ± `ankling` degrees, most level (or, on a recumbent, most upright) as the
 * pedal comes round to `level` degrees, most toe-down half a turn later, as a rider's ankle moves.
 */
export const CRANKS: Partial<Record<CardioStyle, { axle: Point; radius: number; sole: number; ankling: number; level: number }>> = {
  'upright-bike': { axle: [0.17, 0.25], radius: 0.17, sole: 66, ankling: 14, level: 120 },
  'spin-bike': { axle: [0.17, 0.25], radius: 0.17, sole: 66, ankling: 14, level: 120 },
  'air-bike': { axle: [0.17, 0.25], radius: 0.17, sole: 66, ankling: 14, level: 120 },
  bicycle: { axle: [0.17, 0.25], radius: 0.17, sole: 66, ankling: 14, level: 120 },
  'recumbent-bike': { axle: [0.72, 0.42], radius: 0.17, sole: 140, ankling: 15, level: 90 },
  'arm-ergometer': { axle: [0.4, 1.05], radius: 0.15, sole: 0, ankling: 0, level: 0 },
};

/** A handle on a lever swinging about a pivot: its length, and the lever's lean back from upright, `mean` ± `swing` degrees. */
export interface Lever {
  pivot: Point;
  length: number;
  mean: number;
  swing: number;
}
export const HANDLES: Partial<Record<CardioStyle, Lever>> = {
  // Same side: the handle comes back while its pedal goes forward (the arm pulls as that leg drives).
  'air-bike': { pivot: [0.64, 0.5], length: 0.62, mean: 14, swing: 13 },
  elliptical: { pivot: [0.62, 0.45], length: 0.82, mean: 24, swing: 12 },
  // Contralateral: a hand pushes forward as the other foot does.
  'recumbent-stepper': { pivot: [0.72, 0.22], length: 0.85, mean: 36, swing: -9 },
};
/** The recumbent stepper's pedals, on levers from a pivot near the floor ahead, and the elliptical's path. */
const STEPPER_PEDAL: Lever = { pivot: [1.0, 0.05], length: 0.58, mean: 38, swing: 14 };
const ELLIPSE = { centre: [0, 0.3] as Point, half: 0.24, rise: 0.09 };
/** Fixed grips: a bike's handlebar, a recumbent's side grips (both hands at one point, seen from the side). */
export const GRIPS: Partial<Record<CardioStyle, Point>> = {
  'upright-bike': [0.72, 1.14],
  'spin-bike': [0.76, 1.1],
  'recumbent-bike': [0.03, 0.58],
  // A road bike's brake hoods; a step mill's side rails.
  bicycle: [0.64, 1.02],
  'step-mill': [0.25, 1.15],
};
/**
 * A step mill's stairs (20 cm rise, 25 cm run) turning down and back under the feet, two steps a turn:
 * where the sole of the higher foot stands at the start, and the part of each foot's turn it stands on its
 * step (riding down with it) before stepping up over the next one to the one above.
 */
export const STAIRS = { rise: 0.2, run: 0.25, top: [0.12, 0.55] as Point, planted: 0.55, lift: 0.14 };
/** A rower's foot stretcher (the point of the sole on its plate, the plate's direction) and where its chain leaves the flywheel's housing. */
export const STRETCHER: Pedal = { at: [0.86, 0.3], sole: 140 };
export const CHAIN_EXIT: Point = [1.45, 0.55];
/** The arm ergometer's rider keeps the feet flat on the floor, this far ahead of the seat. */
const ERGOMETER_FEET = 0.42;

export const machineOf = (motion: Pick<Motion, 'fixed'>): FixedProp | undefined => motion.fixed.find((prop) => prop.cardio !== undefined);

/** The crank's angle `seconds` into the loop, degrees: 0 with the right pedal at the top, 90 at the front. */
export const crankAngle = (machine: FixedProp, seconds: number): number => (360 * seconds) / (machine.cardio?.period ?? 1);

/** Each side's angle on the crank: the left pedal half a turn from the right. */
const sideAngle = (angle: number, side: Side): number => (side === 'right' ? angle : angle + 180);
const sin = (degrees: number): number => Math.sin((degrees * Math.PI) / 180);
const cos = (degrees: number): number => Math.cos((degrees * Math.PI) / 180);

/** The end of a lever leaning `lean` degrees back from upright. */
const leverEnd = (lever: Lever, lean: number): Point => add(lever.pivot, direction(180 + lean), lever.length);

/** Where the machine has each pedal and handle `seconds` into the loop. */
export function holdsAt(machine: FixedProp, seconds: number): Holds {
  const style = machine.cardio!.style;
  const angle = crankAngle(machine, seconds);
  const holds: Holds = { feet: {}, hands: {} };
  const crank = CRANKS[style];
  const handle = HANDLES[style];
  const grip = GRIPS[style];
  for (const side of SIDES) {
    const a = sideAngle(angle, side);
    if (crank !== undefined) {
      const at = add(crank.axle, [sin(a) * crank.radius, cos(a) * crank.radius]);
      if (style === 'arm-ergometer') holds.hands[side] = at;
      else holds.feet[side] = { at, sole: crank.sole + crank.ankling * cos(a - crank.level) };
    }
    if (style === 'arm-ergometer') holds.feet[side] = { at: [ERGOMETER_FEET + MIDFOOT, 0], sole: 90 };
    if (style === 'elliptical')
      holds.feet[side] = { at: add(ELLIPSE.centre, [sin(a) * ELLIPSE.half, cos(a) * ELLIPSE.rise]), sole: 86 + 10 * cos(a - 135) };
    if (style === 'recumbent-stepper') {
      const lean = STEPPER_PEDAL.mean + STEPPER_PEDAL.swing * sin(a);
      holds.feet[side] = { at: leverEnd(STEPPER_PEDAL, lean), sole: 150 };
    }
    if (style === 'rower') holds.feet[side] = STRETCHER;
    if (style === 'step-mill' || style === 'stairs') holds.feet[side] = { at: stairFoot(a / 360), sole: stairSole(a / 360) };
    if (style === 'jacobs-ladder') {
      // The ball of the foot on top of its rung; the hand round the rung the other side's foot moves with.
      holds.feet[side] = { at: add(rungPath(a / 360, LADDER.footTop), [0, RUNG]), sole: 90 };
      holds.hands[side] = rungPath(a / 360 + 0.5, LADDER.handTop);
    }
    if (handle !== undefined) holds.hands[side] = leverEnd(handle, handle.mean + handle.swing * sin(a));
    if (grip !== undefined) holds.hands[side] = grip;
  }
  return holds;
}

/** A smooth step from 0 to 1 over `t` in 0..1. */
const smooth = (t: number): number => {
  const u = Math.max(0, Math.min(1, t));
  return u * u * (3 - 2 * u);
};

/** A step mill's foot `turn` turns into the loop (its side's share): riding its step down, then stepping up, rising before it reaches forward. */
function stairFoot(turn: number): Point {
  const u = turn - Math.floor(turn);
  const { rise, run, top, planted, lift } = STAIRS;
  if (u <= planted) return add(top, [-run, -rise], 2 * u);
  const t = (u - planted) / (1 - planted);
  const [dx, dy] = [run * 2 * planted, rise * 2 * planted];
  return [top[0] - dx * (1 - smooth((t - 0.3) / 0.7)), top[1] - dy * (1 - smooth(t / 0.7)) + lift * Math.sin(Math.PI * t)];
}

/** A step mill's sole: flat on its step, and on the way up to the next one toes down, the heel leading off and the foot landing flat. */
function stairSole(turn: number): number {
  const u = turn - Math.floor(turn);
  return u <= STAIRS.planted ? 90 : 90 - 20 * Math.sin((Math.PI * (u - STAIRS.planted)) / (1 - STAIRS.planted));
}

/** The noses of a step mill's steps `seconds` into the loop: they ride down and back two steps a turn. */
export function stairNoses(machine: FixedProp, seconds: number, reach = 4): Point[] {
  const turn = crankAngle(machine, seconds) / 360;
  const shift = 2 * (turn - Math.floor(turn));
  const noses: Point[] = [];
  for (let k = -reach; k <= reach; k += 1) noses.push(add(STAIRS.top, [STAIRS.run, STAIRS.rise], k - shift));
  return noses.map(([x, y]) => [x + NOSE, y]);
}
/** A road bike's wheels: 70 cm across, standing on the floor. */
export const WHEEL = 0.34;

/** A rung's radius: a foot stands on its top. */
export const RUNG = 0.025;
/** A step's nose is this far ahead of where the sole stands on it: the toes just short of the edge. */
const NOSE = 0.14;

/** How far along its sole a foot bears on what holds it. */
const bearing = (style: CardioStyle): number =>
  style === 'jacobs-ladder' || (CRANKS[style] !== undefined && style !== 'arm-ergometer') ? BALL : MIDFOOT;

/** The ankle that puts the sole's bearing point on `pedal` with the sole at its direction (skeleton.ts's foot). */
export function ankleOn(style: CardioStyle, pedal: Pedal): Point {
  const sole = add(pedal.at, direction(pedal.sole), -bearing(style));
  return add(sole, direction(pedal.sole - 90), -SEGMENT.ankleHeight);
}

/** The body with each foot the machine holds laid along its pedal from wherever the leg put the ankle. */
export function solesOn(holds: Holds, body: Body): Body {
  const legs = { ...body.legs };
  for (const side of SIDES) {
    const pedal = holds.feet[side];
    if (pedal === undefined) continue;
    const leg = body.legs[side];
    const sole = add(leg.end, direction(pedal.sole - 90), SEGMENT.ankleHeight);
    legs[side] = { ...leg, heel: add(sole, direction(pedal.sole), -SEGMENT.heel), toe: add(sole, direction(pedal.sole), SEGMENT.toe) };
  }
  return { ...body, legs };
}

/** Where the foot bears on its pedal in this body (to measure it against the pedal). */
export function bearingPoint(style: CardioStyle, body: Body, side: Side, pedal: Pedal): Point {
  const sole = add(body.legs[side].end, direction(pedal.sole - 90), SEGMENT.ankleHeight);
  return add(sole, direction(pedal.sole), bearing(style));
}
