/**
 * The checks of a three-quarter description (`media -- check` runs them with the planar ones): joint angles
 * within human ranges, planted parts on the floor at their keys and held within 2 cm of their place through
 * every move that keeps them planted, no part under the floor in any frame, the centre of mass over the
 * footprint of what rests on the floor at every key (with what the hands hold, and where taut straps bear), a load
 * in both hands only where the hands are as far apart as it is wide, a kettlebell changing hands only through both
 * (three-handoff.ts), a barbell clear of the body, two dumbbells clear of each other, cables, bands and straps and
 * what they hang from clear of the body (three-lines.ts), the loop's seam, a clip of at most 5 s. Problems name the
 * file, the exercise and the key.
 */
import { type Problem, problem } from '../problems.ts';
import { RANGES } from './motion-check.ts';
import { SIDES } from './skeleton.ts';
import type { Angles3, Body3 } from './three-figure.ts';
import { barInBody, dumbbellsInEachOther } from './three-load-clear.ts';
import { limbInBall, restingOn } from './three-ball.ts';
import { partInBlock } from './three-block.ts';
import { plantedPoints } from './three-parts.ts';
import {
  barGripOf,
  bodyBetween3,
  FRAMES_PER_SECOND_3D,
  frameCount3,
  locate3,
  placedKeys,
  placeKeys,
  plantedBetween,
} from './three-timeline.ts';
import { cycleSeconds3, type TurnedMotion } from './three-motion.ts';
import { endAt, touchesBetween, touchPoint } from './three-touch.ts';
import { gripProblem } from './three-grip.ts';
import { centreWithLoad, loadBottom } from './three-load-mass.ts';
import type { Held } from './three-loads.ts';
import { handOffProblems, heldBetween, keyHolds } from './three-handoff.ts';
import { distance3, flexion3, type Vec3 } from './three-vec.ts';
import { type Flat, outside } from './three-balance.ts';
import { bearingPoints, lineInBody, strapLengths } from './three-lines.ts';

/**
 * Ranges of the degrees of freedom the planar figure lacks, in degrees, generous as RANGES is (yoga and
 * gymnastics reach the ends): the AAOS's normal values (Greene & Heckman, The Clinical Measurement of Joint
 * Motion, 1994) widened a little: hip abduction 45 (a straddle split reaches 90), adduction 30, internal and
 * external rotation 45; shoulder abduction 180, adduction across the body 50 (horizontal reach), internal
 * rotation 70, external 90; thoracolumbar side bend 35 and rotation 45 each way; cervical side bend 45, rotation 80.
 */
export const RANGES_3D = {
  hipAbduction: [-30, 90],
  /** With the hip straight; bent, its outward end widens (hipRotationRange). */
  hipRotation: [-50, 50],
  shoulderAbduction: [-50, 185],
  shoulderRotation: [-95, 75],
  spineSideBend: [-40, 40],
  spineTwist: [-50, 50],
  neckSideBend: [-45, 45],
  neckTurn: [-80, 80],
} as const;

/** A planted part rests within this of the floor at its key, and stays within it of its place while planted (metres). */
export const PLANT_TOLERANCE = 0.02;
/** How far a part may sink under the floor, its drawn thickness allowed for (metres). */
const UNDER_FLOOR = 0.02;
/** How far a barbell may press into a part's drawn thickness (soft tissue: a bar racked on the shoulders or dragged up the thighs). */
const BAR_CLEARANCE = 0.02;
/** How far two dumbbells' heads may meet (half a centimetre: touching, as a fly's top may; steel does not give). */
const LOAD_CLASH = 0.005;
/** How far a limb or the head may pass into a stability ball: a hand, a forearm or a knee resting on it sinks a centimetre or so into the ball as drawn. */
const BALL_CLEARANCE = 0.02;
/** How far a part may pass into a yoga block's top: a hand or foot resting on it sinks a little into the foam as drawn. */
const BLOCK_CLEARANCE = 0.02;
/** The centre of mass may lie this far outside the outline of what rests on the floor (a hand or foot's own width). */
const BALANCE_MARGIN = 0.03;

type Range = readonly [number, number];

/** The hip flexion (degrees) from which a hip turns out as far as HIP_EXTERNAL_FLEXED. */
const HIP_FLEXED = 90;
/** How far (degrees) a hip bent HIP_FLEXED or more turns outward. */
export const HIP_EXTERNAL_FLEXED = 90;

/**
 * The hip's rotation range at a flexion: internal as RANGES_3D says, external from its 50 degrees straight to
 * HIP_EXTERNAL_FLEXED bent 90 degrees or more, in proportion between. A bent hip turns out further than a
 * straight one (the capsule's tight bands slacken), and the shapes that need it are seated or folded: a lotus, the
 * front leg of pigeon and of a 90/90 seat, a figure-four, a shin stacked on a shin. The figure has no turn below the
 * knee either, so a shin that lies across the floor takes the tibia's share of the turn at the hip too; with 50
 * degrees those shapes could not be drawn (docs/media-audit.md lists the tries). Rotation is internal positive, so the
 * outward end is the negative one.
 */
export function hipRotationRange(flexion: number): Range {
  const bent = Math.min(1, Math.max(0, flexion / HIP_FLEXED));
  const [outward, inward] = RANGES_3D.hipRotation;
  const straight = -outward;
  return [-Math.round(straight + bent * (HIP_EXTERNAL_FLEXED - straight)), inward];
}

function rangeProblems(angles: Angles3, body: Body3, planted: ReadonlySet<string>): string[] {
  const out: string[] = [];
  const check = (what: string, value: number, [min, max]: Range) => {
    if (value < min - 0.5 || value > max + 0.5) out.push(`${what} ${value.toFixed(0)}° is outside ${min}..${max}°`);
  };
  check('spine flexion', angles.spine.flexion, RANGES.spine);
  check('spine side bend', angles.spine.sideBend, RANGES_3D.spineSideBend);
  check('spine twist', angles.spine.twist, RANGES_3D.spineTwist);
  check('neck flexion', angles.neck.flexion, RANGES.neck);
  check('neck side bend', angles.neck.sideBend, RANGES_3D.neckSideBend);
  check('neck turn', angles.neck.turn, RANGES_3D.neckTurn);
  for (const side of SIDES) {
    const a = angles[side];
    const isFootPlanted = [`${side}Toe`, `${side}Heel`].some((name) => planted.has(name));
    check(`${side} hip flexion`, a.hip.flexion, RANGES.hip);
    check(`${side} hip abduction`, a.hip.abduction, RANGES_3D.hipAbduction);
    check(`${side} hip rotation`, a.hip.rotation, hipRotationRange(a.hip.flexion));
    // A planted hand or foot is placed by inverse kinematics: its knee or elbow is measured on the figure, its ankle as its angle says.
    if (!isFootPlanted) check(`${side} ankle dorsiflexion`, a.ankle, RANGES.ankle);
    check(`${side} shoulder flexion`, a.shoulder.flexion, RANGES.shoulder);
    check(`${side} shoulder abduction`, a.shoulder.abduction, RANGES_3D.shoulderAbduction);
    check(`${side} shoulder rotation`, a.shoulder.rotation, RANGES_3D.shoulderRotation);
    const l = body.legs[side];
    const arm = body.arms[side];
    check(`${side} knee flexion`, flexion3(l.hip, l.knee, l.ankle), RANGES.knee);
    check(`${side} elbow flexion`, flexion3(arm.shoulder, arm.elbow, arm.wrist), RANGES.elbow);
  }
  return out;
}

/** Every point that could sink into the floor, with how far its drawn thickness reaches below it (metres); a held load's lowest. */
function lowPoints(body: Body3, holds: Held | undefined): [string, number][] {
  const points: [string, number][] = [
    ['pelvis', body.pelvis[1] - 0.08],
    ['back', body.neckBase[1] - 0.06],
    ['head', body.head[1] - 0.1],
  ];
  for (const side of SIDES) {
    const l = body.legs[side];
    const a = body.arms[side];
    points.push(
      [`${side} heel`, l.heel[1]],
      [`${side} toe`, l.toe[1]],
      [`${side} knee`, l.knee[1] - 0.04],
      [`${side} hip`, l.hip[1] - 0.06],
      [`${side} elbow`, a.elbow[1] - 0.03],
      [`${side} wrist`, a.wrist[1] - 0.02],
      [`${side} hand`, a.hand[1] - 0.02],
    );
  }
  const load = loadBottom(body, holds);
  if (load !== undefined) points.push([`held ${typeof holds === 'object' ? 'kettlebell' : holds}`, load]);
  return points;
}

const flat = (p: Vec3): Flat => [p[0], p[2]];
const cm = (metres: number) => (metres * 100).toFixed(0);

/** Every problem of a three-quarter description; empty when it may be rendered. */
export function checkTurned(file: string, id: string, motion: TurnedMotion): Problem[] {
  const base = `motions.${id}`;
  const problems: Problem[] = [];
  const seconds = cycleSeconds3(motion);
  if (seconds > 5 + 1e-9) problems.push(problem(file, base, `the loop lasts ${seconds.toFixed(2)} s; clips last at most 5 s`));
  const placed = placedKeys(motion);
  const reported = new Set<string>();
  problems.push(...handOffProblems(file, base, motion));
  // Where the hands take a barbell at the first key, they keep it.
  const barGrip = barGripOf(motion, placed[0]!);
  // Each frame of the loop once: the straps' lengths are read from all of them before any is checked.
  const frames = Array.from({ length: frameCount3(motion) }, (_, frame) => {
    const t = frame / FRAMES_PER_SECOND_3D;
    const { from, to, progress } = locate3(motion, t);
    return { t, from, to, progress, body: bodyBetween3(motion, from, to, progress) };
  });
  const lengths =
    motion.lines === undefined
      ? []
      : strapLengths(
          motion.lines,
          frames.map(({ body }) => body),
        );
  motion.keys.forEach((key, i) => {
    const at = `${base}.keys.${i} ("${key.name}")`;
    const { body } = placed[i]!;
    const points = plantedPoints(key.planted);
    for (const message of rangeProblems(key.angles, body, new Set(points.map((p) => p.name)))) problems.push(problem(file, at, message));
    for (const point of points) {
      const { height, what } = restingOn(motion, point.at(body), point.rest);
      const off = point.at(body)[1] - height;
      if (Math.abs(off) > PLANT_TOLERANCE)
        problems.push(problem(file, at, `${point.name} is planted but ${cm(Math.abs(off))} cm ${off > 0 ? 'above' : 'under'} ${what}`));
    }
    // A load in both hands held too wide or too narrow for it: said at the key, and not again for its frames.
    const holds = keyHolds(motion, i);
    const grip = gripProblem(body, holds, barGrip);
    if (grip !== undefined) {
      reported.add(`${i} grip`);
      problems.push(problem(file, at, grip));
    }
    if (points.length > 0) {
      // What the hands hold weighs on the balance as the body's own segments do; a taut strap bears as a foot would.
      const straps = bearingPoints(body, motion.lines, lengths);
      const away = outside(flat(centreWithLoad(body, holds)), [...points.map((p) => flat(p.at(body))), ...straps.map(flat)]);
      const resting = [...key.planted, ...(straps.length > 0 ? ['the straps'] : [])];
      if (away > BALANCE_MARGIN)
        problems.push(problem(file, at, `the centre of mass is ${cm(away)} cm outside what rests on the floor (${resting.join(', ')})`));
    }
  });
  // Through the loop: held parts stay put, nothing sinks into the floor.
  let isUnderReported = false;
  for (const { t, from, to, progress, body } of frames) {
    const holding = heldBetween(motion, from, to, progress);
    const points = new Map(plantedPoints(motion.keys[from]!.planted).map((p) => [p.name, p]));
    for (const held of plantedBetween(placed[from]!, placed[to]!, motion.keys[to]!, 0).filter((p) => p.isHeld)) {
      const drift = distance3(points.get(held.name)!.at(body), held.at);
      if (drift > PLANT_TOLERANCE && !reported.has(`${from} ${held.name}`)) {
        reported.add(`${from} ${held.name}`);
        problems.push(
          problem(
            file,
            `${base}.keys.${from} ("${motion.keys[from]!.name}")`,
            `at ${t.toFixed(2)} s ${held.name}, planted here and in key ${to}, is ${cm(drift)} cm from its place (name it in key ${to}'s moves if it hops or steps there)`,
          ),
        );
      }
    }
    // A hand or foot held on the body out of its reach hangs short of its spot: say so, once a key.
    for (const touch of touchesBetween(motion.keys[from]!.touches, motion.keys[to]!.touches, progress).filter((t) => t.weight === 1)) {
      const gap = distance3(endAt(body, touch.end), touchPoint(body, touch.end, touch.spot));
      if (gap > PLANT_TOLERANCE && !reported.has(`${from} ${touch.end} touch`)) {
        reported.add(`${from} ${touch.end} touch`);
        problems.push(
          problem(
            file,
            `${base}.keys.${from} ("${motion.keys[from]!.name}")`,
            `at ${t.toFixed(2)} s ${touch.end}, held on ${touch.spot}, is ${cm(gap)} cm from it (out of reach)`,
          ),
        );
      }
    }
    const grip = gripProblem(body, holding, barGrip);
    if (grip !== undefined && !reported.has(`${from} grip`)) {
      reported.add(`${from} grip`);
      problems.push(problem(file, `${base}.keys.${from} ("${motion.keys[from]!.name}")`, `at ${t.toFixed(2)} s ${grip}`));
    }
    // A barbell through the head, the neck, the trunk or a leg: the drawing paints one over the other; said once.
    const bar = barInBody(body, holding);
    if (bar !== undefined && bar.depth > BAR_CLEARANCE && !reported.has('bar')) {
      reported.add('bar');
      problems.push(problem(file, base, `at ${t.toFixed(2)} s the barbell passes ${cm(bar.depth)} cm into the ${bar.part}`));
    }
    const inBall = motion.ball === undefined ? undefined : limbInBall(body, motion.ball);
    if (inBall !== undefined && inBall.depth > BALL_CLEARANCE && !reported.has('ball')) {
      reported.add('ball');
      problems.push(problem(file, base, `at ${t.toFixed(2)} s the ${inBall.part} passes ${cm(inBall.depth)} cm into the ball`));
    }
    const inBlock = partInBlock(body, motion.blocks);
    if (inBlock !== undefined && inBlock.depth > BLOCK_CLEARANCE && !reported.has('block')) {
      reported.add('block');
      problems.push(problem(file, base, `at ${t.toFixed(2)} s the ${inBlock.part} passes ${cm(inBlock.depth)} cm into a yoga block`));
    }
    const line = lineInBody(body, motion.lines, lengths);
    if (line !== undefined && line.depth > BAR_CLEARANCE && !reported.has('line')) {
      reported.add('line');
      problems.push(problem(file, base, `at ${t.toFixed(2)} s the ${line.what} passes ${cm(line.depth)} cm into the ${line.part}`));
    }
    const clash = dumbbellsInEachOther(body, holding);
    if (clash !== undefined && clash > LOAD_CLASH && !reported.has('dumbbells')) {
      reported.add('dumbbells');
      problems.push(problem(file, base, `at ${t.toFixed(2)} s the two dumbbells pass ${cm(clash)} cm into each other`));
    }
    const [part, depth] = lowPoints(body, holding).reduce((a, b) => (b[1] < a[1] ? b : a));
    if (!isUnderReported && depth < -UNDER_FLOOR) {
      isUnderReported = true;
      problems.push(problem(file, base, `at ${t.toFixed(2)} s the ${part} is ${cm(-depth)} cm under the floor`));
    }
  }
  // The seam: the first key placed again after the last must come back where the loop began.
  const { seam } = placeKeys(motion);
  const shift = distance3(seam.root, placed[0]!.root);
  if (shift > PLANT_TOLERANCE)
    problems.push(
      problem(
        file,
        base,
        `the loop's seam: after the last key the first comes back ${cm(shift)} cm from where the loop began (a part planted through the loop moves)`,
      ),
    );
  return problems;
}
