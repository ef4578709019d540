/**
 * The three-quarter figure's parts as three-draw.ts draws them: each a segment (a point for the head and the hands)
 * and the half width it is drawn with. One list, so the drawing and the checks that measure against it (a barbell
 * through the body, a limb in the stability ball) cannot drift apart. The trunk's three strokes are drawn as wide as
 * their elliptic cross-section projects; what the checks take is each stroke at its thinnest, its depth's half.
 */
import { LEG_HALF_WIDTH, SEGMENT } from './body-measures.ts';
import { SIDES } from './skeleton.ts';
import { type Body3, chestOf } from './three-figure.ts';
import { lerp3, type Vec3 } from './three-vec.ts';

/** Half the drawn width of each limb stroke (metres), a hand's circle's radius, and the neck's. */
export const DRAWN_HALF = {
  thigh: LEG_HALF_WIDTH.thigh,
  shank: LEG_HALF_WIDTH.shank,
  foot: 0.0275,
  upperArm: 0.0425,
  forearm: 0.0325,
  hand: 0.042,
  neck: 0.035,
} as const;

export type DrawnKind = 'head' | 'neck' | 'chest' | 'belly' | 'pelvis' | 'thigh' | 'shin' | 'foot' | 'upperArm' | 'forearm' | 'hand';

export interface DrawnPart {
  /** How a problem names it: `head`, `left thigh`, `right upper arm`. */
  name: string;
  kind: DrawnKind;
  from: Vec3;
  to: Vec3;
  half: number;
}

/** Every part of `body` as drawn: the head, neck and trunk, then each side's leg and arm, hip to hand. */
export function drawnParts(body: Body3): DrawnPart[] {
  const chest = chestOf(body);
  const part = (name: string, kind: DrawnKind, from: Vec3, to: Vec3, half: number): DrawnPart => ({ name, kind, from, to, half });
  const out = [
    part('head', 'head', body.head, body.head, SEGMENT.headRadius),
    part('neck', 'neck', body.neckBase, lerp3(body.neckBase, body.head, 0.5), DRAWN_HALF.neck),
    part('chest', 'chest', chest, body.neckBase, 0.08),
    part('belly', 'belly', body.waist, chest, 0.115),
    part('pelvis', 'pelvis', body.pelvis, body.waist, 0.095),
  ];
  for (const side of SIDES) {
    const [leg, arm] = [body.legs[side], body.arms[side]];
    out.push(
      part(`${side} thigh`, 'thigh', leg.hip, leg.knee, DRAWN_HALF.thigh),
      part(`${side} shin`, 'shin', leg.knee, leg.ankle, DRAWN_HALF.shank),
      part(`${side} foot`, 'foot', leg.heel, leg.toe, DRAWN_HALF.foot),
      part(`${side} upper arm`, 'upperArm', arm.shoulder, arm.elbow, DRAWN_HALF.upperArm),
      part(`${side} forearm`, 'forearm', arm.elbow, arm.wrist, DRAWN_HALF.forearm),
      part(`${side} hand`, 'hand', arm.hand, arm.hand, DRAWN_HALF.hand),
    );
  }
  return out;
}
