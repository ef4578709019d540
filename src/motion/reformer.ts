/**
 * A Pilates reformer seen from the side: a long frame on the floor, a padded carriage that rolls along
 * it on springs, a footbar at the foot end and risers with straps at the head end. The carriage is the
 * one prop that moves with the figure: it rides under a body point (the pelvis in footwork, the knees
 * in a knee stretch, a foot in an elephant), so a figure that presses away from the footbar carries it
 * along. 47 reformer exercises had no drawing because a fixed pad could not show that (reviews 13, 14).
 *
 * Measurements are a studio reformer's, rounded (Balanced Body's Allegro and Studio models): a carriage
 * about 90 cm long with its headrest, its pad 36 cm off the floor, resting ("home") about 40 cm past the
 * footbar and travelling about 80 cm from there; the footbar 10 to 50 cm above the pad, set where the
 * hands or feet meet it; a standing platform at the foot end, level with the pad.
 */
import type { BodyPoint, FixedProp, Motion } from './motion.ts';

/** The carriage pad's top, above the floor (metres): what rests on the carriage rests at this height. */
export const CARRIAGE_TOP = 0.36;
export const CARRIAGE_LENGTH = 0.9;
/** The frame runs this far past the footbar, at the foot end. */
export const FOOT_END = 0.3;
/** From the footbar to the carriage's near end when it rests at home against its stopper. */
const HOME_GAP = 0.4;
/** How far the carriage rolls from home toward the head end. */
const TRAVEL = 0.8;
/** The footbar's reach above the carriage pad: lowest and highest settings. */
const FOOTBAR_ABOVE = [0.1, 0.5] as const;
/** Where a body part resting on the reformer may lie beyond the carriage's ends and still rest on it (metres). */
const ON_CARRIAGE = 0.04;

/** +1 when the head end lies ahead of the footbar (x1 > x0), else -1. */
export const headward = (reformer: FixedProp): 1 | -1 => (reformer.x1 >= reformer.x0 ? 1 : -1);

/** The span the carriage may cover, from home to the end of its travel: where a part can rest on it. */
export function carriageRange(reformer: FixedProp): { x0: number; x1: number } {
  const direction = headward(reformer);
  const near = reformer.x0 + direction * HOME_GAP;
  const far = near + direction * (TRAVEL + CARRIAGE_LENGTH);
  return { x0: Math.min(near, far), x1: Math.max(near, far) };
}

/**
 * The standing platform at the foot end, level with the carriage's pad, from the frame's end to just
 * short of the carriage at home: a foot stands there in front splits, a scooter, Eve's lunge.
 */
export function platformSpan(reformer: FixedProp): { x0: number; x1: number } {
  const direction = headward(reformer);
  const [a, b] = [reformer.x0 - direction * FOOT_END, reformer.x0 + direction * (HOME_GAP - 0.05)];
  return { x0: Math.min(a, b), x1: Math.max(a, b) };
}

/** The supports a reformer gives (timeline.ts): the carriage's pad wherever along its travel, and the standing platform. */
export function reformerSupports(reformer: FixedProp): { name: string; x0: number; x1: number; y: number }[] {
  return [
    { name: 'reformer', ...carriageRange(reformer), y: CARRIAGE_TOP },
    { name: 'platform', ...platformSpan(reformer), y: CARRIAGE_TOP },
  ];
}

/** Where the straps leave the risers at the head end: a pulley 62 cm up. */
export function pulleyOf(reformer: FixedProp): readonly [number, number] {
  return [reformer.x1 - headward(reformer) * 0.03, 0.62];
}

/** The body point the carriage rides under (the pelvis unless the description says). */
export const ridingPoint = (reformer: FixedProp): BodyPoint => reformer.rides?.point ?? 'pelvis';

/**
 * The carriage in a frame where its riding point is at `ridingX`: its two ends along the floor, its
 * centre `offset` from that point toward the head end.
 */
export function carriageAt(reformer: FixedProp, ridingX: number): { x0: number; x1: number } {
  const centre = ridingX + headward(reformer) * (reformer.rides?.offset ?? 0);
  return { x0: centre - CARRIAGE_LENGTH / 2, x1: centre + CARRIAGE_LENGTH / 2 };
}

export const reformerOf = (motion: Pick<Motion, 'fixed'>): FixedProp | undefined => motion.fixed.find((prop) => prop.kind === 'reformer');

/**
 * What is wrong with a frame of a reformer exercise: the footbar out of its settings, the carriage off
 * its rails (closer to the footbar than home, past the end of its travel), or a part resting on the
 * frame beside the carriage (it would rest on nothing).
 */
export function reformerFrameProblem(
  reformer: FixedProp,
  ridingX: number,
  resting: readonly { name: string; x: number }[],
): string | undefined {
  const above = reformer.y - CARRIAGE_TOP;
  if (above < FOOTBAR_ABOVE[0] - 0.005 || above > FOOTBAR_ABOVE[1] + 0.005)
    return `the footbar is ${(above * 100).toFixed(0)} cm above the carriage; it sets between ${FOOTBAR_ABOVE[0] * 100} and ${FOOTBAR_ABOVE[1] * 100} cm`;
  const carriage = carriageAt(reformer, ridingX);
  const range = carriageRange(reformer);
  if (carriage.x0 < range.x0 - 0.01 || carriage.x1 > range.x1 + 0.01)
    return `the carriage (${carriage.x0.toFixed(2)} to ${carriage.x1.toFixed(2)} m) leaves its rails (${range.x0.toFixed(2)} to ${range.x1.toFixed(2)} m): move the reformer's ends or the carriage's offset`;
  const beside = resting.find(({ x }) => x < carriage.x0 - ON_CARRIAGE || x > carriage.x1 + ON_CARRIAGE);
  if (beside !== undefined)
    return `the ${beside.name} rests on the reformer beside the carriage (at ${beside.x.toFixed(2)} m, the carriage ${carriage.x0.toFixed(2)} to ${carriage.x1.toFixed(2)} m)`;
  return undefined;
}
