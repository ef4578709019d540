/**
 * Facet counts (`facets=` on GET /v1/exercises): how many of a match set have each value of a facet,
 * so a filter picker can say "Dumbbell (43)". Counted from facet profiles (facet-profiles.ts), built
 * once per snapshot from the filter bitsets: one increment per matching exercise (per non-matching one
 * when the set is dense), and no work at all for the whole catalog.
 */
import type { Catalog } from '../catalog/catalog.ts';
import { CATEGORIES, FORCES, LEVELS, MECHANICS } from '../catalog/snapshot-schema.ts';
import type { Steps } from '../time-slices.ts';
import { type Bitset, countBits, createBitset } from './bitset.ts';
import { type FacetIndex, keyOf } from './facet-index.ts';
import { countBySlot, facetProfileSteps, type FacetProfiles } from './facet-profiles.ts';
import type { SearchIndex } from './search-index.ts';

export const FACET_NAMES = ['category', 'level', 'force', 'mechanic', 'equipment', 'muscle', 'hasVideo'] as const;
export type FacetName = (typeof FACET_NAMES)[number];

/** Every value of every facet, in the order a picker lists them, and the profiles that count them. */
export interface FacetTable {
  /** facet -> its values, each with its slot in the profiles. */
  readonly values: ReadonlyMap<FacetName, readonly { readonly value: string; readonly slot: number }[]>;
  readonly profiles: FacetProfiles;
}

/** value -> count, per requested facet, in FACET_NAMES order. */
export type FacetCounts = Partial<Record<FacetName, Record<string, number>>>;

/**
 * The values each facet lists, as the pickers that show them: every value of the enum facets (0 when
 * no exercise has it, so a picker keeps its options), the canonical equipment names of GET
 * /v1/equipment, and the muscle display groups of GET /v1/muscles (each counts the exercises that work
 * any of its muscles, primary or secondary). Exercises whose force, mechanic or equipment is null are
 * in no value of that facet. Filter aliases (`db`, `quads`) are never listed: they name these values.
 */
function facetValues(catalog: Catalog): Record<FacetName, readonly string[]> {
  return {
    category: CATEGORIES,
    level: LEVELS,
    force: FORCES,
    mechanic: MECHANICS,
    equipment: catalog.equipment,
    muscle: catalog.muscleGroups.map((group) => group.displayGroup),
    hasVideo: ['true', 'false'],
  };
}

/** Builds the facet table of a catalog from its filter bitsets (search-index.ts builds it with the index). */
export function* facetTableSteps(catalog: Catalog, facets: FacetIndex): Steps<FacetTable> {
  const empty = createBitset(catalog.exercises.length);
  const names = facetValues(catalog);
  const bitsets: Bitset[] = [];
  const values = new Map(
    FACET_NAMES.map((name) => {
      const byValue = facets.bitsets.get(name)!;
      return [name, names[name].map((value) => ({ value, slot: bitsets.push(byValue.get(keyOf(name, value)) ?? empty) - 1 }))];
    }),
  );
  const profiles = yield* facetProfileSteps(catalog.exercises.length, bitsets);
  return { values, profiles };
}

/** The facet table of a search index. */
export function facetTableOf(index: SearchIndex): FacetTable {
  return index.facetTable;
}

/** Counts per value of each facet in `names` over `matching` (undefined: the whole catalog). */
export function countFacets(table: FacetTable, matching: Bitset | undefined, names: readonly FacetName[]): FacetCounts {
  const bySlot = countBySlot(table.profiles, matching, matching === undefined ? table.profiles.size : countBits(matching));
  const counts: FacetCounts = {};
  for (const name of names) {
    const byValue: Record<string, number> = {};
    for (const { value, slot } of table.values.get(name)!) byValue[value] = bySlot[slot]!;
    counts[name] = byValue;
  }
  return counts;
}
