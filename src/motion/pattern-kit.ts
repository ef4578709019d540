/**
 * What patterns share: keys with defaults, the held props a description's prop names become, a
 * bisection solver (a trunk lean that balances, a hip height that lets the hands reach the bar) and
 * the contacts of standing feet.
 */
import * as v from 'valibot';
import type { BodyPoint, Contact, FixedProp, HeldProp, Key, Motion } from './motion.ts';
import type { PropKind } from './prop-kinds.ts';
import { solve } from './geometry.ts';
import { within } from './schema-numbers.ts';
import { angles, arm, flatFootLeg, leg } from './motion.ts';
import { add, type Body, centreWithLoad, type Point, SEGMENT, type View } from './skeleton.ts';
import { heldAt, keyBody, loadGrip, pointOf } from './timeline.ts';

export interface KeyInput extends Partial<Omit<Key, 'name' | 'angles' | 'anchor'>> {
  name: string;
  angles: Key['angles'];
  anchor: Key['anchor'];
}

export function key(input: KeyInput): Key {
  return { contacts: [], isBalanced: false, hold: 0.3, move: 0.9, ...input };
}

export const FEET_ON: (surface: string) => Contact[] = (surface) =>
  (['leftHeel', 'leftToe', 'rightHeel', 'rightToe'] as const).map((point) => ({ point, on: surface }));
export const HANDS_ON: (surface: string) => Contact[] = (surface) =>
  (['leftHand', 'rightHand'] as const).map((point) => ({ point, on: surface }));
export const on = (surface: string, ...points: BodyPoint[]): Contact[] => points.map((point) => ({ point, on: surface }));

/** Masses of what a figure carries, for the balance check. */
const PROP_MASS_KG: Partial<Record<PropKind, number>> = {
  barbell: 60,
  dumbbells: 24,
  dumbbell: 12,
  kettlebell: 16,
  kettlebells: 32,
  sandbag: 60,
  stone: 100,
  log: 90,
  keg: 70,
  chains: 20,
  ball: 6,
  plate: 20,
  'farmers-handles': 100,
  'pilates-ring': 1,
  dowel: 1,
  'squeeze-ball': 0.2,
  'ab-wheel': 1.5,
  'wrist-roller': 5,
  towel: 0.3,
  'massage-stick': 0.5,
  // The Dinnie stones together (188 and 144.5 kg), a Husafell stone, a press block.
  'dinnie-stones': 332,
  'husafell-stone': 150,
  'press-block': 100,
  rickshaw: 200,
  // A 56 lb Highland weight.
  'throwing-weight': 25,
};

/**
 * The held props of a description's prop names, each at the place the pattern gives its kind
 * (`barbell` -> `back` in a back squat, `hands` in a deadlift); fixed props are the pattern's to place.
 */
export function heldProps(props: readonly PropKind[], placeOf: (kind: HeldProp['kind']) => HeldProp['at']): HeldProp[] {
  const held: HeldProp[] = [];
  for (const kind of props) {
    const mass = PROP_MASS_KG[kind];
    if (mass === undefined) continue;
    // Chains hang from the bar's sleeves: wherever the pattern puts the barbell.
    const at = placeOf(kind === 'chains' ? 'barbell' : (kind as HeldProp['kind']));
    held.push({ kind: kind as HeldProp['kind'], at, massKg: mass });
  }
  return held;
}

export function bodyOf(k: Key, view: View): Body {
  return keyBody(k, view).body;
}

const STANCE_CENTRE = 0.4;

/** Where the centre of mass (figure and load) falls ahead of the middle of the feet's base. */
export function balanceError(
  body: Body,
  held: readonly HeldProp[],
  base: readonly BodyPoint[] = ['leftHeel', 'leftToe', 'rightHeel', 'rightToe'],
  view: View = 'side',
): number {
  const loads = held.map((prop): [Point, number] => [heldAt(body, prop), prop.massKg]);
  const centre = centreWithLoad(body, loads);
  const xs = base.map((point) => pointOf(body, point)[0]);
  // In quiet stance the centre of mass falls about 40% of the way from the heels to the toes.
  // Seen from the front, it falls midway between the feet.
  const fraction = view === 'front' ? 0.5 : STANCE_CENTRE;
  return centre[0] - (Math.min(...xs) + (Math.max(...xs) - Math.min(...xs)) * fraction);
}

/** The key `build(x)` with x solved so that the centre of mass is over the middle of the feet. */
export function balanced(build: (x: number) => Key, lo: number, hi: number, held: readonly HeldProp[], view: View = 'side'): Key {
  return build(solve((x) => balanceError(bodyOf(build(x), view), held, undefined, view), lo, hi));
}

export function pointIn(k: Key, point: BodyPoint, view: View = 'side'): Point {
  return pointOf(bodyOf(k, view), point);
}

/** The standing anchor: the left heel on the floor at x. */
export const heelAt = (x: number, y = 0): Key['anchor'] => ({ point: 'leftHeel', at: [x, y] });

/** A flat bench of standard height (43 cm) from x0 to x1. */
export const bench = (x0: number, x1: number): FixedProp => ({ kind: 'bench', x0, x1, y: 0.43 });

export function motion(parts: Omit<Motion, 'stills'> & { stills?: Motion['stills'] }): Motion {
  return { stills: [0, parts.keys.length - 1], ...parts };
}

/** A mat under the figure from x0 to x1, when the description names one. */
export function matIf(props: readonly PropKind[], x0: number, x1: number): FixedProp[] {
  return props.includes('mat') ? [{ kind: 'mat', x0, x1, y: 0.01 }] : [];
}

/** The height of an ankle on a flat foot. */
export const ANKLE_Y = SEGMENT.ankleHeight;

export interface PatternInput<P> {
  params: P;
  props: readonly PropKind[];
  /** The view the description asks for, when the pattern offers more than one (`above`: the pose pattern's figure lying on the floor). */
  view?: View | 'above';
}

export interface Pattern<P = Record<string, unknown>> {
  /** The pattern's own fields of a description, beside `pattern`, `props` and `view`. */
  params: v.GenericSchema<unknown, P>;
  views: readonly (Motion['view'] | 'above')[];
  build(input: PatternInput<P>): Motion;
}

export const pattern = <P>(p: Pattern<P>): Pattern<P> => p;

export const unit = (min: number, max: number, fallback: number) => v.optional(within(min, max), fallback);

/** Arms hanging straight down from a trunk leaning `trunk` degrees. */
export const hanging = (trunk: number, shoulderExtra = 0, elbow = 3) => arm(trunk + shoulderExtra, elbow);

/** Hands on a held load's grip: targets where the load sits, for loads carried on the trunk. */
export function handsOnLoad(k: Key, held: readonly HeldProp[]): Key {
  const load = held.find((prop) => prop.at === 'back' || prop.at === 'front-rack');
  if (load === undefined) return k;
  const grip = loadGrip(keyBody(k, 'side').body, load);
  return { ...k, hands: { left: grip, right: grip } };
}

/** Standing, crouched or in the air: feet flat under the hips, the anchor's heel at `x`, `y`. */
export function standingAt(
  name: string,
  x: number,
  y: number,
  thigh: number,
  shank: number,
  trunk: number,
  arms: ReturnType<typeof arm>,
  surface: string,
): Key {
  return key({
    name,
    angles: angles({ trunk, legs: flatFootLeg(trunk, thigh, shank), arms }),
    anchor: heelAt(x, y),
    contacts: surface === '' ? [] : FEET_ON(surface),
    isBalanced: surface !== '',
    hold: 0.1,
    move: 0.45,
  });
}

/** A straight body from toes to shoulders, hands on the floor at `handX`, shoulders `height` above it, elbows bending back. */
export function proneOnHands(name: string, handX: number, height: number, knees = false): Key {
  const build = (trunk: number) =>
    key({
      name,
      angles: angles({ trunk, neck: -10, legs: knees ? leg(-5, 90, -30) : leg(0, 0, -8) }),
      anchor: knees ? { point: 'leftKnee', at: [0, 0.05] } : { point: 'leftToe', at: [0, 0] },
      hold: 0.2,
    });
  const trunk = solve((t) => pointIn(build(t), 'neckBase')[1] - height, 45, 95);
  const k = build(trunk);
  const offset = handX - pointIn(k, 'neckBase')[0];
  const anchored = { ...k, anchor: { ...k.anchor, at: add(k.anchor.at, [offset, 0]) } };
  const hand: Point = [handX + 0.02, 0.03];
  return {
    ...anchored,
    hands: { left: hand, right: hand },
    // Elbows bend back along the ribs (push-ups, burpees), never toward the head.
    elbows: 'back',
    contacts: [...HANDS_ON('floor'), ...on('floor', knees ? 'leftKnee' : 'leftToe')],
  };
}
