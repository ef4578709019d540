/**
 * Filter bitsets for every value of every filterable field, built once per catalog, plus the
 * function that turns a request's filters into one bitset (OR within a parameter, AND across).
 * `muscle` and `equipment` values are matched as content keys (case, plurals and spacing folded) and
 * also by the names people use (filters/aliases.ts, extended by the snapshot); a value that names
 * nothing matches nothing.
 */
import { isSameRecord } from '../../catalog/same-record.ts';
import type { Exercise, MuscleGroup } from '../../catalog/snapshot-schema.ts';
import type { Steps } from '../../time-slices.ts';
import { type Bitset, createBitset, intersectInto, setBit, unionOf } from '../structures/bitset.ts';
import type { AliasTable, EquipmentAliasTable } from './aliases.ts';
import { contentKey, ENGLISH, type TextRules } from '../text/normalize.ts';

export const FILTER_FIELDS = ['category', 'muscle', 'equipment', 'level', 'force', 'mechanic', 'hasVideo'] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];

/** One parameter of a request: the values a client sent for it, OR-ed together. */
export interface Filter {
  field: FilterField;
  values: readonly string[];
}

export interface FacetIndex {
  readonly size: number;
  /** field -> value key (see keyOf) -> positions of the exercises that have it. */
  readonly bitsets: ReadonlyMap<FilterField, ReadonlyMap<string, Bitset>>;
  /** muscle key (anatomical name, display group or alias) -> positions of the exercises that train it as a primary mover. */
  readonly primaryMuscles: ReadonlyMap<string, Bitset>;
  /** How the catalog's language folds names: filter values are keyed by them. */
  readonly rules: TextRules;
}

export interface FacetSources {
  exercises: readonly Exercise[];
  muscleGroups: readonly MuscleGroup[];
  muscleAliases: AliasTable;
  equipmentAliases: EquipmentAliasTable;
  rules: TextRules;
}

/** The equipment key of exercises that need none (`equipment: null`); no content key can equal it. */
const NO_EQUIPMENT = '\u0000none';
const EXERCISES_PER_STEP = 64;

/** The lookup key of a filter value: a content key for free-text fields, the lowercased value for enums. */
export function keyOf(field: FilterField, value: string, rules: TextRules = ENGLISH): string {
  return field === 'muscle' || field === 'equipment' ? contentKey(value, rules) : value.toLowerCase();
}

/** Bitsets by value key, one per value an exercise has, created as values are first seen. */
class BitsetsByKey {
  // Muscle and equipment names repeat across exercises: normalize each distinct one once. A table per
  // field, keyed by the value itself: a joined "field + value" key was a new string to hash per lookup,
  // and marking was the largest part of the facet index's build (issue 19).
  readonly #keys = new Map<FilterField, Map<string, string>>();
  constructor(
    readonly size: number,
    readonly rules: TextRules,
  ) {}

  keyOf(field: FilterField, value: string): string {
    let keys = this.#keys.get(field);
    if (keys === undefined) {
      keys = new Map();
      this.#keys.set(field, keys);
    }
    let key = keys.get(value);
    if (key === undefined) {
      key = keyOf(field, value, this.rules);
      keys.set(value, key);
    }
    return key;
  }

  mark(byValue: Map<string, Bitset>, key: string, position: number): void {
    let bits = byValue.get(key);
    if (bits === undefined) {
      bits = createBitset(this.size);
      byValue.set(key, bits);
    }
    setBit(bits, position);
  }
}

/** Marks every exercise in the bitsets of its values, yielding every 64 exercises. */
type BitsetsByField = Map<FilterField, Map<string, Bitset>>;

function* markSteps(
  exercises: readonly Exercise[],
  bitsets: BitsetsByField,
  primaryMuscles: Map<string, Bitset>,
  rules: TextRules,
): Steps<void> {
  const marker = new BitsetsByKey(exercises.length, rules);
  const mark = (field: FilterField, value: string, position: number): void => {
    marker.mark(bitsets.get(field)!, marker.keyOf(field, value), position);
  };
  for (let position = 0; position < exercises.length; position++) {
    const exercise = exercises[position]!;
    mark('category', exercise.category, position);
    mark('level', exercise.level, position);
    if (exercise.force !== null) mark('force', exercise.force, position);
    if (exercise.mechanic !== null) mark('mechanic', exercise.mechanic, position);
    if (exercise.equipment !== null) mark('equipment', exercise.equipment, position);
    else marker.mark(bitsets.get('equipment')!, NO_EQUIPMENT, position);
    for (const muscle of exercise.primaryMuscles) {
      mark('muscle', muscle, position);
      marker.mark(primaryMuscles, marker.keyOf('muscle', muscle), position);
    }
    for (const muscle of exercise.secondaryMuscles) mark('muscle', muscle, position);
    mark('hasVideo', exercise.videos.length > 0 ? 'true' : 'false', position);
    if ((position + 1) % EXERCISES_PER_STEP === 0) yield;
  }
}

/** Adds a bitset per display group: it matches an exercise that works any of its muscles (primary or secondary, or primary only). */
function addMuscleGroups(size: number, byKey: Map<string, Bitset>, muscleGroups: readonly MuscleGroup[], rules: TextRules): void {
  for (const group of muscleGroups) {
    const key = contentKey(group.displayGroup, rules);
    const parts = group.muscles.map((m) => byKey.get(contentKey(m, rules))).filter((b): b is Bitset => b !== undefined);
    const own = byKey.get(key);
    byKey.set(key, unionOf(size, own ? [...parts, own] : parts));
  }
}

type AliasTargets = Readonly<Record<string, readonly (string | null)[]>>;

/** Adds the aliases of a table: each adds to what its key already matches; its targets are names already indexed. */
function addAliases(
  size: number,
  byKey: Map<string, Bitset>,
  table: AliasTargets,
  targetKey: (t: string | null) => string,
  rules: TextRules,
): void {
  const additions = new Map<string, Bitset>();
  for (const [alias, targets] of Object.entries(table)) {
    const key = contentKey(alias, rules);
    if (key === '') continue;
    const parts = targets.map((t) => byKey.get(targetKey(t))).filter((b): b is Bitset => b !== undefined);
    const previous = additions.get(key) ?? byKey.get(key);
    additions.set(key, unionOf(size, previous ? [...parts, previous] : parts));
  }
  for (const [key, bits] of additions) byKey.set(key, bits);
}

/** Builds the bitsets for `exercises`, which must already be in default order; yields every 64 exercises. */
export function* facetIndexSteps(sources: FacetSources): Steps<FacetIndex> {
  const size = sources.exercises.length;
  const bitsets = new Map<FilterField, Map<string, Bitset>>(FILTER_FIELDS.map((f) => [f, new Map()]));
  const primaryMuscles = new Map<string, Bitset>();
  yield* markSteps(sources.exercises, bitsets, primaryMuscles, sources.rules);
  const anyMuscle = bitsets.get('muscle')!;
  const { rules } = sources;
  addMuscleGroups(size, anyMuscle, sources.muscleGroups, rules);
  addMuscleGroups(size, primaryMuscles, sources.muscleGroups, rules);
  yield;
  const muscleTarget = (t: string | null) => contentKey(t ?? '', rules);
  // Each table of aliases is a few ms in German and Spanish: a step of its own.
  addAliases(size, anyMuscle, sources.muscleAliases, muscleTarget, rules);
  yield;
  addAliases(size, primaryMuscles, sources.muscleAliases, muscleTarget, rules);
  yield;
  addAliases(size, bitsets.get('equipment')!, sources.equipmentAliases, (t) => (t === null ? NO_EQUIPMENT : contentKey(t, rules)), rules);
  return { size, bitsets, primaryMuscles, rules };
}

/** Whether two exercises have the same value in every filterable field (those markSteps reads). */
function isSameFacetRecord(a: Exercise, b: Exercise): boolean {
  return (
    a === b ||
    (a.category === b.category &&
      a.level === b.level &&
      a.force === b.force &&
      a.mechanic === b.mechanic &&
      a.equipment === b.equipment &&
      isSameRecord(a.primaryMuscles, b.primaryMuscles) &&
      isSameRecord(a.secondaryMuscles, b.secondaryMuscles) &&
      a.videos.length > 0 === b.videos.length > 0)
  );
}

/**
 * Whether `next` makes the very bitsets `earlier` made (issue 19: a day's edits change overviews and
 * keywords, which no filter reads, and building the three languages' bitsets again was 15-40 ms of the
 * reading process's time a reload): the same rules, muscle groups and alias tables, and at every position
 * an exercise with the same filterable values.
 */
export function* isSameFacetSourceSteps(earlier: FacetSources, next: FacetSources): Steps<boolean> {
  if (earlier.rules !== next.rules || earlier.exercises.length !== next.exercises.length) return false;
  if (!isSameRecord(earlier.muscleGroups, next.muscleGroups)) return false;
  if (!isSameRecord(earlier.muscleAliases, next.muscleAliases) || !isSameRecord(earlier.equipmentAliases, next.equipmentAliases))
    return false;
  for (let position = 0; position < next.exercises.length; position++) {
    if (!isSameFacetRecord(earlier.exercises[position]!, next.exercises[position]!)) return false;
    if ((position + 1) % (EXERCISES_PER_STEP * 16) === 0) yield;
  }
  return true;
}

/** The positions matching every filter, or `undefined` when there are no filters (everything matches). */
export function matchFilters(index: FacetIndex, filters: readonly Filter[]): Bitset | undefined {
  let result: Bitset | undefined;
  for (const filter of filters) {
    const byValue = index.bitsets.get(filter.field)!;
    const parts: Bitset[] = [];
    for (const value of filter.values) {
      const bits = byValue.get(keyOf(filter.field, value, index.rules));
      if (bits !== undefined) parts.push(bits);
    }
    const any = parts.length === 1 ? parts[0]! : unionOf(index.size, parts);
    if (result === undefined) result = Uint32Array.from(any);
    else intersectInto(result, any);
  }
  return result;
}
