/**
 * How plainly an exercise is the canonical form of its movement, derived from the catalog itself, so
 * that `bench press` puts the barbell bench press near the top even on a catalog nobody wrote keywords
 * for (a free-exercise-db import), where BM25 alone prefers every shorter-named variant.
 *
 * An exercise's family is every exercise whose base name holds all of its base name's terms. The base
 * name is the name before a qualifier (" - Medium Grip", "(Close Grip)"), without the words that only
 * restate its equipment ("Barbell" on a barbell exercise, "EZ-Bar" on an EZ-bar one). The
 * plain form of a movement has the largest family of its own equipment: "Barbell Bench Press - Medium
 * Grip" reads as "bench press", whose family holds every bench press, most of them barbell ones, while
 * "Decline Barbell Bench Press" heads a family of two. The prior is the log of that count: it orders
 * exercises within a ranking tier (ranking.ts) and never lifts one across tiers.
 *
 * No list of ids or names is involved: the families are counted from the names and equipment at build.
 */
import type { Exercise } from '../catalog/snapshot-schema.ts';
import type { Steps } from '../time-slices.ts';
import { baseName, contentTerms } from './text-normalize.ts';

/** How much one unit of log(family size) is worth beside a BM25 score (a name match scores about 10-20). */
export const CANONICAL_WEIGHT = 2.5;
/** Base names with more terms head no family worth counting; subsets are enumerated up to this size. */
const MAX_BASE_TERMS = 4;
/** What a name says of an exercise without equipment, as its equipment's words. */
const NO_EQUIPMENT_WORDS = 'bodyweight body weight';
const EXERCISES_PER_STEP = 1024;

/**
 * The distinct terms of the name before any qualifier, without the words that restate its equipment
 * (the last term stays: "EZ-Bar Curl" on an EZ curl bar is a curl), sorted.
 */
export function baseTerms(exercise: Pick<Exercise, 'name' | 'equipment'>): string[] {
  const terms = contentTerms(baseName(exercise.name));
  const equipment = new Set(contentTerms(exercise.equipment ?? NO_EQUIPMENT_WORDS));
  const kept = terms.filter((term, i) => i === terms.length - 1 || !equipment.has(term));
  return [...new Set(kept)].sort();
}

/** Every subset of `terms` (sorted, distinct) of at most MAX_BASE_TERMS terms, as keys. */
function subsetKeys(terms: readonly string[], visit: (key: string) => void): void {
  const n = terms.length;
  const walk = (from: number, chosen: string[]): void => {
    if (chosen.length > 0) visit(chosen.join(' '));
    if (chosen.length === MAX_BASE_TERMS) return;
    for (let i = from; i < n; i++) {
      chosen.push(terms[i]!);
      walk(i + 1, chosen);
      chosen.pop();
    }
  };
  walk(0, []);
}

/**
 * Each exercise's prior (by position): CANONICAL_WEIGHT x log(1 + the exercises of its own equipment
 * whose base names hold all of its base terms). Zero for a base name over MAX_BASE_TERMS terms.
 */
export function* canonicalPriorSteps(exercises: readonly Exercise[]): Steps<Float32Array> {
  const keys: (string | undefined)[] = [];
  const wanted = new Map<string, number>();
  for (let p = 0; p < exercises.length; p++) {
    const exercise = exercises[p]!;
    const terms = baseTerms(exercise);
    const key = terms.length <= MAX_BASE_TERMS ? `${exercise.equipment ?? ''}\u0000${terms.join(' ')}` : undefined;
    keys.push(key);
    if (key !== undefined) wanted.set(key, 0);
    if ((p + 1) % EXERCISES_PER_STEP === 0) yield;
  }
  // Count each family by enumerating every exercise's base-term subsets that head some family.
  for (let p = 0; p < exercises.length; p++) {
    const exercise = exercises[p]!;
    const prefix = `${exercise.equipment ?? ''}\u0000`;
    subsetKeys(baseTerms(exercise), (subset) => {
      const key = prefix + subset;
      const count = wanted.get(key);
      if (count !== undefined) wanted.set(key, count + 1);
    });
    if ((p + 1) % EXERCISES_PER_STEP === 0) yield;
  }
  const priors = new Float32Array(exercises.length);
  for (let p = 0; p < exercises.length; p++) {
    const key = keys[p];
    if (key !== undefined) priors[p] = CANONICAL_WEIGHT * Math.log(1 + wanted.get(key)!);
  }
  return priors;
}
