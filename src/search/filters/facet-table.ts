/**
 * The facet table of a catalog: every value of every facet, in the order a picker lists them, and the
 * facet profiles (facet-profiles.ts) that count them, built once per snapshot from the filter bitsets
 * with the search index. Counting a match set over it is facet-counts.ts, at the top of search/.
 */
import type { Catalog } from '../../catalog/catalog.ts';
import { CATEGORIES, FORCES, LEVELS, MECHANICS } from '../../catalog/snapshot-schema.ts';
import type { Steps } from '../../time-slices.ts';
import { type Bitset, createBitset } from '../structures/bitset.ts';
import { type FacetIndex, keyOf } from './facet-index.ts';
import { facetProfileSteps, type FacetProfiles } from './facet-profiles.ts';

export const FACET_NAMES = ['category', 'level', 'force', 'mechanic', 'equipment', 'muscle', 'hasVideo'] as const;
export type FacetName = (typeof FACET_NAMES)[number];

/** Every value of every facet, in the order a picker lists them, and the profiles that count them. */
export interface FacetTable {
  /** facet -> its values, each with its slot in the profiles. */
  readonly values: ReadonlyMap<FacetName, readonly { readonly value: string; readonly slot: number }[]>;
  readonly profiles: FacetProfiles;
}

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

/** Builds the facet table of a catalog from its filter bitsets (the search index builds it with itself). */
export function* facetTableSteps(catalog: Catalog, facets: FacetIndex): Steps<FacetTable> {
  const empty = createBitset(catalog.exercises.length);
  const names = facetValues(catalog);
  const bitsets: Bitset[] = [];
  const values = new Map(
    FACET_NAMES.map((name) => {
      const byValue = facets.bitsets.get(name)!;
      return [
        name,
        names[name].map((value) => ({ value, slot: bitsets.push(byValue.get(keyOf(name, value, facets.rules)) ?? empty) - 1 })),
      ];
    }),
  );
  const profiles = yield* facetProfileSteps(catalog.exercises.length, bitsets);
  return { values, profiles };
}
