/**
 * A machine's fixed handles (prop `handles`: a leg press's side grips, a belt squat's or a kickback
 * machine's handles): their `pose` parameter, where they go (where the first key puts the hands, or given
 * in metres), the hands held on them in every key, and the checks that no hand leaves its grip and that
 * nothing else claims the hands.
 */
import * as v from 'valibot';
import type { FixedProp, Key, Motion } from './motion.ts';
import { type Body, distance, type Point, SIDES, type Side, type View } from './skeleton.ts';
import { keyBody } from './timeline.ts';

/** How far a hand may be from its handle in any frame (metres). */
export const HANDLE_TOLERANCE = 0.03;
/** Two hands' grips closer than this (metres) are one handle seen from the side (a pair, one behind the other). */
const ONE_HANDLE = 0.01;

const within = (min: number, max: number, what: string) =>
  v.pipe(v.number(), v.minValue(min, `${what} is ${min} to ${max} m`), v.maxValue(max, `${what} is ${min} to ${max} m`));
const along = within(-3, 3, "a handle's place along the floor");
const handleHeight = within(0.2, 2.2, "a handle's height");
const post = within(-1, 1, "a handle's post along the floor from its grip");

/** The entry spread into the pose pattern's schema (rig-params.ts). */
export const HANDLE_ENTRIES = {
  /**
   * A machine's fixed handles (prop `handles`), held by both hands in every key: `"hands"` puts each where
   * the first key's hand is, `[x, height]` puts both there. Each is a grip on a post to the floor; a last
   * number (`["hands", 0.2]`, `[x, height, -0.2]`) stands the post that far along the floor from the grip,
   * a bracket running level to it (clear of the legs), else the post is under the grip.
   */
  handles: v.optional(
    v.union(
      [
        v.literal('hands'),
        v.strictTuple([v.literal('hands'), post]),
        v.strictTuple([along, handleHeight]),
        v.strictTuple([along, handleHeight, post]),
      ],
      'handles is "hands" (where the first key holds them), ["hands", post], [x, height] or [x, height, post], in metres',
    ),
  ),
};

type Handles = NonNullable<v.InferOutput<typeof HANDLE_ENTRIES.handles>>;
interface HandleParams {
  handles?: Handles | undefined;
}

/** The grip given in metres, if it is. */
const placeOf = (handles: Handles): Point | undefined =>
  handles === 'hands' || handles[0] === 'hands' ? undefined : [handles[0], handles[1] as number];

/** Where the handles' post stands along the floor from the grip. */
const postOf = (handles: Handles): number => {
  if (handles === 'hands') return 0;
  return handles[0] === 'hands' ? (handles[1] as number) : (handles[2] ?? 0);
};

/** Where each hand's handle is: where the first key puts that hand, or the one place given. */
function gripsOf(handles: Handles, first: Key, view: View): Record<Side, Point> {
  const place = placeOf(handles);
  if (place !== undefined) return { left: place, right: place };
  const body = keyBody(first, view).body;
  return { left: body.arms.left.hand, right: body.arms.right.hand };
}

/** Keys with both hands on their handles (held there by the targets, so between keys too). */
export function heldOnHandles(params: HandleParams, keys: Key[], view: View): Key[] {
  if (params.handles === undefined || keys.length === 0) return keys;
  const grips = gripsOf(params.handles, keys[0]!, view);
  return keys.map((key) => ({ ...key, hands: { left: grips.left, right: grips.right } }));
}

/** The handles as fixed props: one for both hands when their grips are one seen from the side, else one each. */
export function handlesOf(params: HandleParams, keys: readonly Key[]): FixedProp[] {
  const grips = keys[0]?.hands;
  if (params.handles === undefined || grips?.left === undefined || grips.right === undefined) return [];
  const x1 = postOf(params.handles);
  const handle = (at: Point, to: FixedProp['to']): FixedProp => ({ kind: 'handles', x0: at[0], x1: at[0] + x1, y: at[1], to });
  return distance(grips.left, grips.right) < ONE_HANDLE
    ? [handle(grips.left, 'hands')]
    : [handle(grips.left, 'left'), handle(grips.right, 'right')];
}

/** The hands a handle is held by. */
const holdersOf = (prop: FixedProp): readonly Side[] => (prop.to === 'left' || prop.to === 'right' ? [prop.to] : SIDES);

/** Props that hold the hands themselves: the hands cannot also be on fixed handles. */
const HAND_HOLDS: ReadonlySet<FixedProp['kind']> = new Set(['bar', 'low-bar', 'rings', 'dip-bars', 'captains-chair', 'rope']);

/** Why a description's handles cannot be (motion-check.ts, once before the frames), if so. */
export function handlesMisuse(motion: Pick<Motion, 'fixed'>): string[] {
  if (!motion.fixed.some((prop) => prop.kind === 'handles')) return [];
  const holder = motion.fixed.find(
    (prop) => HAND_HOLDS.has(prop.kind) || (prop.kind === 'lever' && ['hands', 'left', 'right'].includes(prop.to ?? 'hands')),
  );
  if (holder === undefined) return [];
  return [
    holder.kind === 'lever'
      ? "fixed handles with a lever running to the hands: the lever's own handles are what they hold"
      : `fixed handles with the ${holder.kind}: the hands hold one or the other`,
  ];
}

/** The first hand off its handle in this frame, if any: `the left hand is 9 cm off its handle`. */
export function handlesProblem(motion: Pick<Motion, 'fixed'>, body: Body): string | undefined {
  for (const prop of motion.fixed) {
    if (prop.kind !== 'handles') continue;
    for (const side of holdersOf(prop)) {
      const off = distance(body.arms[side].hand, [prop.x0, prop.y]);
      if (off > HANDLE_TOLERANCE) return `the ${side} hand is ${(off * 100).toFixed(0)} cm off its handle`;
    }
  }
  return undefined;
}
