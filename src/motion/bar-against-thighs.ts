/**
 * A barbell held in both hands, seen from the side, rests against the thighs and hips, never inside them.
 * The keys of a deadlift, a clean's hang or a curl's bottom put straight arms where their angles say, and in
 * 48 descriptions that drew the bar's hub inside the thigh's outline somewhere between the knee and the
 * hip (random review 29 failed a Romanian and an axle deadlift for it). Every drawn frame is held to it
 * here, once (timeline.ts): where the hub would be inside the outline of a standing figure's thighs or
 * hips, the arms swing about the shoulders, elbows as they are, just far enough that the bar touches its
 * front (its back for a bar held behind the legs, `HeldProp.barAt`). A bar that rides the thighs
 * (`barAt: 'on-thighs'`: a pull from the knees to the lockout, a clean's hang) is also drawn in onto them
 * where the arms leave it hanging in front. A bar on a Smith machine's rails is not the arms' to move (the
 * description places the rails; motion-check.ts refuses one inside the thighs), and a trap bar is stood
 * inside (`barAt: 'around'`).
 */
import { LEG_HALF_WIDTH } from './body-measures.ts';
import { heldAt } from './held-places.ts';
import type { HeldProp, Motion } from './motion.ts';
import type { Arm, Body, Point } from './skeleton.ts';
import { SIDES } from './skeleton.ts';

/** How far the hub's centre stays out from the drawn edge: the bar's own radius (28 mm bar). */
export const BAR_CLEARANCE = 0.014;
/** Thighs whose hip is less than this above the knee (a lying hip thrust, a squat's bottom) are not stood against. */
const UPRIGHT_THIGH = 0.15;
/** Half the drawn depth of the lower trunk, pelvis to waist (render-svg.ts draws it 19 cm thick). */
const HIPS_HALF_DEPTH = 0.095;
/** Over how much of the thigh below the hip its drawn outline widens into the hips'. */
const HIP_BLEND = 0.08;
/** The furthest the arms swing to clear the outline (degrees); a hub deeper in than this leaves is the description's fault. */
const MOST_SWING = 60;
/**
 * A riding bar is drawn onto the thighs fully from RIDE_IN above the knee to RIDE_IN below the waist, and
 * not at all at the knee, the waist or a gap wider than MOST_FLOAT (+ RIDE_IN): eased between, so the bar
 * never jumps as it passes the kneecap or the hips, or a frame's arms swing further out.
 */
const RIDE_IN = 0.05;
const MOST_FLOAT = 0.2;

/** Elbow bends (degrees) below which a riding bar is drawn fully onto the thighs, and above which not at all. */
const ELBOWS_LONG = 20;
const ELBOWS_BENT = 40;

/** How far the elbow is bent (degrees between the upper arm's and the forearm's directions). */
function elbowBend(arm: Arm): number {
  const heading = (from: Point, to: Point) => Math.atan2(to[1] - from[1], to[0] - from[0]);
  const turn = Math.abs(heading(arm.root, arm.middle) - heading(arm.middle, arm.hand)) % (2 * Math.PI);
  return (Math.min(turn, 2 * Math.PI - turn) * 180) / Math.PI;
}

/** The barbell in both hands that rests against the legs seen from the side (not a trap bar), if the motion has one. */
export function barByTheLegs(motion: Motion): HeldProp | undefined {
  if (motion.view !== 'side') return undefined;
  return motion.held.find((prop) => prop.kind === 'barbell' && prop.at === 'hands' && prop.barAt !== 'around');
}

/** Which way out of the legs a bar belongs: forward (1), or back (-1) for one held behind them. */
export const outOfLegs = (prop: HeldProp): 1 | -1 => (prop.barAt === 'behind' ? -1 : 1);

/** The barbell a frame's arms may swing against the legs: not a Smith machine's, which its rails hold. */
function barTheArmsMove(motion: Motion): HeldProp | undefined {
  return motion.fixed.some((prop) => prop.kind === 'smith') ? undefined : barByTheLegs(motion);
}

/** One leg's drawn outline at a height: where its front and back are, and how far the height is above the knee and below the waist. */
interface Section {
  front: number;
  back: number;
  aboveKnee: number;
  belowWaist: number;
}

/**
 * The drawn outline of a standing figure at height y, between the knees and the waist (one section per
 * leg); none where it is not standing. The thigh is drawn with round ends, so just above the knee its
 * outline bulges to the knee's round cap: a bar drawn onto the thigh line there went through the kneecap.
 */
function sectionsAt(body: Body, y: number): Section[] {
  return SIDES.flatMap((side): Section[] => {
    const { root: hip, middle: knee } = body.legs[side];
    const waist = body.waist;
    if (hip[1] - knee[1] < UPRIGHT_THIGH || y <= knee[1] || y >= waist[1]) return [];
    const along = (from: Point, to: Point) => from[0] + ((to[0] - from[0]) * (y - from[1])) / (to[1] - from[1]);
    const ends = { aboveKnee: y - knee[1], belowWaist: waist[1] - y };
    if (y > hip[1]) {
      const centre = along(hip, waist);
      return [{ front: centre + HIPS_HALF_DEPTH, back: centre - HIPS_HALF_DEPTH, ...ends }];
    }
    const centre = along(knee, hip);
    const half = LEG_HALF_WIDTH.thigh + (HIPS_HALF_DEPTH - LEG_HALF_WIDTH.thigh) * smooth(1 - (hip[1] - y) / HIP_BLEND);
    const section = { front: centre + half, back: centre - half, ...ends };
    const rise = y - knee[1];
    if (rise >= LEG_HALF_WIDTH.thigh) return [section];
    const cap = Math.sqrt(LEG_HALF_WIDTH.thigh ** 2 - rise ** 2);
    return [{ ...section, front: Math.max(section.front, knee[0] + cap), back: Math.min(section.back, knee[0] - cap) }];
  });
}

/** 0 below 0, 1 above 1, eased between. */
function smooth(t: number): number {
  const u = Math.min(1, Math.max(0, t));
  return u * u * (3 - 2 * u);
}

/**
 * How far the point must move forward (`out` 1) or back (-1) to be clear of a standing figure's thighs and
 * hips and the clearance; undefined when it is clear, or past the outline on the far side (a bar the
 * description put behind the legs, or that the arms never swing through).
 */
export function thighIntrusion(body: Body, at: Point, out: 1 | -1, clearance = BAR_CLEARANCE): number | undefined {
  let deepest: number | undefined;
  for (const { front, back } of sectionsAt(body, at[1])) {
    const depth = out > 0 ? front + clearance - at[0] : at[0] - (back - clearance);
    if (depth > 0 && depth < front - back + 2 * clearance && (deepest === undefined || depth > deepest)) deepest = depth;
  }
  return deepest;
}

/** The body with its arms turned `degrees` about each shoulder (positive: the hands swing forward). */
function swung(body: Body, degrees: number): Body {
  const turn = (arm: Arm): Arm => {
    const radians = (degrees * Math.PI) / 180;
    const [cos, sin] = [Math.cos(radians), Math.sin(radians)];
    const about = (p: Point): Point => {
      const [dx, dy] = [p[0] - arm.root[0], p[1] - arm.root[1]];
      return [arm.root[0] + dx * cos - dy * sin, arm.root[1] + dx * sin + dy * cos];
    };
    return { root: arm.root, middle: about(arm.middle), end: about(arm.end), hand: about(arm.hand) };
  };
  return { ...body, arms: { left: turn(body.arms.left), right: turn(body.arms.right) } };
}

/** The angle in [from, to] (degrees to swing the arms) where `f` crosses zero, f(from) and f(to) of opposite signs. */
function halve(f: (degrees: number) => number, from: number, to: number): number {
  let [a, b] = [from, to];
  const isRisingAtB = f(b) > f(a);
  for (let i = 0; i < 24; i += 1) {
    const mid = (a + b) / 2;
    if (f(mid) > 0 === isRisingAtB) b = mid;
    else a = mid;
  }
  return b;
}

/** The foremost section of a standing figure's outline at height y; undefined off the outline's heights. */
function foremostAt(body: Body, y: number): Section | undefined {
  const sections = sectionsAt(body, y);
  return sections.length === 0 ? undefined : sections.reduce((a, b) => (b.front > a.front ? b : a));
}

/** Where a bar touching the front of a standing figure's thighs or hips at height y has its hub (x); undefined off them. */
export function touchingFrontAt(body: Body, y: number): number | undefined {
  const section = foremostAt(body, y);
  return section === undefined ? undefined : section.front + BAR_CLEARANCE;
}

/** The gap between the point and where a bar touching the front at its height would be, and that section; undefined off the outline's heights. */
function frontGap(body: Body, at: Point): { gap: number; section: Section } | undefined {
  const section = foremostAt(body, at[1]);
  return section === undefined ? undefined : { gap: at[0] - (section.front + BAR_CLEARANCE), section };
}

/** The frame with the bar moved out of the thighs, or onto them (see the file's comment); the same frame when it is where it belongs. */
export function keepBarOffThighs(motion: Motion, body: Body): Body {
  const load = barTheArmsMove(motion);
  if (load === undefined) return body;
  const out = outOfLegs(load);
  const barOf = (frame: Body) => heldAt(frame, load);
  if (thighIntrusion(body, barOf(body), out) !== undefined) {
    // Hands below the shoulders swing forward (anticlockwise, y up) for a positive angle, back for a negative
    // one. Search outward a degree at a time, then halve onto the first angle that is clear.
    const isClear = (degrees: number) => {
      const moved = swung(body, out * degrees);
      return thighIntrusion(moved, barOf(moved), out) === undefined;
    };
    let stuck = 0;
    let clear = 1;
    while (!isClear(clear)) {
      if (clear >= MOST_SWING) return body;
      stuck = clear;
      clear += 1;
    }
    return swung(body, out * halve((degrees) => (isClear(degrees) ? 1 : -1), stuck, clear));
  }
  if (load.barAt !== 'on-thighs') return body;
  // A riding bar hangs in front of the thighs only by the gap the keys' arms leave: the arms swing back to
  // close it, fully on the thigh and not at all at its ends (RIDE_IN).
  const at = frontGap(body, barOf(body));
  if (at === undefined || at.gap <= 0) return body;
  const { gap, section } = at;
  // Only long arms ride the bar up the thighs: once the elbows bend (a clean's pull under) it leaves them.
  const straightness = smooth((ELBOWS_BENT - elbowBend(body.arms.left)) / (ELBOWS_BENT - ELBOWS_LONG));
  const ride =
    smooth(section.aboveKnee / RIDE_IN) *
    smooth(section.belowWaist / RIDE_IN) *
    smooth((MOST_FLOAT + RIDE_IN - gap) / RIDE_IN) *
    straightness;
  const wanted = gap * (1 - ride);
  if (gap - wanted < 1e-4) return body;
  const gapAfter = (degrees: number) => {
    const moved = frontGap(body, barOf(swung(body, -degrees)));
    return moved === undefined ? -1 : moved.gap - wanted;
  };
  if (gapAfter(MOST_SWING) > 0) return body;
  return swung(body, -halve(gapAfter, 0, MOST_SWING));
}
