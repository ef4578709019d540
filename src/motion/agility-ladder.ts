/**
 * An agility ladder lying flat on the floor: two rails and rungs about 45 cm apart, the squares a drill
 * puts its feet in. A drill runs along it while the camera follows (travel.ts), so its rungs scroll back
 * with the floor exactly as the seams do; the check keeps every planted foot in a square, off the rungs.
 */
import { cycleSeconds, type FixedProp, type Key, type Motion } from './motion.ts';
import { SIDES } from './skeleton.ts';
import { firstFrameProblem } from './timeline.ts';
import { floorDrift, travelProblems } from './travel.ts';

/** A real ladder's squares: rungs 45 cm apart, 40 to 50 cm as the loop's travel divides into whole squares. */
export const LADDER = { square: 0.45, fewest: 0.4, most: 0.5, rung: 0.04 } as const;
/** A foot whose heel or toe is this close to the floor (metres) is planted on it. */
const PLANTED = 0.02;
/** Half the width of the foot's drawn line (render-svg.ts), whose round ends reach that far past the heel and toe. */
const FOOT_LINE = 0.0275;

/**
 * The ladder with a rung at `x` at the loop's start (prop `agility-ladder`): x0 is that rung, x1 the next,
 * so x1 - x0 is its square. Under a travelling figure the loop's travel is a whole number of squares (as
 * travel.ts spaces the seams), so the last frame's rungs are the first frame's and the clip loops without
 * a jump.
 */
export function agilityLadderOf(x: number, keys: readonly Key[], travel: number | undefined): FixedProp {
  const distance = Math.abs((travel ?? 0) * cycleSeconds({ keys: [...keys] }));
  const square = distance === 0 ? LADDER.square : distance / Math.max(1, Math.round(distance / LADDER.square));
  return { kind: 'agility-ladder', x0: x, x1: x + square, y: 0 };
}

/** The x of every rung between `x0` and `x1` (scene metres) `seconds` into the loop, where the floor has carried them. */
export function rungsAt(motion: Motion, ladder: FixedProp, seconds: number, x0: number, x1: number): number[] {
  const square = ladder.x1 - ladder.x0;
  const first = ladder.x0 + floorDrift(motion, seconds);
  const rungs: number[] = [];
  for (let x = first + Math.ceil((x0 - first) / square) * square; x <= x1; x += square) rungs.push(x);
  return rungs;
}

/** Squares no real ladder has, and a planted foot on a rung (naming the time), for motion-check.ts. */
function ladderProblems(motion: Motion): string[] {
  const ladder = motion.fixed.find((prop) => prop.kind === 'agility-ladder');
  if (ladder === undefined) return [];
  const square = ladder.x1 - ladder.x0;
  if (square < LADDER.fewest - 1e-9 || square > LADDER.most + 1e-9) {
    const travelled = Math.abs(floorDrift(motion, cycleSeconds(motion)));
    return [
      `the loop travels ${travelled.toFixed(2)} m, which no agility ladder's squares (40 to 50 cm) divide: a loop travels a whole number of squares (0.45 m, 0.90 m, 1.35 m, ...)`,
    ];
  }
  return firstFrameProblem(motion, (body, seconds) => {
    for (const side of SIDES) {
      const { heel, toe } = body.legs[side];
      // A planted foot is drawn whole on the square it stands in, as wide as its line: on the ball, its heel is over that square too.
      if (Math.min(heel[1], toe[1]) >= PLANTED) continue;
      const from = Math.min(heel[0], toe[0]) - FOOT_LINE;
      const to = Math.max(heel[0], toe[0]) + FOOT_LINE;
      const rung = rungsAt(motion, ladder, seconds, from - LADDER.rung / 2, to + LADDER.rung / 2)[0];
      if (rung !== undefined)
        return `the ${side} foot is planted on a rung of the agility ladder (the rung at x ${rung.toFixed(2)} m, the foot from ${from.toFixed(2)} to ${to.toFixed(2)} m): feet land in the squares`;
    }
    return undefined;
  });
}

/** What the floor refuses (travel.ts) and what the ladder refuses, as messages for motion-check.ts. */
export const floorProblems = (motion: Motion): string[] => [...travelProblems(motion), ...ladderProblems(motion)];
