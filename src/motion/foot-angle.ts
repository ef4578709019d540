/**
 * The angle of a foot placed on the floor by a target (skeleton.ts): flat when its ankle is at standing
 * height, else on its toes, the toe lowered until it touches, and once the toe cannot reach the floor (a
 * foot leaving it between keys) turning to the angle its key gives. Apart from skeleton.ts to keep it short.
 */
import { SEGMENT } from './body-measures.ts';
import type { Depth } from './front-depth.ts';
import { add, direction, type Point } from './geometry.ts';

/**
 * Where a leg's foot is put (skeleton.ts): its target (none: where the angles carry it), how far above the
 * floor, whether it keeps its angle, the leg's tilts toward the viewer, and how far a move has turned it
 * toward the key that lifts it (placedFoot).
 */
export interface FootPlace {
  target?: Point | undefined;
  lift: number;
  isKept?: boolean | undefined;
  toward?: Depth['left'] | undefined;
  turn?: number | undefined;
  /** Front view: how far the foot has pivoted on its ball (foot-pivot.ts). */
  pivot?: number | undefined;
}

/** A foot placed by a target (its ankle's height above what it rests on): flat at standing height, else on its toes with the toe down. */
export function footOnFloor(ankle: Point, ankleHeight: number, toeLength: number): number {
  if (ankle[1] <= ankleHeight + 0.005) return 90;
  // Lower the toe from pointing forward (90) until it reaches the floor.
  const toeY = (footAngle: number) => add(add(ankle, direction(footAngle - 90), ankleHeight), direction(footAngle), toeLength)[1];
  let lo = 0;
  let hi = 90;
  for (let i = 0; i < 30; i += 1) {
    const mid = (lo + hi) / 2;
    if (toeY(mid) > 0) hi = mid;
    else lo = mid;
  }
  return (lo + hi) / 2;
}

/**
 * How far above where its toe can still touch a lifted foot has turned all the way to the angle its key
 * gives. Before renderer 1.16.0 a placed foot lifted past its toe's reach stayed pointing straight down
 * until the move ended and then turned to the key's angle in one frame (a headstand's feet leaving the
 * floor); over these 10 cm it turns smoothly instead (test/motion/foot-leaving.test.ts).
 */
export const FOOT_TURN_BAND = 0.1;

/**
 * A foot's drawn line at `angle` on its ankle: on its floor side, the sole of a standing foot, or the
 * instep of one pointed back toward the floor (kneeling, lying face down), which is what rests there.
 */
export function footLine(ankle: Point, angle: number, isKept = false): { heel: Point; toe: Point } {
  const isPointedBack = angle < -45 && !isKept;
  const sole = add(ankle, direction(isPointedBack ? angle + 90 : angle - 90), SEGMENT.ankleHeight);
  return { heel: add(sole, direction(angle), -SEGMENT.heel), toe: add(sole, direction(angle), SEGMENT.toe) };
}

/**
 * A placed foot's angle (its ankle's place above what it rests on): on the floor as `footOnFloor` puts it;
 * lifted past its toe's reach, eased from pointing down to `free`, the angle the key's joint angles give it,
 * the shorter way round; and by the end of a move to a key that lifts it (`turn`, 0..1 of the way there) at
 * `free` whatever its height, as far as that keeps its heel and toe out of the floor, so a foot between a
 * placed key and a lifted one never turns in one frame.
 */
export function placedFoot(ankle: Point, free: number, turn = 0): number {
  const touching = footOnFloor(ankle, SEGMENT.ankleHeight, SEGMENT.toe);
  // The toe is at most this far below the ankle (turned about 30 degrees from pointing down, the sole's
  // depth under the ankle adding to the toe's length): higher than that, no angle puts it under the floor.
  const reach = Math.hypot(SEGMENT.ankleHeight, SEGMENT.toe);
  const share = Math.min(1, Math.max(0, (ankle[1] - reach) / FOOT_TURN_BAND));
  const byHeight = share * share * (3 - 2 * share);
  const turned = 1 - (1 - byHeight) * (1 - turn);
  const at = (part: number) => touching + (((((free - touching) % 360) + 540) % 360) - 180) * part;
  const isClear = (part: number) => {
    const { heel, toe } = footLine(ankle, at(part));
    return Math.min(heel[1], toe[1]) > -0.002;
  };
  if (turned === 0 || isClear(turned)) return at(turned);
  // Low over the floor, turned by the move's share alone: only as far as the heel and toe stay above it.
  let [clear, under] = [0, turned];
  for (let i = 0; i < 20; i += 1) {
    const middle = (clear + under) / 2;
    if (isClear(middle)) clear = middle;
    else under = middle;
  }
  return at(clear);
}
