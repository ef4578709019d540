/**
 * A chair back or a kitchen counter a standing figure rests a hand on for balance (`handRest`, renderer 1.27.0): leg
 * swings beside a chair, weight shifts at a counter. Until then no prop drew a chair for a standing figure (frontSeat
 * draws one only under a seated figure) and walls or boxes standing in for it failed review. A key's `handsOnRest`
 * puts the hands it names on the prop's top, where their arms carry them along it, as `handsOnBar` puts them on a low
 * bar; a key with a hand resting there is no standing key for the balance check, but a light lean only: the centre of
 * mass stays between the feet and that hand. Where it stands, by view and kind:
 * - a chair seen from the side stands beside the figure on its far side (its right), seen in profile behind it, its
 *   backrest at x and its seat running ahead (or behind) from it: the right hand rests on the backrest's top;
 * - a chair seen from the front stands in the picture beside the figure, face on, its middle at x: a hand rests on its
 *   top rail, and no part of the figure may pass into it;
 * - a counter seen from the side is a cabinet in the picture ahead of (or behind) the figure, its face at x, 60 cm
 *   deep: the hands rest on its worktop and no part may pass into it;
 * - a counter seen from the front stands between the viewer and the figure, 1.2 m wide about x, drawn see-through over
 *   the legs with a solid worktop edge: the hands rest on its top, reaching toward the viewer (`toward.arms`).
 */
import * as v from 'valibot';
import type { FixedProp, Motion } from './motion.ts';
import type { HandRestPlace } from './prop-kinds.ts';
import { within } from './schema-numbers.ts';
import { armDepth } from './front-arms-depth.ts';
import {
  type Arm,
  type Body,
  centreWithLoad,
  distance,
  LEG_HALF_WIDTH,
  lerpPoint,
  type Point,
  SEGMENT,
  type Side,
  SIDES,
} from './skeleton.ts';
import { firstFrameProblem, heldAt, loopKeyBody, REST_HEIGHT } from './timeline.ts';

export const HAND_RESTS = ['chair', 'counter'] as const;
export type HandRest = (typeof HAND_RESTS)[number];
/** A dining chair: 44 cm wide, its seat 42 cm deep and 45 cm up (metres). */
export const CHAIR = { halfWidth: 0.22, depth: 0.42, seat: 0.45 } as const;
/** A kitchen counter: 60 cm deep; seen from the front 1.2 m of it; the hands rest at least 3 cm in from its edge. */
export const COUNTER = { depth: 0.6, halfWidth: 0.6, inset: 0.03 } as const;
/** How far (metres) a resting hand may be off the top, and a part of the body into the prop, before the check refuses it. */
const OFF_TOP = 0.03;
const INTO = 0.02;
/** How far past the feet and the resting hand the centre of mass may be: a hand steadies a lean, it does not hold one. */
const LEAN_PAST = 0.05;
/** How far in front of the shoulder a hand on a counter seen from the front must reach (metres): the counter is in front. */
const COUNTER_REACH = 0.15;
/** Half the depth of the trunk and an arm as drawn, as the other through-checks read them. */
const [TRUNK_HALF, ARM_HALF] = [0.1, 0.04];

export const HAND_REST_ENTRIES = {
  /**
   * A chair back or counter the hands of keys with `handsOnRest` rest on (hand-rest.ts): `on` chair or counter, `x` where
   * it stands (a chair's backrest from the side, its middle from the front; a counter's face from the side, its middle from
   * the front), `top` the height of its top (0.75 to 1.05 m, 0.9 unless given), `seat` a side-view chair's seat from its back.
   */
  handRest: v.optional(
    v.strictObject({
      on: v.picklist(HAND_RESTS, 'handRest.on is chair or counter'),
      x: within(-3, 3),
      top: v.optional(within(0.75, 1.05)),
      seat: v.optional(v.picklist(['ahead', 'behind'], 'handRest.seat is ahead or behind (where a chair seen from the side has its seat)')),
    }),
  ),
};

export const HAND_REST_KEY_ENTRIES = {
  /** Hands resting on the chair back or counter (`handRest`) at this key: a hand held there for balance. */
  handsOnRest: v.optional(v.picklist(['both', 'left', 'right'])),
};

type HandRestParams = {
  handRest?: { on: HandRest; x: number; top?: number | undefined; seat?: 'ahead' | 'behind' | undefined } | undefined;
  keys: readonly { name: string; handsOnRest?: string | undefined }[];
};

/** Why the fields do not fit together, naming the field, or nothing. */
export function handRestMisfit(p: HandRestParams): string | undefined {
  const i = p.keys.findIndex((k) => k.handsOnRest !== undefined);
  if (p.handRest === undefined)
    return i < 0 ? undefined : `key ${i} "${p.keys[i]!.name}": handsOnRest puts hands on a chair back or counter: give handRest too`;
  if (p.handRest.seat !== undefined && p.handRest.on !== 'chair')
    return 'handRest.seat says where a chair has its seat: a counter has none';
  if (i < 0) return `handRest: no key rests a hand on the ${p.handRest.on}: give the keys that hold it handsOnRest`;
  return undefined;
}

/** The chair or counter of a description, in the scene as its view sees it. */
export function handRestOf(p: Pick<HandRestParams, 'handRest'>, view: Motion['view']): FixedProp[] {
  if (p.handRest === undefined) return [];
  const { on, x, seat } = p.handRest;
  const y = p.handRest.top ?? 0.9;
  const place = (x0: number, x1: number, rail: readonly [number, number], stands: HandRestPlace['stands']): FixedProp[] => [
    { kind: on, x0, x1, y, rest: { rail, stands } },
  ];
  if (on === 'chair') {
    if (view === 'side') return place(x, x + (seat === 'behind' ? -1 : 1) * CHAIR.depth, [x, x], 'beside');
    return place(x - CHAIR.halfWidth, x + CHAIR.halfWidth, [x - CHAIR.halfWidth + 0.02, x + CHAIR.halfWidth - 0.02], 'in-plane');
  }
  if (view === 'front')
    return place(x - COUNTER.halfWidth, x + COUNTER.halfWidth, [x - COUNTER.halfWidth, x + COUNTER.halfWidth], 'in-front');
  // From the side it runs away from the figure (the fixed point at x = 0), its face toward it at x.
  const [x0, x1] = x >= 0 ? [x, x + COUNTER.depth] : [x - COUNTER.depth, x];
  return place(x0, x1, x >= 0 ? [x0 + COUNTER.inset, x1] : [x0, x1 - COUNTER.inset], 'in-plane');
}

/** Where a hand resting on the prop goes: on its top where the arm carries it along it, or as near as the arm reaches. */
export function restingHand(prop: FixedProp, arm: Arm): Point {
  const [from, to] = prop.rest!.rail;
  const target: Point = [Math.min(to, Math.max(from, arm.hand[0])), prop.y + REST_HEIGHT.leftHand];
  // The arm as drawn (shorter where it points toward the viewer), never locked straight.
  const reach = (distance(arm.root, arm.middle) + distance(arm.middle, arm.hand)) * 0.99;
  const gap = distance(arm.root, target);
  return gap <= reach ? target : lerpPoint(arm.root, target, reach / gap);
}

export const handRestIn = (motion: Pick<Motion, 'fixed'>): FixedProp | undefined => motion.fixed.find((prop) => prop.rest !== undefined);

const HAND = { left: 'leftHand', right: 'rightHand' } as const;
const cm = (m: number) => (m * 100).toFixed(0);

/** How far a hand is off the prop's top (where along the rail is nearest it). */
function offTop(prop: FixedProp, hand: Point): number {
  const [from, to] = prop.rest!.rail;
  return distance(hand, [Math.min(to, Math.max(from, hand[0])), prop.y + REST_HEIGHT.leftHand]);
}

/** How far a round part about the segment a-b is into the box x0..x1 from the floor to the top (metres; negative: clear of it). */
function intoBox(prop: FixedProp, a: Point, b: Point, half: number): number {
  let deepest = Number.NEGATIVE_INFINITY;
  for (let i = 0; i <= 12; i += 1) {
    const [x, y] = lerpPoint(a, b, i / 12);
    const dx = Math.max(prop.x0 - x, x - prop.x1);
    const dy = Math.max(-y, y - prop.y);
    // Outside: its distance to the box; inside: how deep (the nearest side).
    const outside = dx > 0 || dy > 0 ? Math.hypot(Math.max(dx, 0), Math.max(dy, 0)) : Math.max(dx, dy);
    deepest = Math.max(deepest, half - outside);
  }
  return deepest;
}

/** The first part of the body more than 2 cm into the chair or counter standing in the picture, named, or nothing. */
function throughProblem(prop: FixedProp, body: Body): string | undefined {
  const parts: [string, Point, Point, number][] = [
    ['head', body.head, body.head, SEGMENT.headRadius],
    ['trunk', body.pelvis, body.neckBase, TRUNK_HALF],
  ];
  for (const side of SIDES) {
    const { legs, arms } = body;
    parts.push([`${side} thigh`, legs[side].root, legs[side].middle, LEG_HALF_WIDTH.thigh]);
    parts.push(
      [`${side} shank`, legs[side].middle, legs[side].end, LEG_HALF_WIDTH.shank],
      [`${side} foot`, legs[side].heel, legs[side].toe, 0.03],
    );
    // A resting hand lies 3 cm over the top, its arm 4 cm round: 1 cm into it, under what is refused.
    parts.push(
      [`${side} upper arm`, arms[side].root, arms[side].middle, ARM_HALF],
      [`${side} forearm`, arms[side].middle, arms[side].hand, ARM_HALF],
    );
  }
  for (const [name, a, b, half] of parts) {
    const depth = intoBox(prop, a, b, half);
    if (depth > INTO) return `the ${name} passes ${cm(depth)} cm into the ${prop.kind}`;
  }
  return undefined;
}

/** The hands resting on the prop at key `i` (its promised contacts). */
const restingAt = (motion: Motion, i: number, prop: FixedProp): Side[] =>
  SIDES.filter((side) => motion.keys[i]!.contacts.some((c) => c.point === HAND[side] && c.on === prop.kind));

/** What is wrong at one key with a hand resting: the wrong hand from the side, a hand off the top or short of a counter, a heavy lean. */
function keyProblem(motion: Motion, prop: FixedProp, i: number, sides: readonly Side[]): string | undefined {
  const body = loopKeyBody(motion, i).body;
  const at = `key ${i} "${motion.keys[i]!.name}"`;
  if (prop.rest!.stands === 'beside' && sides.includes('left'))
    return `${at}: the chair stands beside the figure's far side, its right: rest the right hand on it (from the side the left hand is the near one)`;
  for (const side of sides) {
    const off = offTop(prop, body.arms[side].hand);
    if (off > OFF_TOP)
      return `${at}: the ${side} hand is ${cm(off)} cm off the ${prop.kind}'s top (out of the arm's reach): move the ${prop.kind} (handRest.x) or the arm`;
    const depth = armDepth(body.armTilts?.[side] ?? [0, 0])[1];
    if (prop.rest!.stands === 'in-front' && depth < COUNTER_REACH)
      return `${at}: the ${side} hand on the counter is ${cm(depth)} cm in front of the shoulder: the counter stands in front of the figure, tilt the arms toward it (toward.arms)`;
  }
  // A foot on the floor is a base from its heel to its toe, though one end is a little off it (a foot on its toes).
  const standing = SIDES.filter((side) =>
    motion.keys[i]!.contacts.some((c) => c.on !== prop.kind && c.point.startsWith(side) && /Heel|Toe/.test(c.point)),
  );
  const feet = standing.flatMap((side) => [body.legs[side].heel[0], body.legs[side].toe[0]]);
  const xs = [...feet, ...sides.map((side) => body.arms[side].hand[0])];
  const centre = centreWithLoad(
    body,
    motion.held.map((prop): [Point, number] => [heldAt(body, prop), prop.massKg]),
  )[0];
  const past = Math.max(Math.min(...xs) - centre, centre - Math.max(...xs));
  if (feet.length > 0 && past > LEAN_PAST)
    return `${at}: the centre of mass is ${cm(past)} cm past the feet and the hand on the ${prop.kind}: a hand resting for balance steadies a light lean, it does not hold the body up`;
  return undefined;
}

/**
 * What `check` refuses of a chair back or counter, naming `handRest`: a left hand on a chair seen from the side, a resting
 * hand off its top at a key or, held there at every key, in any frame between; a hand on a counter seen from the front that
 * does not reach toward it; a lean the hand would have to hold up; a part of the body passing into one standing in the picture.
 */
export function handRestProblems(motion: Motion): string[] {
  const prop = handRestIn(motion);
  if (prop === undefined) return [];
  const problems: string[] = [];
  const held = motion.keys.map((_, i) => restingAt(motion, i, prop));
  for (const [i, sides] of held.entries()) {
    const problem = sides.length === 0 ? undefined : keyProblem(motion, prop, i, sides);
    if (problem !== undefined) problems.push(problem);
  }
  // A hand resting at every key rests there all the way through.
  const always = SIDES.filter((side) => held.every((sides) => sides.includes(side)));
  const framed = firstFrameProblem(motion, (body) => {
    for (const side of always) {
      const off = offTop(prop, body.arms[side].hand);
      if (off > OFF_TOP) return `the ${side} hand is ${cm(off)} cm off the ${prop.kind}'s top, where it rests at every key`;
    }
    return prop.rest!.stands === 'in-plane' ? throughProblem(prop, body) : undefined;
  });
  return [...problems, ...framed].map((message) => `handRest: ${message}`);
}
