/**
 * The figure's measures: segment lengths, drawn leg widths and mass fractions of a 1.75 m adult (Winter's
 * anthropometric tables). Apart from skeleton.ts, which poses a figure with them, so that file stays short.
 */

/** Segment lengths in metres (Winter, fractions of a 1.75 m height). */
export const SEGMENT = {
  lowerTrunk: 0.22,
  upperTrunk: 0.28,
  neck: 0.09,
  headRadius: 0.105,
  upperArm: 0.31,
  forearm: 0.26,
  hand: 0.09,
  thigh: 0.43,
  shank: 0.42,
  /** Ankle height above the sole. */
  ankleHeight: 0.07,
  /** Heel behind the ankle, toe in front of it. */
  heel: 0.06,
  toe: 0.19,
  /** Half the shoulder width and half the hip width, used by the front view. */
  halfShoulders: 0.19,
  halfHips: 0.1,
  /** The elbow's thickness: its centre never goes lower than this above the floor. */
  elbowClearance: 0.03,
} as const;

/** Half the drawn thickness of the thigh and the shank (render-svg.ts draws them twice as thick): what a prop may touch. */
export const LEG_HALF_WIDTH = { thigh: 0.0625, shank: 0.045 } as const;

/** Mass fractions of the whole body (Winter); they sum to 1. */
export const MASS = { head: 0.081, trunk: 0.497, upperArm: 0.028, forearm: 0.016, hand: 0.006, thigh: 0.1, shank: 0.0465, foot: 0.0145 };
export const BODY_MASS_KG = 75;
/**
 * Where each segment's centre of mass lies, as a fraction of the way from its proximal joint (Winter): the planar
 * figure (skeleton.ts) and the three-quarter one (three-figure.ts) weigh their segments at the same points.
 */
export const MASS_CENTRE = { thigh: 0.433, shank: 0.433, foot: 0.5, upperArm: 0.436, forearm: 0.43 } as const;
