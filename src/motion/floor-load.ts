/**
 * A load lying on the floor that the feet hook under (`floorLoad`: a sit-up anchored under a heavy dumbbell or a
 * loaded EZ bar). Held loads are drawn at the hands; this one is a fixed prop of the scene, seen from the side end
 * on: a plate (or dumbbell head) each side of the feet, the handle between them across the insteps. It bears
 * nothing (the figure lies on the floor), so it is no support; what `check` holds it to is that the feet are
 * really under it: in every frame the handle lies over each foot, in front of the ankle, touching the front of the
 * ankle or shin as drawn, neither lifted clear of it nor sunk into it. The check of a rolled towel under a heel
 * (floor-tops.ts places it, as a top to rest on) is here too: the other small thing on the floor under the feet.
 */
import * as v from 'valibot';
import type { FixedProp, Motion } from './motion.ts';
import { FLOOR_LOADS, type FloorLoad } from './prop-kinds.ts';
import { type Body, LEG_HALF_WIDTH, type Point, SIDES, toSegment } from './skeleton.ts';
import { within } from './schema-numbers.ts';
import { firstFrameProblem } from './timeline.ts';

/**
 * Sizes in metres: a heavy dumbbell's round heads (20 cm across) and a bar's small plates (25 cm, as 10 kg ones
 * on an EZ bar), so the handle or bar lies at their radius above the floor, at the height of the front of the
 * ankle; its own radius as drawn.
 */
export const LOAD_SIZE: Record<FloorLoad, { radius: number; handle: number }> = {
  dumbbell: { radius: 0.1, handle: 0.016 },
  barbell: { radius: 0.125, handle: 0.014 },
};

/** The drawn foot's half thickness (render-limbs.ts draws it 5.5 cm). */
const FOOT_HALF = 0.0275;
/** A handle this far from the drawn leg still touches it; this far into it, it passes through (metres). */
const TOUCHING = 0.02;
const INTO = 0.01;

export const FLOOR_LOAD_ENTRIES = {
  /**
   * A load lying on the floor, the feet hooked under it (floor-load.ts): `{"load": "dumbbell" | "barbell", "x": m}`,
   * the x of its handle or bar; the description names the load in `props`, where it is then not held.
   */
  floorLoad: v.optional(
    v.strictObject({
      load: v.picklist(FLOOR_LOADS, 'floorLoad.load is dumbbell (round heads) or barbell (a bar loaded with small plates)'),
      x: within(-3, 3),
    }),
  ),
};

/** The floor load of a description as a fixed prop: its plates' span along the floor and the handle's height. */
export function floorLoadOf(floorLoad: { load: FloorLoad; x: number } | undefined): FixedProp[] {
  if (floorLoad === undefined) return [];
  const { radius } = LOAD_SIZE[floorLoad.load];
  return [{ kind: 'floor-load', x0: floorLoad.x - radius, x1: floorLoad.x + radius, y: radius, load: floorLoad.load }];
}

/** The held props' names without the load that lies on the floor (it is drawn there, not in the hands). */
export const heldOffFloor = (props: readonly string[], floorLoad: { load: FloorLoad } | undefined): readonly string[] =>
  floorLoad === undefined ? props : props.filter((prop) => prop !== floorLoad.load);

/** The floor load of a scene, if any. */
export const floorLoadIn = (motion: Motion): (FixedProp & { load: FloorLoad }) | undefined =>
  motion.fixed.find((prop): prop is FixedProp & { load: FloorLoad } => prop.kind === 'floor-load' && prop.load !== undefined);

/** The handle's centre, seen end on. */
export const handleOf = (prop: FixedProp): Point => [(prop.x0 + prop.x1) / 2, prop.y];

const cm = (metres: number): string => (metres * 100).toFixed(0);

/**
 * How the handle meets one foot: undefined when it is hooked (over the foot in front of the ankle, touching the
 * front of the ankle or shin or the top of the foot as drawn), else what is wrong.
 */
export function hookProblem(body: Body, side: 'left' | 'right', prop: FixedProp & { load: FloorLoad }): string | undefined {
  const handle = handleOf(prop);
  const { middle: knee, end: ankle, heel, toe } = body.legs[side];
  const name = prop.load === 'dumbbell' ? "the dumbbell's handle" : 'the bar';
  const [from, to] = [Math.min(ankle[0], toe[0]), Math.max(ankle[0], toe[0])];
  if (handle[0] < from || handle[0] > to)
    return `${name} (x ${handle[0].toFixed(2)}) is not over the ${side} foot (ankle to toe from ${from.toFixed(2)} to ${to.toFixed(2)}): lay it across the insteps, in front of the ankles`;
  // The sole's line under the handle: the foot must be below it, not lifted over it.
  const along = (handle[0] - heel[0]) / (toe[0] - heel[0]);
  if (heel[1] + (toe[1] - heel[1]) * along > handle[1]) return `the ${side} foot is over ${name}: hook the feet under it`;
  const gap =
    Math.min(toSegment(handle, knee, ankle) - LEG_HALF_WIDTH.shank, toSegment(handle, heel, toe) - FOOT_HALF) - LOAD_SIZE[prop.load].handle;
  if (gap > TOUCHING)
    return `the ${side} foot is ${cm(gap)} cm under ${name}, not hooked against it: slide the feet under until the ankles meet it`;
  if (gap < -INTO) return `the ${side} foot passes ${cm(-gap)} cm into ${name}`;
  return undefined;
}

/** How far above a rolled towel's top, or into it, a heel propped on it may be read (metres), as a contact's tolerance. */
const ON_TOWEL = 0.02;

/**
 * What `check` refuses of a rolled towel (floor-tops.ts), naming `rolledTowel`: one seen from the front, and, naming the
 * time, a frame in which no heel rests on its top (a heel prop: the towel is under the heel, never the calf or knee).
 */
export function rolledTowelProblems(motion: Motion): string[] {
  const towel = motion.fixed.find((prop) => prop.kind === 'rolled-towel');
  if (towel === undefined) return [];
  if (motion.view !== 'side') return ['rolledTowel: a rolled towel is drawn from the side, end on'];
  const found = firstFrameProblem(motion, (body) => {
    const heels = SIDES.map((side) => ({ side, heel: body.legs[side].heel }));
    const over = heels.filter(({ heel }) => heel[0] >= towel.x0 - ON_TOWEL && heel[0] <= towel.x1 + ON_TOWEL);
    if (over.some(({ heel }) => Math.abs(heel[1] - towel.y) <= ON_TOWEL)) return undefined;
    if (over.length === 0)
      return `no heel is over the rolled towel (x ${towel.x0.toFixed(2)} to ${towel.x1.toFixed(2)}; the heels at ${heels.map(({ heel }) => heel[0].toFixed(2)).join(' and ')}): prop a heel on it`;
    const { side, heel } = over[0]!;
    return `the ${side} heel is ${cm(Math.abs(heel[1] - towel.y))} cm ${heel[1] > towel.y ? 'above' : 'into'} the rolled towel's top: rest it on the towel`;
  });
  return found.map((message) => `rolledTowel: ${message}`);
}

/**
 * What `check` refuses of a floor load, naming `floorLoad`: one seen from the front (its plates would hide the
 * feet), and, naming the time, a foot that is not hooked under it (hookProblem).
 */
export function floorLoadProblems(motion: Motion): string[] {
  const prop = floorLoadIn(motion);
  if (prop === undefined) return [];
  if (motion.view !== 'side')
    return ['floorLoad: a load lying on the floor is drawn from the side (from the front its plates would hide the feet)'];
  const found = firstFrameProblem(motion, (body) => {
    for (const side of SIDES) {
      const problem = hookProblem(body, side, prop);
      if (problem !== undefined) return problem;
    }
    return undefined;
  });
  return found.map((message) => `floorLoad: ${message}`);
}
