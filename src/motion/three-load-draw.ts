/**
 * A held load drawn in the three-quarter scene (three-loads.ts places it): each piece as it projects (a drum as
 * the outline of its two faces with its near face ringed, a ball as a circle, a handle as a bar), in the planar
 * renderer's colours (render-props.ts: iron with its edge, the ball's red, a steel handle), painted among the
 * limbs by its depth, and a dumbbell in the hand turned away as much paler as that arm is.
 */
import type { Point } from './skeleton.ts';
import { type Camera, circle, COLOURS, mixColour, polyline, round, svgPoint } from './svg-kit.ts';
import type { Lens, Stroke } from './three-camera.ts';
import { hull } from './three-balance.ts';
import type { Body3 } from './three-figure.ts';
import { dumbbellHands, type Held, loadPieces, type Piece } from './three-loads.ts';
import { add3, ringAround, type Vec3 } from './three-vec.ts';

/** The far side's tone of a load: as far toward the background as the limbs' far tone is from their near one. */
const FAR_TOWARD_BACKGROUND = 0.5;
/** Edges drawn round iron (metres), as the planar dumbbell's. */
const EDGE = 0.012;

function outlined(camera: Camera, points: readonly Point[], fill: string, stroke: string): string {
  const d = points.map((p) => svgPoint(camera, p).map(round).join(',')).join(' ');
  return `<polygon points="${d}" fill="${fill}" stroke="${stroke}" stroke-width="${round(EDGE * camera.scale)}" stroke-linejoin="round"/>`;
}

function pieceSvg(camera: Camera, lens: Lens, piece: Piece, fill: string, edge: string): string {
  switch (piece.shape) {
    case 'bar':
      return polyline(camera, piece.points.map(lens.project), fill, piece.width);
    case 'sphere':
      // Orthographic: a ball is a circle its own size wherever it is.
      return circle(camera, lens.project(piece.centre), piece.radius, fill);
    case 'cylinder': {
      const half = piece.length / 2;
      const faces = [add3(piece.centre, piece.axis, -half), add3(piece.centre, piece.axis, half)];
      const outline = hull(faces.flatMap((face) => ringAround(face, piece.axis, piece.radius).map(lens.project)));
      // The face toward the camera, ringed, and its hub: a drum, not a flat shape.
      const near = lens.depthOf(faces[1]!) > lens.depthOf(faces[0]!) ? faces[1]! : faces[0]!;
      const face = ringAround(near, piece.axis, piece.radius * 0.8).map(lens.project);
      const hub = ringAround(near, piece.axis, Math.min(0.025, piece.radius * 0.3)).map(lens.project);
      return outlined(camera, outline, fill, edge) + outlined(camera, face, 'none', edge) + outlined(camera, hub, edge, edge);
    }
  }
}

/**
 * The strokes of the load `holds` in `body`'s hands. `farness` gives how far (0..1) each side is turned away, as
 * the limbs are toned; a load in both hands is in the middle and keeps the near tone. A bar is painted by its own
 * depth and just behind the fists round it (`behind`), so they close over it.
 */
export function loadStrokes(
  camera: Camera,
  lens: Lens,
  body: Body3,
  holds: Held | undefined,
  farness: (side: 'left' | 'right') => number,
): Stroke[] {
  return loadPieces(body, holds).map((piece) => {
    const t = piece.side === undefined ? 0 : farness(piece.side) * (piece.share ?? 1) * FAR_TOWARD_BACKGROUND;
    const solid =
      piece.shape !== 'bar' && holds === 'medicine-ball'
        ? COLOURS.ball
        : piece.shape === 'bar' && (dumbbellHands(holds).length > 0 || holds === 'barbell')
          ? COLOURS.steel
          : COLOURS.iron;
    const fill = mixColour(solid, COLOURS.background, t);
    const edge = mixColour(COLOURS.ironEdge, COLOURS.background, t);
    const depth =
      piece.shape === 'bar'
        ? Math.min(lens.depthOf(piece.depthAt), ...(piece.behind ?? []).map(lens.depthOf)) - 0.001
        : lens.depthOf(piece.centre);
    return { depth, svg: pieceSvg(camera, lens, piece, fill, edge) };
  });
}

/** The load's shadow straight down on the floor (inside the body's soft shadow group). */
export function loadShadows(camera: Camera, lens: Lens, body: Body3, holds: Held | undefined): string[] {
  return loadPieces(body, holds).map((piece) => {
    const flat = (p: Vec3): Point => lens.project([p[0], 0, p[2]]);
    if (piece.shape === 'bar') return polyline(camera, piece.points.map(flat), '#000', piece.width);
    // A barbell's plates stand on edge: their shadow is the outline of their faces laid flat (a disc's would sit
    // beside the feet as a second, round shadow). A held plate or a dumbbell's head keeps its soft disc.
    if (holds === 'barbell' && piece.shape === 'cylinder') {
      const half = piece.length / 2;
      const faces = [add3(piece.centre, piece.axis, -half), add3(piece.centre, piece.axis, half)];
      return outlined(camera, hull(faces.flatMap((face) => ringAround(face, piece.axis, piece.radius).map(flat))), '#000', '#000');
    }
    return circle(camera, flat(piece.centre), piece.radius * 0.8, '#000');
  });
}
