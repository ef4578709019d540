/**
 * What `check` refuses of a hack sled (`hackSled`, hack-sled.ts), naming `hackSled` and the first time it is wrong:
 * rails outside a hack squat's angles, the trunk off the pad as the rails carry it (they move the carriage along
 * their line, never across it, so the back or chest keeps to that line), a hand off its handle on the carriage, a
 * foot off the platform (a toe off it, or a heel over it but lifted), and the front view, which does not draw it.
 */
import type { Motion } from './motion.ts';
import { gripAt, RAIL_ANGLES, railAngle, railsOf } from './hack-sled.ts';
import { padFace } from './machine.ts';
import { type Body, distance, SIDES } from './skeleton.ts';
import { riseOf, topAt } from './slope.ts';
import { firstFrameProblem } from './timeline.ts';

/** How far (metres) the pad's part may be off the rails' line or pressed into the pad, a hand off its handle, a foot off the platform. */
export const SLED_TOLERANCE = { pad: 0.03, hand: 0.03, foot: 0.02 } as const;
const PART = { back: 'back', chest: 'chest', thighs: 'thighs' } as const;
const cm = (metres: number): string => (metres * 100).toFixed(0);

/** What is wrong in this frame, or nothing. */
function sledProblem(motion: Motion, body: Body): string | undefined {
  const sled = motion.fixed.find((prop) => prop.kind === 'hack-sled')!;
  const rails = railsOf(sled);
  const part = sled.part ?? 'back';
  const face = padFace(body, part);
  for (const [i, end] of ['low end', 'top end'].entries()) {
    const off = (face[i]![0] - rails.origin[0]) * rails.out[0] + (face[i]![1] - rails.origin[1]) * rails.out[1];
    if (Math.abs(off) > SLED_TOLERANCE.pad)
      return `the ${PART[part]} is ${cm(Math.abs(off))} cm ${off > 0 ? 'into' : 'off'} the sled's pad at its ${end}: the carriage rides the rails, so the trunk keeps to their line`;
  }
  const grip = gripAt(sled, body);
  for (const side of SIDES) {
    const gap = distance(body.arms[side].hand, grip);
    if (gap > SLED_TOLERANCE.hand) return `the ${side} hand is ${cm(gap)} cm off its handle on the sled's carriage`;
  }
  const rise = riseOf(sled);
  const top = { x0: sled.x0, y: sled.y, rise };
  for (const side of SIDES) {
    const { heel, toe } = body.legs[side];
    if (toe[0] < sled.x0 || toe[0] > sled.x1 || Math.abs(toe[1] - topAt(top, toe[0])) > SLED_TOLERANCE.foot)
      return `the ${side} toe is off the sled's platform (${cm(Math.abs(toe[1] - topAt(top, toe[0])))} cm from its top): the feet stay on it`;
    // A heel past the platform's edge may hang (a calf raise on its lower edge); over it, it stands on it.
    const isOver = heel[0] >= sled.x0 && heel[0] <= sled.x1;
    if (isOver && heel[1] - topAt(top, heel[0]) > SLED_TOLERANCE.foot)
      return `the ${side} heel is ${cm(heel[1] - topAt(top, heel[0]))} cm off the sled's platform: stand the foot along it (its direction ${(90 + (sled.angle ?? 0)).toFixed(0)})`;
  }
  return undefined;
}

/** The hack sled's problems as messages for motion-check.ts (none without one). */
export function hackSledProblems(motion: Motion): string[] {
  const sled = motion.fixed.find((prop) => prop.kind === 'hack-sled');
  if (sled === undefined) return [];
  if (motion.view !== 'side') return ['hackSled: a hack squat machine is drawn from the side, where its rails, carriage and platform show'];
  const angle = railAngle(railsOf(sled));
  if (angle < RAIL_ANGLES[0] || angle > RAIL_ANGLES[1])
    return [
      `hackSled: the rails run along the first key's ${sled.part ?? 'back'}, ${angle.toFixed(0)} degrees from the floor; a hack squat's rise ${RAIL_ANGLES[0]} to ${RAIL_ANGLES[1]}`,
    ];
  return firstFrameProblem(motion, (body) => sledProblem(motion, body)).map((message) => `hackSled: ${message}`);
}
