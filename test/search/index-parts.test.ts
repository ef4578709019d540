/**
 * An index built on one thread and adopted on another (issue 19): parts copied by structured clone, as
 * a port copies them, and adopted over the catalog the main thread built from the same snapshot, answer
 * every search as the index built here does, in every language, and on the large-catalog path.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { serialize } from 'node:v8';
import { buildCatalog } from '../../src/catalog/catalog.ts';
import { countFacets, FACET_NAMES, facetTableOf } from '../../src/search/facet-counts.ts';
import { adoptIndex, adoptIndexSteps, indexParts, partPieces, partsOfPieces, partsProblemSteps } from '../../src/search/index-parts.ts';
import { type Filter, findPage } from '../../src/search/page-query.ts';
import { CHUNK_BYTES } from '../../src/search/structures/part-chunks.ts';
import { buildSearchIndexNow, type SearchIndex } from '../../src/search/search-index.ts';
import { suggest } from '../../src/search/suggest.ts';
import { runNow } from '../../src/time-slices.ts';
import { RELEVANCE_QUERIES } from '../../bench/relevance-queries.ts';
import { RELEVANCE_QUERIES_DE } from '../../bench/relevance-queries-de.ts';
import { RELEVANCE_QUERIES_ES } from '../../bench/relevance-queries-es.ts';
import { bundledSnapshot } from '../helpers/search-catalogs.ts';

const context = { deadline: Number.POSITIVE_INFINITY, now: () => 0, random: () => 0.5 };
const FILTERS: readonly (readonly Filter[])[] = [
  [],
  [{ field: 'muscle', values: ['chest'] }],
  [{ field: 'equipment', values: ['dumbbell'] }],
];

/** Every answer `index` gives to `queries`: pages with facet counts, and suggestions of each prefix. */
function answers(index: SearchIndex, queries: readonly string[]): unknown[] {
  const out: unknown[] = [];
  for (const q of [...queries, undefined]) {
    for (const filters of FILTERS) {
      const page = findPage(index, { q, filters, random: false, limit: 20, offset: 0, withMatchSet: true }, context);
      assert.ok(typeof page === 'object');
      out.push([...page.positions], page.total, countFacets(facetTableOf(index), page.matchSet, FACET_NAMES));
    }
    if (q !== undefined) for (let n = 1; n <= Math.min(q.length, 6); n++) out.push(suggest(index, q.slice(0, n), 10, Infinity, () => 0));
  }
  return out;
}

describe('search index parts', () => {
  const snapshot = bundledSnapshot();
  // Two catalogs of one snapshot, as the two threads build them.
  const here = buildCatalog(snapshot, 'bundled');
  const there = buildCatalog(snapshot, 'bundled');

  it('adopted over the other catalog, answers every relevance query as the index built here, in en, de and es', async () => {
    const built = buildSearchIndexNow(here);
    // As the worker posts them: each piece copied on its own.
    const pieces = partPieces(indexParts(buildSearchIndexNow(there))).map((piece) => structuredClone(piece));
    const result = await adoptIndex(here, pieces);
    assert.ok('index' in result, JSON.stringify(result));
    const adopted = result.index;
    assert.equal(adopted.catalog, here);
    assert.deepEqual([...adopted.languages.keys()], [...built.languages.keys()]);
    assert.deepEqual(
      answers(
        adopted,
        RELEVANCE_QUERIES.map((r) => r.q),
      ),
      answers(
        built,
        RELEVANCE_QUERIES.map((r) => r.q),
      ),
    );
    for (const [lang, queries] of [
      ['de', RELEVANCE_QUERIES_DE],
      ['es', RELEVANCE_QUERIES_ES],
    ] as const) {
      const q = queries.map((r) => r.q);
      assert.equal(adopted.languages.get(lang)!.catalog, here.languages.get(lang));
      assert.deepEqual(answers(adopted.languages.get(lang)!, q), answers(built.languages.get(lang)!, q), lang);
    }
  });

  it("answers as the index built here on suggest's large-catalog path", () => {
    const options = { largeSuggestMinExercises: 0 };
    const built = buildSearchIndexNow(here, options);
    const adopted = runNow(adoptIndexSteps(here, structuredClone(indexParts(buildSearchIndexNow(there, options)))));
    assert.ok(adopted.large !== undefined && adopted.large.terms === adopted.terms);
    const queries = RELEVANCE_QUERIES.slice(0, 40).map((r) => r.q);
    assert.deepEqual(answers(adopted, queries), answers(built, queries));
  });

  it('are posted in pieces of a bounded size, large values cut into chunks, and put together again', async () => {
    const parts = indexParts(buildSearchIndexNow(there));
    const pieces = partPieces(parts);
    for (const { value, path } of pieces)
      assert.ok(
        !(value instanceof Object && Object.getPrototypeOf(value) === Object.prototype && Object.keys(value).length > 0),
        path.join('.'),
      );
    // The bundled catalog's largest values (a language's alias terms, 333 KB) took 1-1.6 ms to deserialize whole.
    const postingChunks = pieces.filter((piece) => piece.lang === 'en' && piece.path.join('.') === 'terms.postingDoc');
    assert.ok(postingChunks.length > 1, `the postings are cut into chunks (${postingChunks.length})`);
    const largest = Math.max(...pieces.map((piece) => serialize(piece).length));
    assert.ok(largest <= 2 * CHUNK_BYTES, `the largest piece is ${largest} bytes`);
    assert.deepEqual(partsOfPieces(structuredClone(pieces)), parts);
    const missing = pieces.filter((piece) => piece !== postingChunks[1]);
    assert.deepEqual(await adoptIndex(there, missing), { problem: 'index part en: terms.postingDoc: chunk at 16384 does not follow 8192' });
  });

  it('are refused for a catalog of other exercises, or of other languages', async () => {
    const parts = indexParts(buildSearchIndexNow(there));
    const fewer = buildCatalog({ ...snapshot, exercises: snapshot.exercises.slice(1) }, 'bundled');
    assert.match(runNow(partsProblemSteps(fewer, parts)) ?? '', /index part \w+ was built over other exercises/);
    const english = buildCatalog({ ...snapshot, translations: undefined }, 'bundled');
    assert.match(runNow(partsProblemSteps(english, parts)) ?? '', /3 index parts for 1 languages/);
    assert.deepEqual(await adoptIndex(fewer, partPieces(parts)), { problem: 'index part de was built over other exercises' });
  });
});
