/**
 * What a `pose` description says, checked at the edge (valibot): key poses as segment directions,
 * timing, the props' placements; and the joint angles those directions make (skeleton.ts).
 */
import * as v from 'valibot';
import { CARDIO_STYLES } from './cardio-styles.ts';
import { HOLD_PLACES } from './prop-kinds.ts';
import { TowardSchema } from './front-depth.ts';
import { within } from './schema-numbers.ts';
import type { BodyPoint } from './motion.ts';
import { MACHINE_ENTRIES } from './machine-params.ts';
import { HOP } from './hop.ts';
import { RIG_ENTRIES } from './rig-params.ts';
import { BALL_ENTRIES } from './ball-params.ts';
import { RELEASE_ENTRIES } from './implement-release-params.ts';
import { REST_HEIGHT } from './timeline.ts';
import { firstMisfit } from './pose-misfits.ts';
import { ShouldersSchema } from './shoulder-girdle.ts';
import { HAND_BAND_SHAPES, HAND_BANDS } from './hand-band.ts';
import { FRONT_SEAT_ENTRIES } from './front-seat.ts';
import { TwistSchema } from './trunk-twist.ts';
import { ABOVE_ENTRIES } from './above-params.ts';
import { FLOOR_ENTRIES } from './floor-tops.ts';
import { SLIDER_ENTRIES } from './slider.ts';
import { MINI_BAND_ENTRIES } from './mini-band.ts';
import { HUNG_TOWEL_ENTRIES } from './hung-towel.ts';
import { LOADED_BAR_ENTRIES } from './loaded-bar-params.ts';
import { HELD_OFFSET_ENTRIES } from './held-offset.ts';
import { TOES_ENTRIES } from './toes-params.ts';
import { PIVOT_ENTRIES } from './foot-pivot.ts';
import { HURDLE_ENTRIES } from './hurdle.ts';
import { HANG_ENTRIES, HANG_KEY_ENTRIES } from './hang-params.ts';
import { HAND_REST_ENTRIES, HAND_REST_KEY_ENTRIES } from './hand-rest.ts';
import { isSoleHold } from './smith-soles.ts';

const RESTING = Object.keys(REST_HEIGHT) as BodyPoint[];
const LINE_ENDS = ['hands', 'left', 'right', 'feet', 'left-foot', 'right-foot', 'hips', 'shoulders', 'knees'] as const;

export const metres = within(-3, 3);
export const height = within(0, 2.6);
/**
 * Limbs are written as the directions of their segments, as one sees them, not as joint angles: each is degrees from
 * pointing straight down, positive forward (side view) or outward (front view), so 0 hangs down, 90 points forward
 * level, 180 points up, -90 points back. `[thigh, shank]` or `[thigh, shank, foot]` (the foot from the ankle to the
 * toes: 90 flat forward, 180 toes up, -90 pointing back as in kneeling; by default at a right angle to the shank),
 * `[upper arm, forearm]` or `[upper arm, forearm, hand]` (the hand in line with the forearm unless given: wrist.ts).
 * Up to a whole turn either way: eased angles turn as written (a forearm at 310 after 210 rises over the head).
 */
const direction = within(-360, 360);
const LegSchema = v.union([v.strictTuple([direction, direction, direction]), v.strictTuple([direction, direction])]);
const ArmSchema = v.union([v.strictTuple([direction, direction, direction]), v.strictTuple([direction, direction])]);
const pair = <T extends v.GenericSchema>(one: T) => v.union([one, v.strictObject({ left: one, right: one })]);

const KeySchema = v.strictObject({
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(40)),
  /** Lean of the lower trunk from upright: 0 upright, 90 level and face down, -90 lying on the back, 180 upside down. */
  trunk: v.optional(within(-180, 180), 0),
  /** The upper trunk's bend on the lower: positive rounds forward (a crunch), negative arches (a cobra). */
  spine: v.optional(within(-60, 90), 0),
  /** Chin down positive, head back negative. */
  neck: v.optional(within(-60, 70), 0),
  /** Metres the shoulders move along the upper trunk: `up` (a shrug; negative, depressed), `forward` (protracted; negative, pinched back). */
  shoulders: v.optional(ShouldersSchema),
  legs: v.optional(pair(LegSchema), [0, 0]),
  arms: v.optional(pair(ArmSchema), [5, 10]),
  /** Hands or feet put on the floor below where the directions carry them (inverse kinematics bends the limb). */
  handsOnFloor: v.optional(v.picklist(['both', 'left', 'right'])),
  feetOnFloor: v.optional(v.picklist(['both', 'left', 'right'])),
  ...TOES_ENTRIES,
  ...PIVOT_ENTRIES,
  /** The hand off the bar at this key, in a hang (hang-params.ts). */
  ...HANG_KEY_ENTRIES,
  /** Hands put on the low bar (`lowBar`): an inverted row, an incline push-up on a racked bar. */
  handsOnBar: v.optional(v.picklist(['both', 'left', 'right'])),
  ...HAND_REST_KEY_ENTRIES,
  /**
   * The hand or foot that steps into this key from the one before (the first key: from the last): it lifts on the way, up to
   * 12 cm, instead of gliding along the floor. Planted at both keys (on the floor, a box, a bench), placed by `feetOnFloor` or
   * `handsOnFloor`: a lunge's step, a step up, a carry's stride, a crawl's reach.
   */
  step: v.optional(v.picklist(['left-foot', 'right-foot', 'left-hand', 'right-hand'])),
  hop: v.optional(HOP),
  /** On a climbing rope (`rope`): the heights where the left and the right hand hold it at this key, and where the feet lock it. */
  grips: v.optional(v.union([v.strictTuple([height, height]), v.strictTuple([height, height, height])])),
  /** Front view: degrees the trunk and each `[thigh, shank]` point toward the viewer, drawn foreshortened (front-depth.ts). */
  toward: v.optional(TowardSchema),
  /** Front view: degrees the chest turns about the spine, + to the figure's left, or `{chest, hips}` (trunk-twist.ts). */
  twist: v.optional(TwistSchema),
  /** Metres off the ground at this key: the flight of a jump or a hop (nothing rests anywhere then). */
  air: v.optional(within(0, 1.2), 0),
  /** In the air, thrown from the key before the flight to the key after it (thrown.ts): its air and at are derived. */
  flight: v.optional(v.literal(true, 'flight is true on a key in the air, or left out')),
  /**
   * A waypoint the figure passes through without stopping (hold 0): the moves into and out of it keep
   * their speed there instead of easing to rest (thrown.ts moveProgress). For the in-between keys that
   * keep a path true (a bar over mid-foot, heels on a wall), which otherwise read as stalls.
   */
  through: v.optional(v.literal(true, 'through is true on a key passed through without stopping, or left out')),
  /**
   * Metres the fixed point has travelled along the floor at this key (forward positive; sideways in the
   * front view): a bound, a jump over a box or a cone, a step across. The loop travels back to the first key.
   */
  at: v.optional(metres, 0),
  /**
   * Seconds held at this key, then seconds to move to the next (the last key moves back to the first).
   * A move may be as short as 0.1 s (three frames): a run's or a sprint's stride, four to eight keys a
   * cycle, needs moves of 0.1-0.15 s to reach its cadence (170-200 steps a minute).
   */
  hold: v.optional(within(0, 2.5), 0.6),
  move: v.optional(within(0.1, 2.5), 1),
});
export type PoseKey = v.InferOutput<typeof KeySchema>;

export const ParamsSchema = v.pipe(
  v.strictObject({
    /**
     * Two to twenty key poses (twelve until stop 60, when a man maker needed seventeen; eight until stop 54, six before). The count
     * bounds only the writing: the loop still lasts at most 5 s (motion-check.ts), so more keys mean shorter moves.
     */
    keys: v.pipe(v.array(KeySchema), v.minLength(2, 'needs at least a start and an end key'), v.maxLength(20, 'at most 20 keys')),
    /** The key shown as the start image and the one shown as the end image; by default the first and the last. */
    stills: v.optional(v.tuple([v.pipe(v.number(), v.integer(), v.minValue(0)), v.pipe(v.number(), v.integer(), v.minValue(0))])),
    frame: v.optional(v.picklist(['portrait', 'landscape'])),
    /** `dissolve`: the clip returns from the last key to the first by a cross-dissolve, not a move (a travelling movement). */
    loop: v.optional(v.picklist(['move', 'dissolve']), 'move'),
    /** The body point that stays in place from key to key (a standing foot, a seat, hands on the floor). */
    fixed: v.optional(v.picklist(RESTING), 'leftHeel'),
    /**
     * Where the load a description names is held: both hands (default), one hand, across the upper back,
     * racked in front, (a Pilates ring, a squeeze ball) squeezed between the knees or the ankles, or (a
     * Pilates ring) around both ankles, which pull it open, or (a plate, a kettlebell) on a dip belt's chain, or (a dumbbell) in the crease behind the near knee,
     * or (a Smith machine's bar) pressed by both soles or one (smith-soles.ts).
     */
    holdIn: v.optional(v.picklist(HOLD_PLACES, `must be ${HOLD_PLACES.slice(0, -1).join(', ')} or ${HOLD_PLACES.at(-1)}`), 'hands'),
    /** Which side of the legs a barbell in both hands rests against, seen from the side (HeldProp.barAt). */
    barAt: v.optional(v.picklist(['on-thighs', 'behind', 'around'], 'must be on-thighs, behind or around')),
    /** Props placed in metres along the floor from the fixed point (x = 0), forward positive. A bench's or box's top is a support: parts over it rest on it. */
    bench: v.optional(v.union([v.strictTuple([metres, metres, height]), v.strictTuple([metres, metres])])),
    box: v.optional(v.strictTuple([metres, metres, height])),
    /** A foam roller, a massage ball, a BOSU or a stability ball on the floor at x (floor-tops.ts). */
    ...FLOOR_ENTRIES,
    /** Sliders under the hands or feet named, gliding with them along the floor (slider.ts). */
    ...SLIDER_ENTRIES,
    /** A yoga strap from the hands around the ball of this foot, in every frame (a strap-assisted stretch). */
    strap: v.optional(v.picklist(['left-foot', 'right-foot'])),
    /**
     * An incline bench `[x, angle]`: its seat (the support, 35 cm long, 45 cm high) starts at x and its
     * back pad rises from there at `angle` degrees, behind the seat (toward -x) when positive, in front of
     * it (a chest pad, a preacher pad) when negative. The pad is drawn; the trunk's angle lays the body on it.
     */
    incline: v.optional(v.strictTuple([metres, v.union([within(20, 90), within(-90, -20)])])),
    /**
     * A decline bench `[x, angle]`: its seat (the support, 35 cm long, 55 cm high: the bench's high end)
     * runs forward from x, its back pad falls from x behind it (toward -x) at `angle` degrees, and a leg
     * roller 30 cm in front of the seat, 25 cm up, holds the shins (thighs forward, shins down:
     * `"legs": [85, 0]`). Lie with the pelvis on the seat and the trunk along the pad (`"trunk": -90 -
     * angle`); the pad is drawn, the seat is what the figure rests on.
     */
    decline: v.optional(v.strictTuple([metres, within(10, 40)])),
    /** A Smith machine's rails at x: the bar, in the hands, on the shoulders or at the soles (`holdIn` soles), runs up and down them. */
    smith: v.optional(metres),
    /** The face of a wall. */
    wall: v.optional(metres),
    /** A cable's pulley or a band's anchor `[x, height]`, its line to `to` (both hands by default); or a band held `between-hands` or `around-back` (hand-band.ts). */
    cable: v.optional(v.strictTuple([metres, height])),
    band: v.optional(v.union([v.strictTuple([metres, height]), v.picklist(HAND_BANDS)], HAND_BAND_SHAPES)),
    /**
     * A suspension trainer's or gymnastic rings' anchor `[x, height]` (props `straps` or `rings`): a
     * strap from it to each hand (or to the feet, `to`), taut, so its length may not change through the loop.
     */
    straps: v.optional(v.strictTuple([metres, height])),
    /** A machine's seat `[x0, x1, height]` on a post: a support, as a bench's top is. */
    seat: v.optional(v.strictTuple([metres, metres, height])),
    /**
     * A machine's fixed pads, each placed against its part of the body as the first key poses it: a
     * `back`rest, a `chest` pad, a `thighs` pad (on top of the thighs behind the knees). `check` refuses a
     * frame in which the part is more than 3 cm off its pad or pressed 3 cm into it.
     */
    pads: v.optional(v.pipe(v.array(v.picklist(['back', 'chest', 'thighs'])), v.minLength(1), v.maxLength(3))),
    /** A landmine (prop `landmine`): the bar's pivot on the floor at x, its loaded end at `to` (both hands by default). */
    landmine: v.optional(metres),
    /** What a cable, band, strap, lever or landmine runs to: both hands, one hand, the middle of the feet, one ankle, or the hips. */
    to: v.optional(v.picklist(LINE_ENDS), 'hands'),
    /** A second cable (a crossover seen from the front: one pulley each side), with its own `to2`. */
    cable2: v.optional(v.strictTuple([metres, height])),
    to2: v.optional(v.picklist(LINE_ENDS), 'hands'),
    /** A figure hanging from a bar, rings or parallel bars, and where an overhead bar is held from (hang-params.ts). */
    ...HANG_ENTRIES,
    /**
     * A bar fixed at `[x, height]` that the hands of keys with `handsOnBar` hold while the feet stay on
     * the floor (a rack's or a locked Smith machine's bar: an inverted row, an incline push-up).
     */
    lowBar: v.optional(v.strictTuple([metres, height])),
    /** A heavy bag hanging with its middle at x (from 0.5 to 1.6 m up), for strikes and kicks. */
    heavyBag: v.optional(metres),
    /** A treadmill's deck from x0 to x1 (12 cm high; the figure stands and runs on it), its console at the front end. */
    treadmill: v.optional(v.strictTuple([metres, metres])),
    /**
     * A sled on the floor, its posts at x and its runners on away from the fixed point (ahead of the figure for x > 0, behind it for x <
     * 0): pushed by hands on the posts, or, with `sledStrap`, dragged by a strap from it to the hands or the hips. Either way it holds the
     * figure, which leans on it or away from it: such keys are not held to the standing balance check.
     */
    sled: v.optional(metres),
    sledStrap: v.optional(v.picklist(['hands', 'hips'])),
    /**
     * Metres a second the figure travels while the camera follows it (forward positive; sideways in the
     * front view): the floor scrolls back under it, so a foot planted on it moves back with it (a run, a
     * skip, a crawl, a sled push). Write the stride so each planted foot moves back at this speed.
     */
    travel: v.optional(v.union([within(-8, -0.2), within(0.2, 8)])),
    /**
     * A jump rope in the hands (prop `jump-rope`), turning this many times a loop at one speed, under the
     * feet at the start of the loop and at every whole turn: time the keys so both feet are off the floor
     * then (`check` refuses a rope passing under a foot on the floor; jump-rope.ts).
     */
    jumpRope: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(12))),
    /**
     * A Pilates reformer `[footbar x, head end x]` (side view; reformer.ts): its footbar at the first x, as high as the fixed point is in
     * the first key when that is a hand or foot at the footbar (hands on it in a knee stretch, feet in footwork), else 30 cm above the
     * carriage; its frame running to the head end, where the risers and straps are. The carriage rolls along the frame under `carriage`.
     */
    reformer: v.optional(v.strictTuple([metres, metres])),
    /**
     * The body point the reformer's carriage rides under and how far its centre is from that point
     * toward the head end (metres): `["pelvis", 0.15]` lying in footwork, `["leftKnee", 0.2]` kneeling,
     * `["leftToe", 0.1]` standing on it. What rests on the reformer must rest on the carriage.
     */
    carriage: v.optional(v.strictTuple([v.picklist(RESTING), metres])),
    /**
     * The reformer's straps, from the risers at its head end to the hands or the feet, in every frame. The rope runs on over the pulley to
     * the carriage and stays taut: each key after the first is moved along the frame (a key's `at` is not needed) so the hands' pull
     * carries the carriage (reformer-straps.ts).
     */
    reformerStraps: v.optional(v.picklist(['hands', 'feet'])),
    /**
     * A cardio machine (side view; cardio.ts), which places the figure: seated on its seat (`at` and `air` move the pelvis along it and up
     * off it: a standing climb, a rower's slide) or standing on its pedals (an elliptical), each foot and hand it holds on its pedal,
     * handle or grip in every frame.
     */
    machine: v.optional(v.picklist(CARDIO_STYLES, `must be one of ${CARDIO_STYLES.join(', ')}`)),
    /** Whole turns of the machine's crank (or strokes of its levers) a loop, at one speed. */
    turns: v.optional(v.pipe(v.number(), v.integer('must be a whole number of turns'), v.minValue(1), v.maxValue(12))),
    /** Battle ropes anchored on the floor at x: each runs in waves to the hands. */
    battleRopes: v.optional(metres),
    /** Cones or hurdles on the floor at these x (23 cm, and 30 cm or `hurdleHeight`): a foot through one, or a part through a hurdle's bar, is refused. */
    cones: v.optional(v.pipe(v.array(metres), v.minLength(1), v.maxLength(4))),
    hurdles: v.optional(v.pipe(v.array(metres), v.minLength(1), v.maxLength(4))),
    ...HURDLE_ENTRIES,
    ...RIG_ENTRIES,
    ...MACHINE_ENTRIES,
    ...BALL_ENTRIES,
    ...RELEASE_ENTRIES,
    ...FRONT_SEAT_ENTRIES,
    ...ABOVE_ENTRIES,
    ...MINI_BAND_ENTRIES,
    ...HUNG_TOWEL_ENTRIES,
    ...LOADED_BAR_ENTRIES,
    ...HELD_OFFSET_ENTRIES,
    ...HAND_REST_ENTRIES,
  }),
  v.check(
    (p) => p.reformer !== undefined || (p.carriage === undefined && p.reformerStraps === undefined),
    'carriage and reformerStraps belong to a reformer',
  ),
  v.check(
    (p) => (p.machine === undefined || p.machine === 'rower') === (p.turns === undefined),
    'turns belongs to a machine with a crank or levers (a rower has none), and such a machine needs it',
  ),
  v.check(
    (p) => (p.rope === undefined ? p.keys.every((k) => k.grips === undefined) : p.keys.every((k) => k.grips !== undefined)),
    'on a climbing rope every key gives grips, [left hand, right hand] heights on it; without one, none does',
  ),
  v.check((p) => p.wallBall === undefined || p.wall !== undefined, 'wallBall pins a ball against the wall: give the wall'),
  v.check(
    (p) => p.wallBall === undefined || (p.massageBall === undefined && p.stabilityBall === undefined),
    'wallBall pins the ball against the wall, so it is not also on the floor (massageBall, stabilityBall)',
  ),
  v.rawCheck(({ dataset, addIssue }) => {
    const p = dataset.typed ? dataset.value : undefined;
    const misfit = p && firstMisfit(p);
    if (misfit !== undefined) addIssue({ message: misfit });
  }),
  v.check(
    (p) => !isSoleHold(p.holdIn) || p.smith !== undefined,
    "holdIn soles, left-sole and right-sole press a Smith machine's bar with the feet: give its rails, smith",
  ),
  v.check((p) => !(p.hang && p.lowBar !== undefined), 'hang and lowBar cannot be used together: a hanging figure holds its own bar'),
  v.check(
    (p) => p.keys.every((k) => k.through !== true || (k.hold === 0 && k.flight !== true)),
    'a through key is passed without stopping: give it hold 0, and no flight (a flight already keeps its speed)',
  ),
  v.check(
    (p) => p.stills === undefined || p.stills.every((i) => i < p.keys.length),
    'stills must name keys of the description (0 is the first)',
  ),
);
export type PoseParams = v.InferOutput<typeof ParamsSchema>;
