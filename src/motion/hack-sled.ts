/**
 * A hack squat machine (sled) seen from the side (`hackSled`, renderer 1.29.0): a carriage with a back pad and
 * shoulder pads rides up and down rails that rise along the lifter's back, and the feet stand on an angled
 * platform at the rails' foot. The carriage moves with the trunk (the back, or in a reverse hack squat the
 * chest, stays on its pad, which no fixed pad could show: a back travels 40 cm down the rails), so it is placed
 * in every frame where the trunk has carried it along the rails; what the rails cannot do is move across their
 * line, which hack-sled-check.ts holds the trunk to. The pad holds the figure up: no key is a quiet stance.
 *
 * Measurements are a plate-loaded hack squat's, rounded: rails 35 to 65 degrees from the floor (most are about
 * 45), a foot platform 10 cm up at its low end, sloping up to 35 degrees, a back pad 7 cm thick on a carriage
 * 5 cm deep, plates on horns on the carriage's side.
 */
import type { FixedProp, Key } from './motion.ts';
import { padFace, padOutward } from './machine.ts';
import type { PadPart } from './prop-kinds.ts';
import { add, type Body, type Point, type View } from './skeleton.ts';
import { keyBody } from './timeline.ts';

/** The platform's low end above the floor (metres). */
export const PLATFORM_LOW = 0.1;
/** The pad's thickness and the carriage's depth behind it, and how far past the pad the rails run (metres). */
export const SLED = { pad: 0.07, carriage: 0.05, rail: 0.1, overrun: 0.2, below: 0.12 } as const;
/** The rails' angle from the floor, degrees: a hack squat's, or a reverse's. */
export const RAIL_ANGLES = [35, 65] as const;

/** The platform `[x0, x1, angle]` (rising toward +x when positive) and the part on the pad, before the keys are placed. */
export function hackSledOf(sled: { platform: readonly [number, number, number]; pad?: 'back' | 'chest' | undefined }): FixedProp {
  const [a, b, angle] = sled.platform;
  const [x0, x1] = [Math.min(a, b), Math.max(a, b)];
  const rise = Math.tan((Math.abs(angle) * Math.PI) / 180) * (x1 - x0);
  return { kind: 'hack-sled', x0, x1, y: angle >= 0 ? PLATFORM_LOW : PLATFORM_LOW + rise, angle, part: sled.pad ?? 'back' };
}

const unit = (from: Point, to: Point): Point => {
  const length = Math.hypot(to[0] - from[0], to[1] - from[1]) || 1;
  return [(to[0] - from[0]) / length, (to[1] - from[1]) / length];
};
const dot = (a: Point, b: Point): number => a[0] * b[0] + a[1] * b[1];
const minus = (a: Point, b: Point): Point => [a[0] - b[0], a[1] - b[1]];

/** The rails' line: the pad's face at the first key, the way up it (toward the head) and out from the body. */
export interface Rails {
  origin: Point;
  up: Point;
  out: Point;
  /** The pad face's length along the rails. */
  length: number;
}

export function railsOf(sled: FixedProp): Rails {
  const face = sled.face!;
  return {
    origin: face[0],
    up: unit(face[0], face[1]),
    out: padOutward(sled.part ?? 'back', face),
    length: Math.hypot(face[1][0] - face[0][0], face[1][1] - face[0][1]),
  };
}

/** How far up the rails the carriage has been carried in this frame: the pad face's low end along them. */
export const carriageAlong = (rails: Rails, body: Body, part: PadPart): number =>
  dot(minus(padFace(body, part)[0], rails.origin), rails.up);

/** A point in the rails' frame: `along` up the rails from the origin, `across` out from the pad's face. */
export const onRails = (rails: Rails, along: number, across: number): Point => add(add(rails.origin, rails.up, along), rails.out, across);

/** Where the hands' handles are this frame: where the first key's hands were on the carriage, carried with it. */
export function gripAt(sled: FixedProp, body: Body): Point {
  const rails = railsOf(sled);
  const grip = sled.hack!.grip;
  return onRails(rails, carriageAlong(rails, body, sled.part ?? 'back') + grip[0], grip[1]);
}

/**
 * The sled once the keys are placed: the rails along the first key's pad face, the hands' handles where that
 * key's left hand is on the carriage, and how far along the rails the keys carry the carriage (the rails
 * are drawn past both ends).
 */
export function placeHackSled(sled: FixedProp, keys: readonly Key[], view: View): void {
  const part = sled.part ?? 'back';
  const first = keyBody(keys[0]!, view).body;
  sled.face = padFace(first, part);
  const rails = railsOf(sled);
  const hand = minus(first.arms.left.hand, rails.origin);
  const along = keys.map((key) => carriageAlong(rails, keyBody(key, view).body, part));
  sled.hack = { grip: [dot(hand, rails.up), dot(hand, rails.out)], travel: [Math.min(...along), Math.max(...along)] };
}

/** The rails' angle from the floor, degrees. */
export const railAngle = (rails: Rails): number => (Math.atan2(Math.abs(rails.up[1]), Math.abs(rails.up[0])) * 180) / Math.PI;

/** The rails' two ends: below the carriage's lowest place and above its highest, on the line the sled's wheels ride. */
export function railEnds(sled: FixedProp): readonly [Point, Point] {
  const rails = railsOf(sled);
  const [low, high] = sled.hack!.travel;
  const across = SLED.pad + SLED.carriage + 0.02;
  return [onRails(rails, low - SLED.below - SLED.overrun, across), onRails(rails, high + rails.length + SLED.overrun, across)];
}
