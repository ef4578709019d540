/**
 * Towels hung over an overhead bar (`towels`, prop `hung-towel`; side view, with `hang`): the hands named
 * grip a towel draped over the bar `towelGrip` metres below it, a hand not named grips the bar itself (a
 * towel pull-up with both fists on towels; a one-arm chin-up helped by the other hand lower on a towel).
 * Where each hand holds, the keys with their hands put there, and what `check` refuses: a hand that lets go
 * of its towel or the bar in any frame, towels seen from the front, and towels with nothing to hang from.
 */
import * as v from 'valibot';
import type { Contact, FixedProp, Key, LineEnd, Motion } from './motion.ts';
import type { Point, Side, View } from './skeleton.ts';
import { SIDES } from './skeleton.ts';
import { within } from './schema-numbers.ts';
import { firstFrameProblem } from './timeline.ts';

/** Which hands hold a towel: both, or the one named (the other holds the bar). */
export const TOWEL_HANDS = ['both-hands', 'left-hand', 'right-hand'] as const;
export type TowelHands = (typeof TOWEL_HANDS)[number];

/** A hand's grip is this far from its towel or the bar before it has let go (metres). */
const ON_GRIP = 0.03;
/** Below the bar a fist on a towel holds 30 cm down unless said: a bath towel draped in half leaves about 60 cm. */
const DEFAULT_GRIP = 0.3;

export const HUNG_TOWEL_ENTRIES = {
  /**
   * Towels draped over the overhead bar (prop `hung-towel`, with `hang`): `both-hands` grip one each, or
   * `left-hand` / `right-hand` grips one while the other hand grips the bar (hung-towel.ts).
   */
  towels: v.optional(v.picklist(TOWEL_HANDS, 'towels hang for both-hands, the left-hand or the right-hand (one of those words)')),
  /** How far below the bar the hands hold their towels: 10 to 50 cm (a towel doubled over the bar is about 60 cm long). */
  towelGrip: v.optional(within(0.1, 0.5)),
};

const LINE_END: Record<TowelHands, LineEnd> = { 'both-hands': 'hands', 'left-hand': 'left', 'right-hand': 'right' };

/** Does the towel prop put a towel in this hand? */
export const holdsTowel = (prop: FixedProp, side: Side): boolean => prop.to === 'hands' || prop.to === side;

/** The hung towels of a description: a `hung-towel` prop when it names the prop or `towels`, which check then pairs. */
export function hungTowelOf(
  params: { towels?: TowelHands; towelGrip?: number },
  props: readonly string[],
  /** Where the fixed (left) hand holds at every key: on its towel, or on the bar. */
  grip: Point | undefined,
): FixedProp | undefined {
  if (params.towels === undefined && !props.includes('hung-towel')) return undefined;
  const drop = params.towelGrip ?? DEFAULT_GRIP;
  const [x, y] = grip ?? [0, 0];
  // The left hand holds where the hang puts it: on its towel (the bar `drop` above it) or on the bar.
  const bar = params.towels === 'right-hand' ? y : y + drop;
  return {
    kind: 'hung-towel',
    x0: x,
    x1: x,
    y: bar - drop,
    upper: bar,
    ...(params.towels === undefined ? {} : { to: LINE_END[params.towels] }),
  };
}

/** Where the bar the towels hang over is, given the hanging grip of the left hand (the bar drawn above the towel grip). */
export const barOverTowels = (grip: Point, towel: FixedProp | undefined): Point =>
  towel === undefined || towel.upper === undefined ? grip : [grip[0], towel.upper];

/** Where one hand holds: on its towel, or on the bar. */
export const gripOf = (towel: FixedProp, side: Side): Point => [towel.x0, holdsTowel(towel, side) ? towel.y : towel.upper!];

/**
 * A placed hanging key with each hand put where it holds, its contact on the towel or the bar: a hand lower on a
 * towel than the other on the bar bends its elbow to reach there, and stays there from key to key.
 */
export function onTowels(key: Key, towel: FixedProp | undefined): Key {
  if (towel?.to === undefined) return key;
  const hands = { left: gripOf(towel, 'left'), right: gripOf(towel, 'right') };
  const contacts: Contact[] = key.contacts.map((contact) => {
    const side: Side = contact.point === 'leftHand' ? 'left' : 'right';
    const isHand = contact.point === 'leftHand' || contact.point === 'rightHand';
    return isHand && contact.on === 'bar' && holdsTowel(towel, side) ? { ...contact, on: 'towel' } : contact;
  });
  return { ...key, hands, contacts };
}

/** Why a description's hung towels cannot be drawn, or what hand lets go of what it holds first. */
export function hungTowelProblems(motion: Motion): string[] {
  const towel = motion.fixed.find((prop) => prop.kind === 'hung-towel');
  if (towel === undefined) return [];
  if (towel.to === undefined)
    return ['towels: a hung-towel prop needs `towels` (both-hands, left-hand or right-hand) to say which hands hold one'];
  if (!motion.fixed.some((prop) => prop.kind === 'bar'))
    return ['towels: towels hang over an overhead bar: add the prop `bar` with `hang: true` (not rings, parallel bars or a rope)'];
  if (motion.view !== 'side') return [`towels: towels hung over a bar are drawn from the side only, not the ${motion.view as View}`];
  const found = firstFrameProblem(motion, (body) => {
    for (const side of SIDES) {
      const [x, y] = gripOf(towel, side);
      const hand = body.arms[side].hand;
      const off = Math.hypot(hand[0] - x, hand[1] - y);
      const what = holdsTowel(towel, side) ? `its towel ${Math.round((towel.upper! - towel.y) * 100)} cm below the bar` : 'the bar';
      if (off > ON_GRIP) return `the ${side} hand is ${(off * 100).toFixed(0)} cm off ${what}`;
    }
    return undefined;
  });
  return found.map((message) => `towels: ${message}`);
}
