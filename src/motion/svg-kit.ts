/**
 * Drawing in scene metres: the camera that maps them to the canvas, the palette, and the SVG shapes
 * (paths, circles, rectangles) the figure and the props are drawn with.
 */
import type { Point } from './skeleton.ts';

export const COLOURS = {
  background: '#f3f0e9',
  floor: '#ddd6c8',
  floorLine: '#b9ae9b',
  near: '#1d3557',
  far: '#8aa1bd',
  skin: '#1d3557',
  iron: '#2f2f33',
  plate: '#9a9ca3',
  plateEdge: '#74767d',
  ironEdge: '#6b6b73',
  wood: '#b07d4b',
  woodEdge: '#7d5530',
  pad: '#7a3b2e',
  steel: '#8d9299',
  mat: '#5f9e8c',
  ball: '#c4552d',
  band: '#d08a2f',
  roller: '#3f7fa6',
  stabilityBall: '#9fb8c9',
  stabilityBallEdge: '#6f8fa6',
  rollerEdge: '#2c5d7c',
  strap: '#2b2b2b',
  yogaStrap: '#6a4c93',
  yogaBlock: '#9a86c4',
  bosu: '#3d6fb6',
  cone: '#e0762b',
  stone: '#8f8a80',
  stoneEdge: '#6d6961',
  sandbag: '#5d6b3a',
  keg: '#a7adb5',
  kegEdge: '#7d838b',
  heavyBag: '#3a2f2a',
  deck: '#4a4a50',
  rope: '#1f1f1f',
} as const;

const hex = (colour: string): number[] => [1, 3, 5].map((at) => Number.parseInt(colour.slice(at, at + 2), 16));
/** `a` turned `t` of the way to `b` (#rrggbb): the far side's paler tone in either renderer. */
export function mixColour(a: string, b: string, t: number): string {
  const [ca, cb] = [hex(a), hex(b)];
  return `#${ca
    .map((c, i) =>
      Math.round(c + (cb[i]! - c) * t)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

export interface Camera {
  width: number;
  height: number;
  scale: number;
  /** Scene x at the canvas's left edge and scene y at its bottom edge. */
  left: number;
  bottom: number;
}

export const round = (n: number): string => (Math.round(n * 10) / 10).toString();

export function svgPoint(camera: Camera, [x, y]: Point): [number, number] {
  return [(x - camera.left) * camera.scale, camera.height - (y - camera.bottom) * camera.scale];
}

export function polyline(camera: Camera, points: readonly Point[], colour: string, widthMetres: number): string {
  const d = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${svgPoint(camera, p).map(round).join(' ')}`).join('');
  return `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${round(widthMetres * camera.scale)}" stroke-linecap="round" stroke-linejoin="round"/>`;
}

export function circle(camera: Camera, centre: Point, radiusMetres: number, fill: string, stroke = 'none', strokeMetres = 0): string {
  const [cx, cy] = svgPoint(camera, centre);
  const strokePart = stroke === 'none' ? '' : ` stroke="${stroke}" stroke-width="${round(strokeMetres * camera.scale)}"`;
  return `<circle cx="${round(cx)}" cy="${round(cy)}" r="${round(radiusMetres * camera.scale)}" fill="${fill}"${strokePart}/>`;
}

/** A rectangle between two corners, in either order (a stack behind a pulley left of the figure runs leftward). */
export function rect(camera: Camera, xa: number, ya: number, xb: number, yb: number, fill: string, stroke = 'none'): string {
  const [ax, ay] = svgPoint(camera, [Math.min(xa, xb), Math.max(ya, yb)]);
  const [bx, by] = svgPoint(camera, [Math.max(xa, xb), Math.min(ya, yb)]);
  const strokePart = stroke === 'none' ? '' : ` stroke="${stroke}" stroke-width="2"`;
  return `<rect x="${round(ax)}" y="${round(ay)}" width="${round(bx - ax)}" height="${round(by - ay)}" rx="3" fill="${fill}"${strokePart}/>`;
}

/** A filled polygon through scene points (a cone seen from the side). */
export function polygon(camera: Camera, points: readonly Point[], fill: string): string {
  const d = points.map((p) => svgPoint(camera, p).map(round).join(',')).join(' ');
  return `<polygon points="${d}" fill="${fill}"/>`;
}
