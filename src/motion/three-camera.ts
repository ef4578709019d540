/**
 * The three-quarter camera: orthographic, fixed, looking at the figure from its front-left, 35 degrees round
 * from the planar side view (which sees its left side, facing left) and 12 degrees down, so the far side of
 * the body, a limb moving out to the side and the floor's depth all show. Framed as the planar renderer frames
 * (render-svg.ts cameraFor): one camera for the whole clip, the same frame sizes and at most the same scale.
 */
import { FRAME_SIZES } from './render-svg.ts';
import type { Point } from './skeleton.ts';
import type { Camera } from './svg-kit.ts';
import type { Body3 } from './three-figure.ts';
import { cross3, dot3, normalize3, scale3, type Vec3 } from './three-vec.ts';

/** Degrees round from the side view toward the figure's front, and down from level. */
export const AZIMUTH = 35;
export const ELEVATION = 20;
/** Pixels per metre when the scene fits: the planar renderer's, so figures share a size. */
const PIXELS_PER_METRE = 290;

const RAD = Math.PI / 180;
/** From the scene toward the camera: the side view's (0, 0, -1), the figure's left, turned toward its front and raised. */
export const TOWARD_CAMERA: Vec3 = [
  Math.cos(ELEVATION * RAD) * Math.sin(AZIMUTH * RAD),
  Math.sin(ELEVATION * RAD),
  -Math.cos(ELEVATION * RAD) * Math.cos(AZIMUTH * RAD),
];
const LOOKING = scale3(TOWARD_CAMERA, -1);
/** The picture's right and up in the scene (the side view's right is the figure's back: it faces left). */
export const SCREEN_RIGHT = normalize3(cross3(LOOKING, [0, 1, 0]));
export const SCREEN_UP = cross3(SCREEN_RIGHT, LOOKING);

/** A scene point on the picture plane (metres; the svg-kit Camera maps them to pixels). */
export const project = (p: Vec3): Point => [dot3(p, SCREEN_RIGHT), dot3(p, SCREEN_UP)];
/** How near the camera a point is: larger is nearer (painted later). */
export const depthOf = (p: Vec3): number => dot3(p, TOWARD_CAMERA);

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
export function turnedCamera(frame: 'portrait' | 'landscape', seen: readonly Seen[]): Camera {
  const [width, height] = FRAME_SIZES[frame];
  let [minX, maxX, minY, maxY] = [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];
  for (const [point, margin] of seen) {
    const [x, y] = project(point);
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
