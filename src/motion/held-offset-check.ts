/**
 * What `check` refuses of a load held off its grip (`heldOffset`, held-offset.ts): an offset on a load that is not a
 * plate, dumbbell, kettlebell, ball, log, sandbag, stone or keg held in the hands or one hand, and, frame by frame, an
 * offset load more than 2 cm into the floor or, held in both hands and seen from the side, into the head, trunk or thighs
 * (a load in one hand, or each of a pair, hangs beside the body).
 */
import { isPair, type Motion } from './motion.ts';
import { gripsOf, OFFSET_RADIUS, offsetFrameProblem, offsetFrom } from './held-offset.ts';
import { bodyAt, FRAMES_PER_SECOND, frameCount } from './timeline.ts';

export function heldOffsetProblems(motion: Motion): string[] {
  const props = motion.held.filter((prop) => prop.offset !== undefined);
  if (props.length === 0) return [];
  const misplaced = props.find(
    (prop) => OFFSET_RADIUS[prop.kind] === undefined || !(prop.at === 'hands' || prop.at === 'left' || prop.at === 'right'),
  );
  if (misplaced !== undefined)
    return [
      `heldOffset places a plate, dumbbell, kettlebell, ball, log, sandbag, stone or keg held in the hands or one hand, not a ${misplaced.kind} held in ${misplaced.at}`,
    ];
  const oneLoad = props.find((prop) => prop.offset?.betweenLegs === true && (prop.at !== 'hands' || isPair(prop)));
  if (oneLoad !== undefined)
    return [`heldOffset's betweenLegs is for a load held in both hands, not a ${oneLoad.kind} held in ${oneLoad.at}`];
  for (let frame = 0; frame < frameCount(motion); frame += 1) {
    const seconds = frame / FRAMES_PER_SECOND;
    const body = bodyAt(motion, seconds);
    for (const prop of props)
      for (const [grip, side] of gripsOf(body, prop)) {
        // One hand's load, or each of a pair, hangs beside the body, not in it: the floor alone is checked there,
        // and from the front, where depth cannot tell, for any load.
        const inBody = motion.view === 'side' && prop.at === 'hands' && !isPair(prop);
        const message = offsetFrameProblem(body, prop, offsetFrom(body, prop, grip, side), inBody);
        if (message !== undefined) return [`at ${seconds.toFixed(2)} s ${message} (heldOffset)`];
      }
  }
  return [];
}
