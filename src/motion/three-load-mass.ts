/**
 * What a held load weighs on the balance and where it reaches: its mass where its pieces are (three-loads.ts), the
 * centre of mass of the body with it, its lowest point (what must not sink into the floor) and the points a camera
 * must frame.
 */
import { BODY_MASS_KG } from './body-measures.ts';
import type { Body3 } from './three-figure.ts';
import { dumbbellHands, type Held, isKettlebell, LOAD, loadPieces, type Piece } from './three-loads.ts';
import { add3, lerp3, scale3, type Vec3 } from './three-vec.ts';

/** Where a piece's mass is, and its share of the body's mass, as centreOf weighs the segments. */
export function loadMasses(body: Body3, holds: Held | undefined): [Vec3, number][] {
  if (holds === undefined) return [];
  const bells = dumbbellHands(holds);
  if (bells.length > 0) return bells.map((side): [Vec3, number] => [body.arms[side].hand, LOAD.dumbbell.kg / BODY_MASS_KG]);
  // A barbell's mass is at its middle, between the grips (the bar and its two plates are symmetric about it).
  if (holds === 'barbell') return [[lerp3(body.arms.left.hand, body.arms.right.hand, 0.5), LOAD.barbell.kg / BODY_MASS_KG]];
  const kg = isKettlebell(holds) ? LOAD.kettlebell.kg : holds === 'plate' ? LOAD.plate.kg : LOAD.medicineBall.kg;
  // The kettlebell's is its bell's centre (not its handle's); a plate's and a ball's their middle.
  const solid = loadPieces(body, holds).find((p): p is Exclude<Piece, { shape: 'bar' }> => p.shape !== 'bar');
  return [[solid!.centre, kg / BODY_MASS_KG]];
}

/** The centre of mass of the body and what it holds. */
export function centreWithLoad(body: Body3, holds: Held | undefined): Vec3 {
  const loads = loadMasses(body, holds);
  if (loads.length === 0) return body.centre;
  let sum = body.centre;
  let total = 1;
  for (const [at, share] of loads) {
    sum = add3(sum, at, share);
    total += share;
  }
  return scale3(sum, 1 / total);
}

/** How far a piece reaches below its centre: a drum tilted by its axis, a ball by its radius. */
function reachBelow(piece: Piece): number {
  if (piece.shape === 'sphere') return piece.radius;
  if (piece.shape === 'bar') return piece.width / 2;
  const tilt = Math.abs(piece.axis[1]);
  return piece.radius * Math.sqrt(Math.max(0, 1 - tilt * tilt)) + (piece.length / 2) * tilt;
}

/** The lowest point of a held load (metres above the floor), or undefined with none: what must not sink into the floor. */
export function loadBottom(body: Body3, holds: Held | undefined): number | undefined {
  const lows = loadPieces(body, holds).flatMap((piece) =>
    piece.shape === 'bar' ? piece.points.map((p) => p[1] - piece.width / 2) : [piece.centre[1] - reachBelow(piece)],
  );
  return lows.length === 0 ? undefined : Math.min(...lows);
}

/** Points to frame, with the margin round each (metres), as bodyExtent gives the body's. */
export function loadExtent(body: Body3, holds: Held | undefined): (readonly [Vec3, number])[] {
  return loadPieces(body, holds).flatMap((piece): (readonly [Vec3, number])[] =>
    piece.shape === 'bar'
      ? piece.points.map((p) => [p, piece.width] as const)
      : [[piece.centre, piece.radius + (piece.shape === 'cylinder' ? piece.length : 0)]],
  );
}
