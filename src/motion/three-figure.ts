/**
 * The figure in three dimensions: the planar figure's measures (body-measures.ts, Winter's segment lengths
 * and masses) as segments in space, joint angles with the degrees of freedom a movement out of one plane
 * needs, forward kinematics from the pelvis, two-bone inverse kinematics with a pole, and the centre of
 * mass. Pure geometry in metres (three-vec.ts: x forward, y up, z to the figure's right when it has no heading).
 *
 * Each joint turns its child's frame: a hip or shoulder by flexion (about its z, the limb swinging
 * forward), then abduction (away from the midline, about the flexed frame's x), then rotation about the
 * limb's own axis (internal positive), the order of the ISB's joint coordinate systems; a knee, elbow
 * and ankle by one angle each. The limb hangs along its frame's -y.
 */
import { BODY_MASS_KG, MASS, MASS_CENTRE, SEGMENT } from './body-measures.ts';
import { type Side, SIDES } from './skeleton.ts';
import {
  add3,
  apply,
  axisOf,
  chain,
  cross3,
  distance3,
  dot3,
  lerp3,
  type Mat3,
  normalize3,
  rotX,
  rotY,
  rotZ,
  scale3,
  sub3,
  type Vec3,
} from './three-vec.ts';

/** A ball joint's angles in degrees: flexion, abduction, rotation (internal positive). */
export interface Ball {
  flexion: number;
  abduction: number;
  rotation: number;
}

export interface LimbAngles3 {
  hip: Ball;
  /** Knee flexion: 0 straight. */
  knee: number;
  /** Ankle dorsiflexion: 0 the foot at a right angle to the shank, negative pointing the toes. */
  ankle: number;
  shoulder: Ball;
  /** Elbow flexion: 0 straight. */
  elbow: number;
}

/** Every joint angle of one pose, in degrees. */
export interface Angles3 {
  /** The pelvis's orientation: heading (a turn to the figure's left, about the vertical), then lean, then roll. */
  heading: number;
  /** The lower trunk's lean from vertical, as the planar figure's trunk: 90 face down, head forward; -90 lying on the back. */
  lean: number;
  /** The lower trunk's tilt about its forward axis: 90 lying on the right side, -90 on the left. */
  roll: number;
  /** The upper trunk on the lower: flexion (a crunch), side bend (to the right positive), twist (the chest turned to the left positive). */
  spine: { flexion: number; sideBend: number; twist: number };
  /** The head on the upper trunk: flexion (chin down), side bend (to the right positive), turn (to the left positive). */
  neck: { flexion: number; sideBend: number; turn: number };
  left: LimbAngles3;
  right: LimbAngles3;
}

export interface Leg3 {
  hip: Vec3;
  knee: Vec3;
  ankle: Vec3;
  heel: Vec3;
  toe: Vec3;
}
export interface Arm3 {
  shoulder: Vec3;
  elbow: Vec3;
  wrist: Vec3;
  /** The grip, the middle of the hand: what rests on the floor. */
  hand: Vec3;
  /**
   * The elbow's hinge as the angles turn it (the upper arm's frame's z; a direction): what a dumbbell's handle lies
   * along when the arm is too straight for its bend to show the hinge (three-loads.ts).
   */
  hinge: Vec3;
}

/** Every point of the figure in one frame, and the trunk's two frames (the drawing reads their widths off them). */
export interface Body3 {
  pelvis: Vec3;
  waist: Vec3;
  neckBase: Vec3;
  head: Vec3;
  pelvisFrame: Mat3;
  chestFrame: Mat3;
  legs: Record<Side, Leg3>;
  arms: Record<Side, Arm3>;
  /** Centre of mass (Winter's segment masses and centres). */
  centre: Vec3;
}

/** The middle of the chest, two thirds of the way from the waist to the neck's base: where the trunk is drawn widest. */
export const chestOf = (body: Pick<Body3, 'waist' | 'neckBase'>): Vec3 => lerp3(body.waist, body.neckBase, 2 / 3);

/** Where placed limb ends go: a hand's grip, a foot's ankle (the foot keeps the turn in space its angles give it). */
export interface Targets3 {
  hands?: Partial<Record<Side, Vec3>>;
  ankles?: Partial<Record<Side, Vec3>>;
}

/** +1 for the right side, -1 for the left: the sign of a limb's abduction and rotation about the body's axes. */
export const sideSign = (side: Side): number => (side === 'right' ? 1 : -1);

const DOWN: Vec3 = [0, -1, 0];
const UP: Vec3 = [0, 1, 0];

/** A ball joint's turn of its child's frame (flexion, abduction, internal rotation; see the header). */
const ballTurn = (ball: Ball, side: Side): Mat3 =>
  chain(rotZ(ball.flexion), rotX(-sideSign(side) * ball.abduction), rotY(sideSign(side) * ball.rotation));

export const pelvisFrameOf = (a: Pick<Angles3, 'heading' | 'lean' | 'roll'>): Mat3 => chain(rotY(a.heading), rotZ(-a.lean), rotX(a.roll));

/**
 * Two-bone inverse kinematics in space: the middle joint of a limb from `root` with bones `a` and `b` whose
 * end reaches `target`, bent toward `pole` (a direction; only its part across the root-target line counts).
 * Out of reach, the limb points straight at the target; too close, it folds as far as it can.
 */
export function twoBone3(root: Vec3, target: Vec3, a: number, b: number, pole: Vec3): { middle: Vec3; end: Vec3 } {
  const span = distance3(root, target);
  const along = span < 1e-9 ? DOWN : normalize3(sub3(target, root));
  const d = Math.max(Math.abs(a - b) + 1e-6, Math.min(a + b - 1e-9, span));
  const across0 = sub3(pole, scale3(along, dot3(pole, along)));
  // A pole along the line gives no side: take any direction across it.
  const across =
    dot3(across0, across0) > 1e-12 ? normalize3(across0) : normalize3(cross3(along, Math.abs(along[1]) < 0.9 ? UP : [1, 0, 0]));
  const cos = (a * a + d * d - b * b) / (2 * a * d);
  const sin = Math.sqrt(Math.max(0, 1 - cos * cos));
  const middle = add3(add3(root, along, a * cos), across, a * sin);
  return { middle, end: add3(middle, normalize3(sub3(target, middle)), b) };
}

/** The forearm's reach from the elbow to the grip, the middle of the hand (as skeleton.ts). */
const FOREARM_REACH = SEGMENT.forearm + SEGMENT.hand * 0.5;

function legOf(hip: Vec3, pelvisFrame: Mat3, angles: LimbAngles3, side: Side, target: Vec3 | undefined): Leg3 {
  const thighFrame = chain(pelvisFrame, ballTurn(angles.hip, side));
  const shankFrame = chain(thighFrame, rotZ(-angles.knee));
  const footFrame = chain(shankFrame, rotZ(angles.ankle));
  const freeKnee = add3(hip, apply(thighFrame, DOWN), SEGMENT.thigh);
  const freeAnkle = add3(freeKnee, apply(shankFrame, DOWN), SEGMENT.shank);
  // A placed foot: the knee bends the way the angles bend it (the thigh's forward axis), the foot keeps its turn in space.
  const placed = target === undefined ? undefined : twoBone3(hip, target, SEGMENT.thigh, SEGMENT.shank, axisOf(thighFrame, 0));
  const [knee, ankle] = placed === undefined ? [freeKnee, freeAnkle] : [placed.middle, placed.end];
  // A foot pointed back toward the floor (kneeling, lying face down) rests on its instep, as the planar figure's
  // does (foot-angle.ts footLine): the drawn line moves from the sole's side of the ankle to the instep's as it turns over.
  const footDown = apply(footFrame, DOWN);
  const over = Math.max(0, Math.min(1, (footDown[1] - 0.2) / 0.6));
  const sole = add3(ankle, footDown, SEGMENT.ankleHeight * (1 - 2 * over * over * (3 - 2 * over)));
  const forward = apply(footFrame, [1, 0, 0]);
  return { hip, knee, ankle, heel: add3(sole, forward, -SEGMENT.heel), toe: add3(sole, forward, SEGMENT.toe) };
}

function armOf(shoulder: Vec3, chestFrame: Mat3, angles: LimbAngles3, side: Side, target: Vec3 | undefined): Arm3 {
  const upperFrame = chain(chestFrame, ballTurn(angles.shoulder, side));
  const foreFrame = chain(upperFrame, rotZ(angles.elbow));
  const freeElbow = add3(shoulder, apply(upperFrame, DOWN), SEGMENT.upperArm);
  const freeHand = add3(freeElbow, apply(foreFrame, DOWN), FOREARM_REACH);
  // A placed hand: the elbow goes the way the angles bend it (behind the upper arm, as a forearm flexes forward).
  const placed =
    target === undefined ? undefined : twoBone3(shoulder, target, SEGMENT.upperArm, FOREARM_REACH, scale3(axisOf(upperFrame, 0), -1));
  const [elbow, hand] = placed === undefined ? [freeElbow, freeHand] : [placed.middle, placed.end];
  return { shoulder, elbow, wrist: lerp3(elbow, hand, SEGMENT.forearm / FOREARM_REACH), hand, hinge: axisOf(upperFrame, 2) };
}

function weighted(parts: readonly [Vec3, number][]): Vec3 {
  let sum: Vec3 = [0, 0, 0];
  let total = 0;
  for (const [point, mass] of parts) {
    sum = add3(sum, point, mass);
    total += mass;
  }
  return scale3(sum, 1 / total);
}

/** The centre of mass of the figure (Winter's segment centres, as skeleton.ts weighs the planar figure). */
export function centreOf(body: Omit<Body3, 'centre'>): Vec3 {
  const parts: [Vec3, number][] = [
    [body.head, MASS.head],
    [lerp3(body.pelvis, body.neckBase, 0.5), MASS.trunk],
  ];
  for (const side of SIDES) {
    const leg = body.legs[side];
    const arm = body.arms[side];
    parts.push(
      [lerp3(leg.hip, leg.knee, MASS_CENTRE.thigh), MASS.thigh],
      [lerp3(leg.knee, leg.ankle, MASS_CENTRE.shank), MASS.shank],
      [lerp3(leg.heel, leg.toe, MASS_CENTRE.foot), MASS.foot],
      [lerp3(arm.shoulder, arm.elbow, MASS_CENTRE.upperArm), MASS.upperArm],
      [lerp3(arm.elbow, arm.wrist, MASS_CENTRE.forearm), MASS.forearm],
      [arm.hand, MASS.hand],
    );
  }
  return weighted(parts);
}

/** The body's mass in kilograms, for a reader that weighs what it carries against it. */
export const BODY_MASS = BODY_MASS_KG;

/** Forward kinematics from the pelvis at `pelvis`; a hand or foot with a target is placed by inverse kinematics. */
export function pose3(angles: Angles3, pelvis: Vec3 = [0, 0, 0], targets: Targets3 = {}): Body3 {
  const pelvisFrame = pelvisFrameOf(angles);
  const waist = add3(pelvis, apply(pelvisFrame, UP), SEGMENT.lowerTrunk);
  const { flexion, sideBend, twist } = angles.spine;
  const chestFrame = chain(pelvisFrame, rotY(twist), rotZ(-flexion), rotX(sideBend));
  const neckBase = add3(waist, apply(chestFrame, UP), SEGMENT.upperTrunk);
  const headFrame = chain(chestFrame, rotY(angles.neck.turn), rotZ(-angles.neck.flexion), rotX(angles.neck.sideBend));
  const head = add3(neckBase, apply(headFrame, UP), SEGMENT.neck + SEGMENT.headRadius);
  const legs = {} as Record<Side, Leg3>;
  const arms = {} as Record<Side, Arm3>;
  for (const side of SIDES) {
    const hip = add3(pelvis, apply(pelvisFrame, [0, 0, sideSign(side)]), SEGMENT.halfHips);
    const shoulder = add3(neckBase, apply(chestFrame, [0, 0, sideSign(side)]), SEGMENT.halfShoulders);
    legs[side] = legOf(hip, pelvisFrame, angles[side], side, targets.ankles?.[side]);
    arms[side] = armOf(shoulder, chestFrame, angles[side], side, targets.hands?.[side]);
  }
  const body = { pelvis, waist, neckBase, head, pelvisFrame, chestFrame, legs, arms };
  return { ...body, centre: centreOf(body) };
}

/** The same body moved by `by`. */
export function moved(body: Body3, by: Vec3): Body3 {
  const m = (p: Vec3) => add3(p, by);
  const legs = {} as Record<Side, Leg3>;
  const arms = {} as Record<Side, Arm3>;
  for (const side of SIDES) {
    const l = body.legs[side];
    const a = body.arms[side];
    legs[side] = { hip: m(l.hip), knee: m(l.knee), ankle: m(l.ankle), heel: m(l.heel), toe: m(l.toe) };
    arms[side] = { shoulder: m(a.shoulder), elbow: m(a.elbow), wrist: m(a.wrist), hand: m(a.hand), hinge: a.hinge };
  }
  return {
    ...body,
    pelvis: m(body.pelvis),
    waist: m(body.waist),
    neckBase: m(body.neckBase),
    head: m(body.head),
    legs,
    arms,
    centre: m(body.centre),
  };
}
