import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { growCatalog } from '../../../bench/catalog-growth.ts';
import { buildCatalog } from '../../../src/catalog/catalog.ts';
import { buildSearchIndexNow, type SearchIndex } from '../../../src/search/search-index.ts';
import { FLAG_BITS, FLAG_MASK, IN_BOTH, RECORD_HEADER, WORTH_OF_FIELDS } from '../../../src/search/suggest/exercise-words.ts';
import { CLASS_WORTH, HEAD_CLASSES } from '../../../src/search/suggest/large/term-heads.ts';
import { ALIAS_WEIGHT, NAME_WEIGHT } from '../../../src/search/suggest/weights.ts';
import { FIELD_KEYWORDS, FIELD_NAME, POSTING_FIELDS } from '../../../src/search/text/term-index.ts';
import { canonicalFamilySteps, SUGGEST_LENGTH_OFFSET, suggestCredit } from '../../../src/search/text/canonical-prior.ts';
import { baseName, contentTerms } from '../../../src/search/text/normalize.ts';
import { runNow } from '../../../src/time-slices.ts';
import { bundledSnapshot } from '../../helpers/search-catalogs.ts';

const BOTH = FIELD_NAME | FIELD_KEYWORDS | IN_BOTH;
/** The large-catalog path is built whatever the size, so its structures can be checked on the bundled catalog. */
const LARGE_PATH = { largeSuggestMinExercises: 0 };

/** An exercise's words from its text, tokenized afresh: term -> FIELD_NAME | FIELD_KEYWORDS (| IN_BOTH). */
function wordsOfText(name: string, keywords: readonly string[]): Map<string, number> {
  const fields = new Map<string, number>();
  for (const term of contentTerms(name)) fields.set(term, FIELD_NAME);
  for (const term of keywords.flatMap((text) => contentTerms(text))) fields.set(term, (fields.get(term) ?? 0) | FIELD_KEYWORDS);
  for (const [term, flags] of fields) if (flags === (FIELD_NAME | FIELD_KEYWORDS)) fields.set(term, BOTH);
  return fields;
}

/** Exercise `p`'s record, decoded: name length, first word and term -> flags. */
function recordOf(index: SearchIndex, p: number): { nameLength: number; firstWord: string | undefined; words: Map<string, number> } {
  const { wordStart, words } = index.large!.exerciseWords;
  const decoded = new Map<string, number>();
  for (let e = wordStart[p]! + RECORD_HEADER; e < wordStart[p + 1]!; e++) {
    const term = index.terms.terms[words[e]! >>> FLAG_BITS]!;
    assert.ok(!decoded.has(term), `"${term}" twice in the record of ${p}`);
    decoded.set(term, words[e]! & FLAG_MASK);
  }
  const first = words[wordStart[p]! + 1]!;
  return { nameLength: words[wordStart[p]!]!, firstWord: first < 0 ? undefined : index.terms.terms[first], words: decoded };
}

describe("suggest's exercise records, term pairs and head lengths", () => {
  const bundled = buildSearchIndexNow(buildCatalog(bundledSnapshot(), 'bundled'), LARGE_PATH);
  const families = runNow(canonicalFamilySteps(bundled.catalog.exercises));
  /** The length suggest ranks by: the base name's terms, less the canonical credit, plus the offset. */
  const rankLength = (p: number) =>
    SUGGEST_LENGTH_OFFSET + contentTerms(baseName(bundled.catalog.exercises[p]!.name)).length - suggestCredit(families[p]!);

  it('holds every exercise name and alias word once, with where it occurs, the length it ranks by and its first word', () => {
    bundled.catalog.exercises.forEach((exercise, p) => {
      const nameTerms = contentTerms(exercise.name);
      const record = recordOf(bundled, p);
      assert.equal(record.nameLength, rankLength(p), exercise.name);
      assert.equal(record.firstWord, nameTerms[0], exercise.name);
      assert.deepEqual(record.words, wordsOfText(exercise.name, exercise.keywords), exercise.name);
    });
  });

  it('pairs each head (word x class) with every word found in its exercises, and the fields it fills there', () => {
    // The reference, over every exercise's text: "term/class" -> other term -> fields.
    const expected = new Map<string, Map<string, number>>();
    for (const exercise of bundled.catalog.exercises) {
      const words = wordsOfText(exercise.name, exercise.keywords);
      const first = contentTerms(exercise.name)[0];
      for (const [term, flags] of words) {
        const c = term === first ? 0 : (flags & BOTH) === BOTH ? 1 : flags === FIELD_NAME ? 2 : 3;
        const beside = expected.get(`${term}/${c}`) ?? new Map<string, number>();
        expected.set(`${term}/${c}`, beside);
        for (const [other, otherFlags] of words) beside.set(other, (beside.get(other) ?? 0) | otherFlags);
      }
    }
    const { pairStart, pairs } = bundled.large!.termPairs;
    let checked = 0;
    bundled.terms.terms.forEach((term, id) => {
      for (let c = 0; c < HEAD_CLASSES; c++) {
        const found = new Map<string, number>();
        const h = id * HEAD_CLASSES + c;
        for (let e = pairStart[h]!; e < pairStart[h + 1]!; e++)
          found.set(bundled.terms.terms[pairs[e]! >>> FLAG_BITS]!, pairs[e]! & FLAG_MASK);
        assert.deepEqual(found, expected.get(`${term}/${c}`) ?? new Map(), `pairs of "${term}" in class ${c}`);
        checked += found.size;
      }
    });
    assert.ok(checked > 10_000, `${checked} pairs checked`);
  });

  it("keeps each head's name lengths beside its positions, in order", () => {
    const { headDoc, headLength, headStart } = bundled.large!.termHeads;
    assert.equal(headLength.length, headDoc.length);
    headDoc.forEach((p, j) => {
      assert.equal(headLength[j], rankLength(p));
    });
    for (let h = 0; h + 1 < headStart.length; h++) {
      for (let j = headStart[h]! + 1; j < headStart[h + 1]!; j++)
        assert.ok(headLength[j - 1]! <= headLength[j]!, `head ${h} in length order`);
    }
  });

  it('gives a grown copy the words of its name with the modifiers and the aliases of its original', () => {
    const grown = buildSearchIndexNow(buildCatalog(growCatalog(bundledSnapshot(), 2), 'grown'), LARGE_PATH);
    const copy = grown.catalog.exercises.findIndex((exercise) => exercise.id.endsWith('_V1'));
    const exercise = grown.catalog.exercises[copy]!;
    const record = recordOf(grown, copy);
    assert.deepEqual(record.words, wordsOfText(exercise.name, exercise.keywords));
    assert.equal(record.firstWord, contentTerms(exercise.name)[0]);
  });
});

describe('the worth of a word, by its flags', () => {
  it('is the name weight in the name, the alias weight in an alias, both added in one exercise', () => {
    assert.deepEqual(WORTH_OF_FIELDS, [0, NAME_WEIGHT, ALIAS_WEIGHT, NAME_WEIGHT, 0, 0, 0, NAME_WEIGHT + ALIAS_WEIGHT]);
    assert.deepEqual(WORTH_OF_FIELDS, [0, 3, 1, 3, 0, 0, 0, 4]);
  });

  it('gives each head class the most its words can be worth, from the same table', () => {
    assert.deepEqual(CLASS_WORTH, [4, 4, 3, 1]);
    assert.equal(CLASS_WORTH.length, HEAD_CLASSES);
  });

  it('keeps IN_BOTH apart from every field a posting records, inside the flag bits', () => {
    assert.equal(IN_BOTH & POSTING_FIELDS, 0);
    assert.equal((FIELD_NAME | FIELD_KEYWORDS | IN_BOTH) & ~FLAG_MASK, 0);
    assert.equal(FLAG_BITS, 3);
  });
});
