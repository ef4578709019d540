/**
 * Where the hands grip what they hold in the three-quarter view, and why a frame's hands cannot hold it: a load in both
 * hands (a kettlebell by its handle, a plate by its rim, a medicine ball between the palms) only as far apart as it is
 * wide, a barbell between its collars and where the hands first took it. A dumbbell or a lone kettlebell is in one hand.
 */
import type { Body3 } from './three-figure.ts';
import { type BothHands, type Held, LOAD } from './three-loads.ts';
import { distance3 } from './three-vec.ts';

/**
 * How far apart the two grips (the middle of each hand) are on a load held in both hands: two fists side by side
 * on a kettlebell's handle; a plate's rim in each hand, the fist's middle a centimetre inside it; palms pressed
 * on a ball's sides, the grip half a hand's thickness (2.5 cm) off its surface.
 */
export const GRIP_SPAN: Record<BothHands, number> = {
  kettlebell: 0.08,
  plate: 2 * LOAD.plate.radius - 0.02,
  'medicine-ball': 2 * LOAD.medicineBall.radius + 0.05,
};
const isBothHands = (holds: Held): holds is BothHands => typeof holds === 'string' && Object.hasOwn(GRIP_SPAN, holds);
/** A load in both hands is refused where the hands are this much farther apart or nearer than its grip span. */
export const GRIP_TOLERANCE = 0.02;
/**
 * A barbell is gripped anywhere between its collars: the grips (the middle of each fist, 4 cm in from its edge) at most
 * the collars' 131 cm less a fist's width apart, at least one fist's width (a close grip, the fists touching).
 */
export const BAR_GRIP: readonly [number, number] = [0.09, 2 * LOAD.barbell.collar - 0.09];

const NAMES: Record<BothHands, string> = {
  kettlebell: 'a kettlebell held by its handle in both hands is gripped',
  plate: `a plate ${Math.round(LOAD.plate.radius * 200)} cm across held by its rim is gripped`,
  'medicine-ball': `a medicine ball ${Math.round(LOAD.medicineBall.radius * 200)} cm across held between the palms is gripped`,
};

/**
 * Why the hands cannot hold `holds` in `body` (too far apart or too near for a load in both), or undefined. A barbell
 * is held where the hands first took it: `barGrip` is how far apart they were at the first key, and a frame whose
 * hands are nearer or farther apart than that has them sliding along the bar.
 */
export function gripProblem(body: Body3, holds: Held | undefined, barGrip?: number): string | undefined {
  if (holds === undefined) return undefined;
  const apart = distance3(body.arms.left.hand, body.arms.right.hand);
  // A tenth of a centimetre: 10.4 cm refused against 8 with 2 either way must not read as 10.
  const cm = (m: number, digits = 0) => (m * 100).toFixed(digits);
  if (holds === 'barbell') {
    const [least, most] = BAR_GRIP;
    if (apart < least - GRIP_TOLERANCE || apart > most + GRIP_TOLERANCE)
      return `the hands are ${cm(apart, 1)} cm apart; a barbell is gripped between its collars, ${cm(least)} to ${cm(most)} cm apart`;
    if (barGrip === undefined || Math.abs(apart - barGrip) <= GRIP_TOLERANCE) return undefined;
    return `the hands are ${cm(apart, 1)} cm apart on the barbell, where the first key grips it ${cm(barGrip, 1)} cm apart (${cm(GRIP_TOLERANCE)} cm either way): they would slide along the bar`;
  }
  // A dumbbell or a lone kettlebell is held in one hand, and one changing hands is held by each in turn: nothing to grip apart.
  if (!isBothHands(holds)) return undefined;
  const span = GRIP_SPAN[holds];
  if (Math.abs(apart - span) <= GRIP_TOLERANCE) return undefined;
  return `the hands are ${cm(apart, 1)} cm apart; ${NAMES[holds]} ${cm(span)} cm apart (${cm(GRIP_TOLERANCE)} cm either way)`;
}
