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
import { add3, lerp3, segmentDistance3, type Vec3 } from './three-vec.ts';

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

/**
 * How far the two dumbbells' heads go into each other (metres; negative when apart), or undefined without them: each
 * dumbbell taken as its axis from head to head, as thick as a head is round.
 */
export function dumbbellsInEachOther(body: Body3, holds: string | undefined): number | undefined {
  if (holds !== 'dumbbells') return undefined;
  const { head, headWidth, grip } = LOAD.dumbbell;
  const reach = grip / 2 + headWidth;
  const [left, right] = SIDES.map((side): [Vec3, Vec3] => {
    const arm = body.arms[side];
    const axis = dumbbellAxis(arm);
    return [add3(arm.hand, axis, -reach), add3(arm.hand, axis, reach)];
  });
  return 2 * head - segmentDistance3(left![0], left![1], right![0], right![1]);
}
