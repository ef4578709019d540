/**
 * A held load whose centre is away from the grip (`heldOffset`, renderer 1.24.0): a plate pinched by its top rim hanging
 * below the fingers, a dumbbell held by one end (its head ahead of or behind the hand), a medicine ball under a palm, a
 * kettlebell held by the horns (its bell below the hands) or bottom up (above them), a log or a sandbag on the chest.
 * The description gives where the load's centre is from the grip, in metres along the picture (x forward from the side,
 * to the picture's right from the front; y up); with `turnsWithHand` that is where it is while the hand points straight
 * down, and it turns with the hand (a wrist's deviation tips the dumbbell's head). Without the field every load is
 * centred on the grip as before. `check` refuses an offset load under the floor or, from the side, in the head, trunk
 * or thighs, as ball-check.ts does for a ball.
 */
import * as v from 'valibot';
import { type HeldProp, isPair } from './motion.ts';
import { add, type Body, distance, LEG_HALF_WIDTH, lerpPoint, type Point, SEGMENT, type Side, toSegment } from './skeleton.ts';
import { within } from './schema-numbers.ts';

/** Where the centre of a held load is from its grip (HeldProp.offset). */
export type HeldOffset = NonNullable<HeldProp['offset']>;

export const HELD_OFFSET_ENTRIES = {
  /** The held load's centre from the grip, metres (x forward or to the picture's right, y up); see the module comment. */
  heldOffset: v.optional(
    v.strictObject({
      x: within(-0.6, 0.6),
      y: within(-0.6, 0.6),
      turnsWithHand: v.optional(v.boolean()),
      betweenLegs: v.optional(v.literal(true)),
    }),
  ),
};

/**
 * How far each load that may be held off its grip reaches from its centre, as drawn (render-props.ts): the radius
 * checked against the floor and the body. A dumbbell held by one end is drawn with a smaller head.
 */
export const OFFSET_RADIUS: Partial<Record<HeldProp['kind'], number>> = {
  plate: 0.2,
  dumbbell: 0.06,
  dumbbells: 0.06,
  kettlebell: 0.1,
  kettlebells: 0.1,
  ball: 0.12,
  log: 0.16,
  sandbag: 0.14,
  stone: 0.23,
  keg: 0.21,
};

/** The unit direction of a hand, from the wrist to the middle of the hand. */
function handDirection(body: Body, prop: HeldProp, side?: Side): Point {
  const one = side ?? (prop.at === 'left' || prop.at === 'right' ? prop.at : undefined);
  const arms = one !== undefined ? [body.arms[one]] : [body.arms.left, body.arms.right];
  const sum = arms.reduce<Point>((s, arm) => add(s, [arm.hand[0] - arm.end[0], arm.hand[1] - arm.end[1]]), [0, 0]);
  const length = Math.hypot(sum[0], sum[1]);
  return length < 1e-9 ? [0, -1] : [sum[0] / length, sum[1] / length];
}

/** The centre of `prop` held at `grip` (by the hand on `side`, of a pair) in this frame: the grip, or the offset from it. */
export function offsetFrom(body: Body, prop: HeldProp, grip: Point, side?: Side): Point {
  const offset = prop.offset;
  if (offset === undefined) return grip;
  if (offset.turnsWithHand !== true) return [grip[0] + offset.x, grip[1] + offset.y];
  // Turned by the angle from straight down to the hand's direction.
  const [dx, dy] = handDirection(body, prop, side);
  const [c, s] = [-dy, dx];
  return [grip[0] + offset.x * c - offset.y * s, grip[1] + offset.x * s + offset.y * c];
}

/** Half the trunk's depth as drawn from the side (as ball-check.ts). */
const TRUNK_HALF = 0.1;
/** How far an offset load may pass into the floor or the body before it reads as through it. */
const THROUGH = 0.02;

/** What is wrong with an offset load centred at `at` in this frame: under the floor, or (when `inBody` is asked) in the head, trunk or thighs as seen from the side. */
export function offsetFrameProblem(body: Body, prop: HeldProp, at: Point, inBody: boolean): string | undefined {
  const radius = OFFSET_RADIUS[prop.kind] ?? 0.1;
  const sunk = radius - at[1];
  if (sunk > THROUGH) return `the ${prop.kind} is ${(sunk * 100).toFixed(0)} cm into the floor`;
  if (!inBody) return undefined;
  const head = SEGMENT.headRadius + radius - distance(at, body.head);
  if (head > THROUGH) return `the ${prop.kind} passes ${(head * 100).toFixed(0)} cm into the head`;
  const trunk = TRUNK_HALF + radius - toSegment(at, body.pelvis, body.neckBase);
  if (trunk > THROUGH) return `the ${prop.kind} passes ${(trunk * 100).toFixed(0)} cm into the trunk`;
  // A swing's bell hiked back between the thighs of a stance wider than the bell passes them, not through them.
  if (prop.offset?.betweenLegs === true) return undefined;
  for (const leg of Object.values(body.legs)) {
    const thigh = LEG_HALF_WIDTH.thigh + radius - toSegment(at, leg.root, leg.middle);
    if (thigh > THROUGH) return `the ${prop.kind} passes ${(thigh * 100).toFixed(0)} cm into a thigh`;
  }
  return undefined;
}

/** The grips a load is held at in this frame, each with the hand's side for a pair: each hand of a pair, else the middle of the hands or the one hand. */
export function gripsOf(body: Body, prop: HeldProp): [Point, Side | undefined][] {
  if (prop.at === 'left' || prop.at === 'right') return [[body.arms[prop.at].hand, undefined]];
  const [l, r] = [body.arms.left.hand, body.arms.right.hand];
  return isPair(prop)
    ? [
        [l, 'left'],
        [r, 'right'],
      ]
    : [[lerpPoint(l, r, 0.5), undefined]];
}
