/**
 * Facet counts (`facets=` on GET /v1/exercises): how many of a match set have each value of a facet,
 * so a filter picker can say "Dumbbell (43)". Each count is a popcount of the match set AND-ed with
 * the value's filter bitset, so counting every facet costs a few word operations per value.
 */
import type { Catalog } from '../catalog/catalog.ts';
import { CATEGORIES, FORCES, LEVELS, MECHANICS } from '../catalog/snapshot-schema.ts';
import { type Bitset, countBits, countBoth, createBitset } from './bitset.ts';

export const FACET_NAMES = ['category', 'level', 'force', 'mechanic', 'equipment', 'muscle', 'hasVideo'] as const;
export type FacetName = (typeof FACET_NAMES)[number];

interface FacetValue {
  /** The value as a client sends it back as a filter (canonical spelling). */
  readonly value: string;
  readonly bits: Bitset;
  /** Its count over the whole catalog, for requests without filters or `q`. */
  readonly total: number;
}

/** Every value of every facet, in the order a picker lists them. */
export type FacetTable = ReadonlyMap<FacetName, readonly FacetValue[]>;

/** value -> count, per requested facet, in FACET_NAMES order. */
export type FacetCounts = Partial<Record<FacetName, Record<string, number>>>;

const tables = new WeakMap<Catalog, FacetTable>();

/**
 * The values each facet lists: every value of the enum facets (0 when no exercise has it, so a picker
 * keeps its options), the equipment exercises name, and the muscle display groups of GET /v1/muscles
 * (the values pickers show; each counts exercises that work any of its muscles, primary or secondary).
 * Exercises whose force, mechanic or equipment is null are in no value of that facet.
 */
function facetValues(catalog: Catalog): Record<FacetName, readonly string[]> {
  const equipment = new Map<string, string>();
  for (const exercise of catalog.exercises) {
    if (exercise.equipment !== null && !equipment.has(exercise.equipment.toLowerCase())) equipment.set(exercise.equipment.toLowerCase(), exercise.equipment);
  }
  return {
    category: CATEGORIES,
    level: LEVELS,
    force: FORCES,
    mechanic: MECHANICS,
    equipment: [...equipment.keys()].sort().map((key) => equipment.get(key)!),
    muscle: catalog.muscleGroups.map((group) => group.displayGroup),
    hasVideo: ['true', 'false'],
  };
}

/** The facet table of `catalog`, built at its first use from the filter bitsets and kept while the catalog lives. */
export function facetTableOf(catalog: Catalog): FacetTable {
  let table = tables.get(catalog);
  if (table !== undefined) return table;
  const empty = createBitset(catalog.exercises.length);
  const values = facetValues(catalog);
  table = new Map(FACET_NAMES.map((name) => {
    const byValue = catalog.facets.bitsets.get(name)!;
    return [name, values[name].map((value) => {
      const bits = byValue.get(value.toLowerCase()) ?? empty;
      return { value, bits, total: countBits(bits) };
    })];
  }));
  tables.set(catalog, table);
  return table;
}

/** Counts per value of each facet in `names` over `matching` (undefined: the whole catalog). */
export function countFacets(table: FacetTable, matching: Bitset | undefined, names: readonly FacetName[]): FacetCounts {
  const counts: FacetCounts = {};
  for (const name of names) {
    const byValue: Record<string, number> = {};
    for (const { value, bits, total } of table.get(name)!) byValue[value] = matching === undefined ? total : countBoth(matching, bits);
    counts[name] = byValue;
  }
  return counts;
}
