/**
 * Facet counts (`facets=` on GET /v1/exercises): how many of a match set have each value of a facet,
 * so a filter picker can say "Dumbbell (43)". Each count is a popcount of the match set AND-ed with
 * the value's filter bitset, so counting every facet costs a few word operations per value.
 */
import type { Catalog } from '../catalog/catalog.ts';
import { CATEGORIES, FORCES, LEVELS, MECHANICS } from '../catalog/snapshot-schema.ts';
import { type Bitset, countBits, countWords, createBitset } from './bitset.ts';
import { keyOf } from './facet-index.ts';
import type { SearchIndex } from './search-index.ts';

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

const tables = new WeakMap<SearchIndex, FacetTable>();

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

/** The facet table of a search index, built at its first use from the filter bitsets and kept while the index lives. */
export function facetTableOf(index: SearchIndex): FacetTable {
  let table = tables.get(index);
  if (table !== undefined) return table;
  const empty = createBitset(index.catalog.exercises.length);
  const values = facetValues(index.catalog);
  table = new Map(FACET_NAMES.map((name) => {
    const byValue = index.facets.bitsets.get(name)!;
    return [name, values[name].map((value) => {
      const bits = byValue.get(keyOf(name, value)) ?? empty;
      return { value, bits, total: countBits(bits) };
    })];
  }));
  tables.set(index, table);
  return table;
}

/** Counts per value of each facet in `names` over `matching` (undefined: the whole catalog). */
export function countFacets(table: FacetTable, matching: Bitset | undefined, names: readonly FacetName[]): FacetCounts {
  // Only the words where the match set has a bit can count: a narrow match set costs few words per value.
  let words: Int32Array | undefined;
  if (matching !== undefined) {
    let n = 0;
    const nonZero = new Int32Array(matching.length);
    for (let w = 0; w < matching.length; w++) if (matching[w] !== 0) nonZero[n++] = w;
    words = nonZero.subarray(0, n);
  }
  const counts: FacetCounts = {};
  for (const name of names) {
    const byValue: Record<string, number> = {};
    for (const { value, bits, total } of table.get(name)!) byValue[value] = words === undefined ? total : countWords(matching!, bits, words);
    counts[name] = byValue;
  }
  return counts;
}
