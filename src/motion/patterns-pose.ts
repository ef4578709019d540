/**
 * The `pose` pattern: a movement written as its key poses (joint angles), for the many exercises
 * no parameterized pattern covers (stretches, yoga and Pilates shapes, floor drills, mobility and
 * rehab movements). The author gives angles only; the pattern puts the figure on the floor (its
 * lowest resting part touches it, in every key and every frame), promises a contact for every part
 * that rests there, marks standing keys for the balance check, and can put hands or feet on the
 * floor by inverse kinematics. What the author cannot get wrong is derived; what makes the movement
 * recognizable (the angles) stays theirs, checked by motion-check.ts like any other pattern.
 */
import * as v from 'valibot';
import type { BodyPoint, Contact, FixedProp, HeldProp, Key, Motion } from './motion.ts';
import { angles, arm, leg } from './motion.ts';
import { ANKLE_Y, heldProps, key, motion, pattern } from './pattern-kit.ts';
import { distance, pose, type Point, SEGMENT, SIDES, type Side, type View } from './skeleton.ts';
import { groundAt, liftToFloor, pointOf, REST_HEIGHT, type Support, supportsOf } from './timeline.ts';

const RESTING = Object.keys(REST_HEIGHT) as BodyPoint[];
/** A part this close to the floor (above its thickness) rests on it: it gets a contact. */
const RESTS_WITHIN = 0.02;
const NEARLY_RESTING = 0.08;
/** A hand or back this close to a wall's face leans on it (the thickness of a hand or the back). */
const AGAINST_WALL = 0.12;
const FEET: readonly BodyPoint[] = ['leftHeel', 'leftToe', 'rightHeel', 'rightToe'];

const degrees = (min: number, max: number) => v.pipe(v.number(), v.minValue(min), v.maxValue(max));
const metres = degrees(-3, 3);
const height = degrees(0, 2.6);
/**
 * Limbs are written as the directions of their segments, as one sees them, not as joint angles: each
 * is degrees from pointing straight down, positive forward (side view) or outward (front view), so
 * 0 hangs down, 90 points forward level, 180 points up, -90 points back. `[thigh, shank]` or
 * `[thigh, shank, foot]` (the foot from the ankle to the toes: 90 flat forward, 180 toes up, -90
 * pointing back as in kneeling; by default at a right angle to the shank), `[upper arm, forearm]`.
 */
const direction = degrees(-270, 270);
const LegSchema = v.union([v.strictTuple([direction, direction, direction]), v.strictTuple([direction, direction])]);
const ArmSchema = v.strictTuple([direction, direction]);
const pair = <T extends v.GenericSchema>(one: T) => v.union([one, v.strictObject({ left: one, right: one })]);

const KeySchema = v.strictObject({
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(40)),
  /** Lean of the lower trunk from upright: 0 upright, 90 level and face down, -90 lying on the back, 180 upside down. */
  trunk: v.optional(degrees(-180, 180), 0),
  /** The upper trunk's bend on the lower: positive rounds forward (a crunch), negative arches (a cobra). */
  spine: v.optional(degrees(-60, 90), 0),
  /** Chin down positive, head back negative. */
  neck: v.optional(degrees(-60, 70), 0),
  legs: v.optional(pair(LegSchema), [0, 0]),
  arms: v.optional(pair(ArmSchema), [5, 10]),
  /** Hands or feet put on the floor below where the directions carry them (inverse kinematics bends the limb). */
  handsOnFloor: v.optional(v.picklist(['both', 'left', 'right'])),
  feetOnFloor: v.optional(v.picklist(['both', 'left', 'right'])),
  /** Metres off the ground at this key: the flight of a jump or a hop (nothing rests anywhere then). */
  air: v.optional(degrees(0, 1.2), 0),
  /** Seconds held at this key, then seconds to move to the next (the last key moves back to the first). */
  hold: v.optional(degrees(0, 2.5), 0.6),
  move: v.optional(degrees(0.2, 2.5), 1),
});
export type PoseKey = v.InferOutput<typeof KeySchema>;

const ParamsSchema = v.pipe(
  v.strictObject({
    keys: v.pipe(v.array(KeySchema), v.minLength(2, 'needs at least a start and an end key'), v.maxLength(6)),
    /** The key shown as the start image and the one shown as the end image; by default the first and the last. */
    stills: v.optional(v.tuple([v.pipe(v.number(), v.integer(), v.minValue(0)), v.pipe(v.number(), v.integer(), v.minValue(0))])),
    frame: v.optional(v.picklist(['portrait', 'landscape'])),
    /** The body point that stays in place from key to key (a standing foot, a seat, hands on the floor). */
    fixed: v.optional(v.picklist(RESTING), 'leftHeel'),
    /** Where the load a description names is held: both hands (default), one hand, across the upper back, or racked in front. */
    holdIn: v.optional(v.picklist(['hands', 'left', 'right', 'back', 'front-rack']), 'hands'),
    /** Props placed in metres along the floor from the fixed point (x = 0), forward positive. A bench's or box's top is a support: parts over it rest on it. */
    bench: v.optional(v.union([v.strictTuple([metres, metres, height]), v.strictTuple([metres, metres])])),
    box: v.optional(v.strictTuple([metres, metres, height])),
    /** A foam roller lying across the line of view, its centre at x (15 cm thick): the part over it rests on it. */
    roller: v.optional(metres),
    /** A stability ball (65 cm) on the floor, its centre at x: the part over its top rests on it. */
    stabilityBall: v.optional(metres),
    /**
     * An incline bench `[x, angle]`: its seat (the support, 35 cm long, 45 cm high) starts at x and its
     * back pad rises from there at `angle` degrees, behind the seat (toward -x) when positive, in front of
     * it (a chest pad, a preacher pad) when negative. The pad is drawn; the trunk's angle lays the body on it.
     */
    incline: v.optional(v.strictTuple([metres, v.union([degrees(20, 90), degrees(-90, -20)])])),
    /** A Smith machine's rails at x: the bar, at the hands, runs up and down them. */
    smith: v.optional(metres),
    /** The face of a wall. */
    wall: v.optional(metres),
    /** A cable's pulley or a band's anchor `[x, height]`; its line runs to `to` (both hands by default) in every frame. */
    cable: v.optional(v.strictTuple([metres, height])),
    band: v.optional(v.strictTuple([metres, height])),
    to: v.optional(v.picklist(['hands', 'left', 'right', 'feet']), 'hands'),
    /** A second cable (a crossover seen from the front: one pulley each side), with its own `to2`. */
    cable2: v.optional(v.strictTuple([metres, height])),
    to2: v.optional(v.picklist(['hands', 'left', 'right', 'feet']), 'hands'),
    /** Hanging from an overhead bar by the hands: the left hand stays on the bar, nothing rests on the floor. */
    hang: v.optional(v.boolean(), false),
  }),
  v.check(
    (p) => p.stills === undefined || p.stills.every((i) => i < p.keys.length),
    'stills must name keys of the description (0 is the first)',
  ),
);
export type PoseParams = v.InferOutput<typeof ParamsSchema>;

const sides = (which: 'both' | Side | undefined): readonly Side[] => (which === undefined ? [] : which === 'both' ? SIDES : [which]);

/** Joint angles (skeleton.ts) from segment directions: a joint's angle is the turn between its two segments. */
export function anglesOf(k: PoseKey) {
  const upper = k.trunk + k.spine;
  const legOf = ([thigh, shank, foot]: readonly number[]) =>
    leg(thigh! + k.trunk, thigh! - shank!, foot === undefined ? 0 : foot - shank! - 90);
  const armOf = ([upperArm, forearm]: readonly number[]) => arm(upperArm! + upper, forearm! - upperArm!);
  const legs = Array.isArray(k.legs) ? legOf(k.legs) : ([legOf(k.legs.left), legOf(k.legs.right)] as const);
  const arms = Array.isArray(k.arms) ? armOf(k.arms) : ([armOf(k.arms.left), armOf(k.arms.right)] as const);
  return angles({ trunk: k.trunk, spine: k.spine, neck: k.neck, legs, arms });
}

/**
 * The point at height `y` straight below `end`, or, when a limb of length `reach` from `root` cannot
 * get there, the nearest point at that height it can reach (99% of its length: a limb never locks).
 */
function onFloorWithin(root: Point, end: Point, reach: number, above: number, supports: readonly Support[]): Point {
  const y = groundAt(end[0], supports).y + above;
  const drop = root[1] - y;
  const span = Math.sqrt(Math.max(0, (reach * 0.99) ** 2 - drop ** 2));
  return [Math.min(root[0] + span, Math.max(root[0] - span, end[0])), y];
}

/**
 * One key: posed with its `fixed` point at x = 0 and resting on what is under it (the floor, or the
 * top of a bench or box), its resting parts in contact; or, hanging, with the left hand on the bar.
 */
function placedKey(
  k: PoseKey,
  view: View,
  fixed: BodyPoint,
  supports: readonly Support[],
  bar: Point | undefined,
  wall: number | undefined,
): Key {
  const a = anglesOf(k);
  const free = pose(a, view);
  const origin = pointOf(free, bar === undefined ? fixed : 'leftHand');
  // Targets on the floor straight below where the angles put each hand or foot, in the figure as it
  // rests there; the limbs then bend to reach them and the body itself does not move.
  const shifted = pose(a, view, [-origin[0], 0]);
  const offset: Point = bar === undefined ? [-origin[0], liftToFloor(shifted, supports) + k.air] : [bar[0] - origin[0], bar[1] - origin[1]];
  const lifted = pose(a, view, offset);
  const hands: Partial<Record<Side, Point>> = {};
  for (const side of sides(k.handsOnFloor)) {
    const limb = lifted.arms[side];
    hands[side] = onFloorWithin(
      limb.root,
      limb.hand,
      SEGMENT.upperArm + SEGMENT.forearm + SEGMENT.hand * 0.5,
      REST_HEIGHT.leftHand,
      supports,
    );
  }
  const feet: Partial<Record<Side, Point>> = {};
  for (const side of sides(k.feetOnFloor)) {
    const limb = lifted.legs[side];
    feet[side] = onFloorWithin(limb.root, limb.end, SEGMENT.thigh + SEGMENT.shank, ANKLE_Y, supports);
  }
  // Of the two ways an elbow can bend to put the hand on its target, the one nearer the authored elbow.
  const elbows = (['low', 'back'] as const)
    .map((bend) => {
      const bent = pose(a, view, offset, { hands, feet, elbows: bend });
      return { bend, off: SIDES.reduce((sum, side) => sum + distance(bent.arms[side].middle, lifted.arms[side].middle), 0) };
    })
    .reduce((best, next) => (next.off < best.off ? next : best)).bend;
  const body = pose(a, view, offset, { hands, feet, elbows });
  const contacts: Contact[] = [];
  for (const point of RESTING) {
    const [x, y] = pointOf(body, point);
    const ground = groundAt(x, supports);
    if (y - REST_HEIGHT[point] - ground.y < RESTS_WITHIN) contacts.push({ point, on: ground.name });
  }
  if (bar !== undefined) contacts.push({ point: 'leftHand', on: 'bar' }, { point: 'rightHand', on: 'bar' });
  // Held to the balance check: a key on the feet alone. A knee, hand or seat hovering a few centimetres
  // over the floor reads as resting there (a kneeling lunge), and such a key is not a standing one.
  const isNearlyResting = RESTING.some((point) => {
    const [x, y] = pointOf(body, point);
    return !FEET.includes(point) && y - REST_HEIGHT[point] - groundAt(x, supports).y < NEARLY_RESTING;
  });
  // Hands, forearms or a back against a wall hold the figure up as well: not a key on the feet alone.
  const isAgainstWall =
    wall !== undefined &&
    (['leftHand', 'rightHand', 'leftElbow', 'rightElbow', 'neckBase', 'pelvis', 'head'] as const).some(
      (point) => Math.abs(pointOf(body, point)[0] - wall) < AGAINST_WALL,
    );
  const isStanding =
    bar === undefined &&
    !isNearlyResting &&
    !isAgainstWall &&
    contacts.length > 0 &&
    contacts.every((contact) => FEET.includes(contact.point));
  const anchor = bar === undefined ? fixed : 'leftHand';
  return key({
    name: k.name,
    angles: a,
    anchor: { point: anchor, at: pointOf(body, anchor) },
    elbows,
    ...(Object.keys(hands).length > 0 ? { hands } : {}),
    ...(Object.keys(feet).length > 0 ? { feet } : {}),
    contacts,
    isBalanced: isStanding,
    hold: k.hold,
    move: k.move,
    ...(k.air > 0 ? { air: k.air } : {}),
  });
}

function extent(keys: readonly Key[], view: View): { width: number; height: number; x0: number; x1: number } {
  const xs: number[] = [];
  const ys: number[] = [];
  for (const k of keys) {
    const body = pose(k.angles, view, [0, 0]);
    const shift = pointOf(body, k.anchor.point);
    for (const point of RESTING) {
      const [x, y] = pointOf(body, point);
      xs.push(x - shift[0] + k.anchor.at[0]);
      ys.push(y - shift[1] + k.anchor.at[1]);
    }
  }
  const x0 = Math.min(...xs);
  const x1 = Math.max(...xs);
  return { width: x1 - x0, height: Math.max(...ys) - Math.min(0, ...ys), x0, x1 };
}

const BENCH_HEIGHT = 0.43;
const INCLINE_SEAT = 0.35;
const INCLINE_SEAT_HEIGHT = 0.45;
/** A standard foam roller: 15 cm thick; a body part rests on its top over about 8 cm. */
const ROLLER_HEIGHT = 0.15;
const ROLLER_HALF_TOP = 0.04;
/** A 65 cm stability ball: what rests on it rests on its top, over about 24 cm. */
const BALL_HEIGHT = 0.65;
const BALL_HALF_TOP = 0.12;

/** A bar high enough that the lowest part of every hanging key clears the floor by 5 cm (at least 2.2 m, a pull-up bar's height). */
function barHeight(keys: readonly PoseKey[], view: View): number {
  let drop = 0;
  for (const k of keys) {
    const body = pose(anglesOf(k), view);
    const hand = pointOf(body, 'leftHand')[1];
    drop = Math.max(drop, ...RESTING.map((point) => hand - pointOf(body, point)[1] + REST_HEIGHT[point]));
  }
  return Math.max(2.2, drop + 0.05);
}

export const posePattern = pattern<PoseParams>({
  params: ParamsSchema as v.GenericSchema<unknown, PoseParams>,
  views: ['side', 'front'],
  build({ params, props, view = 'side' }) {
    const tops: FixedProp[] = [];
    if (params.bench !== undefined)
      tops.push({ kind: 'bench', x0: params.bench[0], x1: params.bench[1], y: params.bench[2] ?? BENCH_HEIGHT });
    if (params.box !== undefined) tops.push({ kind: 'box', x0: params.box[0], x1: params.box[1], y: params.box[2] });
    if (params.incline !== undefined) {
      const [x, angle] = params.incline;
      tops.push({
        kind: 'incline',
        x0: angle > 0 ? x : x - INCLINE_SEAT,
        x1: angle > 0 ? x + INCLINE_SEAT : x,
        y: INCLINE_SEAT_HEIGHT,
        angle,
      });
    }
    if (params.stabilityBall !== undefined)
      tops.push({
        kind: 'stability-ball',
        x0: params.stabilityBall - BALL_HALF_TOP,
        x1: params.stabilityBall + BALL_HALF_TOP,
        y: BALL_HEIGHT,
      });
    if (params.roller !== undefined)
      tops.push({ kind: 'roller', x0: params.roller - ROLLER_HALF_TOP, x1: params.roller + ROLLER_HALF_TOP, y: ROLLER_HEIGHT });
    const supports = supportsOf(tops);
    const bar: Point | undefined = params.hang ? [0, barHeight(params.keys, view)] : undefined;
    const keys = params.keys.map((k) => placedKey(k, view, params.fixed, supports, bar, params.wall));
    const held: HeldProp[] = heldProps(props, () => params.holdIn);
    const box = extent(keys, view);
    const fixed: FixedProp[] = props.includes('mat') ? [{ kind: 'mat', x0: box.x0 - 0.15, x1: box.x1 + 0.15, y: 0.01 }] : [];
    fixed.push(...tops);
    if (bar !== undefined) fixed.push({ kind: 'bar', x0: bar[0], x1: bar[0], y: bar[1] });
    // A wall behind the figure (its face left of the fixed point) fills the space behind it.
    if (params.smith !== undefined) fixed.push({ kind: 'smith', x0: params.smith, x1: params.smith, y: 0 });
    if (params.wall !== undefined) fixed.push({ kind: 'wall', x0: params.wall, x1: params.wall + (params.wall < 0 ? -0.5 : 0.5), y: 0 });
    const lines = [
      ['cable', params.cable, params.to],
      ['band', params.band, params.to],
      ['cable', params.cable2, params.to2],
    ] as const;
    for (const [kind, at, to] of lines) {
      if (at !== undefined) fixed.push({ kind, x0: at[0], x1: at[0] + (at[0] < 0 ? -0.32 : 0.32), y: at[1], to });
    }
    const [start, end] = params.stills ?? [0, keys.length - 1];
    const result: Motion = motion({
      view,
      frame: params.frame ?? (box.width > box.height ? 'landscape' : 'portrait'),
      keys,
      stills: [start, end],
      fixed,
      held,
      pattern: 'pose',
      isGrounded: bar === undefined,
    });
    return result;
  },
});
