/**
 * The check that a jump flies as a thrown body does (docs/operations.md#media-cli): in every phase of
 * the loop in which nothing of the figure rests on the floor, a prop's top or a bar, the pelvis rises
 * and falls once, in the time gravity gives its rise and fall, without hanging at the top.
 */
import type { Motion } from './motion.ts';
import { machineOf } from './cardio.ts';
import { surfacesOf } from './surfaces.ts';
import { distance, type Point, SIDES } from './skeleton.ts';
import { G } from './thrown.ts';
import { bodyAt, clearance, FRAMES_PER_SECOND, frameCount, isCrossFading, RESTING_POINTS, type Support, supportsOf } from './timeline.ts';

const FRAME = 1 / FRAMES_PER_SECOND;
/** A part within this of what is under it rests there (the reviewers' ~2 cm). */
const RESTING_WITHIN = 0.02;
/** A hand this close to a bar, rings or a footbar holds it. */
const HOLDING_WITHIN = 0.06;
/**
 * How far the time in the air may stray from a thrown body's for the rise and fall drawn: at most √2
 * times as long (the rise at least half the ballistic rise for that time: a float), at least 1/√1.5 as
 * long (the rise at most 1.5 times it: legs that straighten in the air lift the pelvis faster than a
 * push-off could), each with a frame's grace, as the frames show the take-off and landing to one frame.
 * Kept, right jumps and runs measure about 0.8 to 1.3 (a sprint's stride, a pogo hop, a box jump).
 */
const LONGEST = Math.SQRT2;
const SHORTEST = 1 / Math.sqrt(1.5);
/**
 * Frames the pelvis may spend within 1 cm of its top: a ballistic path spends 3 (±45 ms about its
 * apex); 2 more are the ease of a key drawn at the top, more a hang.
 */
const TOP_FRAMES = 5;
const TOP_BAND = 0.01;
/** The pelvis stands for the centre of mass to within this (a leg swung or a knee drawn up moves one against the other): rises and falls are measured with this grace. */
const PELVIS_GRACE = 0.02;
/**
 * The pelvis dipping and rising again in the air by more than this is not one throw: a running stride's
 * or a rope jump's legs bob it 3 cm over a frame or two (Butt_Kicks, Jump_Rope_Scissors, kept and right);
 * the one-leg butt kick reviewers failed hitched 5 cm.
 */
const SECOND_RISE = 0.04;

/** Whether the figure of frame `frame` rests on anything: a part on the floor or a prop's top, a hand on a bar. */
function isResting(motion: Motion, frame: number, supports: readonly Support[], bars: readonly Point[]): boolean {
  const body = bodyAt(motion, frame * FRAME);
  if (RESTING_POINTS.some((point) => clearance(body, point, supports) <= RESTING_WITHIN)) return true;
  return bars.some((bar) => SIDES.some((side) => distance(body.arms[side].hand, bar) <= HOLDING_WITHIN));
}

/** The time of a ballistic flight that rises `rise` metres and falls `fall` metres (each at least 0). */
export function ballisticSeconds(rise: number, fall: number): number {
  return Math.sqrt((2 * Math.max(0, rise)) / G) + Math.sqrt((2 * Math.max(0, fall)) / G);
}

/**
 * One airborne phase's fault, or nothing: `air` holds the pelvis's height in each frame in the air. The
 * arc between the first and the last of them is timed, not the frames on the ground around it, where a
 * leg that bends to take off or to land moves the pelvis as no flight does.
 */
export function flightFault(air: readonly number[], isLoaded = false): string | undefined {
  const top = Math.max(...air);
  const apex = air.indexOf(top);
  const [rise, fall] = [top - air[0]!, top - air[air.length - 1]!];
  const seconds = (air.length - 1) * FRAME;
  const thrown = ballisticSeconds(rise, fall);
  const [longest, shortest] = [
    ballisticSeconds(rise + PELVIS_GRACE, fall + PELVIS_GRACE),
    ballisticSeconds(rise - PELVIS_GRACE, fall - PELVIS_GRACE),
  ];
  const path = `in the air ${(air.length * FRAME).toFixed(2)} s, its pelvis rising ${(rise * 100).toFixed(0)} cm and falling ${(fall * 100).toFixed(0)} cm in ${seconds.toFixed(2)} s`;
  if (seconds - FRAME > LONGEST * longest)
    return `the figure is ${path}, where a thrown body takes ${thrown.toFixed(2)} s: it floats (lower the air time or raise the jump)`;
  // A lifter holding a load drops under it faster than it falls, pulling against it (a split jerk, a snatch).
  if (!isLoaded && seconds + FRAME < SHORTEST * shortest)
    return `the figure is ${path}, where a thrown body takes ${thrown.toFixed(2)} s: the legs straighten in the air (push off with them straight on the floor)`;
  const atTop = air.filter((y) => top - y <= TOP_BAND).length;
  if (atTop > TOP_FRAMES)
    return `the pelvis hangs within 1 cm of the top of the jump for ${atTop} frames (${(atTop * FRAME).toFixed(2)} s); a thrown body passes it in 3`;
  let [dip, low, high] = [0, top, air[0]!];
  air.forEach((y, i) => {
    if (i <= apex) {
      high = Math.max(high, y);
      dip = Math.max(dip, high - y);
    } else {
      low = Math.min(low, y);
      dip = Math.max(dip, y - low);
    }
  });
  if (dip > SECOND_RISE)
    return `the pelvis dips ${(dip * 100).toFixed(0)} cm and rises again in the air; a thrown body rises once, then falls`;
  return undefined;
}

/** `at S s <message>` for each airborne phase of the loop that does not fly as a thrown body does. */
export function flightProblems(motion: Motion): string[] {
  // On a cardio machine the figure sits or stands on it in every frame.
  if (machineOf(motion) !== undefined) return [];
  const count = frameCount(motion);
  const bars = surfacesOf(motion.fixed).flatMap((s) => (s.kind === 'point' ? [s.at] : []));
  const supports = supportsOf(motion.fixed);
  const resting = Array.from({ length: count }, (_, frame) => isResting(motion, frame, supports, bars));
  // Hanging from what no check knows as a support (a rope) or never touching down: no phase begins or ends.
  const first = resting.indexOf(true);
  if (first < 0) return [];
  const isLoaded = motion.held.some((prop) => prop.at === 'hands' || prop.at === 'left' || prop.at === 'right');
  const problems: string[] = [];
  for (let k = 1; k <= count; k += 1) {
    const start = (first + k) % count;
    if (resting[start] || !resting[(start - 1 + count) % count]) continue;
    const frames = [start];
    while (!resting[(frames.at(-1)! + 1) % count]) frames.push(frames.at(-1)! + 1);
    // A loop that returns to its start by a cross-dissolve draws no path across it.
    if (frames.some((frame) => isCrossFading(motion, frame * FRAME))) continue;
    const bodies = frames.map((frame) => bodyAt(motion, frame * FRAME));
    const fault = flightFault(
      bodies.map((body) => body.pelvis[1]),
      isLoaded,
    );
    // The pelvis stands for the centre of mass, except where the body folds in the air (a pike lifts the
    // hips above it, a tuck lifts it above the hips): a flight is refused when both fly wrong.
    const isShape =
      flightFault(
        bodies.map((body) => body.centre[1]),
        isLoaded,
      ) === undefined;
    if (fault !== undefined && !isShape) problems.push(`at ${((start % count) * FRAME).toFixed(2)} s ${fault}`);
  }
  return problems;
}
