/**
 * The lines of the three-quarter scene drawn (three-lines.ts places them): each line in the planar renderer's colour
 * and width (render-lines.ts: a cable in iron, a band in orange, a strap in black, a yoga strap in purple), cut into
 * short pieces each painted by its own depth among the limbs, so a cable passing behind an arm and in front of the
 * chest is drawn so; its last piece just behind the hand that holds it, so the fist closes over it. A strap ends in a
 * handle, a ring's strap in its ring; the columns, posts and overhead bars stand in steel.
 */
import type { Point } from './skeleton.ts';
import { type Camera, circle, COLOURS, polyline } from './svg-kit.ts';
import type { Lens, Seen, Stroke } from './three-camera.ts';
import type { Body3 } from './three-figure.ts';
import { endPoint, isAnchored, LINE_HALF, type Line, type LineKind, linePath, RING, uprights } from './three-lines.ts';
import { cross3, distance3, length3, lerp3, normalize3, ringAround, sub3, towards3, type Vec3 } from './three-vec.ts';

const COLOUR: Record<LineKind, string> = {
  cable: COLOURS.iron,
  band: COLOURS.band,
  strap: COLOURS.strap,
  rings: COLOURS.strap,
  'yoga-strap': COLOURS.yogaStrap,
};
/** The longest piece a line is painted in (metres): short enough that each lies on one side of a limb. */
const PIECE = 0.12;

/** `path` cut into pieces, each a stroke at its middle's depth; the piece ending at `hand` (if any) just behind it. */
function pieces(camera: Camera, lens: Lens, path: readonly Vec3[], colour: string, width: number, hand?: Vec3): Stroke[] {
  const out: Stroke[] = [];
  for (let i = 1; i < path.length; i += 1) {
    const [a, b] = [path[i - 1]!, path[i]!];
    const count = Math.max(1, Math.ceil(distance3(a, b) / PIECE));
    for (let k = 0; k < count; k += 1) {
      const [p, q] = [lerp3(a, b, k / count), lerp3(a, b, (k + 1) / count)];
      const isLast = i === path.length - 1 && k === count - 1;
      const depth = lens.depthOf(lerp3(p, q, 0.5));
      out.push({
        depth: isLast && hand !== undefined ? Math.min(depth, lens.depthOf(hand)) - 0.001 : depth,
        svg: polyline(camera, [lens.project(p), lens.project(q)], colour, width),
      });
    }
  }
  return out;
}

/** A ring hanging from its strap with the grip at its bottom: square to the strap and to the line across the hands. */
function ringStroke(camera: Camera, lens: Lens, body: Body3, hand: Vec3, start: Vec3): Stroke {
  const up = towards3(hand, start);
  const across = sub3(body.arms.right.hand, body.arms.left.hand);
  const normal = cross3(up, [across[0], 0, across[2]]);
  const axis = length3(normal) < 1e-6 ? ([1, 0, 0] as Vec3) : normalize3(normal);
  const centre = lerp3(hand, start, RING / 2 / Math.max(distance3(hand, start), RING));
  const outline = ringAround(centre, axis, RING / 2, 24).map(lens.project);
  return { depth: lens.depthOf(hand) - 0.001, svg: polyline(camera, [...outline, outline[0]!] as Point[], COLOURS.iron, 0.022) };
}

/** The lines' strokes in this frame, with what ends them (a strap's handle, a ring). */
export function lineStrokes(
  camera: Camera,
  lens: Lens,
  body: Body3,
  lines: readonly Line[] | undefined,
  lengths: readonly (number | undefined)[],
): Stroke[] {
  return (lines ?? []).flatMap((line, i) => {
    const { main, tails } = linePath(body, line, lengths[i]);
    const [colour, width] = [COLOUR[line.kind], LINE_HALF[line.kind] * 2];
    const end = endPoint(body, line.to);
    const hands = line.to === 'hands' ? [body.arms.left.hand, body.arms.right.hand] : [end];
    const strokes = [
      ...pieces(camera, lens, main, colour, width, tails.length === 0 ? end : undefined),
      ...tails.flatMap((tail, j) => pieces(camera, lens, tail, colour, width, hands[j])),
    ];
    const start = main[0]!;
    if (line.kind === 'strap')
      strokes.push({ depth: lens.depthOf(end) - 0.001, svg: circle(camera, lens.project(end), 0.035, COLOURS.iron) });
    if (line.kind === 'rings') for (const hand of hands) strokes.push(ringStroke(camera, lens, body, hand, start));
    if (line.kind === 'cable' && isAnchored(line))
      // In front of its column, which stands set back behind it.
      strokes.push({
        depth: lens.depthOf(start) + 0.11,
        svg: circle(camera, lens.project(start), 0.04, COLOURS.steel, COLOURS.iron, 0.01),
      });
    return strokes;
  });
}

/** The columns, posts and overhead bars, painted among the limbs by depth in pieces as the lines are. */
export function uprightStrokes(camera: Camera, lens: Lens, lines: readonly Line[] | undefined): Stroke[] {
  return uprights(lines).flatMap((u) => pieces(camera, lens, [u.from, u.to], COLOURS.steel, u.half * 2));
}

/** What the camera must frame of the lines' apparatus: each upright's ends with its width. */
export function lineExtent(lines: readonly Line[] | undefined): Seen[] {
  return uprights(lines).flatMap((u): Seen[] => [
    [u.from, u.half + 0.03],
    [u.to, u.half + 0.03],
  ]);
}
