/**
 * The shoulder girdle: how far a key moves the shoulder joints, where the arms hang from, off their
 * place on the trunk (a shrug, a scapular pull-up or push-up, a serratus punch), along the upper
 * trunk's own axes, so a shrug lying face down on an incline moves along that trunk.
 */
import * as v from 'valibot';
import { add, direction, mix, type Point } from './geometry.ts';

/** Metres the shoulders are moved: `up` along the upper trunk toward the head, `forward` toward the chest's front. */
export interface Girdle {
  up: number;
  forward: number;
}

/**
 * The ranges of a shoulder blade on the ribs, in metres at the shoulder joint: elevation about 10 cm,
 * depression about 3 cm, protraction about 8 cm, retraction about 6 cm.
 */
const GIRDLE_RANGE = { up: [-0.03, 0.1], forward: [-0.06, 0.08] } as const;

const within = (name: 'up' | 'forward', [min, max]: readonly [number, number], meaning: string) =>
  v.optional(
    v.pipe(
      v.number(),
      v.minValue(min, `shoulders.${name} is at least ${min} m (${meaning})`),
      v.maxValue(max, `shoulders.${name} is at most ${max} m (${meaning})`),
    ),
    0,
  );

/** A pose key's `shoulders`: metres up (elevation; negative, depression) and forward (protraction; negative, retraction). */
export const ShouldersSchema = v.strictObject({
  up: within('up', GIRDLE_RANGE.up, 'a shoulder rises about 10 cm and drops about 3 cm'),
  forward: within('forward', GIRDLE_RANGE.forward, 'a shoulder reaches forward about 8 cm and pinches back about 6 cm'),
});

/**
 * The shoulders' offset from their place on the trunk, whose upper part points at absolute angle
 * `upper`; seen from the front, forward and back are out of the picture, so only `up` moves them.
 */
export function girdleOffset(girdle: Girdle | undefined, upper: number, isFront: boolean): Point | undefined {
  if (girdle === undefined) return undefined;
  const raised = add([0, 0], direction(upper), girdle.up);
  return isFront ? raised : add(raised, direction(upper - 90), girdle.forward);
}

/** Two keys' girdles `t` of the way from one to the other (a key without one holds the shoulders in place). */
export function mixGirdle(a: Girdle | undefined, b: Girdle | undefined, t: number): Girdle | undefined {
  if (a === undefined && b === undefined) return undefined;
  const [from, to] = [a ?? { up: 0, forward: 0 }, b ?? { up: 0, forward: 0 }];
  return { up: mix(from.up, to.up, t), forward: mix(from.forward, to.forward, t) };
}

/** A key as the check reads it: its name and the girdle its angles carry. */
type GirdleKey = { name: string; angles: { girdle?: Girdle | undefined } };

/**
 * What the picture cannot show: seen from the front, a shoulder moved forward or back goes toward or away
 * from the viewer, so a key that asks for it there would draw nothing the record names.
 */
export function girdleProblems(motion: { view: string; keys: readonly GirdleKey[] }): string[] {
  if (motion.view !== 'front') return [];
  return motion.keys.flatMap((key, i) =>
    (key.angles.girdle?.forward ?? 0) === 0
      ? []
      : [`key ${i} "${key.name}": shoulders.forward moves the shoulders out of the picture in the front view; show it from the side`],
  );
}
