/**
 * A seated machine's pads on levers seen from the front (`sidePads`, front-seat.ts): on the outsides of the
 * knees (a hip abductor), their insides (an adductor) or the outsides of the upper arms (a lateral raise
 * machine). Each pad presses where the first key puts it and goes where its lever lets it: a knee pad
 * swings level about a post, so it stays at one height; an arm pad turns about the shoulder. The weight
 * stack beside the machine rises by how far the body has pushed the pads on from the first key, so it
 * rises as the knees push apart (or together) or the arms rise, and `check` refuses a pad left behind
 * (a knee off its height, a shoulder off its lever's pivot) or pushed back past its rest. A knee machine's
 * feet rest on its foot bars, on the same levers: they move out or in with the knees at the first key's height.
 */
import type { FixedProp, Key, Motion, SidePads } from './motion.ts';
import { add, type Body, direction, distance, LEG_HALF_WIDTH, lerpPoint, type Point, SIDES, type Side, type View } from './skeleton.ts';
import { firstFrameProblem, keyBody } from './timeline.ts';

/** A pad's half thickness, and how far along the upper arm from the shoulder an arm pad presses (metres). */
export const PAD = { half: 0.03, alongArm: 0.24 } as const;
/** Half the drawn thickness of the upper arm (render-svg.ts draws it 8.5 cm thick). */
const UPPER_ARM_HALF = 0.0425;
/** How far a knee may leave its pad's height, or a shoulder its lever's pivot, and the pads be pushed back past their rest (metres). */
export const PAD_HELD_WITHIN = 0.03;
const PAST_REST = 0.02;
/** The weight stack's place beside the machine (metres from the seat's middle) and its rods' height. */
export const STACK = { knees: 0.62, arms: 1.0, rods: 1.3 } as const;

const isArms = (pads: FixedProp): boolean => pads.presses === 'upper-arms';

/** The abduction of an upper arm seen from the front: degrees from hanging down, outward positive. */
function abduction(body: Body, side: Side): number {
  const { root, middle } = body.arms[side];
  const outward = Math.sign(root[0] - body.pelvis[0]) || 1;
  return (Math.atan2((middle[0] - root[0]) * outward, root[1] - middle[1]) * 180) / Math.PI;
}

/** The knees' or shoulders' places in a body, left then right: what the pads press on or turn about. */
const partsOf = (body: Body, presses: SidePads): readonly [Point, Point] =>
  presses === 'upper-arms' ? [body.arms.left.root, body.arms.right.root] : [body.legs.left.middle, body.legs.right.middle];

/** The pads where the first key puts them, and the weight stack beside the machine (x0..x1 its width, y its rods' top). */
export function sidePadsOf(presses: SidePads | undefined, first: Key, view: View): FixedProp[] {
  if (presses === undefined) return [];
  const body = keyBody(first, view).body;
  const face = partsOf(body, presses);
  const x = presses === 'upper-arms' ? STACK.arms : STACK.knees;
  // At rest: how far apart the knees are, or how far the arms are raised, when the first key sets the pads.
  const rest = presses === 'upper-arms' ? (abduction(body, 'left') + abduction(body, 'right')) / 2 : Math.abs(face[0][0] - face[1][0]);
  // A knee pad swings level: both stay at the height the first key's knees have (between them).
  const height = (face[0][1] + face[1][1]) / 2;
  const held: readonly [Point, Point] =
    presses === 'upper-arms'
      ? face
      : [
          [face[0][0], height],
          [face[1][0], height],
        ];
  const pads: FixedProp = { kind: 'pad', presses, x0: x - 0.12, x1: x + 0.12, y: STACK.rods, face: held, angle: rest };
  // The soles rest on the machine's foot bars, at the height the first key puts them.
  return [presses === 'upper-arms' ? pads : { ...pads, platform: [soleOf(body, 'left'), soleOf(body, 'right')] }];
}

/** The middle of a sole seen from the front, between its heel and toe: what rests on a foot bar. */
export const soleOf = (body: Body, side: Side): Point => lerpPoint(body.legs[side].heel, body.legs[side].toe, 0.5);

/** How far the body has pushed the pads on from their rest (metres along their path; negative: back past it). */
export function padTravel(pads: FixedProp, body: Body): number {
  if (isArms(pads)) {
    const raised = (abduction(body, 'left') + abduction(body, 'right')) / 2 - (pads.angle ?? 0);
    return (raised * Math.PI * PAD.alongArm) / 180;
  }
  const apart = Math.abs(body.legs.left.middle[0] - body.legs.right.middle[0]) - (pads.angle ?? 0);
  return pads.presses === 'knees-out' ? apart : -apart;
}

/** Where each pad's middle is in a frame: beside its knee at its height, or along the outside of its upper arm from the pivot. */
export function padCentres(pads: FixedProp, body: Body): Record<Side, { centre: Point; along: Point; pivot: Point }> {
  const entries = SIDES.map((side, i) => {
    const pivot = pads.face![i]!;
    const outward = Math.sign((isArms(pads) ? body.arms[side].root : body.legs[side].middle)[0] - body.pelvis[0]) || 1;
    if (!isArms(pads)) {
      const knee = body.legs[side].middle;
      const off = (LEG_HALF_WIDTH.thigh + PAD.half) * (pads.presses === 'knees-out' ? outward : -outward);
      return [side, { centre: [knee[0] + off, pads.face![0][1]] as Point, along: [0, 1] as Point, pivot }] as const;
    }
    const along = direction(abduction(body, side) * outward);
    // The outside of the upper arm: its direction turned a right angle away from the body (up when level).
    const out: Point = [-outward * along[1], outward * along[0]];
    const centre = add(add(pivot, along, PAD.alongArm), out, UPPER_ARM_HALF + PAD.half);
    return [side, { centre, along, pivot }] as const;
  });
  return Object.fromEntries(entries) as Record<Side, { centre: Point; along: Point; pivot: Point }>;
}

/** The first frame whose knee leaves its pad's height, whose shoulder leaves its lever's pivot, or that pushes the pads back past their rest. */
export function sidePadProblems(motion: Motion): string[] {
  const pads = motion.fixed.find((prop) => prop.presses !== undefined);
  if (pads === undefined) return [];
  if (motion.view !== 'front') return ["a seated machine's side pads are drawn from the front only"];
  return firstFrameProblem(motion, (body) => {
    for (const [i, side] of SIDES.entries()) {
      if (isArms(pads)) {
        const off = distance(body.arms[side].root, pads.face![i]!);
        if (off > PAD_HELD_WITHIN)
          return `the ${side} shoulder is ${(off * 100).toFixed(0)} cm from its pad lever's pivot: the pad would leave the upper arm`;
      } else {
        const off = body.legs[side].middle[1] - pads.face![0][1];
        if (Math.abs(off) > PAD_HELD_WITHIN)
          return `the ${side} knee is ${(Math.abs(off) * 100).toFixed(0)} cm ${off > 0 ? 'above' : 'below'} its pad, which swings level`;
      }
      // A foot bar rides on its knee pad's lever, level: it moves out or in with the foot, never up or down.
      const offBar = pads.platform === undefined ? 0 : soleOf(body, side)[1] - pads.platform[i]![1];
      if (Math.abs(offBar) > PAD_HELD_WITHIN)
        return `the ${side} sole is ${(Math.abs(offBar) * 100).toFixed(0)} cm ${offBar > 0 ? 'above' : 'below'} its foot bar`;
    }
    const travel = padTravel(pads, body);
    if (travel >= -PAST_REST) return undefined;
    const back = isArms(pads)
      ? 'the arms are lower than'
      : pads.presses === 'knees-out'
        ? 'the knees are closer than'
        : 'the knees are wider than';
    return `${back} where the first key sets the pads (${(-travel * 100).toFixed(0)} cm): the weight stack would sink below its rest`;
  });
}
