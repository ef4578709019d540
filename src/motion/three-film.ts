/**
 * A three-quarter motion as pictures: one camera and one floor for the whole loop (the mat under every frame of
 * the figure), the SVG of each frame of the loop and of the two stills. What render-media.ts and
 * contact-sheet.ts rasterize, as they do the planar renderer's frames.
 */
import type { Camera } from './svg-kit.ts';
import { bodyExtent, type Lens, lensOf, type Seen, turnedCamera } from './three-camera.ts';
import { ballExtent } from './three-ball.ts';
import { benchCorners } from './three-bench.ts';
import { blockCorners } from './three-block.ts';
import { type Ground, floorRectangle, MAT, turnedFrameSvg } from './three-draw.ts';
import type { Body3 } from './three-figure.ts';
import { loadExtent } from './three-load-mass.ts';
import { lineExtent } from './three-line-draw.ts';
import { strapLengths } from './three-lines.ts';
import type { Held } from './three-loads.ts';
import { bodyBetween3, FRAMES_PER_SECOND_3D, frameCount3, locate3, placedKeys } from './three-timeline.ts';
import { heldBetween, keyHolds } from './three-handoff.ts';
import type { TurnedMotion } from './three-motion.ts';
import type { Vec3 } from './three-vec.ts';

export interface Film {
  camera: Camera;
  /** Frames in the loop, 30 a second. */
  frames: number;
  /** The SVG of frame `index` of the loop. */
  frameSvg: (index: number) => string;
  /** The SVGs of the start and end stills. */
  stillSvgs: () => [string, string];
}

/** How far behind the deepest point of the scene the floor meets the wall (metres). */
const FLOOR_DEPTH_BEHIND = 0.6;
/** How far past the body a mat reaches where the body is longer or wider than a mat (metres). */
const MAT_MARGIN = 0.12;

/** What a frame must show of a body and what its hands hold. */
const extentOf = (body: Body3, holds: Held | undefined): Seen[] => [...bodyExtent(body), ...loadExtent(body, holds)];

/** A frame's body and what its hands hold then (a kettlebell may change hands between keys). */
interface Framed {
  body: Body3;
  held: Held | undefined;
}

/** The loop's frames, 30 a second, as loopBodies3 times them. */
function loopFrames(motion: TurnedMotion): Framed[] {
  return Array.from({ length: frameCount3(motion) }, (_, index) => {
    const { from, to, progress } = locate3(motion, index / FRAMES_PER_SECOND_3D);
    return { body: bodyBetween3(motion, from, to, progress), held: heldBetween(motion, from, to, progress) };
  });
}

function groundOf(motion: TurnedMotion, frames: readonly Framed[], lens: Lens, bench: readonly Vec3[]): Ground {
  const points = [...frames.flatMap(({ body, held }) => extentOf(body, held).map(([p]) => p)), ...bench];
  const xs = points.map((p) => p[0]);
  const zs = points.map((p) => p[2]);
  const [x0, x1, z0, z1] = [Math.min(...xs), Math.max(...xs), Math.min(...zs), Math.max(...zs)];
  const centre: Vec3 = [(x0 + x1) / 2, 0, (z0 + z1) / 2];
  const mat = motion.mat
    ? floorRectangle(centre, Math.max(MAT.length, x1 - x0 + 2 * MAT_MARGIN), Math.max(MAT.width, z1 - z0 + 2 * MAT_MARGIN))
    : [];
  // Floor points at one depth lie on one line across the picture: the far edge is such a line behind everything.
  const deepest = Math.min(...[...points, ...mat].map(lens.depthOf)) - FLOOR_DEPTH_BEHIND;
  const { toward } = lens;
  const level = Math.hypot(toward[0], toward[2]);
  const farEdge: Vec3 = [(toward[0] / level ** 2) * deepest, 0, (toward[2] / level ** 2) * deepest];
  return {
    farEdge,
    mat,
    ...(motion.bench === undefined ? {} : { bench: motion.bench }),
    ...(motion.ball === undefined ? {} : { ball: motion.ball }),
    ...(motion.blocks === undefined ? {} : { blocks: motion.blocks }),
    ...(motion.lines === undefined
      ? {}
      : {
          lines: {
            lines: motion.lines,
            lengths: strapLengths(
              motion.lines,
              frames.map(({ body }) => body),
            ),
          },
        }),
  };
}

/** The pictures of a three-quarter motion. */
export function turnedFilm(motion: TurnedMotion): Film {
  const lens = lensOf(motion.camera);
  const frames = loopFrames(motion);
  const bench = motion.bench === undefined ? [] : benchCorners(motion.bench);
  const ground = groundOf(motion, frames, lens, bench);
  const blocks = (motion.blocks ?? []).flatMap(blockCorners);
  const fixturesSeen = [
    ...[...bench, ...blocks].map((p): Seen => [p, 0.03]),
    ...(motion.ball === undefined ? [] : [ballExtent(motion.ball)]),
    ...lineExtent(motion.lines),
  ];
  const seen: Seen[] = [
    ...frames.flatMap(({ body, held }) => extentOf(body, held)),
    ...ground.mat.map((p): Seen => [p, 0.03]),
    ...fixturesSeen,
  ];
  const camera = turnedCamera(motion.frame, seen, lens);
  const keys = placedKeys(motion);
  const stillOf = (which: 0 | 1) => {
    const index = motion.stills[which];
    return svgOf({ body: keys[index]!.body, held: keyHolds(motion, index) });
  };
  const svgOf = ({ body, held }: Framed) => turnedFrameSvg({ camera, lens }, ground, [{ body, opacity: 1 }], held);
  return {
    camera,
    frames: frames.length,
    frameSvg: (index) => svgOf(frames[index % frames.length]!),
    stillSvgs: () => [stillOf(0), stillOf(1)],
  };
}

export { FRAMES_PER_SECOND_3D };
