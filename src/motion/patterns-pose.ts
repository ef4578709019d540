/**
 * The `pose` pattern: a movement written as its key poses (pose-params.ts), for the many exercises
 * no parameterized pattern covers (stretches, yoga and Pilates shapes, floor drills, mobility and
 * rehab movements). The author gives segment directions only; the pattern puts the figure on what is
 * under it (the floor, a bench, an incline seat, a box, a roller or a ball: its
 * lowest resting part touches it, in every key and every frame), promises a contact for every part
 * that rests there, marks standing keys for the balance check, and can put hands or feet on the
 * floor by inverse kinematics. What the author cannot get wrong is derived; what makes the movement
 * recognizable (the directions) stays theirs, checked by motion-check.ts like any other pattern.
 */
import type * as v from 'valibot';
import type { BodyPoint, Contact, FixedProp, HeldProp, Key, LineEnd, Motion } from './motion.ts';
import { ANKLE_Y, handsOnLoad, heldProps, key, motion, pattern } from './pattern-kit.ts';
import { anglesOf, ParamsSchema, type PoseKey, type PoseParams } from './pose-params.ts';
import { distance, pose, type Point, SEGMENT, SIDES, type Side, type View } from './skeleton.ts';
import { groundAt, keyBody, lineEnd, liftToFloor, pointOf, REST_HEIGHT, type Support, supportsOf } from './timeline.ts';

const RESTING = Object.keys(REST_HEIGHT) as BodyPoint[];
/** A part this close to the floor (above its thickness) rests on it: it gets a contact. */
const RESTS_WITHIN = 0.02;
/** A knee, hand or seat this close to what is under it reads as resting there (a kneeling lunge): not a standing key. */
const NEARLY_RESTING = 0.08;
/** A hand or back this close to a wall's face leans on it (the thickness of a hand or the back). */
const AGAINST_WALL = 0.12;
/** Two elbow bends whose elbows land within this of each other (metres, both arms summed) are the same: a straight arm. */
const SAME_ELBOW = 0.01;
const FEET: readonly BodyPoint[] = ['leftHeel', 'leftToe', 'rightHeel', 'rightToe'];

const sides = (which: 'both' | Side | undefined): readonly Side[] => (which === undefined ? [] : which === 'both' ? SIDES : [which]);

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
  isHeldByLine: boolean,
  lowBar: Point | undefined,
): Key {
  const a = anglesOf(k);
  const free = pose(a, view);
  const origin = pointOf(free, bar === undefined ? fixed : 'leftHand');
  // Targets on the floor straight below where the angles put each hand or foot, in the figure as it
  // rests there; the limbs then bend to reach them and the body itself does not move.
  const shifted = pose(a, view, [k.at - origin[0], 0]);
  const offset: Point =
    bar === undefined ? [k.at - origin[0], liftToFloor(shifted, supports) + k.air] : [bar[0] - origin[0], bar[1] - origin[1]];
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
  for (const side of lowBar === undefined ? [] : sides(k.handsOnBar)) {
    // On the bar, or as near it as the arm reaches toward it (the check then names the gap).
    const root = lifted.arms[side].root;
    const reach = (SEGMENT.upperArm + SEGMENT.forearm + SEGMENT.hand * 0.5) * 0.99;
    const gap = distance(root, lowBar!);
    hands[side] =
      gap <= reach ? lowBar! : [root[0] + ((lowBar![0] - root[0]) * reach) / gap, root[1] + ((lowBar![1] - root[1]) * reach) / gap];
  }
  const feet: Partial<Record<Side, Point>> = {};
  for (const side of sides(k.feetOnFloor)) {
    const limb = lifted.legs[side];
    feet[side] = onFloorWithin(limb.root, limb.end, SEGMENT.thigh + SEGMENT.shank, ANKLE_Y, supports);
  }
  // Of the two ways an elbow can bend to put the hand on its target, the one nearer the authored elbow.
  // Straight arms put both in the same place: no choice then, and the frames between this key and the
  // next bend the elbows the next key's way (a push-up's elbows go back from a straight-armed plank).
  const offBy = (bend: 'low' | 'back') => {
    const bent = pose(a, view, offset, { hands, feet, elbows: bend });
    return SIDES.reduce((sum, side) => sum + distance(bent.arms[side].middle, lifted.arms[side].middle), 0);
  };
  const [low, back] = [offBy('low'), offBy('back')];
  const elbows = Math.abs(low - back) < SAME_ELBOW ? undefined : back < low ? 'back' : 'low';
  const body = pose(a, view, offset, { hands, feet, ...(elbows === undefined ? {} : { elbows }) });
  const contacts: Contact[] = [];
  for (const point of RESTING) {
    const [x, y] = pointOf(body, point);
    const ground = groundAt(x, supports);
    if (y - REST_HEIGHT[point] - ground.y < RESTS_WITHIN) contacts.push({ point, on: ground.name });
  }
  if (bar !== undefined) contacts.push({ point: 'leftHand', on: 'bar' }, { point: 'rightHand', on: 'bar' });
  const onBar = lowBar === undefined ? [] : sides(k.handsOnBar);
  for (const side of onBar) contacts.push({ point: side === 'left' ? 'leftHand' : 'rightHand', on: 'bar' });
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
  // Straps holding the hands (a ring row leaning back) hold the figure up as well.
  const isStanding =
    bar === undefined &&
    !isNearlyResting &&
    !isAgainstWall &&
    !isHeldByLine &&
    onBar.length === 0 &&
    contacts.length > 0 &&
    contacts.every((contact) => FEET.includes(contact.point));
  const anchor = bar === undefined ? fixed : 'leftHand';
  return key({
    name: k.name,
    angles: a,
    anchor: { point: anchor, at: pointOf(body, anchor) },
    ...(elbows === undefined ? {} : { elbows }),
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
/** A decline bench's seat is its high end: the pad falls from it toward the head. */
const DECLINE_SEAT_HEIGHT = 0.55;
/** A standard foam roller: 15 cm thick; a body part rests on its top over about 8 cm. */
const ROLLER_HEIGHT = 0.15;
const ROLLER_HALF_TOP = 0.04;
/** A lacrosse ball: 6.5 cm; a body part rests on its top over about 4 cm. */
const MASSAGE_BALL_HEIGHT = 0.065;
const MASSAGE_BALL_HALF_TOP = 0.02;
/** Props whose anchor may lie well beyond the figure: the picture is as wide as they need. */
const WIDENING: ReadonlySet<FixedProp['kind']> = new Set(['landmine', 'lever', 'straps', 'rings', 'battle-ropes', 'sled']);
/** A treadmill's deck: the figure runs on its belt, 12 cm up. */
const TREADMILL_DECK = 0.12;
/** Cones and mini hurdles: height, and half their depth along the floor. */
const CONE = { height: 0.23, half: 0.09 };
const HURDLE = { height: 0.3, half: 0.03 };
/** A landmine's sleeve pivots in a socket just off the floor. */
const LANDMINE_PIVOT = 0.06;
/** A 65 cm stability ball: what rests on it rests on its top, over about 24 cm. */
const BALL_HEIGHT = 0.65;
const BALL_HALF_TOP = 0.12;

/**
 * A bar high enough that the lowest part of every hanging key clears the floor by 5 cm: at least 2.2 m
 * for an overhead bar (a pull-up bar's height), 1.2 m for rings or parallel bars held at the hips.
 */
function barHeight(keys: readonly PoseKey[], view: View, lowest: number): number {
  let drop = 0;
  for (const k of keys) {
    const body = pose(anglesOf(k), view);
    const hand = pointOf(body, 'leftHand')[1];
    drop = Math.max(drop, ...RESTING.map((point) => hand - pointOf(body, point)[1] + REST_HEIGHT[point]));
  }
  return Math.max(lowest, drop + 0.05);
}

/**
 * Where along its height a rigid or taut line's anchor goes (a lever's pivot, a landmine's socket,
 * straps' anchor): within a metre of the authored x, the point from which the hands (or feet) of
 * every key are most nearly one distance away. An author places the pivot roughly and writes the
 * poses; the arm then swings a true arc instead of stretching (motion-check.ts still measures it).
 */
function rigidAnchorX(keys: readonly Key[], view: View, [x, y]: readonly [number, number], to: LineEnd): number {
  const ends = keys.map((k) => lineEnd(keyBody(k, view).body, to));
  let best = x;
  let bestSpread = Number.POSITIVE_INFINITY;
  for (let step = -100; step <= 100; step += 1) {
    const candidate = x + step / 100;
    const lengths = ends.map((end) => distance([candidate, y], end));
    const spread = Math.max(...lengths) - Math.min(...lengths);
    // Ties (a hand that does not move) keep the x nearest the authored one.
    if (spread < bestSpread - 1e-6 || (Math.abs(spread - bestSpread) <= 1e-6 && Math.abs(candidate - x) < Math.abs(best - x))) {
      best = candidate;
      bestSpread = spread;
    }
  }
  return best;
}

/** What a hanging figure holds: rings or parallel bars when the props name them, else an overhead bar. */
function gripOf(props: readonly string[]): { kind: 'bar' | 'rings' | 'dip-bars'; lowest: number } {
  if (props.includes('dip-bars')) return { kind: 'dip-bars', lowest: 1.2 };
  if (props.includes('rings')) return { kind: 'rings', lowest: 1.2 };
  return { kind: 'bar', lowest: 2.2 };
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
    if (params.decline !== undefined) {
      const [x, angle] = params.decline;
      tops.push({ kind: 'decline', x0: x, x1: x + INCLINE_SEAT, y: DECLINE_SEAT_HEIGHT, angle });
    }
    // Round things on the floor (a ball, a roller seen end on): what rests on them rests on their top.
    const round = (kind: 'stability-ball' | 'roller' | 'massage-ball', x: number | undefined, halfTop: number, height: number) => {
      if (x !== undefined) tops.push({ kind, x0: x - halfTop, x1: x + halfTop, y: height });
    };
    round('stability-ball', params.stabilityBall, BALL_HALF_TOP, BALL_HEIGHT);
    round('roller', params.roller, ROLLER_HALF_TOP, ROLLER_HEIGHT);
    round('massage-ball', params.massageBall, MASSAGE_BALL_HALF_TOP, MASSAGE_BALL_HEIGHT);
    if (params.treadmill !== undefined)
      tops.push({ kind: 'treadmill', x0: params.treadmill[0], x1: params.treadmill[1], y: TREADMILL_DECK });
    const supports = supportsOf(tops);
    const grip = gripOf(props);
    const bar: Point | undefined = params.hang ? [0, barHeight(params.keys, view, grip.lowest)] : undefined;
    const held: HeldProp[] = heldProps(props, () => params.holdIn);
    // Straps holding the hands, or a sled the figure pushes or drags, hold it up: not a key on the feet alone.
    const isHeldByStraps = (params.straps !== undefined && params.to !== 'feet') || params.sled !== undefined;
    const placed = params.keys.map((k) => placedKey(k, view, params.fixed, supports, bar, params.wall, isHeldByStraps, params.lowBar));
    // A bar on the back or racked in front is held there: the hands are on it at every key, and so
    // (their targets eased between keys) in every frame, never swinging free while it rides the shoulders.
    // (Seen from the front the bar lies across the picture and the hands stay where the arms put them.)
    const isOnShoulders = (params.holdIn === 'back' || params.holdIn === 'front-rack') && view === 'side';
    const keys = isOnShoulders ? placed.map((k) => handsOnLoad(k, held)) : placed;
    const box = extent(keys, view);
    const fixed: FixedProp[] = props.includes('mat') ? [{ kind: 'mat', x0: box.x0 - 0.15, x1: box.x1 + 0.15, y: 0.01 }] : [];
    fixed.push(...tops);
    if (bar !== undefined) fixed.push({ kind: grip.kind, x0: bar[0], x1: bar[0], y: bar[1] });
    if (params.lowBar !== undefined) fixed.push({ kind: 'low-bar', x0: params.lowBar[0], x1: params.lowBar[0], y: params.lowBar[1] });
    if (params.heavyBag !== undefined) fixed.push({ kind: 'heavy-bag', x0: params.heavyBag - 0.17, x1: params.heavyBag + 0.17, y: 1.6 });
    if (params.sled !== undefined)
      fixed.push({
        kind: 'sled',
        x0: params.sled,
        x1: params.sled + 0.9,
        y: 1.0,
        ...(params.sledStrap === undefined ? {} : { to: params.sledStrap }),
      });
    if (params.battleRopes !== undefined)
      fixed.push({ kind: 'battle-ropes', x0: params.battleRopes, x1: params.battleRopes, y: 0.1, to: 'hands' });
    for (const x of params.cones ?? []) fixed.push({ kind: 'cone', x0: x - CONE.half, x1: x + CONE.half, y: CONE.height });
    for (const x of params.hurdles ?? []) fixed.push({ kind: 'hurdle', x0: x - HURDLE.half, x1: x + HURDLE.half, y: HURDLE.height });
    // A wall behind the figure (its face left of the fixed point) fills the space behind it.
    if (params.smith !== undefined) fixed.push({ kind: 'smith', x0: params.smith, x1: params.smith, y: 0 });
    if (params.wall !== undefined) fixed.push({ kind: 'wall', x0: params.wall, x1: params.wall + (params.wall < 0 ? -0.5 : 0.5), y: 0 });
    const lines = [
      ['cable', params.cable, params.to],
      ['band', params.band, params.to],
      ['cable', params.cable2, params.to2],
      // Rings on straps (a ring row) unless the figure hangs from the rings themselves (then `hang` drew them).
      [props.includes('rings') && !params.hang ? 'rings' : 'straps', params.straps, params.to],
      ['lever', params.lever, params.to],
      ['landmine', params.landmine === undefined ? undefined : ([params.landmine, LANDMINE_PIVOT] as const), params.to],
    ] as const;
    for (const [kind, at, to] of lines) {
      if (at === undefined) continue;
      const x = kind === 'cable' || kind === 'band' ? at[0] : rigidAnchorX(keys, view, at, to);
      fixed.push({ kind, x0: x, x1: x + (x < 0 ? -0.32 : 0.32), y: at[1], to });
    }
    // A landmine's socket or a lever's pivot well beyond the figure widens the picture too.
    const anchors = fixed.filter((prop) => WIDENING.has(prop.kind));
    const width = Math.max(box.x1, ...anchors.map((prop) => prop.x0)) - Math.min(box.x0, ...anchors.map((prop) => prop.x0));
    const [start, end] = params.stills ?? [0, keys.length - 1];
    const result: Motion = motion({
      view,
      frame: params.frame ?? (width > box.height ? 'landscape' : 'portrait'),
      keys,
      stills: [start, end],
      fixed,
      held,
      pattern: 'pose',
      isGrounded: bar === undefined,
      ...(params.loop === 'dissolve' ? { loop: 'dissolve' as const } : {}),
    });
    return result;
  },
});
