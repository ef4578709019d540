/**
 * Whether what the hands hold passes through the body or through itself (three-check.ts refuses both). A barbell is
 * 2.2 m of steel through both grips, so where a lift takes it past the head, the neck or the trunk (a press behind the
 * neck, a bar to the throat, a clean's pull past the thighs) the drawing would paint it over or under them and the
 * picture would not show that it went through. The bar's centre line is measured against each part's drawn
 * thickness: the head's circle, the neck's and trunk's strokes (the trunk at its thinnest, its depth), the thighs' and
 * shanks' (three-draw.ts). Two dumbbells brought together (a fly's top, arms hanging under a bench) are drawn one
 * over the other too: their heads are measured against each other.
 */
import { SIDES } from './skeleton.ts';
import { type DrawnKind, drawnParts } from './three-drawn.ts';
import type { Body3 } from './three-figure.ts';
import { barbellLine, dumbbellAxis, type Held, LOAD } from './three-loads.ts';
import { add3, dot3, length3, ringAround, scale3, segmentDistance3, sub3, type Vec3 } from './three-vec.ts';

/** What a barbell may not pass into: the head, the neck, the trunk and the legs above the feet. */
const BAR_KEEPS_OUT: ReadonlySet<DrawnKind> = new Set(['head', 'neck', 'chest', 'belly', 'pelvis', 'thigh', 'shin']);

/** The part a held barbell goes deepest into and how deep (metres past touching), or undefined when it holds none. */
export function barInBody(body: Body3, holds: Held | undefined): { part: string; depth: number } | undefined {
  if (holds !== 'barbell') return undefined;
  const [from, to] = barbellLine(body);
  let deepest = { part: '', depth: -Infinity };
  for (const part of drawnParts(body).filter((p) => BAR_KEEPS_OUT.has(p.kind))) {
    const depth = part.half + LOAD.barbell.thickness / 2 - segmentDistance3(from, to, part.from, part.to);
    if (depth > deepest.depth) deepest = { part: part.name, depth };
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
  return [-half, 0, half].flatMap((at) => {
    const middle = add3(centre, axis, at);
    return [...(at === 0 ? [] : [middle]), ...ringAround(middle, axis, radius, 24)];
  });
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
export function dumbbellsInEachOther(body: Body3, holds: Held | undefined): number | undefined {
  if (holds !== 'dumbbells') return undefined;
  const [left, right] = SIDES.map((side): HeldBell => ({ hand: body.arms[side].hand, axis: dumbbellAxis(body.arms[side]) }));
  return headsInEachOther(left!, right!);
}
