/**
 * Sliders (gliding discs): flat discs lying on the floor under a foot or a hand, which glide with it along
 * the floor while everything else stays planted (a slider knee tuck, a reverse lunge, a body saw). The
 * `pose` description names the parts on them (`sliders`); each is a fixed prop of the scene whose place is
 * read from the body every frame, as a yoga strap's is, so the disc moves with its part. `check` refuses a
 * slider under a part that is not on the floor, or that lifts off it at any time: a part on a slider glides,
 * it never steps, so a disc left lying on the floor while the foot travels in the air is never drawn.
 */
import * as v from 'valibot';
import type { FixedProp, Motion } from './motion.ts';
import { SLIDER_PARTS, type SliderPart } from './prop-kinds.ts';
import type { Body, Point, Side } from './skeleton.ts';
import { firstFrameProblem, groundAt, REST_HEIGHT, supportsOf } from './timeline.ts';

/** A slider: about 18 cm across and 1.5 cm thick. */
export const SLIDER = { diameter: 0.18, thickness: 0.015 } as const;

/** Shorthands for a slider under each foot or each hand. */
const BOTH: Record<'both-feet' | 'both-hands', readonly SliderPart[]> = {
  'both-feet': ['left-foot', 'right-foot'],
  'both-hands': ['left-hand', 'right-hand'],
};

/** The pose pattern's field naming the parts on sliders. */
export const SLIDER_ENTRIES = {
  /** The parts resting on sliders: `both-feet`, `both-hands`, or a list of `left-foot`, `right-foot`, `left-hand`, `right-hand`. */
  sliders: v.optional(
    v.union(
      [
        v.picklist(['both-feet', 'both-hands']),
        v.pipe(
          v.array(v.picklist(SLIDER_PARTS)),
          v.minLength(1, 'names at least one part'),
          v.check((parts) => new Set(parts).size === parts.length, 'names a part twice'),
        ),
      ],
      'must be both-feet, both-hands or a list of left-foot, right-foot, left-hand, right-hand',
    ),
  ),
};

/** One fixed prop a slider for each part named (none when the description names none). */
export function slidersOf(sliders: 'both-feet' | 'both-hands' | readonly SliderPart[] | undefined): FixedProp[] {
  const parts = sliders === undefined ? [] : typeof sliders === 'string' ? BOTH[sliders] : sliders;
  return parts.map((under) => ({ kind: 'slider', x0: 0, x1: 0, y: 0, under }));
}

/** A foot with heel and toe this close in height is flat on the slider; else it rests on the lower end (its toes, or its heel). */
const FLAT = 0.02;
/** A part on a slider this far above the floor has lifted off it (metres), as a contact's tolerance. */
const ON_FLOOR = 0.02;

const sideOf = (part: SliderPart): Side => (part.startsWith('left') ? 'left' : 'right');
const words = (part: SliderPart): string => part.replace('-', ' ');

/**
 * Where the slider under `part` is in this frame: the x of its middle (under a flat foot's middle, under the
 * toes of a foot on its toes or the heel of a foot on its heel, under the hand), and how high above the floor
 * the underside of that part is (its sole, or the hand's resting height).
 */
export function sliderUnder(body: Body, part: SliderPart): { x: number; lift: number } {
  const side = sideOf(part);
  if (part.endsWith('hand')) {
    const hand = body.arms[side].hand;
    return { x: hand[0], lift: hand[1] - REST_HEIGHT.leftHand };
  }
  const { heel, toe } = body.legs[side];
  if (Math.abs(heel[1] - toe[1]) < FLAT) return { x: (heel[0] + toe[0]) / 2, lift: Math.min(heel[1], toe[1]) };
  const lower: Point = heel[1] < toe[1] ? heel : toe;
  return { x: lower[0], lift: lower[1] };
}

/** The sliders of a scene, with the part each lies under. */
export const slidersIn = (motion: Motion): (FixedProp & { under: SliderPart })[] =>
  motion.fixed.filter((prop): prop is FixedProp & { under: SliderPart } => prop.kind === 'slider' && prop.under !== undefined);

/**
 * What `check` refuses of the sliders, as messages naming the field: a slider on a travelling floor (it would
 * drift with the floor), a key that steps a part on a slider, and, naming the time, a part on a slider more
 * than 2 cm off the floor or over something else (a box, a bench): a slider lies on the floor under a part
 * resting there and glides with it, never lifting.
 */
export function sliderProblems(motion: Motion): string[] {
  const sliders = slidersIn(motion);
  if (sliders.length === 0) return [];
  if (motion.travel !== undefined) return ['sliders: a slider glides on a still floor; a travelling figure has none'];
  const messages: string[] = [];
  motion.keys.forEach((key, i) => {
    const stepped = sliders.find((prop) => prop.under === key.step);
    if (stepped !== undefined)
      messages.push(`sliders: key ${i} "${key.name}" steps the ${words(stepped.under)}, which glides on its slider: leave out step`);
  });
  const supports = supportsOf(motion.fixed);
  for (const prop of sliders) {
    const found = firstFrameProblem(motion, (body) => {
      const { x, lift } = sliderUnder(body, prop.under);
      const ground = groundAt(x, supports);
      if (ground.name !== 'floor') return `the ${words(prop.under)} on its slider is over the ${ground.name}: a slider glides on the floor`;
      if (lift > ON_FLOOR)
        return `the ${words(prop.under)} on its slider is ${(lift * 100).toFixed(0)} cm off the floor: a part on a slider rests on it and glides, never lifting`;
      return undefined;
    });
    messages.push(...found.map((message) => `sliders: ${message}`));
  }
  return messages;
}
