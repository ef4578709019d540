/**
 * Hands and feet held on the body (a key's `touches`): a hand resting on the top hip, a foot kept on the other
 * foot, the hands laced behind the head. Each touching end is placed by inverse kinematics on its spot, a point of
 * the body moved out toward the end's own side by the thickness between them, so the pair touches in every frame
 * whatever the rest does.
 */
import { type Side, SIDES } from './skeleton.ts';
import { type Angles3, type Body3, pose3, sideSign, type Targets3 } from './three-figure.ts';
import { add3, axisOf, dot3, lerp3, normalize3, scale3, sub3, type Vec3 } from './three-vec.ts';

export const TOUCH_ENDS = ['leftHand', 'rightHand', 'leftFoot', 'rightFoot'] as const;
export type TouchEnd = (typeof TOUCH_ENDS)[number];
const SPOT_PARTS = ['Hip', 'Thigh', 'Knee', 'Foot', 'Shoulder'] as const;
export const TOUCH_SPOTS = [...SPOT_PARTS.flatMap((part) => [`left${part}`, `right${part}`] as const), 'head'] as const;
export type TouchSpot = (typeof TOUCH_SPOTS)[number];
export type Touches = Partial<Record<TouchEnd, TouchSpot>>;

/**
 * Metres from a spot's joint out to where the touching end's centre rests: a hand's grip on the side of the hip
 * (over the greater trochanter: its soft tissue, 8 cm, and half a hand; on the iliac crest above it a hand on the
 * top hip lying on the side would be 5 cm nearer the shoulder and its elbow would stick 5 cm further out behind);
 * on the side of the thigh or knee; an ankle beside the other ankle (malleoli touching, two half breadths); a hand
 * on the deltoid.
 */
const OUT: Record<(typeof SPOT_PARTS)[number], number> = { Hip: 0.1, Thigh: 0.085, Knee: 0.06, Foot: 0.07, Shoulder: 0.07 };

const sideOf = (name: string): Side => (name.startsWith('left') ? 'left' : 'right');

/**
 * A hand on the back of the head (fingers laced behind it, as a crunch or a sit-up holds them): its grip 11 cm behind
 * the head's centre, square to the neck (so it follows a chin tuck), and 10 cm out to its own side, 15 cm from the
 * centre in all: the head's 10.5 cm and the hand's drawn half thickness (4.2 cm), touching.
 */
const BEHIND_HEAD = { back: 0.11, out: 0.1 };

function behindHead(body: Body3, end: TouchEnd): Vec3 {
  const up = normalize3(sub3(body.head, body.neckBase));
  const forward = axisOf(body.chestFrame, 0);
  const back = normalize3(scale3(sub3(forward, scale3(up, dot3(forward, up))), -1));
  return add3(add3(body.head, back, BEHIND_HEAD.back), axisOf(body.chestFrame, 2), sideSign(sideOf(end)) * BEHIND_HEAD.out);
}

/** Where end `end` rests when it touches `spot` on `body`. */
export function touchPoint(body: Body3, end: TouchEnd, spot: TouchSpot): Vec3 {
  if (spot === 'head') return behindHead(body, end);
  const side = sideOf(spot);
  const part = spot.slice(side.length) as (typeof SPOT_PARTS)[number];
  const frame = part === 'Shoulder' ? body.chestFrame : body.pelvisFrame;
  const out = add3([0, 0, 0], axisOf(frame, 2), sideSign(sideOf(end)) * OUT[part]);
  const leg = body.legs[side];
  const joint: Vec3 =
    part === 'Hip'
      ? leg.hip
      : part === 'Thigh'
        ? lerp3(leg.hip, leg.knee, 0.5)
        : part === 'Knee'
          ? leg.knee
          : part === 'Foot'
            ? leg.ankle
            : body.arms[side].shoulder;
  return add3(joint, out);
}

/** Where a touching end is: a hand's grip, a foot's ankle (what inverse kinematics places). */
export const endAt = (body: Body3, end: TouchEnd): Vec3 =>
  end.endsWith('Hand') ? body.arms[sideOf(end)].hand : body.legs[sideOf(end)].ankle;

/** A touch in force, and how much (1 held; between 0 and 1 while it is taken up or let go in a move). */
export interface Touch {
  end: TouchEnd;
  spot: TouchSpot;
  weight: number;
}

/** The touches of a move `progress` of the way from a key touching `a` to one touching `b`: held where both agree. */
export function touchesBetween(a: Touches, b: Touches, progress: number): Touch[] {
  const out: Touch[] = [];
  for (const end of TOUCH_ENDS) {
    const [from, to] = [a[end], b[end]];
    if (from !== undefined && from === to) out.push({ end, spot: from, weight: 1 });
    else {
      if (from !== undefined) out.push({ end, spot: from, weight: 1 - progress });
      if (to !== undefined) out.push({ end, spot: to, weight: progress });
    }
  }
  return out;
}

/**
 * The body of `angles` at `pelvis` with `targets`, each touching end then put on its spot (weighted: eased from
 * where the rest puts it). A spot on a limb that is itself placed is read after that limb is: the feet first, then the hands.
 */
export function poseTouching(angles: Angles3, pelvis: Vec3, targets: Targets3, touches: readonly Touch[]): Body3 {
  let body = pose3(angles, pelvis, targets);
  if (touches.length === 0) return body;
  const hands = { ...targets.hands };
  const ankles = { ...targets.ankles };
  for (const limb of ['Foot', 'Hand'] as const) {
    const own = touches.filter((t) => t.end.endsWith(limb));
    if (own.length === 0) continue;
    const free = body;
    for (const side of SIDES) {
      const end = `${side}${limb}` as TouchEnd;
      let at = endAt(free, end);
      for (const touch of own.filter((t) => t.end === end)) at = lerp3(at, touchPoint(free, end, touch.spot), touch.weight);
      if (own.some((t) => t.end === end)) (limb === 'Hand' ? hands : ankles)[side] = at;
    }
    body = pose3(angles, pelvis, { hands, ankles });
  }
  return body;
}
