/**
 * A dumbbell held in the crease behind the knee (`holdIn: "knee-crease"`, a dumbbell donkey kick): the calf squeezed
 * against the thigh holds it there, so it sits between them behind the near knee (held-places.ts kneeCrease) and
 * moves with the leg as it kicks. What `check` refuses: a load there that is not a dumbbell, one seen from the
 * front (the knee bends toward the viewer there), and, naming the time, a knee opened past 90 degrees of flexion,
 * where the calf no longer holds it and it would drop.
 */
import type { Motion } from './motion.ts';
import { type Body, flexionAt } from './skeleton.ts';
import { firstFrameProblem } from './timeline.ts';

/** The knee holds the dumbbell while bent at least this far (degrees of flexion). */
const HOLDING_FLEXION = 90;

/** The near knee's flexion as drawn. */
export function nearKneeFlexion(body: Body): number {
  const { root: hip, middle: knee, end: ankle } = body.legs.left;
  return flexionAt(hip, knee, ankle);
}

export function kneeCreaseProblems(motion: Motion): string[] {
  const held = motion.held.filter((prop) => prop.at === 'knee-crease');
  if (held.length === 0) return [];
  if (held.some((prop) => prop.kind !== 'dumbbell'))
    return ['holdIn: the crease behind the knee holds one dumbbell (name dumbbell in props, and nothing else held)'];
  if (motion.view !== 'side') return ['holdIn: a dumbbell behind the knee is drawn from the side'];
  const found = firstFrameProblem(motion, (body) => {
    const flexion = nearKneeFlexion(body);
    return flexion < HOLDING_FLEXION
      ? `the left knee is bent ${flexion.toFixed(0)}°: under ${HOLDING_FLEXION}° the calf no longer holds the dumbbell behind it`
      : undefined;
  });
  return found.map((message) => `holdIn: ${message}`);
}
