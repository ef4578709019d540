/**
 * What `check` refuses of a safety squat bar (`"bar": "safety"`, safety-bar.ts), naming `bar` and the first time it is
 * wrong: a hand off its handle's end (the bar rides the back as one rigid piece, so the hands must reach where its
 * handles are), the pad or a handle in the head (a pad rolled up onto the neck, the record's named fault, or a head
 * tipped back into it), a plate in the floor, and the front view, which does not draw the yoke.
 */
import { safetyYoke } from './held-places.ts';
import type { Motion } from './motion.ts';
import { isSafetyBar, YOKE, type Yoke } from './safety-bar.ts';
import { type Body, distance, SEGMENT, SIDES, toSegment } from './skeleton.ts';
import { firstFrameProblem } from './timeline.ts';

/** How far (metres) a hand may be from its handle's end: the hands hold the handles in every frame. */
export const HAND_GAP = 0.03;
/** How far (metres) the pad, a handle or a plate may be read into the head or the floor before it passes through it. */
const THROUGH = 0.02;

const cm = (metres: number): string => (metres * 100).toFixed(0);

/** How far a thick line along `points`, `half` metres either side, is into the head. */
function intoHead(points: readonly Body['head'][], half: number, body: Body): number {
  let nearest = Number.POSITIVE_INFINITY;
  for (let i = 1; i < points.length; i += 1) nearest = Math.min(nearest, toSegment(body.head, points[i - 1]!, points[i]!));
  return SEGMENT.headRadius + half - nearest;
}

/** What is wrong with the safety bar in this frame, or nothing. */
function yokeProblem(yoke: Yoke, body: Body): string | undefined {
  for (const side of SIDES) {
    const gap = distance(body.arms[side].hand, yoke.grip);
    if (gap > HAND_GAP)
      return `the ${side} hand is ${cm(gap)} cm off the safety bar's handle: the hands hold the handles' ends in front of the chest`;
  }
  const pad = intoHead(yoke.pad, YOKE.pad, body);
  if (pad > THROUGH) return `the safety bar's pad is ${cm(pad)} cm into the head: the yoke rides the upper back, below the neck`;
  const handle = intoHead(yoke.handle, YOKE.handle, body);
  if (handle > THROUGH) return `the safety bar's handle passes ${cm(handle)} cm into the head`;
  const sunk = YOKE.plate - yoke.sleeve[1];
  if (sunk > THROUGH) return `the safety bar's plates are ${cm(sunk)} cm into the floor`;
  return undefined;
}

/** The safety squat bar's problems as messages for motion-check.ts (none without one). */
export function safetyBarProblems(motion: Motion): string[] {
  const load = motion.held.find(isSafetyBar);
  if (load === undefined) return [];
  if (motion.view !== 'side')
    return [
      'bar: a safety squat bar is drawn from the side, where its handles run forward over the shoulders to the hands (use view side)',
    ];
  return firstFrameProblem(motion, (body) => yokeProblem(safetyYoke(body, load), body)).map((message) => `bar: ${message}`);
}
