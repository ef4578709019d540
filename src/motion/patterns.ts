/**
 * The movement patterns a description may name, by name. Families with several shapes (stretches,
 * yoga poses) are one pattern with a parameter naming the shape, so a new shape is a new value.
 */
import * as v from 'valibot';
import { benchPress, crunch, hipThrust, plank, pullUp, pushUp } from './patterns-floor.ts';
import { downwardDog, seatedFold, standingStretch, warriorTwo } from './patterns-flexibility.ts';
import { boxJump, burpee, jump } from './patterns-jumps.ts';
import { hinge } from './patterns-hinge.ts';
import { calfRaise, carry, lunge, squat, swing } from './patterns-lower.ts';
import { curl, overheadPress, raise, row } from './patterns-upper.ts';
import { type Pattern, pattern } from './pattern-kit.ts';
import { posePattern } from './patterns-pose.ts';

/** A pattern whose parameter `field` picks one of `shapes`, each a pattern without parameters of its own. */
function family(field: string, shapes: Record<string, Pattern<never>>): Pattern<never> {
  const names = Object.keys(shapes) as [string, ...string[]];
  return pattern({
    params: v.strictObject({ [field]: v.picklist(names, `must be one of ${names.join(', ')}`) }) as v.GenericSchema<
      unknown,
      Record<string, string>
    >,
    views: [...new Set(Object.values(shapes).flatMap((shape) => shape.views))],
    build: ({ params, props }) => shapes[params[field]!]!.build({ params: {} as never, props }),
  }) as unknown as Pattern<never>;
}

const shapes = (entries: Record<string, Pattern<never> | Pattern<Record<string, never>>>) => entries as Record<string, Pattern<never>>;

export const PATTERNS: Readonly<Record<string, Pattern<never>>> = {
  squat,
  hinge,
  swing,
  lunge,
  curl,
  'overhead-press': overheadPress,
  row,
  carry,
  'bench-press': benchPress,
  'push-up': pushUp,
  plank,
  crunch,
  'hip-thrust': hipThrust,
  'pull-up': pullUp,
  'box-jump': boxJump,
  burpee,
  jump,
  raise,
  'calf-raise': calfRaise,
  pose: posePattern,
  stretch: family('stretch', shapes({ 'standing-quad': standingStretch as never, 'seated-hamstring': seatedFold as never })),
  'yoga-pose': family('pose', shapes({ 'downward-dog': downwardDog as never, 'warrior-two': warriorTwo as never })),
} as unknown as Record<string, Pattern<never>>;

export const PATTERN_NAMES = Object.keys(PATTERNS).sort();
