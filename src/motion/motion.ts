/**
 * A movement as the renderer and the validator read it: keyframes (joint angles, an anchor that puts the figure in the
 * scene, optional hand and foot targets), the scene's fixed props and the held ones, and what each key promises
 * (contacts, balance). Patterns build Motions; timeline.ts turns one into frames.
 */
import type {
  FixedPropKind,
  FloorLoad,
  HandRestPlace,
  LandmineGrip,
  LeverEnd,
  MiniBandAt,
  PadPart,
  SliderPart,
  HoldPlace,
} from './prop-kinds.ts';
import type { CardioStyle } from './cardio-styles.ts';
import type { Angles, ArmAngles, ElbowBend, LegAngles, Point, Side, View } from './skeleton.ts';
import type { AboveScene, BallFlight, ImplementRelease } from './motion-scenes.ts';
export type { AboveScene, BallFlight, ImplementRelease } from './motion-scenes.ts';

/** Points of the figure a key may place in the scene or promise a contact for. */
export const BODY_POINTS = [
  'pelvis',
  'waist',
  'neckBase',
  'head',
  'leftHand',
  'rightHand',
  'leftToe',
  'rightToe',
  'leftHeel',
  'rightHeel',
  'leftKnee',
  'rightKnee',
  'leftElbow',
  'rightElbow',
] as const;
export type BodyPoint = (typeof BODY_POINTS)[number];

/** A surface in the scene: the floor, a bench or box top, a bar. Contacts are checked against these. */
export type Surface =
  | { kind: 'floor' }
  | { kind: 'top'; name: string; x0: number; x1: number; y: number; rise?: number }
  | { kind: 'point'; name: string; at: Point };

/** What a line prop runs to: both hands, one hand, the middle of the feet, one ankle, the hips (a belt or harness), the shoulders or the knees (a machine's pads). */
export type LineEnd = 'hands' | Side | 'feet' | 'left-foot' | 'right-foot' | 'hips' | 'shoulders' | 'knees';

/** A fixed prop: drawn in the scene, never moving. */
export interface FixedProp {
  kind: FixedPropKind;
  /**
   * Bench, box, mat, roller, massage ball, stability ball, BOSU: the top's span and height; bar, low bar, rings, dip bars: where the hands
   * hold them; wall: its face x; cable, band, straps: the pulley or anchor (x0, y); lever, landmine: the pivot (x0, y); cone, hurdle: its
   * span on the floor and its height; reformer: the footbar's x (x0) and height (y), and the frame's head end (x1); rack: where the bar
   * rests on its pins (x0), its upright (x1) and the pins' top (y); a ball pinned against a wall: the wall's face (x0), the ball's side
   * toward the figure (x1) and its diameter (y).
   */
  x0: number;
  x1: number;
  y: number;
  /** Cable, band, straps, lever, landmine: what its line runs to in every frame (both hands, one hand, or the feet). */
  to?: LineEnd;
  /** Band: held between the hands with no anchor (hand-band.ts). */
  held?: 'between-hands' | 'around-back';
  /** Mini band: where it is looped round both legs (mini-band.ts). */
  around?: MiniBandAt;
  /** Boards on the chest: how many are stacked (chest-boards.ts); chain handles: each chain's length, metres (chain-handles.ts). */
  size?: number;
  /** Landmine: how the hands hold it (sleeve-end) and its plate's diameter, metres (landmine-sleeve.ts); unset, the bar runs past the hands. */
  grip?: { hold: LandmineGrip; plate: number };
  /** Hurdle: an adjustable one, uprights and a top bar, `y` high (hurdle.ts); unset, a 30 cm mini hurdle. */
  adjustable?: true;
  /** Jump rope: seconds a turn (jump-rope.ts). */
  period?: number;
  /** Reformer: the body point its carriage rides under, and the carriage centre's distance from it toward the head end (reformer.ts). */
  rides?: { point: BodyPoint; offset: number };
  /** A cardio machine (cardio.ts): its style, the seconds its crank takes a turn, and a travelling bicycle's wheels'. */
  cardio?: { style: CardioStyle; period: number; rolls?: number };
  /** Slant board: its slope, degrees, rising toward +x when positive (y is its height at x0). Incline: the back pad's angle from the floor, degrees; positive rises behind the seat (x1 < x0 side), negative in front. Decline: how far the pad falls behind the seat. */
  /** Lever: what its arm ends in (handles unless said), and where its plates ride (on the arm unless said: machine.ts). */
  end?: LeverEnd;
  plates?: 'arm' | 'counter';
  /** Lever: its arm runs beside the body, so it is drawn behind the figure and only its end over it (render-machine.ts). */
  beside?: boolean;
  /** Lever ending in a platform: the sole's heel and toe at the first key, in the frame that turns with the arm (machine.ts inArmFrame). */
  platform?: readonly [Point, Point];
  /** Pad: the part it rests against and its face, placed against that part in the first key. */
  part?: PadPart;
  face?: readonly [Point, Point];
  angle?: number;
  /** Rack: the top of a second pair of pins the bar is driven into (rack.ts). Captain's chair: its forearm pads' top (captains-chair.ts). */
  upper?: number;
  /** A massage ball or stability ball pinned between the wall and this spot of the body, not lying on the floor (wall-ball.ts). */
  pinned?: WallSpot;
  /** Glute-ham developer: the rollers locking the ankles (the shank's direction through them) and the foot plate under the soles (ghd.ts). */
  rollers?: { at: Point; shank: number; plate: readonly [Point, Point] };
  /** Wunda chair: its pedal's hinge and the length from it to the foot bar (wunda-chair.ts). */
  pedal?: { pivot: Point; length: number };
  /** Cadillac: the x of the poles at the feet end, where the roll-down bar's springs hang (cadillac.ts). */
  feetEnd?: number;
  /** A bench, a machine's seat or a chair seen end on from the front, bearing only what sits on it; its back pad's top (front-seat.ts). */
  endOn?: 'bench' | 'seat' | 'chair';
  backTop?: number;
  /** A seated machine's pads on levers, pressing the knees or upper arms from the side (front-seat-pads.ts). */
  presses?: SidePads;
  /** Slider: the hand or foot it lies under, gliding with it along the floor (slider.ts). */
  under?: SliderPart;
  /** A load lying on the floor, the feet hooked under it: what it is (floor-load.ts). */
  load?: FloorLoad;
  /** A chair back or counter a hand rests on: the span of its top and where it stands (hand-rest.ts). */
  rest?: HandRestPlace;
  /** Hack sled: the hands' handles on the carriage (along its rails, out from the pad's face) and how far along the rails the keys carry it (hack-sled.ts). */
  hack?: { grip: Point; travel: readonly [number, number] };
}

/** Where a seated machine's lever pads press, seen from the front: outside or inside the knees, outside the upper arms. */
export type SidePads = 'knees-out' | 'knees-in' | 'upper-arms';

/** Where a ball pinned against a wall presses on the body: between the shoulder blades, the small of the back, the upper chest. */
export const WALL_SPOTS = ['upper-back', 'lower-back', 'chest'] as const;
export type WallSpot = (typeof WALL_SPOTS)[number];

/** A held prop: drawn at the grip of the hands that hold it (or across the upper back for a back squat). */
export interface HeldProp {
  kind:
    | 'barbell'
    | 'dumbbells'
    | 'dumbbell'
    | 'kettlebell'
    | 'kettlebells'
    | 'ball'
    | 'farmers-handles'
    | 'plate'
    | 'sandbag'
    | 'stone'
    | 'log'
    | 'keg'
    | 'chains'
    | 'throwing-weight'
    | HandPropKind
    | StrongmanKind;
  /**
   * `hands`: both hands hold it (a barbell, a two-hand kettlebell); one side: that hand; `back`: resting on
   * the upper back; `knees`, `ankles`: squeezed between them (a Pilates ring, a squeeze ball);
   * `around-ankles`: a ring around both ankles, pulled open by them; `belt`: hanging on a dip belt's chain (dip-belt.ts); `knee-crease`: behind the near knee (knee-crease.ts);
   * `soles`, `left-sole`, `right-sole`: a Smith machine's bar pressed by both soles or one (smith-soles.ts).
   */
  at: HoldPlace;
  massKg: number;
  /** On a dip belt: metres of chain from the belt's front ring to the load, and whether it hangs between two boxes the feet stand on. */
  chain?: number;
  straddle?: boolean;
  /**
   * Which side of the legs a barbell in both hands rests against, seen from the side (bar-against-thighs.ts): the front (the
   * default), `on-thighs`: the front, drawn onto them where the arms leave a gap, eased off at the knee, the waist and once the
   * elbows bend (a pull above the knees and its lockout, a clean's hang), `behind` them (a hack squat, a shrug behind the back),
   * or `around` them: a trap (hex) bar, whose frame the figure stands inside, its plates at the hands beside the legs.
   */
  barAt?: 'on-thighs' | 'behind' | 'around';
  /** A barbell on the back: `safety`, a safety squat bar, the hands on its handles in front (safety-bar.ts); unset, a straight bar. */
  bar?: 'safety';
  /** Dumbbells or kettlebells resting on the floor under the planted hands (floor-bells.ts): the height of the hand on the handle. */
  onFloor?: number;
  /** Where the load's centre is from the grip, when it is not on it (held-offset.ts HeldOffset); betweenLegs: held in both hands and passing between the thighs of a stance wider than the load (a swing's hike). */
  offset?: { x: number; y: number; turnsWithHand?: boolean; betweenLegs?: true };
}

/** The small implements hand-props.ts places, checks and draws. */
export type HandPropKind = 'pilates-ring' | 'dowel' | 'squeeze-ball' | 'ab-wheel' | 'wrist-roller' | 'towel' | 'massage-stick';

/** The strongman implements strongman-implements.ts places, checks and draws. */
export type StrongmanKind = 'dinnie-stones' | 'husafell-stone' | 'press-block' | 'rickshaw';

/** A pair held one in each hand (dumbbells, kettlebells, farmer's handles, Dinnie stones, a rickshaw's handles), not one load in both. */
export const isPair = (prop: HeldProp): boolean =>
  prop.kind === 'dumbbells' ||
  prop.kind === 'kettlebells' ||
  prop.kind === 'farmers-handles' ||
  prop.kind === 'dinnie-stones' ||
  prop.kind === 'rickshaw';

/** A contact promised in a key: `point` within reach of the surface named `on`. */
export interface Contact {
  point: BodyPoint;
  on: string;
}

export interface Key {
  /** A word for messages: `start`, `bottom`, `lockout`. */
  name: string;
  angles: Angles;
  /** The body point placed at `at` in the scene; the rest of the figure follows from the angles. */
  anchor: { point: BodyPoint; at: Point };
  hands?: Partial<Record<Side, Point>>;
  /** Where elbows bend when hands have targets (skeleton.ts); `low` unless said. */
  elbows?: ElbowBend;
  feet?: Partial<Record<Side, Point>>;
  /** Feet on a machine's platform or roller: their sole stays their sole however they point (skeleton.ts Targets.footKept). */
  footKept?: Partial<Record<Side, boolean>>;
  /** Placed feet whose knee bends inward, not outward, in the front view (skeleton.ts Targets.kneesIn; view-above.ts). */
  kneesIn?: Partial<Record<Side, boolean>>;
  /** Front view: the placed foot pivoting on its ball, heel up and out (foot-pivot.ts). */
  pivot?: Side;
  /** How high what each placed foot rests on is, where that is not the floor (skeleton.ts Targets.footGround). */
  feetGround?: Partial<Record<Side, number>>;
  contacts: Contact[];
  /** A standing key whose centre of mass must lie over the feet on the floor. */
  isBalanced: boolean;
  /** Seconds held at this key, then seconds to move to the next (the last moves back to the first). */
  hold: number;
  move: number;
  /** In a grounded motion, metres the figure is off the ground at this key (a jump's flight). */
  air?: number;
  /** In the air in a flight drawn as a thrown body, from the last key on a support to the next (thrown.ts). */
  flight?: true;
  /** Passed through without stopping: the moves either side keep their speed at it (thrown.ts moveProgress). */
  through?: true;
  /** The hand or foot that steps into this key from the previous one: it lifts on the way (limb-paths.ts). */
  step?: StepLimb;
  /** Both feet hop into this key from the previous one on planted hands, this high at the middle (metres; limb-paths.ts). */
  hop?: number;
}

export type StepLimb = 'left-foot' | 'right-foot' | 'left-hand' | 'right-hand';

export interface Motion {
  view: View;
  frame: 'portrait' | 'landscape';
  keys: Key[];
  /** The key shown as the start image and the key shown as the end image. */
  stills: readonly [number, number];
  fixed: FixedProp[];
  held: HeldProp[];
  /** The pattern that built it, for the coverage report. */
  pattern: string;
  /** Every frame rests on the floor (its lowest resting part touches it), not only the keys. */
  isGrounded?: boolean;
  /**
   * How the loop returns from the last key to the first: by moving (the default), or, for a movement that travels (over a box,
   * off a box, across the floor), by a cross-dissolve: the last key fades out as the first fades in, instead of gliding back.
   */
  loop?: 'dissolve';
  /**
   * Metres a second the figure travels along the floor while the camera follows it (forward positive; sideways in the front view): the
   * floor scrolls back under it (travel.ts), so a planted foot moves back with the floor instead of sliding along it.
   */
  travel?: number;
  /** A held ball that leaves the hands and flies as a thrown body (ball-flight.ts). */
  ball?: BallFlight;
  /** A held sandbag, keg or Atlas stone let go at one key: set down on the box's top, or tossed (implement-release.ts). */
  implementRelease?: ImplementRelease;
  /** Seen from above: a figure lying on the floor, posed as the front view poses it and laid along the picture (view-above.ts). */
  above?: AboveScene;
}

export const leg = (hip: number, knee = 0, ankle = 0): LegAngles => ({ hip, knee, ankle });
export const arm = (shoulder: number, elbow = 0): ArmAngles => ({ shoulder, elbow });

/** Angles from the trunk and one leg and arm for both sides (or a pair for each). */
export function angles(parts: {
  trunk?: number;
  spine?: number;
  neck?: number;
  legs?: LegAngles | readonly [LegAngles, LegAngles];
  arms?: ArmAngles | readonly [ArmAngles, ArmAngles];
}): Angles {
  const legs = parts.legs ?? leg(0);
  const arms = parts.arms ?? arm(5, 5);
  const [leftLeg, rightLeg] = 'hip' in legs ? [legs, legs] : legs;
  const [leftArm, rightArm] = 'shoulder' in arms ? [arms, arms] : arms;
  return {
    trunk: parts.trunk ?? 0,
    spine: parts.spine ?? 0,
    neck: parts.neck ?? 0,
    left: { leg: leftLeg, arm: leftArm },
    right: { leg: rightLeg, arm: rightArm },
  };
}

/** Leg angles from the absolute angles of thigh and shank, with the foot flat on the floor. */
export function flatFootLeg(trunk: number, thighAbsolute: number, shankAbsolute: number): LegAngles {
  return leg(thighAbsolute + trunk, thighAbsolute - shankAbsolute, -shankAbsolute);
}

/** The clip's length in seconds: every key's hold and move. */
export function cycleSeconds(motion: Pick<Motion, 'keys'>): number {
  return keyStartSeconds(motion, motion.keys.length);
}

/** Seconds into the loop at which key `index` is reached: the holds and moves of the keys before it. */
export function keyStartSeconds(motion: Pick<Motion, 'keys'>, index: number): number {
  return motion.keys.slice(0, index).reduce((sum, key) => sum + key.hold + key.move, 0);
}

/** Which way a sled runs on from its posts (x0) to its far end (x1): +1 ahead of the figure, -1 behind it. */
export const sledDirection = (sled: FixedProp): 1 | -1 => (sled.x1 < sled.x0 ? -1 : 1);
