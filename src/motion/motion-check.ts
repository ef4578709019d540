/**
 * The validator of descriptions, as `snapshot check` is for snapshots: joint angles in human ranges, contacts within 4 cm
 * of their surface, the centre of mass over the feet in balanced keys, held props in their hands (or, thrown, in flight), no
 * knee bent backward (side view), nothing under the floor, rigid levers and straps, feet clear of cones, hurdles and a box's
 * inside, a dip belt's load clear of floor and legs, no pelvis jumping, jumps that fly as thrown bodies do, a clip of at most 5 s.
 * Problems name the file and the field.
 */
import { barByTheLegs, outOfLegs, thighIntrusion } from './bar-against-thighs.ts';
import { type Problem, problem } from '../problems.ts';
import { type BodyPoint, cycleSeconds, isPair, type Key, type Surface } from './motion.ts';
import { topAt } from './slope.ts';
import { surfacesOf } from './surfaces.ts';
import type { Description } from './motion-files.ts';
import { balanceError } from './pattern-kit.ts';
import { type Body, distance, flexionAt, type Point, SIDES } from './skeleton.ts';
import { backwardKneeMessage } from './knee-backward.ts';
import {
  bodyAt,
  clearance,
  FRAMES_PER_SECOND,
  frameCount,
  heldAt,
  loadGrip,
  loopKeyBody,
  lineEnd,
  pointOf,
  REST_HEIGHT,
  supportsOf,
} from './timeline.ts';
import { RIGID_LINES } from './limb-paths.ts';
import { equipmentProblems } from './equipment-checks.ts';
import { isSoleHold } from './smith-soles.ts';
import { reformerOf } from './reformer.ts';
import { reformerProblem } from './reformer-check.ts';
import { machineOf } from './cardio.ts';
import { machineProblem as cardioProblem } from './cardio-check.ts';
import { onMachineProblem } from './machine-check.ts';
import { loadsAtKey } from './implement-release.ts';
import { elbowFlexion3d, shoulderElevation3d } from './front-arms-depth.ts';
import { shoulderRange } from './trunk-twist.ts';

/**
 * Joint ranges in degrees (generous adult ranges of motion; yoga and gymnastics reach the ends). The figure's foot is one rigid line, so
 * a foot pointed back flat along the floor (kneeling, lying face down), which the ankle and midfoot reach together, is an ankle of -90;
 * sitting on the heels (hero pose, seiza) folds the knee to about 165.
 */
export const RANGES = {
  hip: [-35, 150],
  knee: [0, 170],
  ankle: [-95, 50],
  shoulder: [-65, 185],
  elbow: [0, 170],
  spine: [-50, 60],
  neck: [-50, 60],
} as const;
const CONTACT_TOLERANCE = 0.04;
/** A rigid or taut line's length from anchor to the hands (or feet) may vary this much through the loop (metres). */
const RIGID_TOLERANCE = 0.1;
/** How far a kneeling key's fixed knee may sit above what is under it (metres): a shin on the floor holds it 7 cm up; 10 cm hovers. */
const KNEE_HOVER = 0.1;
const BALANCE_TOLERANCE = 0.08;

function gap(point: Point, surface: Surface): number {
  switch (surface.kind) {
    case 'floor':
      return Math.abs(point[1]);
    case 'top':
      return point[0] < surface.x0 - 0.05 || point[0] > surface.x1 + 0.05
        ? Number.POSITIVE_INFINITY
        : Math.abs(point[1] - topAt(surface, point[0]));
    case 'point':
      return distance(point, surface.at);
  }
}

function checkRanges(key: Key, body: Body, at: string, problems: Problem[], file: string): void {
  const out = (what: string, value: number, [min, max]: readonly [number, number]) => {
    if (value < min - 0.5 || value > max + 0.5) problems.push(problem(file, at, `${what} ${value.toFixed(0)}° is outside ${min}..${max}°`));
  };
  out('spine flexion', key.angles.spine, RANGES.spine);
  out('neck flexion', key.angles.neck, RANGES.neck);
  for (const side of SIDES) {
    const { leg, arm } = key.angles[side];
    if (key.feet?.[side] === undefined) {
      out(`${side} hip flexion`, leg.hip, RANGES.hip);
      out(`${side} ankle dorsiflexion`, leg.ankle, RANGES.ankle);
    }
    // An arm tilted toward the viewer (front-arms.ts) is measured in three dimensions, not as drawn.
    const tilt = key.angles.toward?.arms?.[side];
    const shoulder = tilt === undefined ? arm.shoulder : shoulderElevation3d(body, side, tilt, key.angles.toward?.trunk);
    // A turned chest's near arm reaching across the body is a forward reach seen turned (trunk-twist.ts).
    const range = shoulderRange(key.angles.twist, side, RANGES.shoulder);
    if (key.hands?.[side] === undefined) out(`${side} shoulder flexion`, shoulder, range);
    // Knees and elbows are measured on the figure: targets place them by inverse kinematics.
    const l = body.legs[side];
    const a = body.arms[side];
    out(`${side} knee flexion`, flexionAt(l.root, l.middle, l.end), RANGES.knee);
    out(`${side} elbow flexion`, tilt === undefined ? flexionAt(a.root, a.middle, a.end) : elbowFlexion3d(a, tilt), RANGES.elbow);
  }
}

/** Every problem of one description's motion; empty when it may be rendered. */
export function checkMotion(description: Description): Problem[] {
  const { motion, file } = description;
  const base = `motions.${description.id}`;
  const problems: Problem[] = [];
  const surfaces = new Map(surfacesOf(motion.fixed).map((s) => [s.kind === 'floor' ? 'floor' : s.name, s]));
  const supports = supportsOf(motion.fixed);
  const seconds = cycleSeconds(motion);
  if (seconds > 5 + 1e-9) problems.push(problem(file, base, `the loop lasts ${seconds.toFixed(2)} s; clips last at most 5 s`));
  for (const message of equipmentProblems(motion)) problems.push(problem(file, base, message));
  const reformer = reformerOf(motion);
  const cardio = machineOf(motion);
  // A knee bent backward is refused at the keys and, once, in the frames between them.
  const isSideView = motion.view === 'side' && motion.above === undefined;
  let isKneeReported = false;
  motion.keys.forEach((key, i) => {
    const at = `${base} (pattern ${motion.pattern}, key ${i} "${key.name}")`;
    const body = loopKeyBody(motion, i).body;
    checkRanges(key, body, at, problems, file);
    const backward = isSideView ? backwardKneeMessage(body) : undefined;
    if (backward !== undefined) problems.push(problem(file, at, backward));
    isKneeReported ||= backward !== undefined;
    for (const contact of key.contacts) {
      const surface = surfaces.get(contact.on);
      if (surface === undefined) {
        problems.push(problem(file, at, `${contact.point} is promised on a ${contact.on}, which the scene does not have (props)`));
        continue;
      }
      const off = gap(pointOf(body, contact.point), surface) - (surface.kind === 'point' ? 0 : REST_HEIGHT[contact.point]);
      if (Math.abs(off) > CONTACT_TOLERANCE)
        problems.push(problem(file, at, `${contact.point} is ${(off * 100).toFixed(0)} cm from the ${contact.on}`));
    }
    // On hands and knees both rest: a key anchored on a knee that rests on its hands while that knee
    // hovers above the floor (straight arms longer than the thighs) reads as floating.
    const anchor = key.anchor.point;
    if (motion.isGrounded === true && !key.air && (anchor === 'leftKnee' || anchor === 'rightKnee')) {
      const hover = clearance(body, anchor, supports);
      const isOnHands = key.contacts.some((c) => c.point === 'leftHand' || c.point === 'rightHand');
      if (isOnHands && hover > KNEE_HOVER)
        problems.push(
          problem(
            file,
            at,
            `the ${anchor} (the fixed point) is ${(hover * 100).toFixed(0)} cm above what is under it while the hands rest: lean the trunk or bend the arms so the knee rests too`,
          ),
        );
    }
    if (key.isBalanced) {
      const feet = key.contacts.filter((c) => c.on !== 'bar' && /Heel|Toe/.test(c.point)).map((c) => c.point);
      const base = feet.length > 0 ? feet : undefined;
      // An implement let go (set down or tossed) is no longer the figure's load (implement-release.ts).
      const error = balanceError(body, loadsAtKey(motion, i), base, motion.view);
      // Over a foot's length the centre of mass stays within 8 cm of quiet stance's point; over a wide or
      // split stance (a lunge, a straddle) it may be anywhere between the feet, 5 cm inside the outer edges.
      const xs = (base ?? ['leftHeel', 'leftToe', 'rightHeel', 'rightToe']).map((point) => pointOf(body, point as BodyPoint)[0]);
      const tolerance = Math.max(BALANCE_TOLERANCE, (Math.max(...xs) - Math.min(...xs)) / 2 - 0.05);
      if (Math.abs(error) > tolerance)
        problems.push(problem(file, at, `the centre of mass is ${(error * 100).toFixed(0)} cm from the middle of the feet`));
    }
    for (const prop of loadsAtKey(motion, i)) {
      if (prop.at !== 'hands' || isPair(prop) || motion.view !== 'side') continue;
      const apart = distance(body.arms.left.hand, body.arms.right.hand);
      if (apart > 0.05)
        problems.push(problem(file, at, `the ${prop.kind} is held in both hands, but the hands are ${(apart * 100).toFixed(0)} cm apart`));
    }
    for (const prop of motion.held) {
      if (prop.at === 'back' || prop.at === 'front-rack') {
        // Where the hands grip it (a racked bar from under and behind it, the elbows up in front: held-places.ts).
        const grip = loadGrip(body, prop);
        // Seen from the front the bar lies across the picture: the hands hold it anywhere along it, at its height.
        const gap = (hand: Point) => (motion.view === 'front' ? Math.abs(hand[1] - grip[1]) : distance(hand, grip));
        const reach = Math.min(gap(body.arms.left.hand), gap(body.arms.right.hand));
        if (reach > 0.12)
          problems.push(problem(file, at, `the ${prop.kind} rests on the shoulders ${(reach * 100).toFixed(0)} cm from the nearest hand`));
      }
    }
  });
  // Through the loop: a lever's arm, a landmine's bar, taut straps keep their length; no foot in a cone or hurdle or the floor.
  const rigid = motion.fixed.filter((prop) => RIGID_LINES.has(prop.kind) && prop.to !== undefined);
  const lengths = rigid.map(() => ({ min: Number.POSITIVE_INFINITY, max: 0 }));
  // A mini hurdle is solid to the feet; under an adjustable one's bar is open, and its bar is checked for every part (hurdle.ts).
  const obstacles = motion.fixed.filter((prop) => prop.kind === 'cone' || (prop.kind === 'hurdle' && prop.adjustable !== true));
  let isObstacleReported = false;
  let isMachineReported = false;
  // A Smith machine's bar is hooked to its rails: seen from the side it runs straight up and down them.
  const smith = motion.view === 'side' ? motion.fixed.find((prop) => prop.kind === 'smith') : undefined;
  // (A bar pressed by the soles is held to them by smith-soles-check.ts, which names holdIn.)
  const smithBar = smith === undefined ? undefined : motion.held.find((prop) => prop.kind === 'barbell' && !isSoleHold(prop.at));
  const thighBar = barByTheLegs(motion);
  let isBarReported = false;
  const machineProblem = (body: Body, seconds: number): string | undefined => {
    const offRails = smithBar === undefined ? 0 : Math.abs(heldAt(body, smithBar)[0] - smith!.x0);
    if (offRails > CONTACT_TOLERANCE)
      return `the bar is ${(offRails * 100).toFixed(0)} cm off the Smith machine's rails, which hold it to a straight vertical path`;
    if (cardio !== undefined) return cardioProblem(cardio, body, seconds);
    return reformer === undefined ? onMachineProblem(motion, body) : reformerProblem(reformer, body, supports);
  };
  for (let frame = 0; frame < frameCount(motion); frame += 1) {
    const body = bodyAt(motion, frame / FRAMES_PER_SECOND);
    const onMachine = isMachineReported ? undefined : machineProblem(body, frame / FRAMES_PER_SECOND);
    if (onMachine !== undefined) {
      isMachineReported = true;
      problems.push(problem(file, base, `at ${(frame / FRAMES_PER_SECOND).toFixed(2)} s ${onMachine}`));
    }
    // A barbell in both hands is drawn against the thighs, not inside them (bar-against-thighs.ts moves it out
    // where the arms can swing; a Smith machine's bar runs where its rails are, so there it is the description's to place).
    const intrusion =
      thighBar === undefined || isBarReported ? undefined : thighIntrusion(body, heldAt(body, thighBar), outOfLegs(thighBar), 0);
    if (intrusion !== undefined && intrusion > 0.005) {
      isBarReported = true;
      problems.push(
        problem(
          file,
          base,
          `at ${(frame / FRAMES_PER_SECOND).toFixed(2)} s the bar's hub is ${(intrusion * 100).toFixed(0)} cm inside the thighs or hips: place it ${outOfLegs(thighBar!) < 0 ? 'behind' : 'in front of'} them${smith === undefined ? '' : ' (move the rails, smith, and the arms with them)'}`,
        ),
      );
    }
    const backward: string | undefined = isSideView && !isKneeReported ? backwardKneeMessage(body, frame / FRAMES_PER_SECOND) : undefined;
    if (backward !== undefined) problems.push(problem(file, base, backward));
    isKneeReported ||= backward !== undefined;
    rigid.forEach((prop, i) => {
      const length = distance([prop.x0, prop.y], lineEnd(body, prop.to!));
      lengths[i]!.min = Math.min(lengths[i]!.min, length);
      lengths[i]!.max = Math.max(lengths[i]!.max, length);
    });
    for (const prop of isObstacleReported ? [] : obstacles) {
      const through = SIDES.flatMap((side) => [body.legs[side].heel, body.legs[side].toe]).find(
        ([x, y]) => x > prop.x0 - 0.02 && x < prop.x1 + 0.02 && y < prop.y,
      );
      if (through === undefined) continue;
      isObstacleReported = true;
      problems.push(
        problem(
          file,
          base,
          `at ${(frame / FRAMES_PER_SECOND).toFixed(2)} s a foot passes through the ${prop.kind} at x ${prop.x0.toFixed(2)}`,
        ),
      );
    }
    // How far each part sinks below the floor, less the thickness it rests on (docs/operations.md#media-cli).
    const depths: [string, number][] = [
      ['pelvis', body.pelvis[1] - 0.08],
      ['head', body.head[1] - 0.1],
      ...SIDES.flatMap((side): [string, number][] => [
        [`${side} heel`, body.legs[side].heel[1]],
        [`${side} toe`, body.legs[side].toe[1]],
        [`${side} knee`, body.legs[side].middle[1] - 0.04],
        [`${side} elbow`, body.arms[side].middle[1] - 0.03],
        [`${side} hand`, body.arms[side].hand[1] - 0.02],
      ]),
    ];
    const [part, lowest] = depths.reduce((a, b) => (b[1] < a[1] ? b : a));
    if (lowest < -0.03) {
      problems.push(
        problem(
          file,
          base,
          `at ${(frame / FRAMES_PER_SECOND).toFixed(2)} s the ${part} is ${(-lowest * 100).toFixed(0)} cm under the floor`,
        ),
      );
      break;
    }
  }
  rigid.forEach((prop, i) => {
    const stretch = lengths[i]!.max - lengths[i]!.min;
    const isStrap = prop.kind === 'straps' || prop.kind === 'rings';
    const what = isStrap ? `the ${prop.kind === 'rings' ? "rings' " : ''}straps change` : `the ${prop.kind}'s arm changes`;
    const end = prop.to === 'left' || prop.to === 'right' ? `${prop.to} hand` : prop.to!.replace('-', ' ');
    if (stretch > RIGID_TOLERANCE)
      problems.push(
        problem(
          file,
          base,
          `${what} length by ${(stretch * 100).toFixed(0)} cm through the loop; keep the ${end} at one distance from its ${isStrap ? 'anchor' : 'pivot'}`,
        ),
      );
  });
  return problems;
}

/** Descriptions naming no exercise of the catalog, or filed under another category than the exercise's. */
export function checkAgainstCatalog(
  descriptions: readonly Pick<Description, 'id' | 'file' | 'category'>[],
  exercises: readonly { id: string; category: string }[],
): Problem[] {
  const categoryOf = new Map(exercises.map((e) => [e.id, e.category]));
  const problems: Problem[] = [];
  for (const d of descriptions) {
    const category = categoryOf.get(d.id);
    if (category === undefined) problems.push(problem(d.file, `motions.${d.id}`, 'names no exercise of the catalog'));
    else if (category !== d.category)
      problems.push(problem(d.file, `motions.${d.id}`, `is a ${category} exercise; describe it in ${category}.json`));
  }
  return problems;
}
