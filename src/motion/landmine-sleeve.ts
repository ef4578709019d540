/**
 * A landmine held at the end of its sleeve (`landmineGrip: "sleeve-end"`, renderer 1.26.0): the grip of a landmine
 * press, a jammer, a landmine chest press or curl. The hands hold the loaded end of the bar, so the bar stops at them
 * (a 3 cm stub in the palm), and the plate rides on the sleeve inboard of them, between the hands and the socket. The
 * bar lies in the side view's picture plane, so its plate is seen edge-on: a thin slab across the bar, square to it.
 * Where it is in a frame, and what `check` refuses: the plate through the head, the trunk, a thigh or the floor.
 * Without the field the landmine is drawn as before (render-lines.ts: the bar past the hands, a face-on plate there).
 */
import * as v from 'valibot';
import type { FixedProp, Motion } from './motion.ts';
import { LANDMINE_GRIPS, type LandmineGrip } from './prop-kinds.ts';
import { within } from './schema-numbers.ts';
import { type Body, LEG_HALF_WIDTH, lerpPoint, type Point, SEGMENT, toSegment } from './skeleton.ts';
import { firstFrameProblem, lineEnd } from './timeline.ts';

/**
 * The sleeve, metres. An Olympic bar's sleeve takes plates along 41.5 cm (IWF; power bars 40-43 cm) from its collar to
 * its end. A landmine's loaded end rises from the socket, so a plate slid onto the sleeve slides down it to the collar
 * and rests there: its centre is the sleeve's length less half its thickness from the end. The hands cup the end, the
 * bar's end in the palm about 3 cm past the grip point. So the plate's centre is 41.5 - 3 - 2.75 = about 36 cm inboard
 * of the hands for a 45 cm bumper (5.5 cm thick), a little more for a thinner, smaller plate; not just under the hands.
 */
export const SLEEVE = { length: 0.415, pastGrip: 0.03 } as const;
/** A 45 cm plate (a 20 kg bumper) is 5.5 cm thick; a smaller one (a 25 lb / 35 cm or 10 kg plate) an iron 4 cm. */
export const plateThickness = (diameter: number): number => (diameter >= 0.4 ? 0.055 : 0.04);
/** How far (metres) the plate may be read into the body or the floor before it passes through it. */
const THROUGH = 0.02;
/** Half the trunk's depth as drawn from the side (render-svg.ts), as the other load checks read it. */
const TRUNK_HALF = 0.1;

export const LANDMINE_ENTRIES = {
  /**
   * How the hands hold a landmine's bar (landmine-sleeve.ts): `sleeve-end`, at the end of its loaded sleeve, the plate
   * inboard of them on the sleeve, seen edge-on (a press, a jammer, a landmine curl). Unset: the bar runs past the hands.
   */
  landmineGrip: v.optional(v.picklist(LANDMINE_GRIPS, 'landmineGrip is sleeve-end (the hands at the end of the loaded sleeve)')),
  /** The diameter of the plate on a sleeve-end landmine (metres): 0.45 by default, less (0.35, a 25 lb plate) to clear the face. */
  landminePlate: v.optional(within(0.2, 0.45)),
};

type LandmineParams = {
  landmine?: number | undefined;
  landmineGrip?: LandmineGrip | undefined;
  landminePlate?: number | undefined;
};

/** Why the landmine fields do not fit together, naming the field, or nothing. */
export function landmineMisfit(p: LandmineParams): string | undefined {
  if (p.landmineGrip !== undefined && p.landmine === undefined)
    return 'landmineGrip says how the hands hold a landmine: give the landmine (its socket x) too';
  if (p.landminePlate !== undefined && p.landmineGrip === undefined)
    return 'landminePlate sizes the plate on a sleeve-end landmine: give landmineGrip sleeve-end too';
  return undefined;
}

/** Gives the landmine among the fixed props its grip (sleeve-end) and its plate's diameter. */
export function withSleeveGrip(fixed: FixedProp[], p: LandmineParams): void {
  const landmine = fixed.find((prop) => prop.kind === 'landmine');
  if (landmine !== undefined && p.landmineGrip !== undefined) landmine.grip = { hold: p.landmineGrip, plate: p.landminePlate ?? 0.45 };
}

/** A sleeve-end landmine's plate in this frame: its centre, its two rims (square to the bar), its thickness, the bar's end. */
export interface SleevePlate {
  centre: Point;
  rims: [Point, Point];
  thickness: number;
  tip: Point;
}

export function sleevePlate(prop: FixedProp, body: Body): SleevePlate | undefined {
  if (prop.kind !== 'landmine' || prop.grip === undefined) return undefined;
  const grip = lineEnd(body, prop.to ?? 'hands');
  const reach = Math.hypot(grip[0] - prop.x0, grip[1] - prop.y) || 1;
  // Out along the bar from the socket through the grip: the plate inboard of the grip, the bar's end just past it.
  const out: Point = [(grip[0] - prop.x0) / reach, (grip[1] - prop.y) / reach];
  const at = (metres: number): Point => [grip[0] + out[0] * metres, grip[1] + out[1] * metres];
  const thickness = plateThickness(prop.grip.plate);
  const [centre, tip] = [at(-(SLEEVE.length - SLEEVE.pastGrip - thickness / 2)), at(SLEEVE.pastGrip)];
  const [ax, ay] = [-out[1] * (prop.grip.plate / 2), out[0] * (prop.grip.plate / 2)];
  return {
    centre,
    rims: [
      [centre[0] + ax, centre[1] + ay],
      [centre[0] - ax, centre[1] - ay],
    ],
    thickness,
    tip,
  };
}

/** What of a landmine to keep in the picture: the default plate past the hands, or a sleeve-end plate's rims. */
export function landmineExtent(motion: Motion, body: Body): [Point, number][] {
  return motion.fixed
    .filter((prop) => prop.kind === 'landmine')
    .flatMap((prop): [Point, number][] => {
      const plate = sleevePlate(prop, body);
      // The default plate rides just past the hands (22.5 cm plates): all of it in the picture.
      if (plate === undefined) return [[lineEnd(body, prop.to ?? 'hands'), 0.42]];
      return [...plate.rims.map((rim): [Point, number] => [rim, 0.05]), [plate.tip, 0.05]];
    });
}

/** How far the plate, a thick line between its rims, is into a round part of the body about the segment a-b. */
function into(plate: SleevePlate, a: Point, b: Point, half: number): number {
  let nearest = Number.POSITIVE_INFINITY;
  for (let i = 0; i <= 20; i += 1) {
    nearest = Math.min(nearest, toSegment(lerpPoint(...plate.rims, i / 20), a, b));
  }
  return half + plate.thickness / 2 - nearest;
}

/** What is wrong with the plate in this frame (into the floor, the head, the trunk, a thigh), or nothing. */
function plateProblem(plate: SleevePlate, body: Body): string | undefined {
  const cm = (m: number) => (m * 100).toFixed(0);
  const sunk = -Math.min(plate.rims[0][1], plate.rims[1][1]);
  if (sunk > THROUGH) return `is ${cm(sunk)} cm into the floor`;
  const parts: [string, Point, Point, number][] = [
    ['head', body.head, body.head, SEGMENT.headRadius],
    ['trunk', body.pelvis, body.neckBase, TRUNK_HALF],
    ...Object.values(body.legs).map((leg): [string, Point, Point, number] => ['thigh', leg.root, leg.middle, LEG_HALF_WIDTH.thigh]),
  ];
  for (const [name, a, b, half] of parts) {
    const depth = into(plate, a, b, half);
    if (depth > THROUGH) return `passes ${cm(depth)} cm into the ${name}`;
  }
  return undefined;
}

/**
 * The first frame whose sleeve-end plate passes into the body or the floor, naming `landmineGrip`, as a message for
 * motion-check.ts; or a sleeve-end landmine seen from the front.
 */
export function landmineSleeveProblems(motion: Motion): string[] {
  const landmine = motion.fixed.find((prop) => prop.kind === 'landmine' && prop.grip !== undefined);
  if (landmine === undefined) return [];
  if (motion.view === 'front')
    return ['landmineGrip is drawn from the side, where the bar lies in the picture (from the front it points at the viewer)'];
  const plate = `the sleeve-end landmine's ${(landmine.grip!.plate * 100).toFixed(0)} cm plate`;
  const found = firstFrameProblem(motion, (body) => {
    const problem = plateProblem(sleevePlate(landmine, body)!, body);
    return problem === undefined ? undefined : `${plate} ${problem}`;
  });
  return found.map((message) => `landmineGrip: ${message}: move the hands or the socket, or use a smaller landminePlate`);
}
