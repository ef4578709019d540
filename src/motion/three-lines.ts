/**
 * Lines in the three-quarter scene (`"lines"`): a cable from a pulley on its column, a band from a post or from under a
 * foot, a suspension trainer's strap or a gymnastic ring's strap from an overhead bar, a yoga strap from the ball of a
 * foot, each running straight to a hand, both hands or a foot. In the flat views a line from an anchor in front of or
 * behind the figure runs through the trunk or the head (docs/media-audit.md lists the cable flyes, Pallof presses,
 * chops and strap rows left out for it); seen three-quarter it passes beside them, and `check` measures that it does.
 *
 * A cable and a band run straight whatever their length (the stack rises, the band stretches). A strap does not
 * stretch: its length is the longest its end is from its anchor through the loop, and where the end comes more than
 * TAUT nearer it hangs slack in a V. Taut and steep, it bears weight: where its line meets the floor joins the outline the balance is
 * read against (bearingPoints: a row leaning back on the straps, a push-up on rings, feet hung in the cradles).
 */
import * as v from 'valibot';
import { within } from './schema-numbers.ts';
import { drawnParts } from './three-drawn.ts';
import type { Body3 } from './three-figure.ts';
import { add3, distance3, length3, lerp3, scale3, segmentDistance3, sub3, towards3, type Vec3 } from './three-vec.ts';

export const LINE_KINDS = ['cable', 'band', 'strap', 'rings', 'yoga-strap'] as const;
export type LineKind = (typeof LINE_KINDS)[number];
/** What a line runs to: a hand, both hands (a rope or a handle held in both: the line splits to each), or a foot. */
export const LINE_ENDS = ['leftHand', 'rightHand', 'hands', 'leftFoot', 'rightFoot'] as const;
export type LineEnd = (typeof LINE_ENDS)[number];
/** What a line may run from on the body: a hand or a foot (a band under the foot, a yoga strap round it). */
export const LINE_STARTS = ['leftHand', 'rightHand', 'leftFoot', 'rightFoot'] as const;
type LineStart = (typeof LINE_STARTS)[number];

export interface Line {
  kind: LineKind;
  /** A fixed point in the scene (metres: x forward, y up, z to the figure's right, the first key's pelvis over the origin), or a hand or foot. */
  from: Vec3 | LineStart;
  to: LineEnd;
}

export const LineSchema = v.strictObject({
  kind: v.picklist(LINE_KINDS, `must be one of ${LINE_KINDS.join(', ')}`),
  from: v.union(
    [v.tuple([within(-3, 3), within(0, 3), within(-3, 3)]), v.picklist(LINE_STARTS)],
    `must be a point [x, y, z] in metres (y 0 to 3) or one of ${LINE_STARTS.join(', ')}`,
  ),
  to: v.picklist(LINE_ENDS, `must be one of ${LINE_ENDS.join(', ')}`),
});

/** Kinds that run from a fixed anchor only: a pulley, an overhead bar. */
export const ANCHORED_KINDS: ReadonlySet<LineKind> = new Set(['cable', 'strap', 'rings']);
/** Kinds hung from an overhead bar: taut, they bear weight (bearingPoints). */
const OVERHEAD_KINDS: ReadonlySet<LineKind> = new Set(['strap', 'rings']);
/**
 * Kinds that do not stretch: they sag when their end comes nearer. A yoga strap is one: the hands hold it where they
 * took it, so a stretch that draws the foot nearer than the strap is long shows it slack (a reviewer measured one
 * 38 cm short at the start of a hold that pulls it taut); it bears no weight, having no anchor.
 */
export const STRAP_KINDS: ReadonlySet<LineKind> = new Set([...OVERHEAD_KINDS, 'yoga-strap']);

/** A line's drawn half width (metres): the planar renderer's widths (render-lines.ts). */
export const LINE_HALF: Record<LineKind, number> = { cable: 0.006, band: 0.0125, strap: 0.0125, rings: 0.01, 'yoga-strap': 0.011 };
/**
 * How far a strap may be short of its length and still count as taut (metres): it bears weight, and it is drawn
 * straight. Webbing under a body's load gives about that much, and a V drawn for less would be a lie the other way:
 * a strap 1 cm short of 1.5 m hangs 9 cm in a V, which eased keys leave between two taut poses though a person on
 * the straps never lets them go slack.
 */
export const TAUT = 0.02;
/** How far before both hands a line to `hands` splits into its two tails (a rope attachment, a handle's sides). */
const SPLIT = 0.15;
/** A gymnastic ring's diameter (metres): 18 cm across, the strap meeting it at its top. */
export const RING = 0.18;

/** Where on the body a line ends: the hand's grip, the middle of both, the ball of the foot (its sole, 60% of the way to the toe). */
export function endPoint(body: Body3, end: LineEnd | LineStart): Vec3 {
  if (end === 'hands') return lerp3(body.arms.left.hand, body.arms.right.hand, 0.5);
  if (end === 'leftHand' || end === 'rightHand') return body.arms[end === 'leftHand' ? 'left' : 'right'].hand;
  const leg = body.legs[end === 'leftFoot' ? 'left' : 'right'];
  return lerp3(leg.heel, leg.toe, 0.6);
}

export const isAnchored = (line: Line): line is Line & { from: Vec3 } => typeof line.from !== 'string';
export const startOf = (body: Body3, line: Line): Vec3 => (typeof line.from === 'string' ? endPoint(body, line.from) : line.from);

/**
 * Each strap's length (the longest its end is from its anchor in `bodies`, the loop's frames), undefined for the
 * lines that stretch.
 */
export function strapLengths(lines: readonly Line[] | undefined, bodies: readonly Body3[]): (number | undefined)[] {
  return (lines ?? []).map((line) =>
    STRAP_KINDS.has(line.kind) ? Math.max(...bodies.map((body) => distance3(startOf(body, line), endPoint(body, line.to)))) : undefined,
  );
}

/** A line as drawn in one frame: the path from its start to its end (a slack strap's V), and a line to both hands' two tails. */
export interface LinePath {
  main: Vec3[];
  tails: Vec3[][];
}

/**
 * How far below the middle of the straight line from `a` to `b` a strap `length` long hangs, drawn as a V (two straight
 * pieces meeting there): found by halving, as the V's length grows with the drop.
 */
function sagOf(a: Vec3, b: Vec3, length: number): number {
  const half = scale3(sub3(b, a), 0.5);
  const vLength = (drop: number) => length3(add3(half, [0, -drop, 0])) + length3(add3(half, [0, drop, 0]));
  if (vLength(0) >= length) return 0;
  let [low, high] = [0, length];
  for (let step = 0; step < 40; step += 1) {
    const middle = (low + high) / 2;
    if (vLength(middle) < length) low = middle;
    else high = middle;
  }
  return low;
}

/**
 * The path `line` is drawn along in `body`'s pose: straight from its start to its end; a strap whose `length` less its
 * TAUT give is longer than that, as a V; a line to both hands split SPLIT before them into a tail to each.
 */
export function linePath(body: Body3, line: Line, length: number | undefined): LinePath {
  const start = startOf(body, line);
  const end = endPoint(body, line.to);
  const gap = distance3(start, end);
  // A ring's strap meets the ring's top, a ring's width above the grip, toward the anchor.
  const to = line.kind === 'rings' && gap > RING ? lerp3(end, start, RING / gap) : end;
  const sag = length === undefined ? 0 : sagOf(start, to, length - TAUT);
  const main = sag > 0.005 ? [start, add3(lerp3(start, to, 0.5), [0, -sag, 0]), to] : [start, to];
  if (line.to !== 'hands') return { main, tails: [] };
  const hands = [body.arms.left.hand, body.arms.right.hand];
  if (gap <= SPLIT || distance3(hands[0]!, hands[1]!) < 0.04) return { main, tails: [] };
  const split = lerp3(end, start, SPLIT / gap);
  return { main: [...main.slice(0, -1), split], tails: hands.map((hand) => [split, hand]) };
}

/** Parts a line meets by design: the limb it ends on or starts from (its hand and forearm, its foot and shin). */
function ownParts(line: Line): Set<string> {
  const own = new Set<string>();
  for (const end of [line.to, ...(typeof line.from === 'string' ? [line.from] : [])]) {
    const sides = end === 'hands' ? ['left', 'right'] : [end.startsWith('left') ? 'left' : 'right'];
    for (const side of sides) for (const part of end.endsWith('Foot') ? ['foot', 'shin'] : ['hand', 'forearm']) own.add(`${side} ${part}`);
  }
  return own;
}

/** A fixed piece of a line's apparatus, for the check and the drawing: a column, a post, an upright, a crossbar. */
export interface Upright {
  name: string;
  from: Vec3;
  to: Vec3;
  half: number;
}

/** A cable column's half width, how high it stands at least, and how far its pulley sits out from it (metres). */
export const COLUMN = { half: 0.05, top: 2.1, out: 0.06 };
/** A band's post: half width and least height. An overhead bar's half width and how far it reaches past its straps. */
export const POST = { half: 0.025, top: 1.2 };
export const OVERHEAD = { half: 0.02, reach: 0.45 };

/**
 * What stands in the scene for the lines' anchors: a column behind each pulley (set back from it away from the figure,
 * so the pulley is on its face), a post at a band's anchor, and over the straps' anchors an overhead bar across the
 * figure (along z) on two uprights, one bar for the anchors at one place and height (two rings' straps).
 */
export function uprights(lines: readonly Line[] | undefined): Upright[] {
  const out: Upright[] = [];
  const bars = new Map<string, Vec3[]>();
  for (const line of (lines ?? []).filter(isAnchored)) {
    const [x, y, z] = line.from;
    if (line.kind === 'cable') {
      const level = Math.hypot(x, z);
      const [bx, bz] = level < 1e-6 ? [x, z] : [x + (x / level) * COLUMN.out, z + (z / level) * COLUMN.out];
      out.push({ name: 'cable column', from: [bx, 0, bz], to: [bx, Math.max(COLUMN.top, y + 0.15), bz], half: COLUMN.half });
    } else if (line.kind === 'band') {
      out.push({ name: "band's post", from: [x, 0, z], to: [x, Math.max(POST.top, y + 0.25), z], half: POST.half });
    } else if (OVERHEAD_KINDS.has(line.kind)) {
      const place = `${x.toFixed(2)} ${y.toFixed(2)}`;
      bars.set(place, [...(bars.get(place) ?? []), line.from]);
    }
  }
  for (const anchors of bars.values()) {
    const [x, y] = [anchors[0]![0], anchors[0]![1] + OVERHEAD.half];
    const zs = anchors.map((a) => a[2]);
    const [z0, z1] = [Math.min(...zs) - OVERHEAD.reach, Math.max(...zs) + OVERHEAD.reach];
    out.push(
      { name: 'overhead bar', from: [x, y, z0], to: [x, y, z1], half: OVERHEAD.half },
      { name: "overhead bar's upright", from: [x, 0, z0], to: [x, y, z0], half: OVERHEAD.half },
      { name: "overhead bar's upright", from: [x, 0, z1], to: [x, y, z1], half: OVERHEAD.half },
    );
  }
  return out;
}

/**
 * The deepest a line or an upright goes into the drawn body (metres past touching), naming both, or undefined with no
 * lines. Measured as the barbell is (three-load-clear.ts): each straight piece of the path against each part's drawn
 * thickness, both widths allowed for.
 */
export function lineInBody(
  body: Body3,
  lines: readonly Line[] | undefined,
  lengths: readonly (number | undefined)[],
): { what: string; part: string; depth: number } | undefined {
  if (lines === undefined || lines.length === 0) return undefined;
  const parts = drawnParts(body);
  let deepest: { what: string; part: string; depth: number } | undefined;
  const measure = (what: string, a: Vec3, b: Vec3, half: number, own: ReadonlySet<string>) => {
    for (const part of parts) {
      if (own.has(part.name)) continue;
      const depth = part.half + half - segmentDistance3(a, b, part.from, part.to);
      if (deepest === undefined || depth > deepest.depth) deepest = { what, part: part.name, depth };
    }
  };
  lines.forEach((line, i) => {
    const { main, tails } = linePath(body, line, lengths[i]);
    const what = line.kind === 'yoga-strap' ? 'yoga strap' : line.kind === 'rings' ? "ring's strap" : line.kind;
    const own = ownParts(line);
    for (const path of [main, ...tails])
      for (let j = 1; j < path.length; j += 1) measure(what, path[j - 1]!, path[j]!, LINE_HALF[line.kind], own);
  });
  for (const upright of uprights(lines)) measure(upright.name, upright.from, upright.to, upright.half, new Set());
  return deepest;
}

/** How steep a strap must be to bear weight: its rise over its length (0.5: at most 60 degrees from vertical). */
export const STEEP = 0.5;

/**
 * Where the straps that bear weight in this pose do so, as points on the floor: each strap taut (within TAUT of its
 * length) and steep (STEEP), its line carried on from its anchor past what it holds down to the floor. A tension along
 * the strap may be slid along its line, so it holds the body as a prop standing there along that line would: the centre
 * of mass may lie anywhere between it and the feet (a row leaning back behind its heels, held by straps from in front;
 * a push-up on rings, whose straps hang straight over the hands). The friction a lean asks of the feet is left out:
 * the steepness keeps it within a shoe's.
 */
export function bearingPoints(body: Body3, lines: readonly Line[] | undefined, lengths: readonly (number | undefined)[]): Vec3[] {
  return (lines ?? []).flatMap((line, i) => {
    const length = lengths[i];
    if (length === undefined || !isAnchored(line)) return [];
    const end = endPoint(body, line.to);
    const up = towards3(end, line.from);
    const isTaut = distance3(line.from, end) >= length - TAUT;
    return isTaut && up[1] >= STEEP && end[1] > 0 ? [add3(end, up, -end[1] / up[1])] : [];
  });
}
