/** The movement patterns a description may name, by name. */
import {
  benchPress,
  boxJump,
  burpee,
  crunch,
  downwardDog,
  hipThrust,
  plank,
  pullUp,
  pushUp,
  seatedFold,
  warriorTwo,
} from './patterns-floor.ts';
import { carry, curl, hinge, lunge, overheadPress, type Pattern, row, squat, standingStretch, swing } from './patterns-standing.ts';

export const PATTERNS: Readonly<Record<string, Pattern<never>>> = {
  squat,
  hinge,
  swing,
  lunge,
  curl,
  'overhead-press': overheadPress,
  row,
  'standing-stretch': standingStretch,
  carry,
  'bench-press': benchPress,
  'push-up': pushUp,
  plank,
  crunch,
  'hip-thrust': hipThrust,
  'pull-up': pullUp,
  'box-jump': boxJump,
  burpee,
  'seated-fold': seatedFold,
  'downward-dog': downwardDog,
  'warrior-two': warriorTwo,
} as unknown as Record<string, Pattern<never>>;

export const PATTERN_NAMES = Object.keys(PATTERNS).sort();
