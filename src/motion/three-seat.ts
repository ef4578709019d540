/**
 * What the pelvis and the lower back rest on. A planted `pelvis` is no longer one point (the hip joints' midpoint,
 * on which a seated figure balanced as on a pin) but its two halves, each the lowest point of the soft tissue under
 * it; a planted `lowerBack` is the back of the lower trunk, the sacrum and the lumbar region up to the waist.
 *
 * Each half of the pelvis's underside is modelled as a ball of soft tissue in the pelvis's frame (x forward, y up
 * the trunk, z to the right; origin the hip joints' midpoint), rolling on the floor as the pelvis tilts:
 * - the seat: centred 6 cm either side of the midline (the sit bones, the ischial tuberosities, are 10 to 13 cm apart
 *   in adults), 4 cm behind and 2 cm below the hip joints, 6 cm round. Sitting upright its lowest point is 4 cm behind
 *   and 8 cm below the hip joints: the sit bone's lowest point about 6 cm below and 4 cm behind the hip-joint centre
 *   (an approximation of how far the hip joints sit above and ahead of the tuberosities in a seated adult pelvis, not
 *   taken from one source; the sheets of seated clips are what checked it), under about 2 cm of tissue compressed by
 *   the sitter's weight (MRI of sitters, Linder-Ganz et al. 2007, J Biomech 40:1443). Lying on the back its lowest point is the back of the buttock, 10 cm
 *   behind the hip joints (the planar figure's resting pelvis, REST_HEIGHT.pelvis), 2 cm toward the feet. Between,
 *   leaning back (a V-sit, a seated twist), the weight rolls from the sit bones onto the buttocks as a person's does.
 * - the front: 1 cm ahead of and 3 cm above the hip joints, 9 cm round: lying face down the pelvis rests 10 cm under
 *   the hip joints as it did before (the planar figure's), and tilted forward past about 15 degrees a seated
 *   pelvis rolls off its sit bones onto the front (the pubic arch and the thighs' backs take it).
 * Whichever of the two reaches lower on each side is what rests, so the pelvis's height is continuous through any
 * tilt and no key's rule depends on a threshold a writer must know. On its side the pelvis would rest on the front
 * balls' sides, 15 cm under the midline and the lower hip joint 5 cm off the floor, which is not a person's: lying on
 * a side plants `leftHip` or `rightHip` (the greater trochanter), as before.
 */
import { REST_HEIGHT } from './resting.ts';
import type { Side } from './skeleton.ts';
import { type Body3, sideSign } from './three-figure.ts';
import { add3, apply, axisOf, type Vec3 } from './three-vec.ts';

/** Half the distance between the two halves' contacts: the sit bones' half spacing. */
export const SIT_BONE_HALF_GAP = 0.06;
const SEAT = { centre: [-0.04, -0.02] as const, radius: 0.06 };
const FRONT = { centre: [0.01, 0.03] as const, radius: 0.09 };
/** The rest height of a pelvis half's point (what `seatOf` returns is raised to rest at the seat ball's radius). */
export const SEAT_REST = SEAT.radius;

/**
 * Where side `side`'s half of the pelvis rests: the centre of whichever of its balls reaches lower, raised or lowered
 * so that it lies SEAT_REST above that ball's lowest point (directly under it is the contact on the floor).
 */
export function seatOf(body: Body3, side: Side): Vec3 {
  const ball = ({ centre, radius }: typeof SEAT | typeof FRONT) => {
    const at = add3(body.pelvis, apply(body.pelvisFrame, [centre[0], centre[1], sideSign(side) * SIT_BONE_HALF_GAP]));
    return { at, bottom: at[1] - radius, radius };
  };
  const [seat, front] = [ball(SEAT), ball(FRONT)];
  const lower = front.bottom < seat.bottom ? front : seat;
  return add3(lower.at, [0, SEAT_REST - lower.radius, 0]);
}

/** Half the breadth of the lumbar back that rests (the erector spinae's bulk either side of the spine, about 5 cm). */
const LUMBAR_HALF = 0.05;

/**
 * The sacrum's back, 8 cm up the trunk from the hip joints (S2, the middle of the sacrum, where a supine pressure map
 * peaks), resting as the lying pelvis does, 10 cm behind the trunk's axis (the bone about 8 cm behind the hip joints'
 * plane and its 2 cm of tissue); and the back at the waist (the lumbar region, L3) either side of the spine, at the
 * planar figure's rest height for the waist. A crunch lifting the shoulder blades keeps all three down (the upper back,
 * `back`, is the neck base); the two at the waist give the outline its breadth there, as the sit bones do at the pelvis.
 */
// Typed by its shape, not as three-parts.ts's RestPoint: that module imports this one (no import cycle).
export const LOWER_BACK = [
  { name: "lowerBack's sacrum", at: (b: Body3) => add3(b.pelvis, axisOf(b.pelvisFrame, 1), 0.08), rest: REST_HEIGHT.pelvis },
  ...(['left', 'right'] as const).map((side) => ({
    name: `lowerBack's ${side} loin`,
    at: (b: Body3) => add3(b.waist, axisOf(b.pelvisFrame, 2), sideSign(side) * LUMBAR_HALF),
    rest: REST_HEIGHT.waist,
  })),
];
