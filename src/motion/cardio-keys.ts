/**
 * The `pose` pattern's keys on a cardio machine (cardio.ts): the figure seated on the machine's seat
 * (or, on an elliptical, standing where its feet meet the pedals), each foot and hand the machine holds
 * put on its pedal or grip by inverse kinematics at the instant the key is reached, and the machine
 * itself as a fixed prop whose crank turns a whole number of times a loop.
 */
import { ankleOn, CARDIO_PROP, type CardioStyle, CHAIN_EXIT, holdsAt, SEATS, STANCES, solesOn, WHEEL } from './cardio.ts';
import { cycleSeconds, type Contact, type FixedProp, type Key, keyStartSeconds } from './motion.ts';
import { key } from './pattern-kit.ts';
import type { PoseKey } from './pose-params.ts';
import { anglesOf, RESTS_WITHIN } from './pose-keys.ts';
import { distance, lerpPoint, type Point, pose, SIDES, type Side, type View } from './skeleton.ts';
import { clearance, REST_HEIGHT, RESTING_POINTS } from './timeline.ts';

/** How far a machine's drawing reaches ahead of the seat and behind it (metres), for the picture's width. */
const REACH: Readonly<Record<CardioStyle, readonly [number, number]>> = {
  'upright-bike': [-0.3, 0.8],
  'spin-bike': [-0.3, 0.85],
  'air-bike': [-0.3, 1.05],
  'recumbent-bike': [-0.55, 1.0],
  'recumbent-stepper': [-0.5, 1.1],
  'arm-ergometer': [-0.25, 0.9],
  elliptical: [-0.6, 0.75],
  'step-mill': [-0.65, 0.75],
  stairs: [-0.6, 0.6],
  bicycle: [-0.62, 1.16],
  'jacobs-ladder': [-0.55, 1.2],
  rower: [-0.5, CHAIN_EXIT[0] + 0.25],
};

/**
 * A travelling bicycle's wheels turn a whole number of times a loop (so the clip loops), as near as
 * that can be to rolling at the travel speed; travel at 2π × 0.34 m × turns / loop to roll exactly.
 */
function rolling(style: CardioStyle, travel: number | undefined, cycle: number): { rolls?: number } {
  if (style !== 'bicycle' || travel === undefined) return {};
  return { rolls: cycle / Math.max(1, Math.round((Math.abs(travel) * cycle) / (2 * Math.PI * WHEEL))) };
}

/** One key placed on the machine, the crank where it is `seconds` into the loop. */
function machineKey(k: PoseKey, view: View, machine: FixedProp, seconds: number): Key {
  const style = machine.cardio!.style;
  const a = anglesOf(k);
  const holds = holdsAt(machine, seconds);
  const feet: Partial<Record<Side, Point>> = {};
  for (const side of SIDES) if (holds.feet[side] !== undefined) feet[side] = ankleOn(style, holds.feet[side]);
  const seat = SEATS[style];
  let pelvis: Point;
  if (seat !== undefined) {
    // Seated, the pelvis rests on the seat; `at` and `air` move it along and up off it (a standing climb, a rower's slide).
    pelvis = [seat.top[0] + k.at, seat.top[1] + REST_HEIGHT.pelvis + k.air];
  } else if (STANCES[style] !== undefined) {
    // On a step mill or a Jacob's ladder the climber stays in place while the steps or rungs ride down.
    pelvis = [STANCES[style][0] + k.at, STANCES[style][1] + k.air];
  } else {
    // Standing on pedals: the figure goes where its feet, as the directions carry them, best meet the pedals.
    const free = pose(a, view);
    const posed = lerpPoint(free.legs.left.end, free.legs.right.end, 0.5);
    const wanted = lerpPoint(feet.left!, feet.right!, 0.5);
    pelvis = [wanted[0] - posed[0] + k.at, wanted[1] - posed[1] + k.air];
  }
  const hands = holds.hands;
  const lifted = pose(a, view, pelvis);
  // Of the two ways an elbow can bend to put the hand on its grip, the one nearer the authored elbow.
  const offBy = (elbows: 'low' | 'back') => {
    const bent = pose(a, view, pelvis, { hands, feet, elbows });
    return SIDES.reduce((sum, side) => sum + distance(bent.arms[side].middle, lifted.arms[side].middle), 0);
  };
  const elbows = Object.keys(hands).length > 0 && offBy('back') < offBy('low') ? 'back' : 'low';
  const body = solesOn(holds, pose(a, view, pelvis, { hands, feet, elbows }));
  const contacts: Contact[] = RESTING_POINTS.filter((point) => clearance(body, point) < RESTS_WITHIN).map((point) => ({
    point,
    on: 'floor',
  }));
  return key({
    name: k.name,
    angles: a,
    anchor: { point: 'pelvis', at: pelvis },
    elbows,
    ...(Object.keys(hands).length > 0 ? { hands } : {}),
    feet,
    contacts,
    // Held by the seat, the pedals and the grips: never a quiet stance on the feet alone.
    isBalanced: false,
    hold: k.hold,
    move: k.move,
  });
}

/**
 * The keys of a description on a cardio machine, and the machine: `turns` turns of its crank (or strokes
 * of its levers) a loop, the right pedal at the top at the start; a rower has no crank, its seat slides
 * under the pelvis (`at`) and its feet stay on the stretcher.
 */
export function machineScene(
  keys: readonly PoseKey[],
  view: View,
  style: CardioStyle,
  turns: number,
  travel: number | undefined,
): { keys: Key[]; machine: FixedProp } {
  const cycle = cycleSeconds({ keys: keys.map((k) => ({ hold: k.hold, move: k.move })) as Key[] });
  const [behind, ahead] = REACH[style];
  const machine: FixedProp = {
    kind: CARDIO_PROP[style],
    x0: behind,
    x1: ahead,
    // What the camera must see: a seat's height, or the top of a Jacob's ladder.
    y: style === 'jacobs-ladder' ? 2.1 : (SEATS[style]?.top[1] ?? 0),
    cardio: { style, period: cycle / turns, ...rolling(style, travel, cycle) },
  };
  const timed = keys.map((k) => ({ hold: k.hold, move: k.move })) as Key[];
  return { keys: keys.map((k, i) => machineKey(k, view, machine, keyStartSeconds({ keys: timed }, i))), machine };
}
