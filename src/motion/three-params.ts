/**
 * What a three-quarter description says (`"view": "three-quarter"`), checked at the edge (valibot), and the
 * TurnedMotion it builds. A few lines an exercise: each key names only what changes from the key before it
 * (the first from standing, arms at the sides), a ball joint as [flexion, abduction, rotation], a pair of
 * limbs at once (`hips`) or one side (`leftHip`, which wins over the pair):
 *
 *   "Fire_Hydrant": { "view": "three-quarter", "mat": true, "keys": [
 *     { "name": "on all fours", "hold": 0.4, "move": 1, "lean": 90, "hips": [90, 0, 0], "knees": 90, "ankles": -80,
 *       "shoulders": [90, 0, 0], "planted": ["leftHand", "rightHand", "leftKnee", "rightKnee", "leftToe", "rightToe"] },
 *     { "name": "right knee out to the side", "hold": 0.6, "move": 1, "rightHip": [90, 45, 0], "planted": [...] } ] }
 */
import * as v from 'valibot';
import { fail, issueProblems, ok, type Problem, problem, type Result } from '../problems.ts';
import { within } from './schema-numbers.ts';
import { BENCH_HEIGHT, padsOf } from './three-bench.ts';
import { BLOCK_SIZES } from './three-block.ts';
import { DEFAULT_CAMERA } from './three-camera.ts';
import { ANCHORED_KINDS, type Line, LineSchema } from './three-lines.ts';
import { HOLDS, isKettlebell, KETTLEBELL_HOLDS } from './three-loads.ts';
import type { Side } from './skeleton.ts';
import type { Angles3, Ball, LimbAngles3 } from './three-figure.ts';
import { PARTS } from './three-parts.ts';
import { TOUCH_ENDS, TOUCH_SPOTS } from './three-touch.ts';
import type { TurnedKey, TurnedMotion } from './three-motion.ts';

export const THREE_QUARTER = 'three-quarter';

const angle = within(-360, 360);
const ball = v.tuple([angle, angle, angle], 'must be [flexion, abduction, rotation] in degrees');

const KeySchema = v.strictObject({
  name: v.pipe(v.string(), v.minLength(1, 'must not be empty'), v.maxLength(40, 'must be at most 40 characters')),
  hold: within(0, 5),
  move: within(0.1, 5),
  heading: v.optional(angle),
  lean: v.optional(angle),
  roll: v.optional(angle),
  spine: v.optional(v.tuple([angle, angle, angle], 'must be [flexion, side bend, twist] in degrees')),
  neck: v.optional(v.tuple([angle, angle, angle], 'must be [flexion, side bend, turn] in degrees')),
  hips: v.optional(ball),
  leftHip: v.optional(ball),
  rightHip: v.optional(ball),
  knees: v.optional(angle),
  leftKnee: v.optional(angle),
  rightKnee: v.optional(angle),
  ankles: v.optional(angle),
  leftAnkle: v.optional(angle),
  rightAnkle: v.optional(angle),
  shoulders: v.optional(ball),
  leftShoulder: v.optional(ball),
  rightShoulder: v.optional(ball),
  elbows: v.optional(angle),
  leftElbow: v.optional(angle),
  rightElbow: v.optional(angle),
  planted: v.optional(v.array(v.picklist(PARTS, `must be one of ${PARTS.join(', ')}`))),
  moves: v.optional(v.array(v.picklist(PARTS, `must be one of ${PARTS.join(', ')}`))),
  lift: v.optional(within(0, 0.5)),
  touches: v.optional(
    v.record(
      v.picklist(TOUCH_ENDS, `must be one of ${TOUCH_ENDS.join(', ')}`),
      v.picklist(TOUCH_SPOTS, `must be one of ${TOUCH_SPOTS.join(', ')}`),
    ),
  ),
  /** Which hand holds the description's kettlebell from this key on (three-handoff.ts). */
  holds: v.optional(v.picklist(KETTLEBELL_HOLDS, `must be one of ${KETTLEBELL_HOLDS.join(', ')}`)),
  /** A waypoint passed without stopping, as the planar keys' `through`. */
  through: v.optional(v.literal(true, 'must be true (a waypoint) or left out')),
});
type KeySource = v.InferOutput<typeof KeySchema>;

/**
 * Where the camera stands. Round: -90 (behind the figure) to 90 (in front of it), through 0 (the side view); past
 * either end it would see the figure's right side, which `heading` 180 shows the same way, so nothing is lost and
 * the left side stays the near, darker one. Down: 5 to 70 degrees; below 5 the floor and a mat are a sliver, above
 * 70 a standing figure is foreshortened to a third of its height and the view from above (`"view": "above"`) draws it better.
 */
const CameraSchema = v.strictObject({
  round: within(-90, 90),
  down: within(5, 70),
});

/**
 * A bench along the figure's forward axis, `from` before `to` (three-bench.ts); 20 to 80 cm high; its back pad, when
 * it has one, hinged at `at` and sloped up toward `from` (down, negative: a decline) by 40 degrees down to 85 up.
 */
const BenchSchema = v.strictObject({
  from: within(-3, 3),
  to: within(-3, 3),
  height: v.optional(within(0.2, 0.8), BENCH_HEIGHT),
  incline: v.optional(v.strictObject({ at: within(-3, 3), degrees: within(-40, 85) })),
});

/** The pad's shortest stretch either side of an incline's hinge, and its back end's highest and lowest (metres). */
const INCLINE_LIMITS = { stretch: 0.2, highest: 1.5, lowest: 0.15 };

/** What is wrong with a bench's shape, each naming its field (none: an empty list). */
function benchProblems(file: string, at: string, bench: v.InferOutput<typeof BenchSchema>): Problem[] {
  const problems: Problem[] = [];
  if (bench.to - bench.from < 0.5)
    problems.push(
      problem(file, `${at}.bench.to`, `the bench runs from ${bench.from} to ${bench.to} m; it must be at least 0.5 m long, from before to`),
    );
  const { incline } = bench;
  if (incline === undefined) return problems;
  const { stretch, highest, lowest } = INCLINE_LIMITS;
  if (incline.at - bench.from < stretch || bench.to - incline.at < stretch)
    problems.push(
      problem(
        file,
        `${at}.bench.incline.at`,
        `the hinge at ${incline.at} m leaves a pad under ${stretch} m between it and an end (${bench.from} to ${bench.to})`,
      ),
    );
  const top = padsOf(bench)[0]!.y0;
  if (top > highest || top < lowest)
    problems.push(
      problem(
        file,
        `${at}.bench.incline.degrees`,
        `the back pad's end would stand ${top.toFixed(2)} m high; it must be ${lowest} to ${highest} m (a shorter back pad or a gentler slope)`,
      ),
    );
  return problems;
}

export const TurnedSchema = v.strictObject({
  view: v.literal(THREE_QUARTER),
  camera: v.optional(CameraSchema),
  bench: v.optional(BenchSchema),
  /** A stability ball on the floor centred over (x, z) (three-ball.ts). */
  ball: v.optional(v.strictObject({ x: within(-3, 3), z: within(-3, 3) })),
  /** Yoga blocks on the floor, each centred over (x, z), standing on the face its height names (three-block.ts). */
  blocks: v.optional(
    v.pipe(
      v.array(
        v.strictObject({
          x: within(-3, 3),
          z: within(-3, 3),
          height: v.picklist(BLOCK_SIZES, `must be one of ${BLOCK_SIZES.join(', ')} (flat, on its side, on end)`),
        }),
      ),
      v.minLength(1, 'must hold at least one block'),
      v.maxLength(2, 'must hold at most two blocks'),
    ),
  ),
  holds: v.optional(v.picklist(HOLDS, `must be one of ${HOLDS.join(', ')}`)),
  /** Cables, bands and straps, each from its anchor (or a hand or foot) to a hand, both hands or a foot (three-lines.ts). */
  lines: v.optional(
    v.pipe(v.array(LineSchema), v.minLength(1, 'must hold at least one line'), v.maxLength(4, 'must hold at most four lines')),
  ),
  frame: v.optional(v.picklist(['portrait', 'landscape'], 'must be portrait or landscape'), 'landscape'),
  mat: v.optional(v.boolean(), false),
  stills: v.optional(v.tuple([v.pipe(v.number(), v.integer()), v.pipe(v.number(), v.integer())])),
  keys: v.pipe(v.array(KeySchema), v.minLength(1, 'must hold at least one key'), v.maxLength(12, 'must hold at most 12 keys')),
});

/** How far a part resting at both ends of a move in two places rises on the way when the key does not say (a hop's). */
const DEFAULT_LIFT = 0.06;

const STANDING: Angles3 = (() => {
  const limb: LimbAngles3 = {
    hip: { flexion: 0, abduction: 0, rotation: 0 },
    knee: 0,
    ankle: 0,
    shoulder: { flexion: 0, abduction: 5, rotation: 0 },
    elbow: 5,
  };
  return {
    heading: 0,
    lean: 0,
    roll: 0,
    spine: { flexion: 0, sideBend: 0, twist: 0 },
    neck: { flexion: 0, sideBend: 0, turn: 0 },
    left: limb,
    right: limb,
  };
})();

const asBall = (t: readonly [number, number, number] | undefined, before: Ball): Ball =>
  t === undefined ? before : { flexion: t[0], abduction: t[1], rotation: t[2] };

/** Key `source`'s angles: what it names, the rest as `before`. */
function anglesOf(source: KeySource, before: Angles3): Angles3 {
  const sided = (side: Side): LimbAngles3 => {
    const own = <T>(left: T | undefined, right: T | undefined, both: T | undefined): T | undefined =>
      (side === 'left' ? left : right) ?? both;
    const b = before[side];
    return {
      hip: asBall(own(source.leftHip, source.rightHip, source.hips), b.hip),
      knee: own(source.leftKnee, source.rightKnee, source.knees) ?? b.knee,
      ankle: own(source.leftAnkle, source.rightAnkle, source.ankles) ?? b.ankle,
      shoulder: asBall(own(source.leftShoulder, source.rightShoulder, source.shoulders), b.shoulder),
      elbow: own(source.leftElbow, source.rightElbow, source.elbows) ?? b.elbow,
    };
  };
  return {
    heading: source.heading ?? before.heading,
    lean: source.lean ?? before.lean,
    roll: source.roll ?? before.roll,
    spine: source.spine === undefined ? before.spine : { flexion: source.spine[0], sideBend: source.spine[1], twist: source.spine[2] },
    neck: source.neck === undefined ? before.neck : { flexion: source.neck[0], sideBend: source.neck[1], turn: source.neck[2] },
    left: sided('left'),
    right: sided('right'),
  };
}

/** What is wrong with the lines' ends, each naming its field. */
function lineProblems(file: string, at: string, lines: readonly v.InferOutput<typeof LineSchema>[]): Problem[] {
  return lines.flatMap((line, i): Problem[] => {
    const field = `${at}.lines.${i}.from`;
    if (typeof line.from === 'string' && ANCHORED_KINDS.has(line.kind))
      return [problem(file, field, `a ${line.kind} line runs from a fixed anchor (a pulley, an overhead bar): give its point [x, y, z]`)];
    if (line.kind === 'yoga-strap' && (typeof line.from !== 'string' || !line.from.endsWith('Foot') || line.to.endsWith('Foot')))
      return [problem(file, field, 'a yoga strap runs from round a foot (leftFoot, rightFoot) to a hand or both hands')];
    if (line.from === line.to) return [problem(file, field, `the line runs from ${line.from} to itself`)];
    return [];
  });
}

/** Builds a three-quarter description's motion; problems name `motions.<id>.<field>` in `file`. */
export function buildTurned(file: string, id: string, raw: unknown): Result<TurnedMotion> {
  const at = `motions.${id}`;
  const parsed = v.safeParse(TurnedSchema, raw);
  if (!parsed.success) return fail(issueProblems(file, parsed.issues, { prefix: at, isShowingReceived: true }));
  const { frame, mat, camera, holds, bench, ball, blocks, lines, keys: sources } = parsed.output;
  const problems: Problem[] = [...(bench === undefined ? [] : benchProblems(file, at, bench)), ...lineProblems(file, at, lines ?? [])];
  if (sources[0]!.planted === undefined)
    problems.push(problem(file, `${at}.keys.0.planted`, 'the first key says which parts rest on the floor (an empty list: none)'));
  const stills = parsed.output.stills ?? [0, Math.min(1, sources.length - 1)];
  stills.forEach((index, i) => {
    if (index < 0 || index >= sources.length)
      problems.push(problem(file, `${at}.stills.${i}`, `names key ${index}; the keys are 0 to ${sources.length - 1}`));
  });
  sources.forEach((source, i) => {
    for (const [end, spot] of Object.entries(source.touches ?? {})) {
      // A hand or foot cannot rest on its own limb, and a foot touches a part of the other leg.
      const isOwnLimb = spot.startsWith(end.startsWith('left') ? 'left' : 'right') && (end.endsWith('Foot') || spot.endsWith('Shoulder'));
      if (isOwnLimb)
        problems.push(problem(file, `${at}.keys.${i}.touches.${end}`, `${end} cannot rest on ${spot}, a part of its own limb`));
      if (spot === 'head' && end.endsWith('Foot'))
        problems.push(problem(file, `${at}.keys.${i}.touches.${end}`, `${end} cannot rest on the head; a hand can`));
    }
    if (source.through === true && source.hold > 0)
      problems.push(
        problem(file, `${at}.keys.${i}.hold`, `a key passed through without stopping is not held: hold must be 0, not ${source.hold}`),
      );
    if (source.holds !== undefined && !isKettlebell(holds))
      problems.push(
        problem(file, `${at}.keys.${i}.holds`, `a key changes the hand a kettlebell is in; the description holds ${holds ?? 'nothing'}`),
      );
    const planted = source.planted ?? [...sources.slice(0, i)].reverse().find((k) => k.planted !== undefined)?.planted ?? [];
    (source.moves ?? []).forEach((part, j) => {
      if (!planted.includes(part))
        problems.push(
          problem(file, `${at}.keys.${i}.moves.${j}`, `${part} moves into this key's place on the floor, but the key does not plant it`),
        );
    });
  });
  if (problems.length > 0) return fail(problems);
  const keys: TurnedKey[] = [];
  for (const source of sources) {
    const before = keys.at(-1);
    const hand = source.holds ?? before?.holds;
    keys.push({
      name: source.name,
      hold: source.hold,
      move: source.move,
      angles: anglesOf(source, before?.angles ?? STANDING),
      planted: source.planted ?? before!.planted,
      moves: source.moves ?? [],
      lift: source.lift ?? DEFAULT_LIFT,
      touches: source.touches ?? before?.touches ?? {},
      ...(hand === undefined ? {} : { holds: hand }),
      ...(source.through === true ? { through: true as const } : {}),
    });
  }
  return ok({
    view: THREE_QUARTER,
    frame,
    keys,
    stills: [stills[0], stills[1]],
    mat,
    camera: camera ?? DEFAULT_CAMERA,
    ...(holds === undefined ? {} : { holds }),
    ...(bench === undefined ? {} : { bench }),
    ...(ball === undefined ? {} : { ball }),
    ...(blocks === undefined ? {} : { blocks }),
    ...(lines === undefined ? {} : { lines: lines as Line[] }),
    pattern: THREE_QUARTER,
  });
}
