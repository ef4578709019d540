/**
 * One frame as SVG text: the floor, fixed props, the figure (far limbs lighter, near limbs dark,
 * round caps, Winter's proportions) and held props, in one camera for the whole clip so the floor
 * never moves. No text and no fonts, so the rasterizer needs nothing from the system.
 */
import type { FixedProp, HeldProp, Motion } from './motion.ts';
import type { Body, Point } from './skeleton.ts';
import { SEGMENT } from './skeleton.ts';
import { heldAt } from './timeline.ts';

export const FRAME_SIZES = { portrait: [496, 864], landscape: [864, 496] } as const;
/** Pixels per metre when the scene fits: the same for every clip, so figures share a size. */
const PIXELS_PER_METRE = 290;

/** An incline bench's back pad, from the seat to its top end (metres). */
const INCLINE_PAD = 0.8;

const COLOURS = {
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
} as const;

export interface Camera {
  width: number;
  height: number;
  scale: number;
  /** Scene x at the canvas's left edge and scene y at its bottom edge. */
  left: number;
  bottom: number;
}

/** A camera that shows every point of every frame and every fixed prop, floor near the bottom. */
export function cameraFor(motion: Motion, bodies: readonly Body[]): Camera {
  const [width, height] = FRAME_SIZES[motion.frame];
  let minX = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = 0;
  const see = ([x, y]: Point, margin = 0) => {
    minX = Math.min(minX, x - margin);
    maxX = Math.max(maxX, x + margin);
    maxY = Math.max(maxY, y + margin);
  };
  for (const body of bodies) {
    see(body.head, SEGMENT.headRadius + 0.05);
    for (const limb of [...Object.values(body.legs), ...Object.values(body.arms)])
      for (const p of Object.values(limb)) see(p as Point, 0.08);
    see(body.pelvis, 0.12);
    for (const prop of motion.held) see(heldAt(body, prop), prop.kind === 'barbell' ? 0.24 : 0.14);
  }
  for (const prop of motion.fixed) {
    if (prop.kind === 'wall') continue;
    see([prop.x0, prop.y], prop.kind === 'bar' ? 0.25 : 0.05);
    see([prop.x1, prop.y], 0.05);
  }
  const floorBand = 0.16;
  const spanX = maxX - minX;
  const spanY = maxY + floorBand;
  const scale = Math.min(PIXELS_PER_METRE, (width * 0.92) / spanX, (height * 0.92) / spanY);
  const left = (minX + maxX) / 2 - width / scale / 2;
  // Floor band at the bottom; any spare height goes above the figure's head.
  const bottom = -floorBand - (height / scale - spanY) * 0.18;
  return { width, height, scale, left, bottom };
}

const round = (n: number): string => (Math.round(n * 10) / 10).toString();

function svgPoint(camera: Camera, [x, y]: Point): [number, number] {
  return [(x - camera.left) * camera.scale, camera.height - (y - camera.bottom) * camera.scale];
}

function polyline(camera: Camera, points: readonly Point[], colour: string, widthMetres: number): string {
  const d = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${svgPoint(camera, p).map(round).join(' ')}`).join('');
  return `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${round(widthMetres * camera.scale)}" stroke-linecap="round" stroke-linejoin="round"/>`;
}

function circle(camera: Camera, centre: Point, radiusMetres: number, fill: string, stroke = 'none', strokeMetres = 0): string {
  const [cx, cy] = svgPoint(camera, centre);
  const strokePart = stroke === 'none' ? '' : ` stroke="${stroke}" stroke-width="${round(strokeMetres * camera.scale)}"`;
  return `<circle cx="${round(cx)}" cy="${round(cy)}" r="${round(radiusMetres * camera.scale)}" fill="${fill}"${strokePart}/>`;
}

/** A rectangle between two corners, in either order (a stack behind a pulley left of the figure runs leftward). */
function rect(camera: Camera, xa: number, ya: number, xb: number, yb: number, fill: string, stroke = 'none'): string {
  const [ax, ay] = svgPoint(camera, [Math.min(xa, xb), Math.max(ya, yb)]);
  const [bx, by] = svgPoint(camera, [Math.max(xa, xb), Math.min(ya, yb)]);
  const strokePart = stroke === 'none' ? '' : ` stroke="${stroke}" stroke-width="2"`;
  return `<rect x="${round(ax)}" y="${round(ay)}" width="${round(bx - ax)}" height="${round(by - ay)}" rx="3" fill="${fill}"${strokePart}/>`;
}

function fixedProp(camera: Camera, prop: FixedProp): string {
  switch (prop.kind) {
    case 'bench':
      return [
        rect(camera, prop.x0 + 0.08, 0, prop.x0 + 0.13, prop.y, COLOURS.steel),
        rect(camera, prop.x1 - 0.13, 0, prop.x1 - 0.08, prop.y, COLOURS.steel),
        rect(camera, prop.x0, prop.y - 0.08, prop.x1, prop.y, COLOURS.pad),
      ].join('');
    case 'box':
      return rect(camera, prop.x0, 0, prop.x1, prop.y, COLOURS.wood, COLOURS.woodEdge);
    case 'incline': {
      // A seat (the support, x0..x1) on a post, and a pad rising from one end of it at `angle`.
      const angle = prop.angle ?? 45;
      const hinge: Point = angle >= 0 ? [prop.x0, prop.y] : [prop.x1, prop.y];
      const radians = (Math.abs(angle) * Math.PI) / 180;
      const end: Point = [hinge[0] + (angle >= 0 ? -1 : 1) * Math.cos(radians) * INCLINE_PAD, hinge[1] + Math.sin(radians) * INCLINE_PAD];
      return [
        rect(camera, (prop.x0 + prop.x1) / 2 - 0.025, 0, (prop.x0 + prop.x1) / 2 + 0.025, prop.y, COLOURS.steel),
        polyline(
          camera,
          [
            [hinge[0], 0],
            [hinge[0], prop.y],
          ],
          COLOURS.steel,
          0.04,
        ),
        rect(camera, prop.x0, prop.y - 0.07, prop.x1, prop.y, COLOURS.pad),
        polyline(camera, [hinge, end], COLOURS.pad, 0.08),
      ].join('');
    }
    case 'smith': {
      // The machine's rails: the bar runs up and down them, so a Smith exercise is not drawn as a free bar.
      const top = Math.min(2.3, camera.bottom + camera.height / camera.scale);
      return polyline(
        camera,
        [
          [prop.x0, 0],
          [prop.x0, top],
        ],
        COLOURS.steel,
        0.035,
      );
    }
    case 'mat':
      return rect(camera, prop.x0, 0, prop.x1, prop.y, COLOURS.mat);
    case 'bar': {
      const top = camera.bottom + camera.height / camera.scale;
      return (
        polyline(
          camera,
          [
            [prop.x0 - 0.12, top],
            [prop.x0 - 0.12, prop.y + 0.1],
            [prop.x0, prop.y],
          ],
          COLOURS.steel,
          0.035,
        ) + circle(camera, [prop.x0, prop.y], 0.025, COLOURS.iron)
      );
    }
    case 'wall': {
      // The wall's face is at x0 and it fills the side away from the figure (x1 says which: x1 > x0 ahead).
      const top = camera.bottom + camera.height / camera.scale;
      return prop.x1 >= prop.x0
        ? rect(camera, prop.x0, 0, prop.x0 + 0.5, top, COLOURS.floor)
        : rect(camera, prop.x0 - 0.5, 0, prop.x0, top, COLOURS.floor);
    }
    case 'cable': {
      // A stack's upright behind the pulley, its weights at the foot, the pulley where the cable leaves it.
      const top = Math.max(prop.y + 0.15, 2.1);
      const side = prop.x0 < 0 ? -1 : 1;
      return [
        rect(camera, prop.x0 + side * 0.02, 0, prop.x0 + side * 0.1, top, COLOURS.steel),
        rect(camera, prop.x0 + side * 0.12, 0, prop.x0 + side * 0.32, 0.45, COLOURS.iron),
        circle(camera, [prop.x0, prop.y], 0.045, COLOURS.steel, COLOURS.iron, 0.012),
      ].join('');
    }
    case 'band':
      return circle(camera, [prop.x0, prop.y], 0.03, COLOURS.iron);
    case 'stability-ball': {
      const radius = prop.y / 2;
      return circle(camera, [(prop.x0 + prop.x1) / 2, radius], radius, COLOURS.stabilityBall, COLOURS.stabilityBallEdge, 0.012);
    }
    case 'roller': {
      // Seen end on: a foam cylinder lying across the line of view.
      const radius = prop.y / 2;
      return circle(camera, [(prop.x0 + prop.x1) / 2, radius], radius, COLOURS.roller, COLOURS.rollerEdge, 0.012);
    }
  }
}

/** Where a cable or band's line ends in this frame: the hands' grip, one hand, or the middle of the feet. */
function lineEnd(body: Body, to: NonNullable<FixedProp['to']>): Point {
  if (to === 'hands') return midpoint(body.arms.left.hand, body.arms.right.hand);
  if (to === 'feet') return midpoint(body.legs.left.end, body.legs.right.end);
  return body.arms[to].hand;
}

const midpoint = (a: Point, b: Point): Point => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];

/** The cable or band itself, from its pulley or anchor to what it runs to: a thin cable, a thicker band. */
function propLine(camera: Camera, prop: FixedProp, body: Body): string {
  const end = lineEnd(body, prop.to ?? 'hands');
  return prop.kind === 'cable'
    ? polyline(camera, [[prop.x0, prop.y], end], COLOURS.iron, 0.012)
    : polyline(camera, [[prop.x0, prop.y], end], COLOURS.band, 0.025);
}

function heldProp(camera: Camera, prop: HeldProp, at: Point, view: Motion['view'], forearmUp = false): string {
  switch (prop.kind) {
    case 'barbell':
      if (view === 'front') {
        return (
          polyline(
            camera,
            [
              [at[0] - 1.05, at[1]],
              [at[0] + 1.05, at[1]],
            ],
            COLOURS.steel,
            0.03,
          ) +
          rect(camera, at[0] - 1.0, at[1] - 0.22, at[0] - 0.9, at[1] + 0.22, COLOURS.iron) +
          rect(camera, at[0] + 0.9, at[1] - 0.22, at[0] + 1.0, at[1] + 0.22, COLOURS.iron)
        );
      }
      return circle(camera, at, 0.225, COLOURS.plate, COLOURS.plateEdge, 0.02) + circle(camera, at, 0.07, COLOURS.plateEdge);
    case 'plate':
      return circle(camera, at, 0.2, COLOURS.iron, COLOURS.ironEdge, 0.015);
    case 'dumbbells':
    case 'dumbbell':
      return circle(camera, at, 0.085, COLOURS.iron, COLOURS.ironEdge, 0.012);
    case 'kettlebell': {
      if (forearmUp) {
        // Racked or locked out: the bell rests on the back of the forearm, beside the hand, not on the head.
        return circle(camera, [at[0] - 0.1, at[1] - 0.06], 0.1, COLOURS.iron);
      }
      return (
        polyline(
          camera,
          [
            [at[0] - 0.05, at[1] - 0.07],
            [at[0] - 0.05, at[1]],
            [at[0] + 0.05, at[1]],
            [at[0] + 0.05, at[1] - 0.07],
          ],
          COLOURS.iron,
          0.025,
        ) + circle(camera, [at[0], at[1] - 0.15], 0.1, COLOURS.iron)
      );
    }
    case 'farmers-handles':
      return (
        polyline(
          camera,
          [
            [at[0] - 0.35, at[1]],
            [at[0] + 0.35, at[1]],
          ],
          COLOURS.steel,
          0.04,
        ) +
        circle(camera, [at[0] - 0.35, at[1]], 0.15, COLOURS.iron) +
        circle(camera, [at[0] + 0.35, at[1]], 0.15, COLOURS.iron)
      );
    case 'ball':
      return circle(camera, at, 0.12, COLOURS.ball);
  }
}

function figure(camera: Camera, body: Body, view: Motion['view'], far: 'left' | 'right'): { back: string; front: string; trunk: string } {
  const near = far === 'left' ? 'right' : 'left';
  const farColour = view === 'front' ? COLOURS.near : COLOURS.far;
  // Segments taper from the body outwards (thigh wider than shank, upper arm than forearm), with round
  // joints, a small round hand and a flat foot: a clean figure that reads at thumbnail size.
  const limbs = (side: 'left' | 'right', colour: string) => {
    const l = body.legs[side];
    const a = body.arms[side];
    return {
      leg:
        polyline(camera, [l.root, l.middle], colour, 0.125) +
        polyline(camera, [l.middle, l.end], colour, 0.09) +
        polyline(camera, [l.heel, l.toe], colour, 0.055),
      arm:
        polyline(camera, [a.root, a.middle], colour, 0.085) +
        polyline(camera, [a.middle, a.end], colour, 0.065) +
        circle(camera, a.hand, 0.042, colour),
    };
  };
  const farLimbs = limbs(far, farColour);
  const nearLimbs = limbs(near, COLOURS.near);
  const hips = view === 'front' ? [body.legs.left.root, body.legs.right.root] : [body.pelvis];
  const shoulders = view === 'front' ? [body.arms.left.root, body.arms.right.root] : [body.neckBase];
  // Side view: a chest deeper than the waist; front view: shoulders wider than the hips.
  const chest: Point = [(body.waist[0] + body.neckBase[0] * 2) / 3, (body.waist[1] + body.neckBase[1] * 2) / 3];
  const trunk =
    polyline(camera, [body.pelvis, body.waist], COLOURS.near, view === 'front' ? 0.25 : 0.19) +
    polyline(camera, [body.waist, chest], COLOURS.near, view === 'front' ? 0.28 : 0.23) +
    polyline(camera, [chest, body.neckBase], COLOURS.near, view === 'front' ? 0.26 : 0.16) +
    (view === 'front' ? polyline(camera, shoulders, COLOURS.near, 0.11) + polyline(camera, hips, COLOURS.near, 0.13) : '') +
    polyline(camera, [body.neckBase, mixHead(body)], COLOURS.near, 0.07) +
    circle(camera, body.head, SEGMENT.headRadius, COLOURS.skin);
  return { back: farLimbs.leg + farLimbs.arm, trunk, front: nearLimbs.leg + nearLimbs.arm };
}

/** A soft shadow on the floor under the figure, fading as it rises (a jump reads as a jump). */
function shadow(camera: Camera, body: Body): string {
  const xs = [body.head, body.pelvis, ...Object.values(body.legs).flatMap((l) => [l.heel, l.toe])].map((p) => p[0]);
  const lowest = Math.min(...Object.values(body.legs).flatMap((l) => [l.heel[1], l.toe[1]]), body.pelvis[1]);
  const [cx, cy] = svgPoint(camera, [(Math.min(...xs) + Math.max(...xs)) / 2, 0]);
  const rx = ((Math.max(...xs) - Math.min(...xs)) / 2 + 0.15) * camera.scale;
  const opacity = Math.max(0, 0.16 - Math.max(0, lowest) * 0.25);
  return `<ellipse cx="${round(cx)}" cy="${round(cy + 3)}" rx="${round(rx)}" ry="${round(0.035 * camera.scale)}" fill="#000" fill-opacity="${opacity.toFixed(3)}"/>`;
}

const mixHead = (body: Body): Point => [(body.neckBase[0] + body.head[0]) / 2, (body.neckBase[1] + body.head[1]) / 2];

/** Where a held prop is drawn: a pair (dumbbells, farmer's handles) at each hand, anything else once. */
/** Whether the forearm holding `prop` points up (hand well above the elbow): a rack or an overhead lockout. */
function isForearmUp(body: Body, prop: HeldProp): boolean {
  const arm = body.arms[prop.at === 'right' ? 'right' : 'left'];
  return arm.hand[1] - arm.middle[1] > 0.12;
}

function heldPlaces(body: Body, prop: HeldProp): Point[] {
  if (prop.at === 'hands' && (prop.kind === 'dumbbells' || prop.kind === 'farmers-handles'))
    return [body.arms.left.hand, body.arms.right.hand];
  return [heldAt(body, prop)];
}

/** The SVG of one frame. */
export function frameSvg(motion: Motion, body: Body, camera: Camera): string {
  const { width, height } = camera;
  const [, floorY] = svgPoint(camera, [0, 0]);
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect width="${width}" height="${height}" fill="${COLOURS.background}"/>`,
    `<rect x="0" y="${round(floorY)}" width="${width}" height="${round(height - floorY)}" fill="${COLOURS.floor}"/>`,
    `<rect x="0" y="${round(floorY)}" width="${width}" height="2" fill="${COLOURS.floorLine}"/>`,
  ];
  parts.push(shadow(camera, body));
  for (const prop of motion.fixed) parts.push(fixedProp(camera, prop));
  const { back, trunk, front } = figure(camera, body, motion.view, 'right');
  // Side view: a barbell's plate is the far plate, behind the figure, so it never hides the body;
  // its sleeve is drawn over the hands to show where the bar is.
  const isBehind = (prop: HeldProp) => motion.view === 'side' && (prop.kind === 'barbell' || prop.kind === 'plate');
  for (const prop of motion.held) if (isBehind(prop)) parts.push(heldProp(camera, prop, heldAt(body, prop), motion.view));
  parts.push(back);
  for (const prop of motion.fixed) if (prop.kind === 'cable' || prop.kind === 'band') parts.push(propLine(camera, prop, body));
  parts.push(trunk, front);
  for (const prop of motion.held)
    if (!isBehind(prop))
      parts.push(...heldPlaces(body, prop).map((at) => heldProp(camera, prop, at, motion.view, isForearmUp(body, prop))));
  for (const prop of motion.held)
    if (prop.kind === 'barbell' && motion.view === 'side')
      parts.push(circle(camera, heldAt(body, prop), 0.035, COLOURS.steel, COLOURS.iron, 0.01));
  parts.push('</svg>');
  return parts.join('');
}
