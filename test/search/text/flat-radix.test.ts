/**
 * The vocabulary's radix tree laid out flat (src/search/text/flat-radix.ts) answers exactly as
 * MiniSearch's SearchableMap it was laid out from: the same terms in the same order for a prefix and
 * within an edit distance; and the term table (src/search/text/term-table.ts) the same ids for exact
 * lookups; over the bundled catalog's three vocabularies and a few thousand typed strings (each term,
 * its prefixes, and its typos).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import SearchableMap from 'minisearch/SearchableMap';
import { buildCatalog } from '../../../src/catalog/catalog.ts';
import { buildSearchIndexNow } from '../../../src/search/search-index.ts';
import { type FlatRadixTree, flatRadixTreeSteps, forEachWithin, forEachWithPrefix } from '../../../src/search/text/flat-radix.ts';
import { termIdIn, termTableSteps } from '../../../src/search/text/term-table.ts';
import { runNow } from '../../../src/time-slices.ts';
import { seededRandom } from '../../helpers/random.ts';
import { bundledSnapshot } from '../../helpers/search-catalogs.ts';

function treesOf(terms: readonly string[]): { map: SearchableMap<number>; flat: FlatRadixTree; idOf: (term: string) => number } {
  const map = new SearchableMap<number>();
  for (const [id, term] of terms.entries()) map.set(term, id);
  const table = runNow(termTableSteps(terms));
  return { map, flat: runNow(flatRadixTreeSteps(map)), idOf: (term) => termIdIn(table, terms, term) };
}

function prefixIds(flat: FlatRadixTree, prefix: string): number[] {
  const ids: number[] = [];
  forEachWithPrefix(flat, prefix, (id) => {
    ids.push(id);
    return true;
  });
  return ids;
}

function withinPairs(flat: FlatRadixTree, query: string, distance: number): [number, number][] {
  const found: [number, number][] = [];
  forEachWithin(flat, query, distance, (id, d) => found.push([id, d]));
  return found;
}

/** Strings a user might type near `term`: a letter dropped, swapped, doubled, changed, or one added. */
function typosOf(term: string, random: () => number): string[] {
  const at = Math.floor(random() * term.length);
  const letter = String.fromCharCode(97 + Math.floor(random() * 26));
  return [
    term.slice(0, at) + term.slice(at + 1),
    term.slice(0, at) + (term[at + 1] ?? '') + term[at] + term.slice(at + 2),
    term.slice(0, at) + letter + term.slice(at + 1),
    term.slice(0, at) + letter + term.slice(at),
    term + letter + letter,
  ];
}

describe('the flat radix tree answers as MiniSearch’s SearchableMap', () => {
  const index = buildSearchIndexNow(buildCatalog(bundledSnapshot(), 'flat-radix'));
  const vocabularies = [index, ...index.languages.values()].map((language) => ({
    lang: language.catalog.lang,
    terms: language.terms.terms,
  }));

  it('is what a build lays out: the index’s tree and table are those of its terms in id order', () => {
    for (const { lang, terms } of vocabularies) {
      const built = [index, ...index.languages.values()].find((language) => language.catalog.lang === lang)!.terms;
      assert.deepEqual(built.vocabulary, treesOf(terms).flat, lang);
      assert.deepEqual(built.termTable, runNow(termTableSteps(terms)), lang);
    }
  });

  for (const { lang, terms } of vocabularies) {
    describe(`${lang} (${terms.length} terms)`, () => {
      const { map, flat, idOf } = treesOf(terms);
      const random = seededRandom(terms.length);
      const typed = [
        ...new Set(terms.flatMap((term) => [term, ...typosOf(term, random), term.slice(0, 1 + Math.floor(random() * term.length))])),
      ];

      it('finds every term’s id in the table, and no id for a string that is not a term', () => {
        for (const [id, term] of terms.entries()) assert.equal(idOf(term), id, term);
        for (const text of typed) assert.equal(idOf(text), map.get(text) ?? -1, text);
        assert.equal(idOf(''), -1);
      });

      it('lists a prefix’s terms in atPrefix’s order, for every term’s prefixes and its typos', () => {
        const prefixes = new Set<string>(['', 'zzzz', 'a', 'ab']);
        for (const term of terms) for (let length = 1; length <= term.length; length++) prefixes.add(term.slice(0, length));
        for (const text of typed) prefixes.add(text);
        for (const prefix of prefixes) {
          assert.deepEqual(
            prefixIds(flat, prefix),
            [...map.atPrefix(prefix)].map(([, id]) => id),
            `prefix "${prefix}"`,
          );
        }
      });

      it('lists the terms within one and two edits in fuzzyGet’s order, with their distances', () => {
        for (const text of typed.filter((_, i) => i % 3 === 0)) {
          for (const distance of [1, 2]) {
            assert.deepEqual(
              withinPairs(flat, text, distance),
              [...map.fuzzyGet(text, distance)].map(([, [id, d]]) => [id, d]),
              `"${text}" within ${distance}`,
            );
          }
        }
      });
    });
  }

  it('stops listing a prefix when the visitor says so', () => {
    const { flat } = treesOf(['press', 'presses', 'pressing', 'pull']);
    const seen: number[] = [];
    forEachWithPrefix(flat, 'pres', (id) => {
      seen.push(id);
      return seen.length < 2;
    });
    assert.equal(seen.length, 2);
  });

  it('holds an empty vocabulary, and a prefix inside an edge', () => {
    const { flat: empty, idOf } = treesOf([]);
    assert.equal(idOf('row'), -1);
    assert.deepEqual(prefixIds(empty, 'r'), []);
    assert.deepEqual(withinPairs(empty, 'row', 1), []);
    const { map, flat } = treesOf(['kettlebell', 'kettlebells', 'kettle']);
    for (const prefix of ['k', 'ketl', 'kettleb', 'kettlebell', 'kettlebellz']) {
      assert.deepEqual(
        prefixIds(flat, prefix),
        [...map.atPrefix(prefix)].map(([, id]) => id),
        prefix,
      );
    }
  });

  it('walks a tree deeper than any before it (the walk’s stack grows)', () => {
    const deep = Array.from({ length: 300 }, (_, i) => 'a'.repeat(i + 1));
    const { map, flat, idOf } = treesOf(deep);
    assert.equal(flat.depth, 300);
    assert.deepEqual(
      prefixIds(flat, 'aaa'),
      [...map.atPrefix('aaa')].map(([, id]) => id),
    );
    assert.equal(idOf('a'.repeat(300)), 299);
  });
});
