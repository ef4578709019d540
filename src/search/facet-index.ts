/**
 * Filter bitsets for every value of every filterable field, built once per catalog, plus the
 * function that turns a request's filters into one bitset (OR within a parameter, AND across).
 */
import type { Exercise, MuscleGroup } from '../catalog/snapshot-schema.ts';
import { type Bitset, createBitset, intersectInto, setBit, unionOf } from './bitset.ts';

export const FILTER_FIELDS = ['category', 'muscle', 'equipment', 'level', 'force', 'mechanic', 'hasVideo'] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];

/** One parameter of a request: the values a client sent for it, OR-ed together. */
export interface Filter {
  field: FilterField;
  values: readonly string[];
}

export interface FacetIndex {
  readonly size: number;
  /** field -> lowercased value -> positions of the exercises that have it. */
  readonly bitsets: ReadonlyMap<FilterField, ReadonlyMap<string, Bitset>>;
}

/** Builds the bitsets for `exercises`, which must already be in default order. */
export function buildFacetIndex(exercises: readonly Exercise[], muscleGroups: readonly MuscleGroup[]): FacetIndex {
  const size = exercises.length;
  const bitsets = new Map<FilterField, Map<string, Bitset>>(FILTER_FIELDS.map((f) => [f, new Map()]));
  const mark = (field: FilterField, value: string, position: number): void => {
    const byValue = bitsets.get(field)!;
    const key = value.toLowerCase();
    let bits = byValue.get(key);
    if (bits === undefined) byValue.set(key, (bits = createBitset(size)));
    setBit(bits, position);
  };
  exercises.forEach((exercise, position) => {
    mark('category', exercise.category, position);
    mark('level', exercise.level, position);
    if (exercise.force !== null) mark('force', exercise.force, position);
    if (exercise.mechanic !== null) mark('mechanic', exercise.mechanic, position);
    if (exercise.equipment !== null) mark('equipment', exercise.equipment, position);
    for (const muscle of exercise.primaryMuscles) mark('muscle', muscle, position);
    for (const muscle of exercise.secondaryMuscles) mark('muscle', muscle, position);
    mark('hasVideo', exercise.videos.length > 0 ? 'true' : 'false', position);
  });
  // A display group matches an exercise that works any of its muscles, primary or secondary.
  const byMuscle = bitsets.get('muscle')!;
  for (const group of muscleGroups) {
    const parts = group.muscles.map((m) => byMuscle.get(m.toLowerCase())).filter((b): b is Bitset => b !== undefined);
    const groupKey = group.displayGroup.toLowerCase();
    const own = byMuscle.get(groupKey);
    byMuscle.set(groupKey, unionOf(size, own ? [...parts, own] : parts));
  }
  return { size, bitsets };
}

/** The positions matching every filter, or `undefined` when there are no filters (everything matches). */
export function matchFilters(index: FacetIndex, filters: readonly Filter[]): Bitset | undefined {
  let result: Bitset | undefined;
  for (const filter of filters) {
    const byValue = index.bitsets.get(filter.field)!;
    const parts: Bitset[] = [];
    for (const value of filter.values) {
      const bits = byValue.get(value.toLowerCase());
      if (bits !== undefined) parts.push(bits);
    }
    const any = parts.length === 1 ? parts[0]! : unionOf(index.size, parts);
    if (result === undefined) result = Uint32Array.from(any);
    else intersectInto(result, any);
  }
  return result;
}

