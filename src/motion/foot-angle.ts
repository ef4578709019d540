/**
 * The angle of a foot placed on the floor by a target (skeleton.ts): flat when its ankle is at standing
 * height, else on its toes, the toe lowered until it touches. Apart from skeleton.ts to keep it short.
 */
import { add, direction, type Point } from './geometry.ts';

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
