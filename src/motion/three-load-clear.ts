/**
 * Whether what the hands hold passes through the body or through itself (three-check.ts refuses both). A barbell is
 * 2.2 m of steel through both grips, so where a lift takes it past the head, the neck or the trunk (a press behind the
 * neck, a bar to the throat, a clean's pull past the thighs) the drawing would paint it over or under them and the
 * picture would not show that it went through. The bar's centre line is measured against each part's drawn
 * thickness: the head's circle, the neck's and trunk's strokes (the trunk at its thinnest, its depth), the thighs' and
 * shanks' (three-draw.ts). Two dumbbells brought together (a fly's top, arms hanging under a bench) are drawn one
 * over the other too: their heads are measured against each other.
 */
import { SEGMENT } from './body-measures.ts';
import { LEG_HALF_WIDTH, SIDES } from './skeleton.ts';
import { type Body3, chestOf } from './three-figure.ts';
import { barbellLine, dumbbellAxis, LOAD } from './three-loads.ts';
import { add3, cross3, dot3, length3, lerp3, normalize3, scale3, segmentDistance3, sub3, type Vec3 } from './three-vec.ts';

/** Parts the bar may not pass into, each a segment and the half thickness it is drawn with (metres). */
function parts(body: Body3): [string, Vec3, Vec3, number][] {
  const chest = chestOf(body);
  const out: [string, Vec3, Vec3, number][] = [
    ['head', body.head, body.head, SEGMENT.headRadius],
    ['neck', body.neckBase, lerp3(body.neckBase, body.head, 0.5), 0.035],
    ['chest', chest, body.neckBase, 0.08],
    ['belly', body.waist, chest, 0.115],
    ['pelvis', body.pelvis, body.waist, 0.095],
  ];
  for (const side of SIDES) {
    const leg = body.legs[side];
    out.push([`${side} thigh`, leg.hip, leg.knee, LEG_HALF_WIDTH.thigh], [`${side} shin`, leg.knee, leg.ankle, LEG_HALF_WIDTH.shank]);
  }
  return out;
}

/** The part a held barbell goes deepest into and how deep (metres past touching), or undefined when it holds none. */
export function barInBody(body: Body3, holds: string | undefined): { part: string; depth: number } | undefined {
  if (holds !== 'barbell') return undefined;
  const [from, to] = barbellLine(body);
  let deepest = { part: '', depth: -Infinity };
  for (const [part, a, b, half] of parts(body)) {
    const depth = half + LOAD.barbell.thickness / 2 - segmentDistance3(from, to, a, b);
    if (depth > deepest.depth) deepest = { part, depth };
  }
  return deepest;
}

/** A dumbbell as the check sees it: the grip's middle (the hand) and the handle's direction (a unit vector). */
export interface HeldBell {
  hand: Vec3;
  axis: Vec3;
}

/** How far `p` lies inside a head (a drum `radius` round and `2 * half` thick about `centre`, square to `axis`); negative outside. */
function insideHead(p: Vec3, centre: Vec3, axis: Vec3, radius: number, half: number): number {
  const offset = sub3(p, centre);
  const along = dot3(offset, axis);
  return Math.min(half - Math.abs(along), radius - length3(sub3(offset, scale3(axis, along))));
}

/** Points over a head's surface: each face's middle and rim, and the rim halfway between the faces (24 round each). */
function headPoints(centre: Vec3, axis: Vec3, radius: number, half: number): Vec3[] {
  const helper: Vec3 = Math.abs(axis[1]) < 0.9 ? [0, 1, 0] : [1, 0, 0];
  const u = normalize3(cross3(axis, helper));
  const w = cross3(axis, u);
  const points: Vec3[] = [];
  for (const at of [-half, 0, half]) {
    const middle = add3(centre, axis, at);
    if (at !== 0) points.push(middle);
    for (let i = 0; i < 24; i += 1) {
      const angle = (2 * Math.PI * i) / 24;
      points.push(add3(add3(middle, u, radius * Math.cos(angle)), w, radius * Math.sin(angle)));
    }
  }
  return points;
}

/**
 * How far two dumbbells' heads go into each other (metres): how deep the deepest of the points over each head's surface
 * lies inside a head of the other dumbbell (its distance to that head's nearest face or rim), each head the drum it is
 * drawn as; negative when apart. Exact for the small overlaps the check is about (under half a head's width). A drum, not a capsule round the handle's line: end to end, two dumbbells' heads may meet face to
 * face (a twisting flye's top, little fingers touching), where a capsule as thick as a head is round refused them 17 cm
 * short of touching.
 */
export function headsInEachOther(a: HeldBell, b: HeldBell): number {
  const { head, headWidth, grip } = LOAD.dumbbell;
  const half = headWidth / 2;
  const heads = (bell: HeldBell) => [-1, 1].map((sign) => add3(bell.hand, bell.axis, sign * (grip / 2 + half)));
  let deepest = -Infinity;
  for (const [one, other] of [
    [a, b],
    [b, a],
  ] as const)
    for (const centre of heads(one))
      for (const point of headPoints(centre, one.axis, head, half))
        for (const into of heads(other)) deepest = Math.max(deepest, insideHead(point, into, other.axis, head, half));
  return deepest;
}

/** How far the two dumbbells' heads go into each other (headsInEachOther), or undefined without two dumbbells. */
export function dumbbellsInEachOther(body: Body3, holds: string | undefined): number | undefined {
  if (holds !== 'dumbbells') return undefined;
  const [left, right] = SIDES.map((side): HeldBell => ({ hand: body.arms[side].hand, axis: dumbbellAxis(body.arms[side]) }));
  return headsInEachOther(left!, right!);
}
