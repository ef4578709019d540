/**
 * A captain's chair (a knee-raise station): the forearms rest on its pads and the hands grip its
 * handles, the back against its backrest, while the legs hang and rise. Placed from the first key; the
 * check holds the elbows to the pads and the lower back to the backrest in every frame.
 */
import type { FixedProp, Key, Motion } from './motion.ts';
import { type Point, SIDES, type View } from './skeleton.ts';
import { firstFrameProblem, keyBody, REST_HEIGHT } from './timeline.ts';
import { spotOf } from './wall-ball.ts';

/** An elbow or the back this far off its pad is not resting on it (metres). */
const ON_PAD = 0.03;

/** The chair for a figure hanging with its hands at `grip`: its pads under the first key's elbows, its backrest on that key's back. */
export function captainsChairOf(grip: Point, first: Key, view: View): FixedProp {
  const { body } = keyBody(first, view);
  const elbow = body.arms.left.middle;
  return { kind: 'captains-chair', x0: grip[0], x1: spotOf(body, 'lower-back')[0], y: grip[1], upper: elbow[1] - REST_HEIGHT.leftElbow };
}

/** The first frame in which an elbow leaves its pad or the lower back leaves the backrest. */
export function captainsChairProblems(motion: Motion): string[] {
  const chair = motion.fixed.find((prop) => prop.kind === 'captains-chair');
  if (chair?.upper === undefined) return [];
  if (motion.view !== 'side') return ["a captain's chair is drawn from the side only"];
  const upper = chair.upper;
  return firstFrameProblem(motion, (body) => {
    const back = spotOf(body, 'lower-back')[0] - chair.x1;
    if (Math.abs(back) > ON_PAD) return `the lower back is ${(Math.abs(back) * 100).toFixed(0)} cm off the backrest`;
    for (const side of SIDES) {
      const off = body.arms[side].middle[1] - REST_HEIGHT.leftElbow - upper;
      if (Math.abs(off) > ON_PAD) return `the ${side} elbow is ${(Math.abs(off) * 100).toFixed(0)} cm off its pad`;
    }
    return undefined;
  });
}
