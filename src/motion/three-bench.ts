/**
 * A flat bench in the three-quarter scene (`"bench": {"from": -1.1, "to": 0.15}`): a padded top `height` metres up
 * (0.43 unless said, a flat bench's usual top) from x `from` to `to` along the figure's forward axis (the first key's
 * pelvis is over the origin), 30 cm wide about the midline z = 0 (a flat bench's pad is 25 to 30 cm across), on two
 * steel legs 8 cm in from its ends as the planar bench stands (render-fixed-props.ts). A planted point over the top
 * rests on it, at its rest height above the top; the rest rest on the floor. Drawn as a box and two legs, each painted
 * by its depth among the limbs: the far leg of a figure lying on it hangs behind the bench, the near one in front.
 */
import { type Camera, COLOURS, mixColour, polygon, polyline } from './svg-kit.ts';
import type { Lens, Stroke } from './three-camera.ts';
import { dot3, lerp3, type Vec3 } from './three-vec.ts';

export interface Bench {
  from: number;
  to: number;
  height: number;
}

export const BENCH_HEIGHT = 0.43;
const HALF_WIDTH = 0.15;
/** The pad's thickness, the planar bench's. */
const PAD = 0.08;
const LEG_IN = 0.105;

/** How high the ground is under `p`: the bench's top over it, else the floor. */
export function groundUnder(bench: Bench | undefined, p: Vec3): number {
  if (bench === undefined) return 0;
  const isOver = p[0] >= bench.from && p[0] <= bench.to && Math.abs(p[2]) <= HALF_WIDTH;
  return isOver ? bench.height : 0;
}

/** The corners of the bench's pad, for framing. */
export function benchCorners(bench: Bench): Vec3[] {
  const out: Vec3[] = [];
  for (const x of [bench.from, bench.to]) for (const z of [-HALF_WIDTH, HALF_WIDTH]) out.push([x, bench.height, z], [x, 0, z]);
  return out;
}

/** A face of the pad: its outward normal, its corners, and how much darker than the top it is drawn. */
type Face = { normal: Vec3; points: Vec3[]; tone: number };

/**
 * The bench as strokes to paint among the figure's: each leg at its own depth, and the pad's faces the camera sees
 * at the depth of its top's centre moved back by half the pad's width, so a figure lying on the top is painted over it.
 */

export function benchStrokes(camera: Camera, lens: Lens, bench: Bench): Stroke[] {
  const { from, to, height } = bench;
  const [y0, y1] = [height - PAD, height];
  const strokes: Stroke[] = [];
  for (const x of [from + LEG_IN, to - LEG_IN]) {
    const top: Vec3 = [x, y0, 0];
    strokes.push({
      depth: lens.depthOf(lerp3(top, [x, 0, 0], 0.5)),
      svg: polyline(camera, [lens.project([x, 0, 0]), lens.project(top)], COLOURS.steel, 0.05),
    });
  }
  // An end of the pad, at `x`, facing along the bench (`sign`): both ends the same but for where and which way.
  const end = (x: number, sign: number): Face => ({
    normal: [sign, 0, 0],
    points: [
      [x, y0, -HALF_WIDTH],
      [x, y0, HALF_WIDTH],
      [x, y1, HALF_WIDTH],
      [x, y1, -HALF_WIDTH],
    ],
    tone: 0.4,
  });
  const faces: Face[] = [
    {
      normal: [0, 1, 0],
      points: [
        [from, y1, -HALF_WIDTH],
        [to, y1, -HALF_WIDTH],
        [to, y1, HALF_WIDTH],
        [from, y1, HALF_WIDTH],
      ],
      tone: 0,
    },
    {
      normal: [0, 0, -1],
      points: [
        [from, y0, -HALF_WIDTH],
        [to, y0, -HALF_WIDTH],
        [to, y1, -HALF_WIDTH],
        [from, y1, -HALF_WIDTH],
      ],
      tone: 0.25,
    },
    {
      normal: [0, 0, 1],
      points: [
        [from, y0, HALF_WIDTH],
        [to, y0, HALF_WIDTH],
        [to, y1, HALF_WIDTH],
        [from, y1, HALF_WIDTH],
      ],
      tone: 0.25,
    },
    end(to, 1),
    end(from, -1),
  ];
  // Only the faces turned toward the camera show; the sides darker than the top, so the box reads as one.
  const svg = faces
    .filter((face) => dot3(face.normal, lens.toward) > 1e-9)
    .map((face) => polygon(camera, face.points.map(lens.project), mixColour(COLOURS.pad, '#000000', face.tone)))
    .join('');
  const centre: Vec3 = [(from + to) / 2, y1, 0];
  strokes.push({ depth: lens.depthOf(centre) - HALF_WIDTH, svg });
  return strokes;
}
