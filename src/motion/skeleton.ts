/**
 * The figure: segment lengths and masses of a 1.75 m adult (Winter's anthropometric tables), joint angles, forward kinematics
 * from the pelvis, two-bone inverse kinematics for limbs given a target, and the centre of mass. Pure geometry in metres, y up,
 * x forward (side view) or to the viewer's right (front view); the renderer and the validator both read the Body this computes.
 */
import { BODY_MASS_KG, MASS, MASS_CENTRE, SEGMENT } from './body-measures.ts';
import { type FootPlace, footLine, placedFoot } from './foot-angle.ts';
import type { ArmTilt, ArmTilts } from './front-arms.ts';
import { type Depth, foreshortened } from './front-depth.ts';
import { frontFoot } from './foot-pivot-shape.ts';
import { add, angleOf, direction, distance, lerpPoint, onSegment, type Point, solveTwoBone } from './geometry.ts';
import { type Girdle, girdleOffset } from './shoulder-girdle.ts';
import { type Twist, turnedHalf } from './trunk-twist.ts';

// The plane geometry the figure is built with, for the modules that pose and draw it.
export { add, angleOf, direction, distance, flexionAt, lerpPoint, mix, type Point, solveTwoBone, toSegment } from './geometry.ts';

// The figure's measures (body-measures.ts), for the modules that pose and draw it.
export { BODY_MASS_KG, LEG_HALF_WIDTH, SEGMENT } from './body-measures.ts';

export type Side = 'left' | 'right';
export const SIDES: readonly Side[] = ['left', 'right'];

export interface LegAngles {
  /** Flexion at the hip, relative to the lower trunk: 0 in line, 90 thigh forward at a right angle, negative behind. */
  hip: number;
  /** Knee flexion: 0 straight. */
  knee: number;
  /** Ankle dorsiflexion: 0 foot at a right angle to the shank, negative pointing the toes. */
  ankle: number;
}
export interface ArmAngles {
  /** Shoulder flexion (side view) or abduction (front view), relative to the upper trunk: 0 arm down, 180 overhead. */
  shoulder: number;
  /** Elbow flexion: 0 straight. */
  elbow: number;
  /**
   * The hand's turn at the wrist, the way a positive elbow turns the forearm: 0 (or left out) in line
   * with the forearm. Only a free hand turns (wrist.ts): a placed one lies where its target puts it.
   */
  wrist?: number;
}

/** Every joint angle of one pose, in degrees. */
export interface Angles {
  /** Lean of the lower trunk from vertical: 0 upright, 90 face down and forward, -90 lying on the back. */
  trunk: number;
  /** Flexion of the upper trunk on the lower (a crunch curls it; negative arches). */
  spine: number;
  /** Neck flexion (chin down). */
  neck: number;
  /** Metres the shoulder joints are moved along the upper trunk (shoulder-girdle.ts): a shrug, a scapular push-up. */
  girdle?: Girdle;
  left: { leg: LegAngles; arm: ArmAngles };
  right: { leg: LegAngles; arm: ArmAngles };
  /** Front view: how far the trunk and each thigh and shank point toward the viewer (front-depth.ts). */
  toward?: Depth;
  /** Front view: how far the chest and the pelvis turn about the spine (trunk-twist.ts). */
  twist?: Twist;
}

export interface Limb {
  root: Point;
  middle: Point;
  end: Point;
}
export interface Leg extends Limb {
  heel: Point;
  toe: Point;
}
export interface Arm extends Limb {
  /** The grip point, where a held prop is attached. */
  hand: Point;
}

/** Every point of the figure in one frame. */
export interface Body {
  pelvis: Point;
  waist: Point;
  /** The middle of the shoulders (side view: the shoulder joint). */
  neckBase: Point;
  /** The middle of the shoulders where a key's girdle moves them off the base of the neck (a shrug). */
  girdle?: Point;
  head: Point;
  legs: Record<Side, Leg>;
  arms: Record<Side, Arm>;
  /** Centre of mass of the figure alone. */
  centre: Point;
  /** Front view: how far each upper arm and forearm point toward the viewer (front-arms.ts), when a key tilts them. */
  armTilts?: ArmTilts;
  /** The key's turn about the spine, which the front view draws (trunk-twist.ts). */
  twist?: Twist;
}

export type View = 'side' | 'front';

/** Whether `body` was posed seen from the front: there the hips are apart, from the side both are at the pelvis. */
export const isFrontView = (body: Body): boolean => Math.abs(body.legs.left.root[0] - body.legs.right.root[0]) > 0.01;

/** +1 for the side drawn to the right of the viewer in the front view; the side view draws both limbs the same way. */
function mirror(view: View, side: Side): number {
  return view === 'front' && side === 'right' ? -1 : 1;
}

/** Where elbows go when a hand is placed by a target: `low` (the lower of the two solutions, backward on a tie), or always `back`. */
export type ElbowBend = 'low' | 'back';

/**
 * How a placed hand's elbow is chosen instead of by the `elbows` rule (elbow-bends.ts): a key's `bend`, or between two keys
 * the place nearest where the angles put it, `shift`ed as the keys' placing moved it. An elbow turning over swings out of the
 * picture: it is drawn between its two in-plane places, the hand on its target (the arm looks shorter), so it slides across
 * the arm and never flips in a frame.
 */
export type ElbowHold = { bend: number } | { shift: Point };

export interface Targets {
  elbows?: ElbowBend;
  /** Per arm, the bend that overrides `elbows`: a key's, or a move's from one key's to the next (elbow-bends.ts). */
  elbowHolds?: Partial<Record<Side, ElbowHold>>;
  hands?: Partial<Record<Side, Point>>;
  feet?: Partial<Record<Side, Point>>;
  /** Metres a placed foot is lifted above where it rests (a step, timeline.ts): it keeps its resting angle and rises whole. */
  footLift?: Partial<Record<Side, number>>;
  /** How high what a placed foot rests on is (a box, a BOSU; 0, the floor): it stands on that. */
  footGround?: Partial<Record<Side, number>>;
  /** Placed feet that keep the direction their angles give them, not laid flat: on a machine's platform or roller (limb-paths.ts). */
  footKept?: Partial<Record<Side, boolean>>;
  /** How far (0..1) a move has carried a placed foot toward the key that lifts it (foot-angle.ts placedFoot): it ends at that key's angle. */
  footTurn?: Partial<Record<Side, number>>;
  /** Front view: placed feet whose knee bends inward of the line from the hip, not outward (a knee dropping inward, view-above.ts). */
  kneesIn?: Partial<Record<Side, boolean>>;
  /** Front view: how far (0..1) each placed foot has pivoted on its ball, heel up and out (foot-pivot.ts). */
  footPivot?: Partial<Record<Side, number>>;
}

function legOf(hip: Point, thighAngle: number, leg: LegAngles, m: number, view: View, foot: FootPlace, isKneeIn = false): Leg {
  const { target: footTarget, lift: footLift, isKept, toward = [0, 0], turn = 0 } = foot;
  // Seen from the front, a thigh or shank pointing toward the viewer is drawn shorter (front-depth.ts).
  const [thigh, shank] = [foreshortened(SEGMENT.thigh, toward[0]), foreshortened(SEGMENT.shank, toward[1])];
  let knee: Point;
  let ankle: Point;
  if (footTarget === undefined) {
    knee = add(hip, direction(thighAngle * m), thigh);
    ankle = add(knee, direction((thighAngle - leg.knee) * m), shank);
  } else {
    // Knees bend forward in the side view, outward in the front view (inward where a key says: view-above.ts).
    knee = solveTwoBone(hip, footTarget, thigh, shank, view === 'side' ? 1 : isKneeIn ? -m : m);
    ankle = add(knee, direction(angleOf(knee, footTarget)), shank);
  }
  if (view === 'front') {
    // Seen from the front the foot is short: a toe pointing at the viewer, a little outward.
    const sole = add(ankle, [0, -SEGMENT.ankleHeight]);
    return { root: hip, middle: knee, end: ankle, ...frontFoot(sole, m, toward[2], foot.pivot) };
  }
  const footAngle =
    footTarget === undefined || isKept
      ? thighAngle - leg.knee + 90 + leg.ankle
      : placedFoot([ankle[0], ankle[1] - footLift], angleOf(knee, ankle) + 90 + leg.ankle, turn);
  return { root: hip, middle: knee, end: ankle, ...footLine(ankle, footAngle, isKept) };
}

/** The forearm's reach from the elbow to the grip, the middle of the hand. */
export const FOREARM_REACH = SEGMENT.forearm + SEGMENT.hand * 0.5;

function armOf(
  shoulder: Point,
  upperArmAngle: number,
  arm: ArmAngles,
  m: number,
  handTarget: Point | undefined,
  elbows: ElbowBend,
  hold?: ElbowHold,
  [upperTilt, foreTilt]: ArmTilt = [0, 0],
): Arm {
  // Seen from the front, an upper arm or forearm reaching toward the viewer is drawn shorter (front-arms.ts).
  const upperArm = foreshortened(SEGMENT.upperArm, upperTilt);
  const [forearm, grip] = [foreshortened(SEGMENT.forearm, foreTilt), foreshortened(SEGMENT.hand * 0.5, foreTilt)];
  let elbow: Point;
  let wrist: Point;
  if (handTarget === undefined) {
    elbow = add(shoulder, direction(upperArmAngle * m), upperArm);
    wrist = add(elbow, direction((upperArmAngle + arm.elbow) * m), forearm);
  } else {
    const solve = (bend: number) => solveTwoBone(shoulder, handTarget, upperArm, forearm + grip, bend);
    if (hold !== undefined) {
      const free = add(shoulder, direction(upperArmAngle * m), upperArm);
      // Turned out of the picture, an elbow is drawn anywhere between its two in-plane places; only
      // the middle third slides (the arm drawn shorter while it turns over), else it is in the picture.
      elbow = 'bend' in hold ? solve(hold.bend) : onSegment(solve(1), solve(-1), add(free, hold.shift), 3);
    } else {
      // Elbows bend backward (side view) or outward (front view) when the grip is placed by a target.
      const [back, other] = [solve(-m), solve(m)];
      elbow = elbows === 'low' && other[1] < back[1] - 0.01 ? other : back;
      // Never through the floor (y = 0): a lying figure's elbow rests on it or rises.
      const alternative = elbow === back ? other : back;
      if (elbow[1] < SEGMENT.elbowClearance && alternative[1] > elbow[1]) elbow = alternative;
    }
    // The forearm reaches to the grip (shorter when the elbow turns out of the picture), or toward it when it cannot.
    wrist = add(elbow, direction(angleOf(elbow, handTarget)), Math.max(0, Math.min(forearm, distance(elbow, handTarget) - grip)));
  }
  const forearmAngle = angleOf(elbow, wrist);
  const turn = handTarget === undefined ? (arm.wrist ?? 0) * m : 0;
  return { root: shoulder, middle: elbow, end: wrist, hand: add(wrist, direction(forearmAngle + turn), grip) };
}

function weighted(parts: readonly [Point, number][]): Point {
  let x = 0;
  let y = 0;
  let total = 0;
  for (const [point, mass] of parts) {
    x += point[0] * mass;
    y += point[1] * mass;
    total += mass;
  }
  return [x / total, y / total];
}

/** Forward kinematics from `pelvis`: the trunk, head and free limbs from their angles; a limb with a target (a hand on a bar) by inverse kinematics. */
export function pose(angles: Angles, view: View, pelvis: Point = [0, 0], targets: Targets = {}): Body {
  const trunk = 180 - angles.trunk;
  const lean = (length: number) => foreshortened(length, angles.toward?.trunk);
  const waist = add(pelvis, direction(trunk), lean(SEGMENT.lowerTrunk));
  const upper = trunk - angles.spine;
  const neckBase = add(waist, direction(upper), lean(SEGMENT.upperTrunk));
  const headAngle = upper - angles.neck;
  const head = add(neckBase, direction(headAngle), lean(SEGMENT.neck + SEGMENT.headRadius));
  const moved = girdleOffset(angles.girdle, upper, view === 'front');
  const girdle = moved === undefined ? undefined : add(neckBase, moved);
  const down = trunk - 180;
  const legs = {} as Record<Side, Leg>;
  const arms = {} as Record<Side, Arm>;
  // A pelvis or chest turned about the spine brings its hips or shoulders in, seen from the front (trunk-twist.ts).
  const halfShoulders = turnedHalf(SEGMENT.halfShoulders, angles.twist?.chest);
  for (const side of SIDES) {
    const m = mirror(view, side);
    const across: Point = view === 'front' ? direction(trunk - 90 * m) : [0, 0];
    const hip = add(pelvis, across, turnedHalf(SEGMENT.halfHips, angles.twist?.hips));
    const shoulder = add(girdle ?? neckBase, view === 'front' ? direction(upper - 90 * m) : [0, 0], halfShoulders);
    const { leg, arm } = angles[side];
    const above = (targets.footLift?.[side] ?? 0) + (targets.footGround?.[side] ?? 0); // a step's lift, a box's top
    const foot = {
      target: targets.feet?.[side],
      lift: above,
      isKept: targets.footKept?.[side],
      toward: angles.toward?.[side],
      turn: targets.footTurn?.[side],
      pivot: targets.footPivot?.[side],
    };
    legs[side] = legOf(hip, down * m + leg.hip, leg, m, view, foot, targets.kneesIn?.[side]);
    arms[side] = armOf(
      shoulder,
      (upper - 180) * m + arm.shoulder,
      arm,
      m,
      targets.hands?.[side],
      targets.elbows ?? 'low',
      targets.elbowHolds?.[side],
      angles.toward?.arms?.[side],
    );
  }
  const parts: [Point, number][] = [
    [head, MASS.head],
    [lerpPoint(pelvis, neckBase, 0.5), MASS.trunk],
  ];
  for (const side of SIDES) {
    const leg = legs[side];
    const arm = arms[side];
    parts.push(
      [lerpPoint(leg.root, leg.middle, MASS_CENTRE.thigh), MASS.thigh],
      [lerpPoint(leg.middle, leg.end, MASS_CENTRE.shank), MASS.shank],
      [lerpPoint(leg.heel, leg.toe, MASS_CENTRE.foot), MASS.foot],
      [lerpPoint(arm.root, arm.middle, MASS_CENTRE.upperArm), MASS.upperArm],
      [lerpPoint(arm.middle, arm.end, MASS_CENTRE.forearm), MASS.forearm],
      [arm.hand, MASS.hand],
    );
  }
  const tilts = angles.toward?.arms === undefined ? {} : { armTilts: angles.toward.arms };
  const twist = angles.twist === undefined ? {} : { twist: angles.twist };
  return {
    pelvis,
    waist,
    neckBase,
    ...(girdle === undefined ? {} : { girdle }),
    head,
    legs,
    arms,
    centre: weighted(parts),
    ...tilts,
    ...twist,
  };
}

/** The centre of mass of the figure and what it carries. */
export function centreWithLoad(body: Body, loads: readonly [Point, number][]): Point {
  return weighted([[body.centre, BODY_MASS_KG], ...loads]);
}
