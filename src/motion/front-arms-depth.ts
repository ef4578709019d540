/**
 * What an arm tilted toward the viewer (front-arms.ts) is in three dimensions: how near the viewer its
 * elbow and hand are, so it is drawn over the trunk when in front of it and under it when behind, and
 * the shoulder's and elbow's angles `check` holds to their ranges (the picture's angles are foreshortened).
 */
import type { ArmTilt } from './front-arms.ts';
import { type Angles, type Arm, type Body, FOREARM_REACH, SEGMENT, SIDES, type Side } from './skeleton.ts';

const RAD = Math.PI / 180;
/** An arm this much nearer (or farther) than its shoulder is in front of (or behind) the trunk; nearer to it, drawn as an untilted arm is. */
export const IN_PLANE = 0.03;

/** Metres the elbow and the hand are nearer the viewer than the shoulder (negative: behind it). */
export function armDepth([upper, fore]: ArmTilt): readonly [elbow: number, hand: number] {
  const elbow = SEGMENT.upperArm * Math.sin(upper * RAD);
  return [elbow, elbow + FOREARM_REACH * Math.sin(fore * RAD)];
}

/**
 * How much nearer the viewer than its shoulder an arm is where it crosses the trunk: its hand's depth (a
 * hand at the sternum is in front of the chest though its elbow is back at the side), or, with the hand
 * within IN_PLANE of the shoulder's plane, its elbow's.
 */
export function armNearness(tilt: ArmTilt): number {
  const [elbow, hand] = armDepth(tilt);
  return Math.abs(hand) > IN_PLANE ? hand : elbow;
}

/**
 * Which arms are drawn under the trunk and which over it. Untilted (every figure without `toward.arms`),
 * the far one under and the near one over, as always; tilted, an arm nearer the viewer than its shoulder
 * (armNearness) over, one behind it under, one within IN_PLANE of it as an untilted one.
 */
export function armLayers(body: Body, far: Side): { under: Side[]; over: Side[] } {
  const near: Side = far === 'left' ? 'right' : 'left';
  const layers = { under: [far], over: [near] };
  if (body.armTilts === undefined) return layers;
  const under: Side[] = [];
  const over: Side[] = [];
  for (const side of [far, near]) {
    const depth = armNearness(body.armTilts[side]);
    if (depth > IN_PLANE) over.push(side);
    else if (depth < -IN_PLANE) under.push(side);
    else (side === far ? under : over).push(side);
  }
  return { under, over };
}

/** Three-dimensional vectors of an arm's two segments: the drawn picture vector and the depth its tilt gives it. */
function segments(arm: Arm, [upper, fore]: ArmTilt): [number[], number[]] {
  return [
    [arm.middle[0] - arm.root[0], arm.middle[1] - arm.root[1], SEGMENT.upperArm * Math.sin(upper * RAD)],
    [arm.end[0] - arm.middle[0], arm.end[1] - arm.middle[1], SEGMENT.forearm * Math.sin(fore * RAD)],
  ];
}

/** The angle in degrees between two vectors in three dimensions. */
function angle(a: readonly number[], b: readonly number[]): number {
  const dot = a[0]! * b[0]! + a[1]! * b[1]! + a[2]! * b[2]!;
  const cos = dot / (Math.hypot(a[0]!, a[1]!, a[2]!) * Math.hypot(b[0]!, b[1]!, b[2]!));
  return Math.acos(Math.max(-1, Math.min(1, cos))) / RAD;
}

/** The elbow's flexion in three dimensions (0 straight): the angle between the upper arm and the forearm. */
export function elbowFlexion3d(arm: Arm, tilt: ArmTilt): number {
  return angle(...segments(arm, tilt));
}

/**
 * The shoulder's elevation in three dimensions: the angle between the upper arm and the upper trunk's
 * line down from the shoulders, each its drawn vector and the depth its tilt gives it (a trunk hinged
 * toward the viewer, `trunkTilt`, takes the shoulders nearer than the waist).
 */
export function shoulderElevation3d(body: Body, side: Side, tilt: ArmTilt, trunkTilt = 0): number {
  const arm = body.arms[side];
  const [upper] = segments(arm, tilt);
  const down = [body.waist[0] - body.neckBase[0], body.waist[1] - body.neckBase[1], -SEGMENT.upperTrunk * Math.sin(trunkTilt * RAD)];
  return angle(upper, down);
}

/** Whether a line running to `to` (a cable, a band) ends at a hand drawn over the trunk: then it is drawn over the trunk too. */
export function isLineOverTrunk(body: Body, to: string | undefined): boolean {
  if (body.armTilts === undefined) return false;
  const sides: Side[] = to === undefined || to === 'hands' ? ['left', 'right'] : to === 'left' || to === 'right' ? [to] : [];
  return sides.some((side) => armDepth(body.armTilts![side])[1] > IN_PLANE);
}

/** A segment's direction in three dimensions: `[direction in the picture (0 down, 90 outward), tilt toward the viewer]`. */
type Pointing = readonly [direction: number, tilt: number];
const unit = ([direction, tilt]: Pointing): number[] => [
  Math.sin(direction * RAD) * Math.cos(tilt * RAD),
  -Math.cos(direction * RAD) * Math.cos(tilt * RAD),
  Math.sin(tilt * RAD),
];

/**
 * `t` of the way from one pointing to another along the great circle between them: an arm sweeping at
 * shoulder height from straight ahead to out to the side stays at that height, where mixing the picture's
 * direction and the tilt apart would swing it down through hanging. The direction is kept the nearest turn
 * to the mixed one; nearly opposite pointings (no one circle) and one pointing at the viewer mix as numbers.
 */
export function slerpPointing(a: Pointing, b: Pointing, t: number): Pointing {
  const mixed: Pointing = [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
  const [p, q] = [unit(a), unit(b)];
  const omega = Math.acos(Math.max(-1, Math.min(1, p[0]! * q[0]! + p[1]! * q[1]! + p[2]! * q[2]!)));
  if (omega < 1e-9 || Math.PI - omega < 1e-3) return mixed;
  const [wa, wb] = [Math.sin((1 - t) * omega) / Math.sin(omega), Math.sin(t * omega) / Math.sin(omega)];
  const v = p.map((value, i) => value * wa + q[i]! * wb);
  const tilt = Math.asin(Math.max(-1, Math.min(1, v[2]!))) / RAD;
  if (Math.hypot(v[0]!, v[1]!) < 1e-9) return [mixed[0], tilt];
  const direction = Math.atan2(v[0]!, -v[1]!) / RAD;
  return [direction + 360 * Math.round((mixed[0] - direction) / 360), tilt];
}

/**
 * The arms of a frame between two keys (`mixed`, their angles mixed as numbers) moved in three dimensions
 * where either key tilts a segment toward the viewer: the upper arm and the forearm each along the great
 * circle (slerpPointing), the forearm's direction taken absolute. Untilted segments keep the picture's mix.
 */
export function mixArmsIn3d(a: Angles, b: Angles, t: number, mixed: Angles): Angles {
  if (mixed.toward?.arms === undefined) return mixed;
  const result: Angles = { ...mixed, toward: { ...mixed.toward } };
  const tilts: Record<Side, ArmTilt> = { ...mixed.toward.arms };
  for (const side of SIDES) {
    const [ta, tb] = [a.toward?.arms?.[side] ?? [0, 0], b.toward?.arms?.[side] ?? [0, 0]];
    if (ta[0] === 0 && tb[0] === 0 && ta[1] === 0 && tb[1] === 0) continue;
    const [pa, pb] = [a[side].arm, b[side].arm];
    let [shoulder, upper] = [mixed[side].arm.shoulder, tilts[side][0]];
    if (ta[0] !== 0 || tb[0] !== 0) [shoulder, upper] = slerpPointing([pa.shoulder, ta[0]], [pb.shoulder, tb[0]], t);
    // The forearm's direction from the trunk's line down, as the upper arm's is.
    let [forearm, fore] = [pa.shoulder + pa.elbow + (pb.shoulder + pb.elbow - pa.shoulder - pa.elbow) * t, tilts[side][1]];
    if (ta[1] !== 0 || tb[1] !== 0) [forearm, fore] = slerpPointing([pa.shoulder + pa.elbow, ta[1]], [pb.shoulder + pb.elbow, tb[1]], t);
    result[side] = { ...mixed[side], arm: { ...mixed[side].arm, shoulder, elbow: forearm - shoulder } };
    tilts[side] = [upper, fore];
  }
  result.toward!.arms = tilts;
  return result;
}
