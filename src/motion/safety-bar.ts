/**
 * A safety squat bar (`"bar": "safety"` with `holdIn: "back"`, renderer 1.27.0): a yoke bar. A padded bar lies across
 * the upper back where a straight bar would, two handles curve forward from it over the shoulders and the hands hold
 * their ends in front of the chest, the elbows down and forward; the bar's ends are cambered down and forward, so the
 * plates hang a little below the bar and ahead of it. Its shape in the upper trunk's axes (it rides the back as one
 * rigid piece), where the hands hold it (held-places.ts loadGrip), the schema's field and the hooks that give a held
 * barbell its fields. Drawn by render-safety-bar.ts, checked by safety-bar-check.ts; without the field a bar on the
 * back is the straight bar it always was, the hands gripping it just above and behind it.
 */
import * as v from 'valibot';
import { add, type Point } from './geometry.ts';
import type { HeldProp } from './motion.ts';

export const SAFETY_BAR_ENTRIES = {
  /** The bar on the back: `safety`, a safety squat bar, its handles held in front (safety-bar.ts). Unset: a straight bar. */
  bar: v.optional(v.picklist(['safety'], 'bar is safety (a safety squat bar: a yoke on the back, its handles held in front)')),
};

/** [toward the head, toward the front of the chest] from the bar, in metres along the upper trunk's axes. */
type TrunkOffset = readonly [number, number];

/**
 * The yoke's shape from the bar's middle (where a straight bar on the back lies, 9 cm behind the upper trunk's line):
 * the pad over the traps ends on top of the shoulder, 8 cm up and 11 cm forward (below the jaw); each handle, about 40 cm of it,
 * runs on from there forward and down to its end 36 cm ahead of the bar and 12 cm below it, in front of the upper
 * chest, where the hands hold it (a reach of about 30 cm from the shoulder: the elbows bend and point down and
 * forward). The ends are cambered about 22 degrees down and forward, so each sleeve and its plates are 12 cm below
 * the bar and 5 cm ahead of it. The handle is a cubic curve through its two control points.
 */
export const YOKE = {
  shoulder: [0.08, 0.11] as TrunkOffset,
  controls: [
    [0.07, 0.22],
    [-0.02, 0.33],
  ] as readonly [TrunkOffset, TrunkOffset],
  grip: [-0.12, 0.36] as TrunkOffset,
  sleeve: [-0.12, 0.05] as TrunkOffset,
  /** The pad's half-thickness round the bar (metres): a thick foam sleeve. */
  pad: 0.045,
  /** The handle's half-thickness (metres), its foam grip included. */
  handle: 0.018,
  /** The plate's radius (a 45 cm plate, as the straight bar's). */
  plate: 0.225,
} as const;

/** A safety squat bar in one frame: the bar end on, the pad to the top of the shoulder, the handle to the grip, the sleeve. */
export interface Yoke {
  bar: Point;
  pad: readonly [Point, Point];
  handle: readonly Point[];
  grip: Point;
  sleeve: Point;
}

/** How many pieces the handle's curve is drawn and checked in. */
const HANDLE_STEPS = 12;

/** The yoke on a bar at `bar`, with the upper trunk's unit axes `up` (toward the head) and `forward` (toward the chest). */
export function yokeOf(bar: Point, up: Point, forward: Point): Yoke {
  const at = ([u, f]: TrunkOffset): Point => add(add(bar, up, u), forward, f);
  const [p0, p1, p2, p3] = [at(YOKE.shoulder), at(YOKE.controls[0]), at(YOKE.controls[1]), at(YOKE.grip)];
  const handle = Array.from({ length: HANDLE_STEPS + 1 }, (_, i): Point => {
    const t = i / HANDLE_STEPS;
    const [a, b, c, d] = [(1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t ** 2, t ** 3];
    return [a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0], a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1]];
  });
  return { bar, pad: [bar, p0], handle, grip: p3, sleeve: at(YOKE.sleeve) };
}

export const isSafetyBar = (prop: HeldProp): boolean => prop.bar === 'safety';

/** Why `bar` does not fit the other fields, naming it, or nothing. */
export function safetyBarMisfit(p: { bar?: 'safety' | undefined; holdIn?: string | undefined }): string | undefined {
  if (p.bar !== undefined && p.holdIn !== 'back') return 'bar safety is a safety squat bar on the back: give holdIn back too';
  return undefined;
}

/** A held barbell with the description's `barAt` (where it rests against the legs) and `bar` (a safety bar on the back). */
export function barbellFields(prop: HeldProp, p: { barAt?: HeldProp['barAt'] | undefined; bar?: 'safety' | undefined }): HeldProp {
  if (prop.kind !== 'barbell') return prop;
  const rested = p.barAt === undefined ? prop : { ...prop, barAt: p.barAt };
  return p.bar === undefined || prop.at !== 'back' ? rested : { ...rested, bar: p.bar };
}
