/**
 * Yoga blocks in the three-quarter scene (`"blocks": [{"x": 0.55, "z": -0.3, "height": 0.23}]`): foam blocks of the
 * common 23 x 15 x 10 cm (9 x 6 x 4 inches), standing on the floor where the description puts them for the whole clip.
 * A block is set on one of its three faces, which its `height` names, as a teacher sets it: lying flat (10 cm), on its
 * long side (15 cm) or on end (23 cm, the highest, under a hand in a half moon). Its long dimension runs along the
 * figure's forward axis (x) as far as the face allows, centred over (x, z). A planted point over its top rests on it,
 * at its rest height above the top; `check` refuses a part drawn more than 2 cm into one that does not rest on it.
 * Drawn as a box whose faces toward the camera are painted, the sides darker than the top, among the limbs by depth.
 */
import { type Camera, COLOURS } from './svg-kit.ts';
import { type Face, facesSvg } from './three-bench.ts';
import type { Lens, Stroke } from './three-camera.ts';
import { drawnParts } from './three-drawn.ts';
import type { Body3 } from './three-figure.ts';
import { lerp3, type Vec3 } from './three-vec.ts';

export interface Block {
  x: number;
  z: number;
  height: number;
}

/** The block's three measures (metres), the heights it may stand at. */
export const BLOCK_SIZES = [0.1, 0.15, 0.23] as const;

/** The block's footprint: half its length along x and half its width along z, for the face it stands on. */
export function footprintOf(block: Block): { halfX: number; halfZ: number } {
  const [thin, middle, long] = BLOCK_SIZES;
  const [x, z] = block.height === thin ? [long, middle] : block.height === middle ? [long, thin] : [middle, thin];
  return { halfX: x / 2, halfZ: z / 2 };
}

/** Whether `p` is over the block's top (along the floor). */
export function isOverBlock(block: Block, p: Vec3): boolean {
  const { halfX, halfZ } = footprintOf(block);
  return Math.abs(p[0] - block.x) <= halfX && Math.abs(p[2] - block.z) <= halfZ;
}

/** The highest block top under `p`, or undefined where no block is. */
export function blockTopUnder(blocks: readonly Block[] | undefined, p: Vec3): number | undefined {
  const tops = (blocks ?? []).filter((block) => isOverBlock(block, p)).map((block) => block.height);
  return tops.length === 0 ? undefined : Math.max(...tops);
}

/**
 * The part of the figure drawn deepest into a block and how deep (metres below the top of the block it is over), or
 * undefined with none over a block: each drawn part (three-drawn.ts) at five points along it, its underside its half
 * width below (a foot's heel and toe at none, as they rest). A hand resting on a block's top is level with it, a shin
 * swung through its side is deep under it.
 */
export function partInBlock(body: Body3, blocks: readonly Block[] | undefined): { part: string; depth: number } | undefined {
  if (blocks === undefined) return undefined;
  let deepest: { part: string; depth: number } | undefined;
  for (const part of drawnParts(body)) {
    const half = part.kind === 'foot' ? 0 : part.half;
    for (const t of [0, 0.25, 0.5, 0.75, 1]) {
      const p = lerp3(part.from, part.to, t);
      const top = blockTopUnder(blocks, p);
      // A part under the floor is the floor check's to report, not a block's.
      if (top === undefined || p[1] + half < 0) continue;
      const depth = top - (p[1] - half);
      if (deepest === undefined || depth > deepest.depth) deepest = { part: part.name, depth };
    }
  }
  return deepest;
}

/** A block's eight corners, for framing and drawing. */
export function blockCorners(block: Block): Vec3[] {
  const { halfX, halfZ } = footprintOf(block);
  const out: Vec3[] = [];
  for (const y of [0, block.height])
    for (const dx of [-halfX, halfX]) for (const dz of [-halfZ, halfZ]) out.push([block.x + dx, y, block.z + dz]);
  return out;
}

/**
 * Each block as a stroke among the figure's: the faces turned toward the camera (the top, and the sides darker), painted
 * at the depth of the top's centre moved back by the block's half width, so a hand resting on it is painted over it.
 */
export function blockStrokes(camera: Camera, lens: Lens, blocks: readonly Block[]): Stroke[] {
  return blocks.map((block) => {
    const { halfX, halfZ } = footprintOf(block);
    const { x, z, height } = block;
    const at = (dx: number, y: number, dz: number): Vec3 => [x + dx * halfX, y, z + dz * halfZ];
    const faces: Face[] = [
      { normal: [0, 1, 0], points: [at(-1, height, -1), at(1, height, -1), at(1, height, 1), at(-1, height, 1)], tone: 0 },
      { normal: [1, 0, 0], points: [at(1, 0, -1), at(1, 0, 1), at(1, height, 1), at(1, height, -1)], tone: 0.3 },
      { normal: [-1, 0, 0], points: [at(-1, 0, -1), at(-1, 0, 1), at(-1, height, 1), at(-1, height, -1)], tone: 0.3 },
      { normal: [0, 0, 1], points: [at(-1, 0, 1), at(1, 0, 1), at(1, height, 1), at(-1, height, 1)], tone: 0.2 },
      { normal: [0, 0, -1], points: [at(-1, 0, -1), at(1, 0, -1), at(1, height, -1), at(-1, height, -1)], tone: 0.2 },
    ];
    return { depth: lens.depthOf([x, height, z]) - Math.min(halfX, halfZ), svg: facesSvg(camera, lens, faces, COLOURS.yogaBlock) };
  });
}
