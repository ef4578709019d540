/**
 * The three-quarter camera: orthographic, one for a clip, by default looking at the figure from its front-left, 35 degrees round
 * from the planar side view (which sees its left side, facing left) and 20 degrees down, so the far side of
 * the body, a limb moving out to the side and the floor's depth all show; a description may stand it elsewhere
 * (`camera`: a floor twist reads better from higher). Framed as the planar renderer frames
 * (render-svg.ts cameraFor): one camera for the whole clip, the same frame sizes and at most the same scale.
 */
import { FRAME_SIZES } from './render-svg.ts';
import type { Point } from './skeleton.ts';
import type { Camera } from './svg-kit.ts';
import type { Body3 } from './three-figure.ts';
import { cross3, dot3, normalize3, scale3, type Vec3 } from './three-vec.ts';

/** Degrees round from the side view toward the figure's front, and down from level, unless a description says (`camera`). */
export const AZIMUTH = 35;
export const ELEVATION = 20;
/** Pixels per metre when the scene fits: the planar renderer's, so figures share a size. */
const PIXELS_PER_METRE = 290;

const RAD = Math.PI / 180;

/** Where a description's camera stands: degrees round from the side view toward the figure's front, and down from level. */
export interface CameraAngles {
  round: number;
  down: number;
}
export const DEFAULT_CAMERA: CameraAngles = { round: AZIMUTH, down: ELEVATION };

/** One camera's way of seeing the scene: toward it, the picture's right and up, and the projection and depth they give. */
export interface Lens {
  /** From the scene toward the camera. */
  toward: Vec3;
  right: Vec3;
  up: Vec3;
  /** A scene point on the picture plane (metres; the svg-kit Camera maps them to pixels). */
  project: (p: Vec3) => Point;
  /** How near the camera a point is: larger is nearer (painted later). */
  depthOf: (p: Vec3) => number;
}

/**
 * The lens of a camera `round` degrees from the side view (which sees the figure's left side, the scene's
 * (0, 0, -1)) toward its front and `down` degrees above level. The arithmetic is the fixed camera's, so the
 * default angles give the same numbers to the last bit.
 */
export function lensOf({ round, down }: CameraAngles): Lens {
  const toward: Vec3 = [Math.cos(down * RAD) * Math.sin(round * RAD), Math.sin(down * RAD), -Math.cos(down * RAD) * Math.cos(round * RAD)];
  const looking = scale3(toward, -1);
  // The picture's right and up in the scene (the side view's right is the figure's back: it faces left).
  const right = normalize3(cross3(looking, [0, 1, 0]));
  const up = cross3(right, looking);
  return { toward, right, up, project: (p) => [dot3(p, right), dot3(p, up)], depthOf: (p) => dot3(p, toward) };
}

/** The lens of a description that names no camera. */
export const DEFAULT_LENS = lensOf(DEFAULT_CAMERA);

/** Something to paint: its SVG, and how near the camera it is (the frame paints them back to front). */
export interface Stroke {
  depth: number;
  svg: string;
}

/** A point to frame and the margin round it (metres). */
export type Seen = readonly [Vec3, number];

/** Every point of a body with the margin its drawn thickness needs (the planar cameraFor's margins). */
export function bodyExtent(body: Body3): Seen[] {
  const seen: Seen[] = [
    [body.head, 0.155],
    [body.pelvis, 0.12],
    [body.neckBase, 0.12],
  ];
  for (const leg of Object.values(body.legs)) for (const p of [leg.hip, leg.knee, leg.ankle, leg.heel, leg.toe]) seen.push([p, 0.08]);
  for (const arm of Object.values(body.arms)) for (const p of [arm.shoulder, arm.elbow, arm.wrist, arm.hand]) seen.push([p, 0.08]);
  return seen;
}

/** A camera that shows every point of `seen`, centred across the picture, any spare height mostly above. */
export function turnedCamera(frame: 'portrait' | 'landscape', seen: readonly Seen[], lens: Lens): Camera {
  const [width, height] = FRAME_SIZES[frame];
  let [minX, maxX, minY, maxY] = [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];
  for (const [point, margin] of seen) {
    const [x, y] = lens.project(point);
    minX = Math.min(minX, x - margin);
    maxX = Math.max(maxX, x + margin);
    minY = Math.min(minY, y - margin);
    maxY = Math.max(maxY, y + margin);
  }
  const [spanX, spanY] = [maxX - minX, maxY - minY];
  const scale = Math.min(PIXELS_PER_METRE, (width * 0.92) / spanX, (height * 0.92) / spanY);
  const left = (minX + maxX) / 2 - width / scale / 2;
  const bottom = minY - (height / scale - spanY) * 0.18;
  return { width, height, scale, left, bottom };
}
