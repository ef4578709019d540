/**
 * A glute-ham developer (a roman chair): a pad the hips, thighs or knees rest on and rollers that lock
 * the ankles, with a foot plate under the soles; the body hinges about the pad. The rollers are placed
 * on the first key's ankles, and the check holds the ankles to them in every frame and something to the
 * pad in every key.
 */
import type { FixedProp, Key, Motion } from './motion.ts';
import { distance, type Point, SIDES, type View } from './skeleton.ts';
import { firstFrameProblem, keyBody } from './timeline.ts';

/** An ankle this far from the rollers has left them: the feet are not locked. */
const LOCKED_WITHIN = 0.04;
/** The foot plate lies this far beyond the sole, along it (metres). */
const PLATE_GAP = 0.025;

/** The pad `[x0, x1, height]`, its rollers on the first key's ankles and its foot plate under that key's soles. */
export function ghdOf([x0, x1, y]: readonly [number, number, number], first: Key, view: View): FixedProp {
  const { body } = keyBody(first, view);
  const { end: ankle, heel, toe } = body.legs.left;
  // Beyond the sole, away from the ankle: square to the sole's line, on the side the ankle is not.
  const along: Point = [toe[0] - heel[0], toe[1] - heel[1]];
  const length = Math.hypot(along[0], along[1]) || 1;
  let normal: Point = [along[1] / length, -along[0] / length];
  if ((ankle[0] - heel[0]) * normal[0] + (ankle[1] - heel[1]) * normal[1] > 0) normal = [-normal[0], -normal[1]];
  const shift = (p: Point, by: number): Point => [
    p[0] + normal[0] * PLATE_GAP + (along[0] / length) * by,
    p[1] + normal[1] * PLATE_GAP + (along[1] / length) * by,
  ];
  const knee = body.legs.left.middle;
  return {
    kind: 'ghd',
    x0,
    x1,
    y,
    rollers: {
      at: ankle,
      shank: (Math.atan2(ankle[1] - knee[1], ankle[0] - knee[0]) * 180) / Math.PI,
      plate: [shift(heel, -0.03), shift(toe, 0.03)],
    },
  };
}

/** Ankles that leave the rollers (the first frame), and keys with nothing resting on the pad. */
export function ghdProblems(motion: Motion): string[] {
  const ghd = motion.fixed.find((prop) => prop.kind === 'ghd');
  if (ghd?.rollers === undefined) return [];
  if (motion.view !== 'side') return ['a glute-ham developer is drawn from the side only'];
  const problems: string[] = [];
  motion.keys.forEach((key, i) => {
    if (!key.contacts.some((c) => c.on === 'ghd')) problems.push(`key ${i} "${key.name}": nothing rests on the glute-ham developer's pad`);
  });
  const rollers = ghd.rollers.at;
  problems.push(
    ...firstFrameProblem(motion, (body) => {
      const side = SIDES.find((s) => distance(body.legs[s].end, rollers) > LOCKED_WITHIN);
      if (side === undefined) return undefined;
      return `the ${side} ankle is ${(distance(body.legs[side].end, rollers) * 100).toFixed(0)} cm from the rollers that lock it`;
    }),
  );
  return problems;
}
