/**
 * What `check` refuses of a strongman implement let go (implement-release.ts): a release with no sandbag,
 * keg or stone in both hands, or seen from the front; one set down resting above or in the box's top or
 * with its middle off it; a toss that lands after the loop has ended; and, frame by frame, the implement
 * passing into the floor, the box or the toss bar, or (once let go) through the head, trunk or thighs, and
 * the figure passing through the box, the bar or the bar's uprights.
 */
import type { Motion } from './motion.ts';
import { cycleSeconds, keyStartSeconds } from './motion.ts';
import {
  IMPLEMENT_HALF,
  implementAt,
  implementCentre,
  type ReleasedKind,
  releasedImplement,
  segmentToImplement,
  toImplement,
  tossLanding,
  tossLaunch,
} from './implement-release.ts';
import { G } from './thrown.ts';
import { type Body, distance, LEG_HALF_WIDTH, type Point, SEGMENT, SIDES, toSegment } from './skeleton.ts';
import { bodyAt, FRAMES_PER_SECOND, frameCount, isCrossFading, loopKeyBody } from './timeline.ts';

/** How far (metres) the implement may rest off or sink into what it meets before it reads as floating or through it. */
const THROUGH = 0.02;
/** Half the trunk's depth as drawn from the side (render-svg.ts). */
const TRUNK_HALF = 0.1;
/** The toss bar's radius, as render-implement-release.ts draws it. */
export const TOSS_BAR_RADIUS = 0.04;
/** Checked this many times a second while the implement flies, so it cannot pass a thin bar between two frames. */
const FLIGHT_SAMPLES = 300;

type Box = { x0: number; x1: number; y: number };

/** How far a round thing (a stone, the head) of this radius centred at `at` is into the box (positive: into it). */
function roundIntoBox(at: Point, radius: number, box: Box): number {
  const nearest: Point = [Math.max(box.x0, Math.min(box.x1, at[0])), Math.max(0, Math.min(box.y, at[1]))];
  return radius - distance(at, nearest);
}

/** How far the implement centred at `at` is into the box (positive: into it). */
function intoBox(kind: ReleasedKind, at: Point, box: Box): number {
  if (kind === 'stone') return roundIntoBox(at, IMPLEMENT_HALF.stone[0], box);
  const [halfX, halfY] = IMPLEMENT_HALF[kind];
  return Math.min(Math.min(at[0] + halfX, box.x1) - Math.max(at[0] - halfX, box.x0), box.y - (at[1] - halfY));
}

/** What is wrong with the implement at `at` in this frame (into the floor, the box, the bar; once let go, the body), or nothing. */
function implementProblem(motion: Motion, kind: ReleasedKind, at: Point, body: Body | undefined, box: Box | undefined): string | undefined {
  const sunk = IMPLEMENT_HALF[kind][1] - at[1];
  if (sunk > THROUGH) return `the ${kind} is ${(sunk * 100).toFixed(0)} cm into the floor`;
  const boxed = box === undefined ? 0 : intoBox(kind, at, box);
  if (boxed > THROUGH) return `the ${kind} passes ${(boxed * 100).toFixed(0)} cm into the box`;
  const bar = motion.implementRelease!.bar;
  const barred = bar === undefined ? 0 : TOSS_BAR_RADIUS - toImplement(kind, at, [bar.x, bar.height]);
  if (barred > THROUGH) return `the ${kind} passes ${(barred * 100).toFixed(0)} cm through the toss bar`;
  if (body === undefined) return undefined;
  const head = SEGMENT.headRadius - toImplement(kind, at, body.head);
  if (head > THROUGH) return `the ${kind} let go passes ${(head * 100).toFixed(0)} cm into the head`;
  const trunk = TRUNK_HALF - segmentToImplement(kind, at, body.pelvis, body.neckBase);
  if (trunk > THROUGH) return `the ${kind} let go passes ${(trunk * 100).toFixed(0)} cm into the trunk`;
  for (const leg of Object.values(body.legs)) {
    const thigh = LEG_HALF_WIDTH.thigh - segmentToImplement(kind, at, leg.root, leg.middle);
    if (thigh > THROUGH) return `the ${kind} let go passes ${(thigh * 100).toFixed(0)} cm into a thigh`;
  }
  return undefined;
}

/** What of the figure passes through the box, the toss bar or its uprights in this frame, or nothing. */
function figureProblem(motion: Motion, body: Body, box: Box | undefined, side: number): string | undefined {
  const lower: [string, Point][] = SIDES.flatMap((s): [string, Point][] => [
    [`${s} toe`, body.legs[s].toe],
    [`${s} heel`, body.legs[s].heel],
    [`${s} knee`, body.legs[s].middle],
  ]);
  lower.push(['pelvis', body.pelvis]);
  if (box !== undefined) {
    const inside = lower.find(([, [x, y]]) => x > box.x0 + THROUGH && x < box.x1 - THROUGH && y < box.y - THROUGH);
    if (inside !== undefined) return `the ${inside[0]} is inside the box`;
    const head = roundIntoBox(body.head, SEGMENT.headRadius, box);
    if (head > THROUGH) return `the head passes ${(head * 100).toFixed(0)} cm into the box`;
  }
  const bar = motion.implementRelease!.bar;
  if (bar === undefined) return undefined;
  // Seen from the side both uprights stand at the bar's x: the legs and hips stay on the figure's side of them.
  const across = lower.find(([, [x, y]]) => y < bar.height && (x - bar.x) * side < THROUGH);
  if (across !== undefined) return `the ${across[0]} passes the toss bar's uprights`;
  const segments: [string, Point, Point, number][] = [
    ['trunk', body.pelvis, body.neckBase, TRUNK_HALF],
    ['head', body.head, body.head, SEGMENT.headRadius],
    ...SIDES.flatMap((s): [string, Point, Point, number][] => [
      [`${s} upper arm`, body.arms[s].root, body.arms[s].middle, 0.04],
      [`${s} forearm`, body.arms[s].middle, body.arms[s].end, 0.03],
      [`${s} thigh`, body.legs[s].root, body.legs[s].middle, LEG_HALF_WIDTH.thigh],
    ]),
  ];
  const hit = segments.find(([, a, b, half]) => toSegment([bar.x, bar.height], a, b) < half + TOSS_BAR_RADIUS - THROUGH);
  return hit === undefined ? undefined : `the ${hit[0]} passes through the toss bar`;
}

/** Whether a tossed implement goes over its bar: it reaches the bar's x before it lands, its bottom above the crossbar then. */
function overBar(motion: Motion, kind: ReleasedKind, bar: { x: number; height: number }): string[] {
  const { from, velocity } = tossLaunch(motion);
  const crossing = (bar.x - from[0]) / velocity[0];
  if (!(crossing >= 0 && crossing <= tossLanding(motion).after))
    return [`the ${kind} tossed lands before it reaches the toss bar: toss it toward the bar, and farther`];
  const bottom = from[1] + velocity[1] * crossing - (G * crossing * crossing) / 2 - IMPLEMENT_HALF[kind][1];
  return bottom < bar.height
    ? [`the ${kind} tossed passes under the toss bar (its bottom ${bottom.toFixed(2)} m up there): toss it higher`]
    : [];
}

/** Every problem of the implement a motion lets go, as messages for motion-check.ts. */
export function implementReleaseProblems(motion: Motion): string[] {
  const release = motion.implementRelease;
  if (release === undefined) return [];
  const prop = releasedImplement(motion);
  if (prop === undefined)
    return ['implementRelease lets go of a sandbag, keg or stone held in both hands, or a throwing weight: name one (holdIn hands)'];
  if (motion.view !== 'side') return ['an implement let go is drawn from the side only'];
  const box = motion.fixed.find((fixed) => fixed.kind === 'box');
  const problems: string[] = [];
  const key = `key ${release.key} "${motion.keys[release.key]!.name}"`;
  if (release.to === 'box' && box !== undefined) {
    const at = implementCentre(loopKeyBody(motion, release.key).body, prop);
    const above = at[1] - IMPLEMENT_HALF[prop.kind][1] - box.y;
    if (Math.abs(above) > THROUGH)
      problems.push(
        `${key}: the ${prop.kind} is set down ${(Math.abs(above) * 100).toFixed(0)} cm ${above > 0 ? 'above' : 'into'} the box's top`,
      );
    if (at[0] < box.x0 || at[0] > box.x1)
      problems.push(
        `${key}: the ${prop.kind}'s middle is off the box's top (${at[0].toFixed(2)} m, the top runs ${box.x0}..${box.x1} m): it would fall`,
      );
  }
  const released = keyStartSeconds(motion, release.key);
  if (release.to === 'floor') {
    const landed = released + tossLanding(motion).after;
    if (landed > cycleSeconds(motion))
      problems.push(
        `the ${prop.kind} tossed lands ${landed.toFixed(2)} s into a loop of ${cycleSeconds(motion).toFixed(2)} s: hold the keys after the release longer`,
      );
  }
  if (release.to === 'floor' && release.bar !== undefined) problems.push(...overBar(motion, prop.kind, release.bar));
  const side = Math.sign(loopKeyBody(motion, 0).body.pelvis[0] - (release.bar?.x ?? 0)) || 1;
  // Every frame, and while it flies many times a frame: a thin bar is passed between two frames.
  const times = Array.from({ length: frameCount(motion) }, (_, frame) => frame / FRAMES_PER_SECOND);
  if (release.to === 'floor') {
    const landed = Math.min(cycleSeconds(motion), released + tossLanding(motion).after);
    for (let t = released; t < landed; t += 1 / FLIGHT_SAMPLES) times.push(t);
  }
  const faults = new Map<string, string>();
  for (const seconds of times.sort((a, b) => a - b)) {
    const place = implementAt(motion, seconds);
    const body = bodyAt(motion, seconds);
    // In the loop's cross-dissolve the figure fading in holds the next one: it meets nothing of the last.
    const isFree = place !== 'held' && seconds > released && !isCrossFading(motion, seconds);
    const at = place === 'held' ? implementCentre(body, prop) : place;
    for (const message of [
      implementProblem(motion, prop.kind, at, isFree ? body : undefined, box),
      figureProblem(motion, body, box, side),
    ]) {
      // The first frame of each fault (into the floor, the box, the bar, the head, ...), not only the first fault.
      const fault = message?.replace(/\d+ cm /, '');
      if (message !== undefined && !faults.has(fault!)) faults.set(fault!, `at ${seconds.toFixed(2)} s ${message}`);
    }
  }
  return [...problems, ...faults.values()];
}
