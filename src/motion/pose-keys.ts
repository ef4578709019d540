/**
 * One key of the `pose` pattern placed in its scene (patterns-pose.ts): the figure posed from the
 * author's directions, resting on what is under it, hands and feet put on the floor, a bar or a low bar
 * by inverse kinematics, its contacts promised and whether it is a standing key for the balance check.
 */
import { angles, arm, type BodyPoint, type Contact, type FixedProp, type Key, leg } from './motion.ts';
import { restingHand } from './hand-rest.ts';
import { ANKLE_Y, key } from './pattern-kit.ts';
import { depthOf, foreshortened } from './front-depth.ts';
import { twistOf } from './trunk-twist.ts';
import type { PoseKey } from './pose-params.ts';
import { TOES_RAISE } from './toes-params.ts';
import { pivotAnkle } from './foot-pivot-shape.ts';
import { distance, pose, type Point, SEGMENT, SIDES, type Side, type View } from './skeleton.ts';
import { clearance, groundAt, groundUnder, liftToFloor, pointOf, REST_HEIGHT, RESTING_POINTS, type Support } from './timeline.ts';

/** A part this close to the floor (above its thickness) rests on it: it gets a contact. */
export const RESTS_WITHIN = 0.02;
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
function onFloorWithin(root: Point, end: Point, reach: number, above: number, supports: readonly Support[], isHand = false): Point {
  // A hand goes onto a seat seen end on where it is over it (holding its edge); a foot, in front of it, to the floor.
  const y = groundAt(end[0], supports, isHand).y + above;
  const drop = root[1] - y;
  const span = Math.sqrt(Math.max(0, (reach * 0.99) ** 2 - drop ** 2));
  return [Math.min(root[0] + span, Math.max(root[0] - span, end[0])), y];
}

/**
 * One key: posed with its `fixed` point at x = 0 and resting on what is under it (the floor, or the
 * top of a bench or box), its resting parts in contact; or, hanging, with the left hand on the bar.
 */
export function placedKey(
  k: PoseKey,
  view: View,
  fixed: BodyPoint,
  supports: readonly Support[],
  bar: Point | undefined,
  wall: number | undefined,
  /** Held up by a line (straps, a sled) or travelling (its centre of mass passes over the feet stride by stride): never a quiet stance. */
  isHeldOrTravelling: boolean,
  lowBar: Point | undefined,
  /** How high `handsOnFloor` puts the hands: on the floor, or on the axle of an ab wheel rolling on it. */
  handsAbove: number = REST_HEIGHT.leftHand,
  /** A chair back or counter the hands of `handsOnRest` rest on (hand-rest.ts). */
  rest: FixedProp | undefined = undefined,
): Key {
  const a = anglesOf(k, view);
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
    hands[side] = onFloorWithin(limb.root, limb.hand, SEGMENT.upperArm + SEGMENT.forearm + SEGMENT.hand * 0.5, handsAbove, supports, true);
  }
  for (const side of lowBar === undefined ? [] : sides(k.handsOnBar)) {
    // On the bar, or as near it as the arm reaches toward it (the check then names the gap).
    const root = lifted.arms[side].root;
    const reach = (SEGMENT.upperArm + SEGMENT.forearm + SEGMENT.hand * 0.5) * 0.99;
    const gap = distance(root, lowBar!);
    hands[side] =
      gap <= reach ? lowBar! : [root[0] + ((lowBar![0] - root[0]) * reach) / gap, root[1] + ((lowBar![1] - root[1]) * reach) / gap];
  }
  const onRest = rest === undefined ? [] : sides(k.handsOnRest);
  for (const side of onRest) hands[side] = restingHand(rest!, lifted.arms[side]);
  const feet: Partial<Record<Side, Point>> = {};
  // What each placed foot stands on, when it is not the floor (a box, a bench, a BOSU).
  const footGround: Partial<Record<Side, number>> = {};
  const onToes = sides(k.onToes);
  const pivot = view === 'front' ? k.pivot : undefined;
  const pivoting = pivot === undefined ? {} : { kneesIn: { [pivot]: true }, footPivot: { [pivot]: 1 } };
  for (const side of sides(k.feetOnFloor)) {
    const limb = lifted.legs[side];
    const ankle = ANKLE_Y + (onToes.includes(side) ? (k.toesRaise ?? TOES_RAISE) : 0);
    // Seen from the front a leg reaches as far as it is drawn, all of it: tilted toward the viewer (front-depth.ts)
    // its knee is bent toward the viewer already, and untilted a straight leg is a standing leg, whose foot stays
    // where its directions put it. At 99% of its length (the side view's limb that never locks) a straight leg
    // set apart was drawn in under the hip with its knee bowed sideways 16 degrees (until renderer 1.23.0, issue 23).
    const tilts = a.toward?.[side] ?? (view === 'front' ? ([0, 0] as const) : undefined);
    const reach =
      tilts === undefined
        ? SEGMENT.thigh + SEGMENT.shank
        : (foreshortened(SEGMENT.thigh, tilts[0]) + foreshortened(SEGMENT.shank, tilts[1])) / 0.99;
    feet[side] = onFloorWithin(limb.root, limb.end, reach, ankle, supports);
    // A foot pivoting on its ball keeps the ball where the flat foot's toe is: its ankle rises and swings out (foot-pivot.ts).
    if (side === pivot) feet[side] = pivotAnkle(feet[side], side === 'left' ? 1 : -1);
    const ground = groundAt(feet[side][0], supports).y;
    if (ground > 0) footGround[side] = ground;
  }
  // Of the two ways an elbow can bend to put the hand on its target, the one nearer the authored elbow.
  // Straight arms put both in the same place: no choice then, and the frames between this key and the
  // next bend the elbows the next key's way (a push-up's elbows go back from a straight-armed plank).
  const offBy = (bend: 'low' | 'back') => {
    const bent = pose(a, view, offset, { hands, feet, footGround, ...pivoting, elbows: bend });
    return SIDES.reduce((sum, side) => sum + distance(bent.arms[side].middle, lifted.arms[side].middle), 0);
  };
  const [low, back] = [offBy('low'), offBy('back')];
  const elbows = Math.abs(low - back) < SAME_ELBOW ? undefined : back < low ? 'back' : 'low';
  const body = pose(a, view, offset, { hands, feet, footGround, ...pivoting, ...(elbows === undefined ? {} : { elbows }) });
  const contacts: Contact[] = [];
  for (const point of RESTING_POINTS) {
    if (clearance(body, point, supports) < RESTS_WITHIN) contacts.push({ point, on: groundUnder(body, point, supports).name });
  }
  if (bar !== undefined) contacts.push({ point: 'leftHand', on: 'bar' });
  // A hand let go of the bar (a one-arm hang) holds nothing: its arm goes where the key's angles put it.
  if (bar !== undefined && k.letGo !== 'right') contacts.push({ point: 'rightHand', on: 'bar' });
  const onBar = lowBar === undefined ? [] : sides(k.handsOnBar);
  for (const side of onBar) contacts.push({ point: side === 'left' ? 'leftHand' : 'rightHand', on: 'bar' });
  for (const side of onRest) contacts.push({ point: side === 'left' ? 'leftHand' : 'rightHand', on: rest!.kind });
  // Held to the balance check: a key on the feet alone. A knee, hand or seat hovering a few centimetres
  // over the floor reads as resting there (a kneeling lunge), and such a key is not a standing one.
  const isNearlyResting = RESTING_POINTS.some((point) => !FEET.includes(point) && clearance(body, point, supports) < NEARLY_RESTING);
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
    !isHeldOrTravelling &&
    onBar.length === 0 &&
    // A hand resting on a chair back or counter steadies the figure: hand-rest.ts holds it to a light lean instead.
    onRest.length === 0 &&
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
    ...(Object.keys(footGround).length > 0 ? { feetGround: footGround } : {}),
    ...(pivot === undefined ? {} : { pivot, kneesIn: { [pivot]: true } }),
    contacts,
    isBalanced: isStanding,
    hold: k.hold,
    move: k.move,
    ...(k.air > 0 ? { air: k.air } : {}),
    ...(k.flight === true ? { flight: true as const } : {}),
    ...(k.through === true ? { through: true as const } : {}),
    ...(k.step === undefined ? {} : { step: k.step }),
    ...(k.hop === undefined ? {} : { hop: k.hop }),
  });
}

/** A limb's directions for each side, from one list for both or one a side. */
function bothSides<T>(
  limb: readonly number[] | { readonly left: readonly number[]; readonly right: readonly number[] },
  of: (directions: readonly number[], side: Side) => T,
): readonly [T, T] {
  return 'left' in limb ? [of(limb.left, 'left'), of(limb.right, 'right')] : [of(limb, 'left'), of(limb, 'right')];
}

/** Joint angles (skeleton.ts) from segment directions: a joint's angle is the turn between its two segments. */
export function anglesOf(k: PoseKey, view: View = 'side') {
  const upper = k.trunk + k.spine;
  // A key gives each limb's direction as seen. Seen from the front, "outward" is the right side's
  // mirror of the left's, so the trunk's sideways lean is taken off the right limbs the other way; until
  // renderer 1.15.0 both sides took it off alike, and the right limbs were drawn turned outward by twice
  // the lean (test/motion/front-lean.test.ts).
  const lean = (side: Side) => (view === 'front' && side === 'right' ? -1 : 1);
  const legOf = ([thigh, shank, foot]: readonly number[], side: Side) =>
    leg(thigh! + lean(side) * k.trunk, thigh! - shank!, foot === undefined ? 0 : foot - shank! - 90);
  const armOf = ([upperArm, forearm, hand]: readonly number[], side: Side) => ({
    ...arm(upperArm! + lean(side) * upper, forearm! - upperArm!),
    ...(hand === undefined ? {} : { wrist: hand - forearm! }),
  });
  const legs = bothSides(k.legs, legOf);
  const arms = bothSides(k.arms, armOf);
  return {
    ...angles({ trunk: k.trunk, spine: k.spine, neck: k.neck, legs, arms }),
    ...(k.shoulders === undefined ? {} : { girdle: k.shoulders }),
    ...(k.toward === undefined ? {} : { toward: depthOf(k.toward) }),
    ...(k.twist === undefined ? {} : { twist: twistOf(k.twist) }),
  };
}
