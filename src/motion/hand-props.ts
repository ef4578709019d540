/**
 * Small implements held in the hands or squeezed between the knees or ankles: a Pilates ring (magic
 * circle), a dowel, a squeeze ball, an ab wheel, a wrist roller, a towel slid under a hand and a massage
 * stick rolled along a leg. Their
 * sizes, where each sits in a frame, and what `check` refuses of them, frame by frame through the loop: a
 * ring opened wider than it is or squeezed flatter than it gives, a dowel the hands slide along, a ball
 * not held between the parts that squeeze it, an ab wheel that leaves the floor, a wrist roller's plate
 * under the floor, a towel lifted off what it slides on, a massage stick off the leg it rolls along.
 */
import type { HandPropKind, HeldProp, Motion } from './motion.ts';
import { type Body, distance, LEG_HALF_WIDTH, lerpPoint, mix, type Point, toSegment } from './skeleton.ts';
import { bodyAt, FRAMES_PER_SECOND, frameCount, groundAt, heldAt, locate, REST_HEIGHT, supportsOf } from './timeline.ts';

/** A magic circle: 36 cm across its pads at rest; squeezed, it gives to about 26 cm; pulled open, to about 46 cm. */
export const RING = { open: 0.36, squeezed: 0.26, pulled: 0.46 } as const;
/** A dowel, wand or broomstick: 1.2 m long. */
export const DOWEL_LENGTH = 1.2;
/** A small soft ball (10 cm) squeezed between the knees or the ankles. */
export const SQUEEZE_BALL = 0.1;
/** An ab wheel's radius: the handles through its axle, so the hands are this high above the floor. */
export const AB_WHEEL_RADIUS = 0.09;
/** A wrist roller's plate (radius) and how close to the floor it hangs with the rope unwound. */
export const WRIST_ROLLER = { plate: 0.1, unwoundClearance: 0.05, woundBelowHands: 0.15 } as const;

/** A towel folded under a hand: this long along what it lies on, and this thick (within the hand's resting height). */
export const TOWEL = { length: 0.32, thickness: 0.03 } as const;

/** A massage (roller) stick: the radius of its rollers, and its length between the handles. */
export const MASSAGE_STICK = { radius: 0.022, length: 0.5 } as const;

/** How far a ring or a ball may be from its size (metres) before it reads as loose or crushed. */
const SIZE_TOLERANCE = 0.02;
/** Hands on a dowel may move along it this much through the loop (metres): more is a slide, not a grip. */
const GRIP_TOLERANCE = 0.06;
/** Seen from the side, the two knees or ankles squeezing something stand this close along the floor. */
const TOGETHER = 0.06;
/** A hand this far off the towel it slides on, or a massage stick this far off the leg it rolls on, has left it (metres). */
const ON_SURFACE = 0.02;
/** An ab wheel whose axle is this far from its height above the floor is off the floor or in it. */
const WHEEL_TOLERANCE = 0.02;

export const isHandProp = (prop: HeldProp): prop is HeldProp & { kind: HandPropKind } =>
  prop.kind === 'pilates-ring' ||
  prop.kind === 'dowel' ||
  prop.kind === 'squeeze-ball' ||
  prop.kind === 'ab-wheel' ||
  prop.kind === 'wrist-roller' ||
  prop.kind === 'towel' ||
  prop.kind === 'massage-stick';

/** Half the thickness of what squeezes a ring or ball, seen from the front: a hand, a knee, an ankle. */
const HALF_THICKNESS: Record<'hands' | 'knees' | 'ankles', number> = { hands: 0.03, knees: 0.06, ankles: 0.04 };

/** The two points a prop is squeezed between (or, around the ankles, pulled open by): the hands, the knees, or the ankles. */
export function squeezedBetween(body: Body, prop: HeldProp): readonly [Point, Point] {
  if (prop.at === 'knees') return [body.legs.left.middle, body.legs.right.middle];
  if (prop.at === 'ankles' || prop.at === 'around-ankles') return [body.legs.left.end, body.legs.right.end];
  return [body.arms.left.hand, body.arms.right.hand];
}

/**
 * Seen from the front: how wide the gap is between the parts that squeeze a ring or ball, or, for a ring
 * around the ankles, how wide it is held open across their outsides (metres).
 */
export function squeezeSpan(body: Body, prop: HeldProp): number {
  const [a, b] = squeezedBetween(body, prop);
  if (prop.at === 'around-ankles') return distance(a, b) + 2 * HALF_THICKNESS.ankles;
  const part = prop.at === 'knees' || prop.at === 'ankles' ? prop.at : 'hands';
  return distance(a, b) - 2 * HALF_THICKNESS[part];
}

/** The words for where an implement is held, for messages. */
const placeOf = (prop: HeldProp): string =>
  prop.at === 'around-ankles'
    ? 'around the ankles'
    : prop.at === 'knees' || prop.at === 'ankles'
      ? `between the ${prop.at}`
      : 'between the hands';

/** How far a wrist roller's rope is wound `seconds` into the loop: 0 at the first key, 1 at the last, unwinding on the way back. */
export function woundAt(motion: Motion, seconds: number): number {
  const { from, to, progress } = locate(motion, seconds);
  const last = Math.max(1, motion.keys.length - 1);
  return mix(from / last, to / last, progress);
}

/** The wrist roller's rope: long enough that the plate hangs just off the floor under the first key's hands. */
export function wristRollerRope(motion: Motion): number {
  const hands = heldAt(bodyAt(motion, 0), { kind: 'wrist-roller', at: 'hands', massKg: 0 });
  return hands[1] - 2 * WRIST_ROLLER.plate - WRIST_ROLLER.unwoundClearance;
}

/** The centre of a wrist roller's plate `seconds` into the loop: under the handle, lifted as the rope winds. */
export function wristRollerPlate(motion: Motion, body: Body, seconds: number): Point {
  const handle = heldAt(body, { kind: 'wrist-roller', at: 'hands', massKg: 0 });
  const full = wristRollerRope(motion);
  const rope = mix(full, WRIST_ROLLER.woundBelowHands - WRIST_ROLLER.plate, woundAt(motion, seconds));
  return [handle[0], handle[1] - rope - WRIST_ROLLER.plate];
}

/** How far a massage stick at `at` is from the surface of the nearest thigh or shank (negative: pressed into it). */
export function stickGap(body: Body, at: Point): number {
  const legs = Object.values(body.legs);
  const gaps = legs.flatMap((leg) => [
    toSegment(at, leg.root, leg.middle) - LEG_HALF_WIDTH.thigh,
    toSegment(at, leg.middle, leg.end) - LEG_HALF_WIDTH.shank,
  ]);
  return Math.min(...gaps) - MASSAGE_STICK.radius;
}

/** The first problem of one held implement in one frame, if any. */
function frameProblem(motion: Motion, prop: HeldProp, body: Body, seconds: number): string | undefined {
  const view = motion.view;
  const [a, b] = squeezedBetween(body, prop);
  const between =
    prop.at === 'knees' || prop.at === 'ankles' || prop.at === 'around-ankles' ? `the ${prop.at.replace('around-', '')}` : 'the hands';
  if ((prop.kind === 'pilates-ring' || prop.kind === 'squeeze-ball') && view === 'side' && prop.at !== 'hands') {
    const apart = Math.abs(a[0] - b[0]);
    if (apart > TOGETHER)
      return `${between} squeezing the ${prop.kind} are ${(apart * 100).toFixed(0)} cm apart along the floor; it is held between them`;
  }
  if (prop.kind === 'pilates-ring' && view === 'front' && prop.at === 'around-ankles') {
    const span = squeezeSpan(body, prop);
    if (span > RING.pulled + SIZE_TOLERANCE || span < RING.open - SIZE_TOLERANCE)
      return `the Pilates ring around the ankles is ${(span * 100).toFixed(0)} cm across; it rests on them at ${RING.open * 100} cm and pulls open to ${RING.pulled * 100} cm`;
  } else if (prop.kind === 'pilates-ring' && view === 'front') {
    const span = squeezeSpan(body, prop);
    if (span > RING.open + SIZE_TOLERANCE || span < RING.squeezed - SIZE_TOLERANCE)
      return `the Pilates ring ${placeOf(prop)} is ${(span * 100).toFixed(0)} cm across; it opens to ${RING.open * 100} cm and squeezes to ${RING.squeezed * 100} cm`;
  }
  if (prop.kind === 'squeeze-ball' && view === 'front') {
    const span = squeezeSpan(body, prop);
    if (Math.abs(span - SQUEEZE_BALL) > SIZE_TOLERANCE)
      return `the ball between ${between} is ${(span * 100).toFixed(0)} cm across; it is ${SQUEEZE_BALL * 100} cm`;
  }
  if (prop.kind === 'dowel' && view === 'front' && distance(a, b) > DOWEL_LENGTH - 0.05)
    return `the hands are ${(distance(a, b) * 100).toFixed(0)} cm apart, past the ends of a ${DOWEL_LENGTH * 100} cm dowel`;
  if (prop.kind === 'ab-wheel') {
    const off = heldAt(body, prop)[1] - AB_WHEEL_RADIUS;
    if (Math.abs(off) > WHEEL_TOLERANCE)
      return `the ab wheel is ${(Math.abs(off) * 100).toFixed(0)} cm ${off > 0 ? 'off' : 'into'} the floor; it rolls on it (put the hands on it with handsOnFloor)`;
  }
  if (prop.kind === 'massage-stick') {
    const gap = stickGap(body, heldAt(body, prop));
    if (Math.abs(gap) > ON_SURFACE)
      return `the massage stick is ${(Math.abs(gap) * 100).toFixed(0)} cm ${gap > 0 ? 'off' : 'into'} the leg it rolls along`;
  }
  if (prop.kind === 'towel') {
    // Under the hand, on the floor or the top it slides along: the hand rests on it in every frame.
    const hand = heldAt(body, prop);
    const off = hand[1] - REST_HEIGHT.leftHand - groundAt(hand[0], supportsOf(motion.fixed)).y;
    if (Math.abs(off) > ON_SURFACE)
      return `the hand on the towel is ${(Math.abs(off) * 100).toFixed(0)} cm ${off > 0 ? 'above' : 'into'} what the towel slides on`;
  }
  if (prop.kind === 'wrist-roller') {
    const plate = wristRollerPlate(motion, body, seconds);
    if (plate[1] - WRIST_ROLLER.plate < -0.005) return "the wrist roller's plate is under the floor; hold the handle higher";
  }
  return undefined;
}

/** Every problem of the held implements of a motion, as messages for motion-check.ts (one per implement). */
export function handPropProblems(motion: Motion): string[] {
  const props = motion.held.filter(isHandProp);
  if (props.length === 0) return [];
  const messages: string[] = [];
  if (props.some((prop) => prop.kind === 'ab-wheel') && motion.view !== 'side') messages.push('an ab wheel is drawn from the side only');
  const reported = new Set<HeldProp>();
  // A dowel held in both hands seen from the front: the distance between the grips stays one (a rigid stick).
  const grips = props.map(() => ({ min: Number.POSITIVE_INFINITY, max: 0 }));
  for (let frame = 0; frame < frameCount(motion); frame += 1) {
    const seconds = frame / FRAMES_PER_SECOND;
    const body = bodyAt(motion, seconds);
    props.forEach((prop, i) => {
      const [a, b] = squeezedBetween(body, prop);
      grips[i]!.min = Math.min(grips[i]!.min, distance(a, b));
      grips[i]!.max = Math.max(grips[i]!.max, distance(a, b));
      if (reported.has(prop)) return;
      const message = frameProblem(motion, prop, body, seconds);
      if (message === undefined) return;
      reported.add(prop);
      messages.push(`at ${seconds.toFixed(2)} s ${message}`);
    });
  }
  props.forEach((prop, i) => {
    const slide = grips[i]!.max - grips[i]!.min;
    if (prop.kind === 'dowel' && motion.view === 'front' && slide > GRIP_TOLERANCE)
      messages.push(
        `the hands slide ${(slide * 100).toFixed(0)} cm along the dowel through the loop; keep them one distance apart, gripping it`,
      );
  });
  return messages;
}

/** Where the middle of two points is, for drawing what lies between them. */
export const midway = (a: Point, b: Point): Point => lerpPoint(a, b, 0.5);
