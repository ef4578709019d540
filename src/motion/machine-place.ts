/**
 * Where the `pose` pattern puts a weight machine's parts (patterns-pose.ts): a rigid line's pivot where
 * the poses swing a true arc about it, a lever with what it ends in, a seat, and pads placed against the
 * body as the first key poses it.
 */
import type { FixedProp, Key, LineEnd } from './motion.ts';
import { inArmFrame, legsOf, padFace, soleOf } from './machine.ts';
import type { PoseParams } from './pose-params.ts';
import { distance, type View } from './skeleton.ts';
import { keyBody, lineEnd } from './timeline.ts';

/**
 * Where along its height a rigid or taut line's anchor goes (a lever's pivot, a landmine's socket,
 * straps' anchor): within a metre of the authored x, the point from which the hands (or feet) of
 * every key are most nearly one distance away. An author places the pivot roughly and writes the
 * poses; the arm then swings a true arc instead of stretching (motion-check.ts still measures it).
 */
export function rigidAnchorX(keys: readonly Key[], view: View, [x, y]: readonly [number, number], to: LineEnd): number {
  const ends = keys.map((k) => lineEnd(keyBody(k, view).body, to));
  let best = x;
  let bestSpread = Number.POSITIVE_INFINITY;
  for (let step = -100; step <= 100; step += 1) {
    const candidate = x + step / 100;
    const lengths = ends.map((end) => distance([candidate, y], end));
    const spread = Math.max(...lengths) - Math.min(...lengths);
    // Ties (a hand that does not move) keep the x nearest the authored one.
    if (spread < bestSpread - 1e-6 || (Math.abs(spread - bestSpread) <= 1e-6 && Math.abs(candidate - x) < Math.abs(best - x))) {
      best = candidate;
      bestSpread = spread;
    }
  }
  return best;
}

/** Keys whose feet stand on a lever's platform or roller: those feet keep their soles, however they point (skeleton.ts). */
export function withFeetKept(params: PoseParams, keys: Key[]): Key[] {
  if (params.lever === undefined || params.leverEnd === undefined || params.leverEnd === 'handles' || params.leverEnd === 'pad')
    return keys;
  const sides = legsOf({ kind: 'lever', x0: 0, x1: 0, y: 0, to: params.to });
  return keys.map((key) => ({ ...key, footKept: Object.fromEntries(sides.map((side) => [side, true])) }));
}

/** A machine seat's top is a support: the pattern grounds the figure on it (patterns-pose.ts). */
export const seatOf = (params: PoseParams): FixedProp[] =>
  params.seat === undefined ? [] : [{ kind: 'seat', x0: params.seat[0], x1: params.seat[1], y: params.seat[2] }];

/**
 * The lever and the fixed pads of a machine, from the placed keys: the lever's pivot where the ends swing
 * a true arc, a platform's place on the arm where the first key's sole is, each pad against its part.
 */
export function machineParts(params: PoseParams, keys: readonly Key[], view: View): FixedProp[] {
  const parts: FixedProp[] = [];
  const first = keyBody(keys[0]!, view).body;
  if (params.lever !== undefined) {
    const x = rigidAnchorX(keys, view, params.lever, params.to);
    const lever: FixedProp = { kind: 'lever', x0: x, x1: x + (x < 0 ? -0.32 : 0.32), y: params.lever[1], to: params.to };
    if (params.leverEnd !== undefined) lever.end = params.leverEnd;
    if (params.leverPlates !== undefined) lever.plates = params.leverPlates;
    if (params.leverBeside === true) lever.beside = true;
    if (params.leverEnd === 'platform') {
      const pivot = [x, params.lever[1]] as const;
      const armEnd = lineEnd(first, params.to);
      const [heel, toe] = soleOf(first, legsOf(lever)[0]!);
      lever.platform = [inArmFrame(pivot, armEnd, heel), inArmFrame(pivot, armEnd, toe)];
    }
    parts.push(lever);
  }
  for (const part of params.pads ?? []) {
    const face = padFace(first, part);
    parts.push({ kind: 'pad', x0: Math.min(face[0][0], face[1][0]), x1: Math.max(face[0][0], face[1][0]), y: 0, part, face });
  }
  return parts;
}
