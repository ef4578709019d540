/**
 * Hurdles of a given height (`hurdleHeight`, renderer 1.27.0): the adjustable training hurdles of mobility drills, set at
 * knee to mid-thigh height to step over (about 45-80 cm) or at the waist to duck under (about 90-100 cm). Seen from the
 * side or the front the figure crosses them along the picture, so the top bar runs across the line of sight between two
 * uprights at its ends: it is seen end on, a round bar on top of the near upright, which hides the far one. The figure
 * passes between the uprights, so the space under the bar is open (a duck-under steps through it) and what `check`
 * refuses is a part of the figure through the bar itself. Without the field a hurdle is the 30 cm mini hurdle it always
 * was, drawn and checked as before (a solid obstacle no foot may be inside), and the bar is checked on it too.
 */
import * as v from 'valibot';
import type { FixedProp, Motion } from './motion.ts';
import { within } from './schema-numbers.ts';
import { type Body, LEG_HALF_WIDTH, type Point, SEGMENT, SIDES, toSegment } from './skeleton.ts';
import { bodyAt, FRAMES_PER_SECOND, frameCount, isCrossFading } from './timeline.ts';

/** A mini hurdle: its height, and half its depth along the floor. */
export const MINI_HURDLE = { height: 0.3, half: 0.03 } as const;
/** The top bar's radius (a 4 cm tube, as drawn end on), metres: its top is the hurdle's height. */
export const HURDLE_BAR = 0.02;
/** How far (metres) a part's drawn outline may overlap the bar before it passes through it: a brush, not a collision. */
const THROUGH = 0.01;
/** Looked at this many times a frame: a foot swung over a bar moves up to 10 cm a frame, farther than the bar is thick. */
const STEPS_PER_FRAME = 4;

export const HURDLE_ENTRIES = {
  /**
   * The hurdles' height (metres, to the top of the bar): adjustable hurdles with two uprights and a top bar (hurdle.ts),
   * knee to mid-thigh high to step over, waist high to duck under. Unset: 30 cm mini hurdles, as before renderer 1.27.0.
   */
  hurdleHeight: v.optional(within(0.15, 1.1)),
};

/** `hurdleHeight` without hurdles to set, named; else nothing. */
export function hurdleMisfit(p: { hurdles?: readonly number[] | undefined; hurdleHeight?: number | undefined }): string | undefined {
  if (p.hurdleHeight !== undefined && p.hurdles === undefined) return "hurdleHeight sets the hurdles' height: give hurdles (their x) too";
  return undefined;
}

/** The hurdles on the floor at these x: mini hurdles, or adjustable ones of `height`. */
export function hurdlesOf(xs: readonly number[] | undefined, height: number | undefined): FixedProp[] {
  return (xs ?? []).map((x) => ({
    kind: 'hurdle',
    x0: x - MINI_HURDLE.half,
    x1: x + MINI_HURDLE.half,
    y: height ?? MINI_HURDLE.height,
    ...(height === undefined ? {} : { adjustable: true as const }),
  }));
}

/** The top bar's centre, seen end on. */
export const barCentre = (prop: FixedProp): Point => [(prop.x0 + prop.x1) / 2, prop.y - HURDLE_BAR];

/** The parts of the figure as drawn (render-svg.ts, render-limbs.ts): a name, a segment and half its drawn thickness. */
function parts(body: Body, view: Motion['view']): [string, Point, Point, number][] {
  const front = view === 'front';
  const limbs = SIDES.flatMap((side): [string, Point, Point, number][] => {
    const [l, a] = [body.legs[side], body.arms[side]];
    return [
      [`${side} thigh`, l.root, l.middle, LEG_HALF_WIDTH.thigh],
      [`${side} shank`, l.middle, l.end, LEG_HALF_WIDTH.shank],
      [`${side} foot`, l.heel, l.toe, 0.0275],
      [`${side} upper arm`, a.root, a.middle, 0.0425],
      [`${side} forearm`, a.middle, a.end, 0.0325],
      [`${side} hand`, a.hand, a.hand, 0.042],
    ];
  });
  return [
    ['head', body.head, body.head, SEGMENT.headRadius],
    ['neck', body.neckBase, body.head, 0.035],
    ['trunk', body.pelvis, body.waist, front ? 0.125 : 0.095],
    ['trunk', body.waist, body.neckBase, front ? 0.14 : 0.115],
    ...limbs,
  ];
}

/** The part of the figure passing through a hurdle's bar in this frame, and how far, or nothing. */
export function throughBar(prop: FixedProp, body: Body, view: Motion['view']): { part: string; depth: number } | undefined {
  const bar = barCentre(prop);
  let worst: { part: string; depth: number } | undefined;
  for (const [part, a, b, half] of parts(body, view)) {
    const depth = half + HURDLE_BAR - toSegment(bar, a, b);
    if (depth > THROUGH && (worst === undefined || depth > worst.depth)) worst = { part, depth };
  }
  return worst;
}

/**
 * The first moment a part of the figure passes through a hurdle's top bar, naming `hurdles` (and the height), as a
 * message for motion-check.ts; the cross-dissolve of a `dissolve` loop aside, where no path is drawn.
 */
export function hurdleBarProblems(motion: Motion): string[] {
  const hurdles = motion.fixed.filter((prop) => prop.kind === 'hurdle');
  if (hurdles.length === 0) return [];
  const steps = frameCount(motion) * STEPS_PER_FRAME;
  for (let step = 0; step < steps; step += 1) {
    const seconds = step / (FRAMES_PER_SECOND * STEPS_PER_FRAME);
    if (isCrossFading(motion, seconds)) continue;
    const body = bodyAt(motion, seconds);
    for (const prop of hurdles) {
      const through = throughBar(prop, body, motion.view);
      if (through === undefined) continue;
      const which = prop.adjustable === true ? `${(prop.y * 100).toFixed(0)} cm hurdle` : 'mini hurdle';
      return [
        `hurdles: at ${seconds.toFixed(3)} s the ${through.part} passes ${(through.depth * 100).toFixed(0)} cm into the ${which}'s top bar (x ${barCentre(prop)[0].toFixed(2)}, ${(prop.y * 100).toFixed(0)} cm up): lift it over the bar or pass under it`,
      ];
    }
  }
  return [];
}
