/**
 * What `check` refuses of a load on a dip belt (dip-belt.ts), naming the time: a load other than a plate or
 * a kettlebell, one pressed up against the belly, one that touches the floor or sinks into a box or bench
 * top, and one that passes through a leg, unless the feet stand apart on two boxes and it hangs between them.
 */
import { BELT_LOADS, isOnBelt, LOAD_SHAPE, loadOutline } from './dip-belt.ts';
import type { HeldProp, Motion } from './motion.ts';
import { type Body, LEG_HALF_WIDTH, type Point, SIDES, toSegment } from './skeleton.ts';
import { firstFrameProblem, supportsOf } from './timeline.ts';

/** The load hangs at least this far clear of the floor and of a top under it (metres). */
const CLEARANCE = 0.02;
/** Chain the load hangs from before its top (metres): less presses it against the belly. */
const HANG = 0.05;
/** How far the load may overlap a thigh or shank as drawn (metres). */
const OVERLAP = 0.01;

/** The leg part the load passes through in this frame, or nothing. */
function legThrough(body: Body, centre: Point, radius: number): string | undefined {
  for (const side of SIDES) {
    const leg = body.legs[side];
    if (toSegment(centre, leg.root, leg.middle) < radius + LEG_HALF_WIDTH.thigh - OVERLAP) return `${side} thigh`;
    if (toSegment(centre, leg.middle, leg.end) < radius + LEG_HALF_WIDTH.shank - OVERLAP) return `${side} shank`;
  }
  return undefined;
}

function frameProblem(motion: Motion, prop: HeldProp, body: Body): string | undefined {
  const { centre, radius } = loadOutline(body, prop);
  const what = `the ${prop.kind} on the dip belt`;
  const bottom = centre[1] - radius;
  if (bottom < CLEARANCE) return `${what} touches the floor (its bottom ${(bottom * 100).toFixed(0)} cm from it); shorten beltChain`;
  for (const top of supportsOf(motion.fixed)) {
    const isOver = centre[0] + radius > top.x0 && centre[0] - radius < top.x1;
    // Between two boxes (`beltStraddle`) the load hangs in the gap, below their tops.
    if (!isOver || bottom >= top.y + CLEARANCE || (prop.straddle === true && top.name === 'box')) continue;
    return `${what} sinks into the ${top.name} (its bottom ${((top.y - bottom) * 100).toFixed(0)} cm under the top)`;
  }
  const leg = prop.straddle === true ? undefined : legThrough(body, centre, radius);
  return leg === undefined ? undefined : `${what} passes through the ${leg}; hang it clear of the legs (beltChain, the legs' angles)`;
}

/** Every problem of the loads on a dip belt, as messages for motion-check.ts. */
export function dipBeltProblems(motion: Motion): string[] {
  const messages: string[] = [];
  for (const prop of motion.held.filter(isOnBelt)) {
    if (!BELT_LOADS.has(prop.kind)) {
      messages.push(`a dip belt carries a plate or a kettlebell, not a ${prop.kind}`);
      continue;
    }
    if (prop.straddle === true && motion.view !== 'side')
      messages.push("two boxes with a dip belt's load between them are drawn from the side only");
    const shape = LOAD_SHAPE[prop.kind === 'kettlebell' ? 'kettlebell' : 'plate'];
    const least = Math.max(0, shape.radius - shape.below) + HANG;
    if ((prop.chain ?? 0) < least - 1e-9) {
      messages.push(
        `a ${prop.kind} on a dip belt hangs from at least ${(least * 100).toFixed(0)} cm of chain (beltChain), not against the belly`,
      );
      continue;
    }
    messages.push(...firstFrameProblem(motion, (body) => frameProblem(motion, prop, body)));
  }
  return messages;
}
