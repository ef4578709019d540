/**
 * What `check` refuses of a figure seen from above (view-above.ts), where the floor is the picture and a height is read
 * from the legs' tilts toward the viewer: a knee or ankle under the floor, a foot a key plants (`feetOnFloor`) that is not
 * on it, and a planted foot that slides along it between two keys that both plant it. Nothing stands: no balance check.
 */
import type { Motion } from './motion.ts';
import { distance, type Point, SIDES } from './skeleton.ts';
import { bodyAt, FRAMES_PER_SECOND, frameCount, locate } from './timeline.ts';
import { depthAt, floorBelowHips, legHeights } from './view-above.ts';

/** A part this far under the floor goes through it; a planted foot's ankle this far off its floor height is not on it. */
const THROUGH_FLOOR = 0.02;
const OFF_FLOOR = 0.03;
/** A planted foot may move this far along the floor between two keys that plant it (the drawn ankle, metres). */
const SLIDE = 0.03;

/** Every problem of a motion seen from above, as messages; none for any other motion. */
export function aboveProblems(motion: Motion): string[] {
  const above = motion.above;
  if (above === undefined) return [];
  const problems: string[] = [];
  const floor = -floorBelowHips(motion);
  motion.keys.forEach((key, i) => {
    for (const side of above.planted[i] ?? []) {
      const off = legHeights(motion, key.angles.toward, side).ankle - floor;
      if (Math.abs(off) > OFF_FLOOR)
        problems.push(
          `key ${i} "${key.name}": the planted ${side} foot is ${(off * 100).toFixed(0)} cm ${off > 0 ? 'above' : 'under'} the floor (its thigh's and shank's rises, length times the sine of each tilt, must bring the ankle ${(-floor * 100).toFixed(0)} cm down from the hips)`,
        );
    }
  });
  // Frame by frame: nothing under the floor, and a foot planted at both ends of a move stays where it is planted.
  const moving: Partial<Record<string, Point>> = {};
  for (let frame = 0; frame < frameCount(motion); frame += 1) {
    const seconds = frame / FRAMES_PER_SECOND;
    const depth = depthAt(motion, seconds);
    const { from, to } = locate(motion, seconds);
    const body = bodyAt(motion, seconds);
    for (const side of SIDES) {
      const { knee, ankle } = legHeights(motion, depth, side);
      const [part, under] = knee < ankle ? ['knee', floor - knee] : ['ankle', floor - ankle];
      if (under > THROUGH_FLOOR)
        return [...problems, `at ${seconds.toFixed(2)} s the ${side} ${part} is ${(under * 100).toFixed(0)} cm under the floor`];
      const isPlanted = above.planted[from]?.includes(side) === true && above.planted[to]?.includes(side) === true;
      if (!isPlanted) continue;
      const start = moving[`${from}${side}`] ?? body.legs[side].end;
      moving[`${from}${side}`] = start;
      const slid = distance(start, body.legs[side].end);
      if (slid > SLIDE)
        return [
          ...problems,
          `at ${seconds.toFixed(2)} s the ${side} foot planted at key ${from} "${motion.keys[from]!.name}" has slid ${(slid * 100).toFixed(0)} cm along the floor: give the keys between directions that keep its ankle in place`,
        ];
    }
  }
  return problems;
}
