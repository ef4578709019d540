/**
 * Facet counts (`facets=` on GET /v1/exercises): how many of a match set have each value of a facet,
 * so a filter picker can say "Dumbbell (43)". Counted from facet profiles (filters/facet-profiles.ts), built
 * once per snapshot from the filter bitsets: one increment per matching exercise (per non-matching one
 * when the set is dense), and no work at all for the whole catalog.
 */
import { countBySlot } from './filters/facet-profiles.ts';
import type { FacetName, FacetTable } from './filters/facet-table.ts';
import type { SearchIndex } from './search-index.ts';
import { type Bitset, countBits } from './structures/bitset.ts';

export { FACET_NAMES, type FacetName } from './filters/facet-table.ts';

/** value -> count, per requested facet, in FACET_NAMES order. */
export type FacetCounts = Partial<Record<FacetName, Record<string, number>>>;

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
