/**
 * A search index as data that crosses processes, and back (issue 19: a reload with the search p99
 * unchanged). This module is also the reading process's build module (BuildModule,
 * catalog/reading-process.ts; `INDEX_BUILD_MODULE` is its URL): there `buildParts` builds each new
 * snapshot's index over that process's catalog, and hands it over as pieces of parts (`partPieces`):
 * every language's term index, filters, facet table, query-plan words, short prefixes and large-catalog
 * structures, which are typed arrays, Maps and strings that v8.serialize copies, one array or Map a
 * message. The main thread takes the pieces one at a time between serving, checks them against the
 * catalog it put together from the same process's pieces, and adopts them (`adoptIndex`): it makes
 * again only what holds code or belongs to the serving side (the language's rules, the expander, the
 * ranker, the caches). The vocabulary's radix tree crosses as typed arrays (text/flat-radix.ts). A
 * build on the main thread, even in slices, kept it busy through most of a reload
 * (docs/performance.md#reloading-a-snapshot).
 *
 * What only a next build reads (the texts, term ids and tokens the live build kept, text/text-terms.ts)
 * stays with the process that builds.
 */
import type { Catalog } from '../catalog/catalog.ts';
import { runInSlices, runNow, type Steps } from '../time-slices.ts';
import type { FacetIndex } from './filters/facet-index.ts';
import type { FacetTable } from './filters/facet-table.ts';
import { languageOf } from './languages/languages.ts';
import { type Chunk, ChunkJoin, chunksOf } from './structures/part-chunks.ts';
import { Ranker } from './ranking/ranker.ts';
import { type SearchIndex, searchIndexSteps } from './search-index.ts';
import { IndexCaches } from './structures/index-caches.ts';
import type { SuggestSources } from './suggest/large/head-ranking.ts';
import type { ShortPrefixes } from './suggest/short-prefixes.ts';
import type { PlanContext } from './text/query-plan.ts';
import { TermExpander } from './text/term-expansion.ts';
import type { TermIndex } from './text/term-index.ts';

/** What adoption makes again on this side, left out of a part. */
type TermData = Omit<TermIndex, 'rules' | 'textTerms' | 'termIds' | 'tokens'>;

/** One language's index as data: `lang` names the catalog it is bound to on adoption. */
export interface IndexPart {
  readonly lang: string;
  /** Ids of that catalog in default order, hashed (idsHash): the index is bound to positions. */
  readonly idsHash: number;
  readonly terms: TermData;
  readonly facets: Omit<FacetIndex, 'rules'>;
  readonly facetTable: FacetTable;
  readonly plan: Pick<PlanContext, 'synonyms' | 'muscleWords' | 'muscleWordLengths'>;
  readonly shortPrefixes: ShortPrefixes;
  readonly large: Omit<SuggestSources, 'terms' | 'caches'> | undefined;
}

/** FNV-1a over the ids in order: two catalogs of the same snapshot agree, a different order or record does not. */
function* idsHashSteps(catalog: Catalog): Steps<number> {
  let hash = 0x811c9dc5;
  const { exercises } = catalog;
  for (let position = 0; position < exercises.length; position++) {
    const id = exercises[position]!.id;
    for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193);
    hash = Math.imul(hash ^ 0x2c, 0x01000193);
    // About a millisecond of ids: at 100x the catalog, hashing them all held serving for 80 ms.
    if ((position + 1) % IDS_PER_STEP === 0) yield;
  }
  return hash >>> 0;
}

const IDS_PER_STEP = 8192;

function idsHash(catalog: Catalog): number {
  return runNow(idsHashSteps(catalog));
}

function partOf(index: SearchIndex): IndexPart {
  const { rules: _rules, textTerms: _texts, termIds: _ids, tokens: _tokens, ...terms } = index.terms;
  const { rules: _facetRules, ...facets } = index.facets;
  const { synonyms, muscleWords, muscleWordLengths } = index.planContext;
  return {
    lang: index.catalog.lang,
    idsHash: idsHash(index.catalog),
    terms,
    facets,
    facetTable: index.facetTable,
    plan: { synonyms, muscleWords, muscleWordLengths },
    shortPrefixes: index.shortPrefixes,
    large:
      index.large === undefined
        ? undefined
        : { termHeads: index.large.termHeads, exerciseWords: index.large.exerciseWords, termPairs: index.large.termPairs },
  };
}

/** `index` and its translations' as parts, the translations first (the order adoption needs). */
export function indexParts(index: SearchIndex): IndexPart[] {
  return [...[...index.languages.values()].map(partOf), partOf(index)];
}

/** Why `parts` cannot be adopted for `catalog`, or undefined when they can. */
export function* partsProblemSteps(catalog: Catalog, parts: readonly IndexPart[]): Steps<string | undefined> {
  const catalogs = [...catalog.languages.values(), catalog];
  if (parts.length !== catalogs.length) return `${parts.length} index parts for ${catalogs.length} languages`;
  for (let i = 0; i < catalogs.length; i++) {
    const part = parts[i]!;
    if (part.lang !== catalogs[i]!.lang) return `index part ${i} is ${part.lang}, the catalog's ${catalogs[i]!.lang}`;
    if (part.idsHash !== (yield* idsHashSteps(catalogs[i]!))) return `index part ${part.lang} was built over other exercises`;
  }
  return undefined;
}

/**
 * One piece of a part, as the reading process sends it: a field of one language's part, each plain object in it
 * taken apart down to its Maps, arrays and typed arrays, and those cut into chunks (part-chunks.ts), so that no
 * one piece takes long to receive (at 100x the catalog the term index's arrays are 100 MB; one is 20).
 */
export interface PartPiece {
  readonly lang: string;
  readonly path: readonly string[];
  readonly value: unknown;
  /** Which part of the value at `path` this piece holds, when it is cut into several. */
  readonly chunk?: Chunk;
  /** The places in `path` that are a Map's keys (a few large Maps, such as the facet bitsets, cross an entry at a time). */
  readonly inMaps?: readonly number[];
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

/**
 * A Map of a few values that are themselves collections (the facet bitsets: seven fields, each a Map of up to
 * a few hundred bitsets, 50 KB of them at 1x), taken apart like an object: cut by its entries alone, one entry
 * would still be a large piece.
 */
function isMapOfCollections(value: unknown): value is Map<string, unknown> {
  if (!(value instanceof Map) || value.size === 0 || value.size > MAP_ENTRIES_TAKEN_APART) return false;
  for (const [key, inner] of value)
    if (typeof key !== 'string' || !(inner instanceof Map || Array.isArray(inner) || ArrayBuffer.isView(inner))) return false;
  return true;
}

const MAP_ENTRIES_TAKEN_APART = 16;

function* piecesUnder(lang: string, path: string[], value: unknown, inMaps: readonly number[] = []): Generator<PartPiece> {
  const where = inMaps.length > 0 ? { inMaps } : {};
  if (isMapOfCollections(value)) {
    for (const [key, inner] of value) yield* piecesUnder(lang, [...path, key], inner, [...inMaps, path.length]);
    return;
  }
  // An empty object is a piece of its own, so that it comes back.
  if (path.length > 0 && (!isPlainObject(value) || Object.keys(value).length === 0)) {
    for (const piece of chunksOf(value)) yield { lang, path, ...piece, ...where };
    return;
  }
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) yield* piecesUnder(lang, [...path, key], inner, inMaps);
}

/** `parts` as the pieces the reading process sends, in order. */
export function partPieces(parts: readonly IndexPart[]): PartPiece[] {
  return parts.flatMap((part) => [...piecesUnder(part.lang, [], part)]);
}

/** A place in a part being put together: an object, or one of the Maps taken apart (isMapOfCollections). */
type Container = Record<string, unknown> | Map<string, unknown>;

function childOf(container: Container, key: string, isMap: boolean): Container {
  const existing = container instanceof Map ? container.get(key) : container[key];
  if (existing !== undefined) return existing as Container;
  const made: Container = isMap ? new Map() : {};
  put(container, key, made);
  return made;
}

function put(container: Container, key: string, value: unknown): void {
  if (container instanceof Map) container.set(key, value);
  else container[key] = value;
}

/** The parts `pieces` were taken from, in order. */
export function partsOfPieces(pieces: readonly PartPiece[]): IndexPart[] {
  const parts = runNow(partsOfPiecesSteps(pieces));
  if (typeof parts === 'string') throw new Error(parts);
  return parts;
}

/** The parts `pieces` were taken from, a piece a step (a chunk is a copy or a few hundred Map entries), or why they do not fit together. */
function* partsOfPiecesSteps(pieces: readonly PartPiece[]): Steps<IndexPart[] | string> {
  const parts = new Map<string, Container>();
  let joining: ChunkJoin | undefined;
  for (const { lang, path, value, chunk, inMaps } of pieces) {
    let at = parts.get(lang) as Container | undefined;
    if (at === undefined) {
      at = {};
      parts.set(lang, at);
    }
    for (let i = 0; i < path.length - 1; i++) at = childOf(at, path[i]!, inMaps?.includes(i + 1) === true);
    // A value's chunks come one after another, none missing: another piece before its last is a fault.
    if (joining !== undefined && (chunk === undefined || chunk.at === 0)) return `index part ${lang}: a value ends before its last chunk`;
    if (chunk === undefined) put(at, path.at(-1)!, value);
    else {
      joining ??= chunk.at === 0 ? new ChunkJoin(chunk) : undefined;
      const problem = joining === undefined ? `begins with the chunk at ${chunk.at}` : joining.add(chunk, value);
      if (problem !== undefined) return `index part ${lang}: ${path.join('.')}: ${problem}`;
      const whole = joining!.whole;
      if (whole !== undefined) {
        put(at, path.at(-1)!, whole);
        joining = undefined;
      }
    }
    yield;
  }
  if (joining !== undefined) return 'the last value ends before its last chunk';
  return [...parts.values()] as unknown as IndexPart[];
}

function adoptOne(catalog: Catalog, languages: ReadonlyMap<string, SearchIndex>, part: IndexPart): SearchIndex {
  // One rules object per index, as a build makes it: its parts compare rules by identity.
  const { rules } = languageOf(catalog.lang);
  const terms: TermIndex = { ...part.terms, rules, textTerms: undefined, termIds: undefined, tokens: undefined };
  const facets: FacetIndex = { ...part.facets, rules };
  const planContext: PlanContext = { ...part.plan, rules, expander: new TermExpander(terms), synonymAlternatives: new WeakMap() };
  const caches = new IndexCaches<SearchIndex>();
  const index: SearchIndex = {
    catalog,
    languages,
    facets,
    facetTable: part.facetTable,
    planContext,
    ranker: new Ranker(terms, facets),
    terms,
    shortPrefixes: part.shortPrefixes,
    large: part.large === undefined ? undefined : { ...part.large, terms, caches },
    caches,
  };
  caches.own(index);
  return index;
}

/**
 * The search index of `catalog` from parts built over the same snapshot (partsProblemSteps says they were),
 * a language a step: each is a few allocations.
 */
export function* adoptIndexSteps(catalog: Catalog, parts: readonly IndexPart[]): Steps<SearchIndex> {
  const languages = new Map<string, SearchIndex>();
  for (const part of parts.slice(0, -1)) {
    languages.set(part.lang, adoptOne(catalog.languages.get(part.lang)!, new Map(), part));
    yield;
  }
  return adoptOne(catalog, languages, parts.at(-1)!);
}

/**
 * Adopts the pieces the reading process sent (`buildParts`) over `catalog`, in slices, or says why
 * they do not fit it.
 */
export function adoptIndex(catalog: Catalog, pieces: readonly unknown[]): Promise<{ index: SearchIndex } | { problem: string }> {
  return runInSlices(adoptPiecesSteps(catalog, pieces as readonly PartPiece[]));
}

function* adoptPiecesSteps(catalog: Catalog, pieces: readonly PartPiece[]): Steps<{ index: SearchIndex } | { problem: string }> {
  const parts = yield* partsOfPiecesSteps(pieces);
  if (typeof parts === 'string') return { problem: parts };
  const problem = yield* partsProblemSteps(catalog, parts);
  return problem === undefined ? { index: yield* adoptIndexSteps(catalog, parts) } : { problem };
}

/** This module's URL, which the loader starts its reading process with (main.ts). */
export const INDEX_BUILD_MODULE = new URL(import.meta.url);

/**
 * In the reading process: the index the last build made, which the next looks up what this one
 * tokenized in (text/text-terms.ts), as a build on the main thread borrows from the live index. Never
 * set on the main thread.
 */
let builtLast: SearchIndex | undefined;

/** In the reading process: the search index of `catalog` as pieces of parts, for the main thread to adopt. */
export function buildParts(catalog: Catalog, run: <T>(steps: Steps<T>) => T = runNow): PartPiece[] {
  // Dropped first: a build that throws leaves no half-borrowed index behind for the next one.
  const earlier = builtLast;
  builtLast = undefined;
  builtLast = run(searchIndexSteps(catalog, { previous: earlier }));
  return partPieces(indexParts(builtLast));
}
