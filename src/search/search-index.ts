/**
 * Everything search needs for one Catalog, built from it after it loads and dropped with it: filter
 * bitsets, the term index, the query planner's dictionary, the ranker, the facet profiles that count
 * facets, suggest's answers to every one- and two-letter prefix, and `caches`: every cache and scratch
 * buffer kept for this catalog, by search and by the HTTP routes (rankings, suggest's answers, pages,
 * validated requests, tags), made one way (structures/index-caches.ts) and dropped with the index.
 * Term expansions and slot lists are BoundedCaches of the expander and the ranker, which it owns too.
 * The Catalog itself stays immutable and knows nothing of this (issue 8). A catalog with translations
 * gets one index per language (`languages`), built with the English one and read with its language's
 * rules (languages/): filters, terms, queries and suggest alike.
 *
 * `buildSearchIndex` runs the build in slices of a quarter of a millisecond with setImmediate between, so that building
 * for 100x the catalog never pauses serving; `buildSearchIndexNow` runs it at once (tests, tools).
 */
import type { Catalog, TranslatedSearch } from '../catalog/catalog.ts';
import type { SearchDictionary } from '../catalog/snapshot-schema.ts';
import { runInSlices, runNow, type Steps } from '../time-slices.ts';
import { IndexCaches } from './structures/index-caches.ts';
import { type FacetTable, facetTableSteps } from './filters/facet-table.ts';
import { type FacetIndex, type FacetSources, facetIndexSteps, isSameFacetSourceSteps } from './filters/facet-index.ts';
import {
  type AliasTable,
  DEFAULT_EQUIPMENT_ALIASES,
  DEFAULT_MUSCLE_ALIASES,
  type EquipmentAliasTable,
  filterAliases,
} from './filters/aliases.ts';
import { type Language, languageOf } from './languages/languages.ts';
import { muscleWordLengths, type PlanContext } from './text/query-plan.ts';
import { Ranker } from './ranking/ranker.ts';
import { MAX_SUGGESTIONS } from './suggest/weights.ts';
import { type ShortPrefixes, shortPrefixSteps } from './suggest/short-prefixes.ts';
import { exerciseWordSteps } from './suggest/exercise-words.ts';
import type { SuggestSources } from './suggest/large/head-ranking.ts';
import { termHeadSteps } from './suggest/large/term-heads.ts';
import { termPairSteps } from './suggest/large/term-pairs.ts';
import { buildSynonymTable, SHIPPED_SYNONYMS, type SynonymTable } from './text/synonyms.ts';
import { TermExpander } from './text/term-expansion.ts';
import { type TermIndex, termIndexSteps } from './text/term-index.ts';
import { TextTerms } from './text/text-terms.ts';
import { contentKey, type TextRules } from './text/normalize.ts';

export { BoundedCache } from './structures/bounded-cache.ts';
export type { CacheKind } from './structures/index-caches.ts';

export interface SearchIndex {
  readonly catalog: Catalog;
  /** The index of each of the catalog's translations (catalog.languages), built with this one and swapped with it. */
  readonly languages: ReadonlyMap<string, SearchIndex>;
  readonly facets: FacetIndex;
  /** Facet values and profiles for facet counts (facet-counts.ts). */
  readonly facetTable: FacetTable;
  readonly planContext: PlanContext;
  readonly ranker: Ranker;
  /** The inverted index the ranker and the expander read (suggest.ts reads its name and alias postings). */
  readonly terms: TermIndex;
  /** Suggest's words and answers for every one- and two-letter prefix (suggest/short-prefixes.ts). */
  readonly shortPrefixes: ShortPrefixes;
  /**
   * Suggest's large-catalog path (suggest/large/), from LARGE_SUGGEST_MIN_EXERCISES on: the heads of each
   * term's name and alias postings, each exercise's record of its words, the words found together; and
   * what ranking from them reads. Undefined in a smaller catalog, where ranking by postings is cheaper.
   */
  readonly large: SuggestSources | undefined;
  /** Every cache and scratch buffer kept for this catalog, by anyone (structures/index-caches.ts); dropped with it. */
  readonly caches: IndexCaches<SearchIndex>;
  /** What the bitsets were made from, where they were made (a build's, not an adopted index's): the next build may keep them. */
  readonly facetSources?: FacetSources;
}

/**
 * From this many exercises on, the index keeps suggest's large-catalog structures (term heads, exercise
 * records, term pairs: 18 MB and about 0.5 s of the build at 100x the bundled catalog) and suggest ranks
 * a reading from them where they settle it. Measured over the benchmark's typing sessions
 * (docs/performance.md#suggests-large-catalog-path): on the bundled catalog (2,233) the heads settle 1
 * reading in 178, more slowly than ranking by postings; at 2x (4,466) 15, still more slowly; from 3x to
 * 4x (6,699 to 8,932) they start to save time, and at 10x they settle 99 in well under half the time.
 */
export const LARGE_SUGGEST_MIN_EXERCISES = 8192;

export interface SearchIndexOptions {
  /** LARGE_SUGGEST_MIN_EXERCISES unless set (tests build the large path on small catalogs with 0). */
  largeSuggestMinExercises?: number;
  /** The live index a reload replaces: its build's texts are looked up before tokenizing (text/text-terms.ts). */
  previous?: SearchIndex;
}

/** The muscle and equipment names filters take, beside the catalog's own (filters/aliases.ts). */
interface FilterNames {
  muscleAliases: AliasTable;
  equipmentAliases: EquipmentAliasTable;
}

/** English targets -> their names in a translation (display groups and equipment; anatomical muscles stay). */
function renamed<T extends string | null>(
  table: Readonly<Record<string, readonly T[]>> | undefined,
  names: ReadonlyMap<string, string>,
): Record<string, T[]> {
  const byLowerCase = new Map([...names].map(([english, name]) => [english.toLowerCase(), name]));
  const out: Record<string, T[]> = {};
  for (const [alias, targets] of Object.entries(table ?? {})) {
    out[alias] = targets.map((target) => (target === null ? target : ((byLowerCase.get(target.toLowerCase()) ?? target) as T)));
  }
  return out;
}

/** Each English name as a name of its translation, so `muscle=Chest` and `equipment=barbell` filter in every language. */
function englishNames(names: ReadonlyMap<string, string>): Record<string, string[]> {
  return Object.fromEntries([...names].filter(([english, name]) => english !== name).map(([english, name]) => [english, [name]]));
}

/**
 * The filter names of a catalog: the shipped English aliases and the snapshot's, and in a translation
 * also the language's own words and every English name, all pointed at the names the catalog uses.
 * A step per table (a millisecond or two each in German and Spanish).
 */
function* filterNameSteps(
  catalog: Catalog,
  language: Language,
  dictionary: SearchDictionary | undefined,
  muscleNames: readonly string[],
): Steps<FilterNames> {
  const { rules, words } = language;
  const translated: TranslatedSearch | undefined = catalog.translated;
  if (translated === undefined) {
    const muscleAliases = filterAliases(DEFAULT_MUSCLE_ALIASES, dictionary?.muscleAliases, muscleNames, rules);
    yield;
    return {
      muscleAliases,
      equipmentAliases: filterAliases(DEFAULT_EQUIPMENT_ALIASES, dictionary?.equipmentAliases, catalog.equipment, rules),
    };
  }
  const { groupNames, equipmentNames } = translated;
  const muscleDefaults = {
    ...renamed(DEFAULT_MUSCLE_ALIASES, groupNames),
    ...renamed(words?.muscleAliases, groupNames),
    ...englishNames(groupNames),
  };
  const muscleAliases = filterAliases(muscleDefaults, renamed(dictionary?.muscleAliases, groupNames), muscleNames, rules);
  yield;
  const equipmentDefaults = {
    ...renamed(DEFAULT_EQUIPMENT_ALIASES, equipmentNames),
    ...renamed(words?.equipmentAliases, equipmentNames),
    ...englishNames(equipmentNames),
  };
  return {
    muscleAliases,
    equipmentAliases: filterAliases(equipmentDefaults, renamed(dictionary?.equipmentAliases, equipmentNames), catalog.equipment, rules),
  };
}

/**
 * The synonym table of a language and a snapshot's synonyms: the live index's when a reload kept both
 * (building it was the largest piece of a reload's index build that ran without a pause).
 */
function synonymTableOf(language: Language, dictionary: SearchDictionary | undefined, previous: SearchIndex | undefined): SynonymTable {
  const { rules } = language;
  const own = dictionary?.synonyms ?? [];
  if (
    previous !== undefined &&
    previous.terms.rules === rules &&
    JSON.stringify(previous.catalog.searchDictionary?.synonyms ?? []) === JSON.stringify(own)
  ) {
    return previous.planContext.synonyms;
  }
  return buildSynonymTable([...SHIPPED_SYNONYMS, ...(language.words?.synonyms ?? []), ...own], rules);
}

/** Builds the search index of `catalog`, then of each of its translations, step by step (time-slices.ts). */
export function* searchIndexSteps(catalog: Catalog, options: SearchIndexOptions = {}): Steps<SearchIndex> {
  const languages = new Map<string, SearchIndex>();
  const { previous } = options;
  for (const [lang, translation] of catalog.languages) {
    languages.set(lang, yield* oneIndexSteps(translation, new Map(), options, previous?.languages.get(lang)));
  }
  return yield* oneIndexSteps(catalog, languages, options, previous);
}

function* oneIndexSteps(
  catalog: Catalog,
  languages: ReadonlyMap<string, SearchIndex>,
  options: SearchIndexOptions,
  previous: SearchIndex | undefined,
): Steps<SearchIndex> {
  const dictionary = catalog.searchDictionary;
  const language = languageOf(catalog.lang);
  const rules: TextRules = language.rules;
  const muscleNames = catalog.muscleGroups.flatMap((group) => [group.displayGroup, ...group.muscles]);
  const { muscleAliases, equipmentAliases } = yield* filterNameSteps(catalog, language, dictionary, muscleNames);
  // Here and below, a yield between pieces of about a millisecond each: together they were one step of
  // 3-7 ms that a reload's searches waited behind (docs/performance.md#reloading-a-snapshot).
  yield;
  const facetSources: FacetSources = {
    exercises: catalog.exercises,
    muscleGroups: catalog.muscleGroups,
    muscleAliases,
    equipmentAliases,
    rules,
  };
  const facets =
    previous?.facetSources !== undefined && (yield* isSameFacetSourceSteps(previous.facetSources, facetSources))
      ? previous.facets
      : yield* facetIndexSteps(facetSources);
  // A translation's index is built by its own language's rules, so its table is its own.
  const earlier = previous?.terms.rules === rules ? previous.terms : undefined;
  const textTerms = new TextTerms(rules, earlier?.textTerms);
  const terms = yield* termIndexSteps(
    catalog.exercises,
    catalog.muscleGroups,
    textTerms,
    catalog.translated?.englishWords,
    earlier?.termIds,
    earlier?.tokens === undefined
      ? undefined
      : {
          exercises: previous!.catalog.exercises,
          positionById: previous!.catalog.positionById,
          englishWords: previous!.catalog.translated?.englishWords,
          muscleGroups: previous!.catalog.muscleGroups,
          tokens: earlier.tokens,
          canonicalPrior: earlier.canonicalPrior,
          suggestLength: earlier.suggestLength,
          terms: earlier.terms,
          vocabulary: earlier.vocabulary,
          termTable: earlier.termTable,
        },
  );
  const muscleWords = new Set<string>(
    [...muscleNames, ...Object.keys(muscleAliases)]
      .map((name) => contentKey(name, rules))
      .filter((key) => key !== '' && facets.bitsets.get('muscle')!.has(key)),
  );
  yield;
  const expander = new TermExpander(terms);
  yield;
  const synonyms = synonymTableOf(language, dictionary, previous);
  yield;
  const planContext: PlanContext = {
    rules,
    expander,
    synonyms,
    muscleWords,
    muscleWordLengths: muscleWordLengths(muscleWords),
    synonymAlternatives: new WeakMap(),
  };
  yield;
  const facetTable = yield* facetTableSteps(catalog, facets);
  // The records are read once here for the short prefixes, and kept only for the large-catalog path.
  const exerciseWords = yield* exerciseWordSteps(terms);
  const shortPrefixes = yield* shortPrefixSteps(terms, exerciseWords, MAX_SUGGESTIONS);
  const caches = new IndexCaches<SearchIndex>();
  let large: SuggestSources | undefined;
  if (catalog.exercises.length >= (options.largeSuggestMinExercises ?? LARGE_SUGGEST_MIN_EXERCISES)) {
    const termHeads = yield* termHeadSteps(terms);
    const termPairs = yield* termPairSteps(terms, exerciseWords);
    large = { terms, termHeads, exerciseWords, termPairs, caches };
  }
  const index: SearchIndex = {
    catalog,
    languages,
    facets,
    facetTable,
    planContext,
    ranker: new Ranker(terms, facets),
    terms,
    shortPrefixes,
    large,
    caches,
    facetSources,
  };
  caches.own(index);
  return index;
}

/** Builds the search index in slices, so that serving goes on meanwhile (the loader awaits this). */
export function buildSearchIndex(catalog: Catalog, sliceMs?: number, options?: SearchIndexOptions): Promise<SearchIndex> {
  return runInSlices(searchIndexSteps(catalog, options), sliceMs);
}

/** Builds the search index at once. */
export function buildSearchIndexNow(catalog: Catalog, options?: SearchIndexOptions): SearchIndex {
  return runNow(searchIndexSteps(catalog, options));
}
