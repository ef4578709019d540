/**
 * The equipment a motion description may name in `props` (motion-files.ts checks it): a list of its own,
 * since every renderer feature adds to it.
 */
/** Everything the catalog names as equipment that a description may show. */
export const PROP_KINDS = [
  'barbell',
  'dumbbells',
  'dumbbell',
  'kettlebell',
  'kettlebells',
  'bench',
  'box',
  'bar',
  'cable',
  'band',
  'ball',
  'mat',
  'wall',
  'plate',
  'farmers-handles',
  'sandbag',
  'roller',
  'stability-ball',
  'incline',
  'decline',
  'smith',
  'stone',
  'log',
  'keg',
  'chains',
  'yoke',
  'heavy-bag',
  'treadmill',
  'sled',
  'battle-ropes',
  'lever',
  'landmine',
  'straps',
  'rings',
  'dip-bars',
  'low-bar',
  'cone',
  'hurdle',
  'massage-ball',
  'jump-rope',
  'bosu',
  'yoga-strap',
  // A machine's seat and fixed pads (machine-place.ts).
  'seat',
  'pad',
  // A machine's fixed handles (machine-handles.ts).
  'handles',
  // Small implements held in the hands or between the knees or ankles (hand-props.ts).
  ...(['pilates-ring', 'dowel', 'squeeze-ball', 'ab-wheel', 'wrist-roller', 'towel', 'massage-stick'] as const),
  // Cardio machines the figure rides or climbs (cardio.ts).
  ...(['stationary-bike', 'air-bike', 'arm-ergometer', 'elliptical', 'recumbent-stepper', 'rowing-machine'] as const),
  ...(['stair-climber', 'bicycle', 'jacobs-ladder'] as const),
  // Rigs the figure lifts, hangs or climbs in (pose-rigs.ts).
  ...(['rack', 'slant-board', 'ghd', 'captains-chair', 'rope'] as const),
  // Strongman implements held in the hands (strongman-implements.ts).
  ...(['dinnie-stones', 'husafell-stone', 'press-block', 'rickshaw'] as const),
  // A Highland throwing weight on its ring handle, swung and thrown (implement-release.ts).
  'throwing-weight',
  // Pilates apparatus (wunda-chair.ts) and the Hercules hold's pillars (hercules-pillars.ts).
  'wunda-chair',
  'hercules-pillars',
  'cadillac',
  // An agility ladder on the floor, scrolling with it under a travelling drill (agility-ladder.ts).
  'agility-ladder',
  // A slider (gliding disc) on the floor under a hand or foot, gliding with it (slider.ts).
  'slider',
  // A mini (loop) band round both legs (mini-band.ts).
  'mini-band',
  // Towels hung over an overhead bar, gripped below it (hung-towel.ts).
  'hung-towel',
  // Lifting blocks under a barbell's plates (lifting-blocks.ts) and boards on the chest under it (chest-boards.ts).
  ...(['blocks', 'boards'] as const),
  // A rolled towel on the floor, a heel propped on it (floor-tops.ts).
  'rolled-towel',
  // A chair back or a counter a standing figure rests a hand on for balance (hand-rest.ts).
  ...(['chair', 'counter'] as const),
  // A hack squat machine: its carriage rides its rails with the trunk, the feet on its angled platform (hack-sled.ts).
  'hack-sled',
] as const;
export type PropKind = (typeof PROP_KINDS)[number];

/** What a fixed prop (FixedProp in motion.ts) is: drawn in the scene, never moving. */
export type FixedPropKind =
  | 'bench'
  | 'box'
  | 'bar'
  | 'low-bar'
  | 'rings'
  | 'dip-bars'
  | 'mat'
  | 'wall'
  | 'cable'
  | 'band'
  | 'straps'
  | 'lever'
  | 'landmine'
  | 'roller'
  | 'massage-ball'
  | 'stability-ball'
  | 'bosu'
  | 'yoga-strap'
  | 'incline'
  | 'decline'
  | 'smith'
  | 'cone'
  | 'hurdle'
  | 'heavy-bag'
  | 'treadmill'
  | 'sled'
  | 'battle-ropes'
  | 'jump-rope'
  | 'reformer'
  | 'stationary-bike'
  | 'air-bike'
  | 'arm-ergometer'
  | 'elliptical'
  | 'recumbent-stepper'
  | 'rowing-machine'
  | 'stair-climber'
  | 'bicycle'
  | 'jacobs-ladder'
  | 'stairs'
  | 'rack'
  | 'slant-board'
  | 'ghd'
  | 'captains-chair'
  | 'rope'
  | 'seat'
  | 'pad'
  | 'handles'
  | 'wunda-chair'
  | 'hercules-pillars'
  | 'cadillac'
  | 'agility-ladder'
  | 'slider'
  | 'mini-band'
  | 'hung-towel'
  | 'blocks'
  | 'boards'
  | 'chains'
  | 'floor-load'
  | 'rolled-towel'
  | 'chair'
  | 'counter'
  | 'hack-sled';

/**
 * Where the props worn or stood on are placed: here, beside the kinds, so that motion.ts can name them
 * without importing the modules that use motion.ts (slider.ts, mini-band.ts; test/import-cycles.test.ts).
 */
/** The parts a slider may lie under (slider.ts). */
export const SLIDER_PARTS = ['left-foot', 'right-foot', 'left-hand', 'right-hand'] as const;
export type SliderPart = (typeof SLIDER_PARTS)[number];
/** Where a mini band may be looped round both legs (mini-band.ts). */
export const MINI_BAND_PLACES = ['above-knees', 'below-knees', 'ankles', 'feet'] as const;
export type MiniBandAt = (typeof MINI_BAND_PLACES)[number];
/** What may lie on the floor for the feet to hook under (floor-load.ts): a dumbbell with round heads, or a bar loaded with small plates. */
export const FLOOR_LOADS = ['dumbbell', 'barbell'] as const;
export type FloorLoad = (typeof FLOOR_LOADS)[number];
/** How the hands may hold a landmine's bar besides past its end (landmine-sleeve.ts): at the end of its loaded sleeve. */
export const LANDMINE_GRIPS = ['sleeve-end'] as const;
export type LandmineGrip = (typeof LANDMINE_GRIPS)[number];
/** The places a Smith bar pressed by the feet is held (smith-soles.ts): both soles, or one. */
export const SOLE_HOLDS = ['soles', 'left-sole', 'right-sole'] as const;
export type SoleHold = (typeof SOLE_HOLDS)[number];
/** Where a held load may be (HeldProp.at, a description's `holdIn`): in both hands or one, on the body, or at the soles. */
export const HOLD_PLACES = [
  'hands',
  'left',
  'right',
  'back',
  'front-rack',
  'knees',
  'ankles',
  'around-ankles',
  'belt',
  'knee-crease',
  ...SOLE_HOLDS,
] as const;
export type HoldPlace = (typeof HOLD_PLACES)[number];
/** A chair back or counter a hand rests on (hand-rest.ts): its top's span the hands rest along, and where it stands: beside the figure (behind it as seen), in the picture or in front of it. */
export type HandRestPlace = { rail: readonly [number, number]; stands: 'beside' | 'in-plane' | 'in-front' };
/** What a machine's lever ends in (machine.ts): handles, a foot platform, a roller pad on the front or back of the shin, a pad on the body. */
export type LeverEnd = 'handles' | 'platform' | 'front-roller' | 'back-roller' | 'pad';
/** The body part a machine's fixed pad rests against: a backrest, a chest pad, a thigh pad. */
export type PadPart = 'back' | 'chest' | 'thighs';
