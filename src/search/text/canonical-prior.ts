/**
 * How plainly an exercise is the canonical form of its movement, derived from the catalog itself, so
 * that `bench press` puts the barbell bench press near the top even on a catalog nobody wrote keywords
 * for (a free-exercise-db import), where BM25 alone prefers every shorter-named variant.
 *
 * An exercise's family is every exercise of its own equipment whose base name holds all of its base
 * name's terms. The base name is the name before a qualifier (" - Medium Grip", a closing "(Close
 * Grip)"), without the words that only
 * restate its equipment ("Barbell" on a barbell exercise, "EZ-Bar" on an EZ-bar one). The
 * plain form of a movement has the largest family of its own equipment: "Barbell Bench Press - Medium
 * Grip" reads as "bench press", whose family holds every bench press, most of them barbell ones, while
 * "Decline Barbell Bench Press" heads a family of two. Search adds CANONICAL_WEIGHT x log(1 + size) to a score
 * within a ranking tier (ranking/ranker.ts), never lifting one across tiers; suggest counts it as name terms
 * its name is shorter by (text/term-index.ts, suggestLength).
 *
 * No list of ids or names is involved: the families are counted from the names and equipment at build.
 */
import type { Exercise } from '../../catalog/snapshot-schema.ts';
import type { Steps } from '../../time-slices.ts';
import { baseName, ENGLISH } from './normalize.ts';
import { TextTerms } from './text-terms.ts';

/**
 * How much one unit of log(family size) is worth beside a BM25 score (a name match scores about 10-20):
 * enough that `row` on the raw free-exercise-db import puts the bent-over barbell row (heading four
 * barbell rows) beside the two-word "Inverted Row", not so much that `lat pull down` loses the lat pulldown.
 */
export const CANONICAL_WEIGHT = 4;
/** Base names with more terms head no family worth counting; subsets are enumerated up to this size. */
const MAX_BASE_TERMS = 3;
/**
 * Only this many of a long base name's terms are read when counting it into families: a member with
 * more terms is a distant variant, and reading every subset of long names costs seconds at 100x.
 */
const MAX_MEMBER_TERMS = 5;
/** What a name says of an exercise without equipment, as its equipment's words. */
const NO_EQUIPMENT_WORDS = 'bodyweight body weight';
const EXERCISES_PER_STEP = 64;

/**
 * The distinct terms of the name before any qualifier, without the words that restate its equipment
 * (the last term stays: "EZ-Bar Curl" on an EZ curl bar is a curl), sorted; tokenized by `textTerms`
 * (the catalog language's rules, and what a reload already tokenized).
 */
export function baseTerms(exercise: Pick<Exercise, 'name' | 'equipment'>, textTerms: TextTerms = new TextTerms(ENGLISH)): string[] {
  const terms = textTerms.of(baseName(exercise.name));
  const equipment = new Set(textTerms.of(exercise.equipment ?? NO_EQUIPMENT_WORDS));
  const kept = terms.filter((term, i) => i === terms.length - 1 || !equipment.has(term));
  return [...new Set(kept)].sort();
}

/**
 * Term ids by term, and ids of equipment values: families are counted under numeric keys (three term
 * ids packed into one number), which at 100x the catalog is several times faster than joined strings.
 */
class FamilyKeys {
  readonly #termIds = new Map<string, number>();
  readonly #equipmentIds = new Map<string | null, number>();

  /** The sorted distinct term ids of `terms`. */
  idsOf(terms: readonly string[]): number[] {
    return terms.map((term) => this.#id(this.#termIds, term)).sort((a, b) => a - b);
  }

  equipmentId(equipment: string | null): number {
    return this.#id(this.#equipmentIds, equipment);
  }

  #id<K>(ids: Map<K, number>, key: K): number {
    let id = ids.get(key);
    if (id === undefined) {
      id = ids.size + 1;
      ids.set(key, id);
    }
    return id;
  }

  /** One number per (equipment, up to three sorted term ids), exact while the vocabulary stays under 2^17. */
  static pack(equipment: number, a: number, b = 0, c = 0): number {
    return ((equipment * TERM_ID_SPAN + a) * TERM_ID_SPAN + b) * TERM_ID_SPAN + c;
  }
}

/** Term ids stay below this (2^17 distinct base-name terms), so four packed ids fit a double exactly. */
const TERM_ID_SPAN = 131_072;

/** Calls `visit` with the key of every non-empty subset of at most MAX_BASE_TERMS of the `n` ids from `ids[at]`. */
function visitSubsets(equipment: number, ids: Int32Array, at: number, n: number, visit: (key: number) => void): void {
  for (let i = at; i < at + n; i++) {
    visit(FamilyKeys.pack(equipment, ids[i]!));
    for (let j = i + 1; j < at + n; j++) {
      visit(FamilyKeys.pack(equipment, ids[i]!, ids[j]!));
      for (let k = j + 1; k < at + n; k++) visit(FamilyKeys.pack(equipment, ids[i]!, ids[j]!, ids[k]!));
    }
  }
}

/**
 * The search prior of a family of `size` exercises (ranking/ranker.ts adds it to a score within a tier). A
 * name too long to head a family (size 0) counts as a family of one, as every other variant does.
 */
export function canonicalPrior(size: number): number {
  return CANONICAL_WEIGHT * Math.log(1 + Math.max(1, size));
}

/**
 * How many name terms a family of `size` is worth to suggest, whose tie-break is "fewer name terms
 * first": 3 log2(1 + size), so heading a family of 7 counts like a name 9 terms shorter. It has to
 * outweigh a completion's closeness to what was typed ("ben" is nearer "bend" than "bench": about 4
 * terms' worth in the name and one more in the keywords), or "barbell ben" offers the side bend first.
 */
export function suggestCredit(size: number): number {
  return Math.floor(3 * Math.log2(1 + size));
}

/** Added to every suggest length so that a credit never drives one below zero (the order is unchanged). */
export const SUGGEST_LENGTH_OFFSET = 32;

/**
 * Each exercise's family size (by position): the exercises of its own equipment whose base names hold
 * all of its base terms, itself included. Zero for a base name over MAX_BASE_TERMS terms, and for
 * every exercise of a catalog whose base names use more distinct terms than the keys can hold.
 */
export function* canonicalFamilySteps(exercises: readonly Exercise[], textTerms: TextTerms = new TextTerms(ENGLISH)): Steps<Int32Array> {
  const sizes = new Int32Array(exercises.length);
  const familyKeys = new FamilyKeys();
  const keys = new Float64Array(exercises.length).fill(-1);
  // The first MAX_MEMBER_TERMS sorted base-term ids of each exercise, in one array: read again in the
  // second pass, a small array each would live through the build's young-generation collections.
  const baseIds = new Int32Array(exercises.length * MAX_MEMBER_TERMS);
  const baseCounts = new Uint8Array(exercises.length);
  const equipmentIds = new Int32Array(exercises.length);
  const counts = new Map<number, number>();
  for (let p = 0; p < exercises.length; p++) {
    const exercise = exercises[p]!;
    const ids = familyKeys.idsOf(baseTerms(exercise, textTerms));
    const equipment = familyKeys.equipmentId(exercise.equipment);
    if (ids.at(-1)! >= TERM_ID_SPAN) return sizes;
    baseCounts[p] = Math.min(ids.length, MAX_MEMBER_TERMS);
    for (let i = 0; i < baseCounts[p]!; i++) baseIds[p * MAX_MEMBER_TERMS + i] = ids[i]!;
    equipmentIds[p] = equipment;
    if (ids.length <= MAX_BASE_TERMS) {
      keys[p] = FamilyKeys.pack(equipment, ids[0]!, ids[1], ids[2]);
      counts.set(keys[p]!, 0);
    }
    if ((p + 1) % EXERCISES_PER_STEP === 0) yield;
  }
  // Count each family by visiting every exercise's base-term subsets that head some family.
  const count = (key: number): void => {
    const seen = counts.get(key);
    if (seen !== undefined) counts.set(key, seen + 1);
  };
  for (let p = 0; p < exercises.length; p++) {
    visitSubsets(equipmentIds[p]!, baseIds, p * MAX_MEMBER_TERMS, baseCounts[p]!, count);
    if ((p + 1) % EXERCISES_PER_STEP === 0) yield;
  }
  for (let p = 0; p < exercises.length; p++) if (keys[p]! >= 0) sizes[p] = counts.get(keys[p]!)!;
  return sizes;
}
