/**
 * The surfaces of a scene that a key may promise a contact on (motion-check.ts): the floor, the tops of
 * benches, boxes, mats, rollers and balls, a reformer's carriage and platform, and the bars and footbar
 * the hands or feet hold. Apart from motion.ts, which the reformer's geometry (reformer.ts) reads.
 */
import type { FixedProp, Surface } from './motion.ts';
import { riseOf } from './slope.ts';
import { reformerSupports } from './reformer.ts';

/** Fixed props whose top a body part rests on (a support for grounding, a surface for contacts). */
export const TOP_KINDS: ReadonlySet<FixedProp['kind']> = new Set([
  'bench',
  'box',
  'roller',
  'rolled-towel',
  'treadmill',
  'massage-ball',
  'stability-ball',
  'bosu',
  'incline',
  'decline',
  'slant-board',
  // A hack sled's foot platform (hack-sled.ts).
  'hack-sled',
  'ghd',
  'seat',
  'wunda-chair',
  'cadillac',
]);

export function surfacesOf(fixed: readonly FixedProp[]): Surface[] {
  const surfaces: Surface[] = [{ kind: 'floor' }];
  for (const prop of fixed) {
    // Rings and dip bars are held where an overhead bar is: contacts name them all `bar`.
    if (['bar', 'low-bar', 'rings', 'dip-bars', 'captains-chair'].includes(prop.kind))
      surfaces.push({ kind: 'point', name: 'bar', at: [prop.x0, prop.y] });
    // A towel hung over the bar is held where its fist grips it (hung-towel.ts).
    // A chair back's or counter's top, along which a hand rests on it (hand-rest.ts).
    else if (prop.rest !== undefined)
      surfaces.push({ kind: 'top', name: prop.kind, x0: prop.rest.rail[0], x1: prop.rest.rail[1], y: prop.y });
    else if (prop.kind === 'hung-towel') surfaces.push({ kind: 'point', name: 'towel', at: [prop.x0, prop.y] });
    else if ((TOP_KINDS.has(prop.kind) && prop.pinned === undefined) || prop.kind === 'mat') {
      const rise = riseOf(prop);
      surfaces.push({ kind: 'top', name: prop.kind, x0: prop.x0, x1: prop.x1, y: prop.y, ...(rise === 0 ? {} : { rise }) });
    } else if (prop.kind === 'reformer') {
      // The carriage's pad, wherever along its travel it is (reformer.ts checks each frame's), and the standing platform.
      for (const support of reformerSupports(prop)) surfaces.push({ kind: 'top', ...support });
      surfaces.push({ kind: 'point', name: 'footbar', at: [prop.x0, prop.y] });
    }
  }
  return surfaces;
}
