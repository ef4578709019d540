/**
 * The texts a search index's build read, kept for the next build (src/search/text/text-terms.ts) with
 * their term ids (src/search/text/term-tokens.ts): a reload looks names and keywords up there instead of
 * tokenizing and interning them again, in every language, and what it builds is the very index a build
 * from nothing makes. It also keeps the live synonym table while the snapshot's synonyms stay.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildCatalog } from '../../../src/catalog/catalog.ts';
import type { Snapshot } from '../../../src/catalog/snapshot-schema.ts';
import { buildSearchIndexNow, type SearchIndex } from '../../../src/search/search-index.ts';
import { contentTerms, ENGLISH } from '../../../src/search/text/normalize.ts';
import { termIndexSteps } from '../../../src/search/text/term-index.ts';
import { termIdsOf } from '../../../src/search/text/term-tokens.ts';
import { KEEP_TEXT_TERMS_MAX_EXERCISES, TextTerms } from '../../../src/search/text/text-terms.ts';
import { runNow } from '../../../src/time-slices.ts';
import { bundledSnapshot } from '../../helpers/search-catalogs.ts';

/** The index's own arrays, without the kept tables. */
function termArrays(index: SearchIndex): Record<string, unknown> {
  const { textTerms: _kept, termIds: _ids, vocabulary: _map, rules: _rules, ...arrays } = index.terms;
  return arrays;
}

/** The bundled snapshot with one exercise renamed (in English and Spanish) and the last one removed. */
function edited(snapshot: Snapshot): Snapshot {
  const next = structuredClone(snapshot);
  const renamed = next.exercises[0]!;
  renamed.name = `${renamed.name} Revised`;
  renamed.keywords = [...renamed.keywords.slice(1), 'a keyword nobody had'];
  next.translations!.es!.exercises[renamed.id]!.name = 'Un nombre nuevo';
  next.exercises.pop();
  return next;
}

describe('the texts a build keeps for the next', () => {
  const snapshot = bundledSnapshot();
  const live = buildSearchIndexNow(buildCatalog(snapshot, 'live'));
  const nextSnapshot = edited(snapshot);
  const reloaded = buildSearchIndexNow(buildCatalog(nextSnapshot, 'next'), { previous: live });
  const fresh = buildSearchIndexNow(buildCatalog(nextSnapshot, 'next'));

  it('builds the same index as a build from nothing, in every language', () => {
    assert.deepEqual(termArrays(reloaded), termArrays(fresh));
    assert.deepEqual([...reloaded.terms.vocabulary.keys()], [...fresh.terms.vocabulary.keys()]);
    for (const [lang, index] of fresh.languages) {
      assert.deepEqual(termArrays(reloaded.languages.get(lang)!), termArrays(index), `${lang}: same arrays`);
    }
  });

  it("takes an unchanged text's terms from the live index's table, and tokenizes a changed one", () => {
    const unchanged = nextSnapshot.exercises[1]!.name;
    assert.equal(reloaded.terms.textTerms!.get(unchanged), live.terms.textTerms!.get(unchanged), 'the very terms of the live build');
    assert.notEqual(fresh.terms.textTerms!.get(unchanged), live.terms.textTerms!.get(unchanged), 'a build from nothing tokenizes');
    assert.equal(live.terms.textTerms!.has(nextSnapshot.exercises[0]!.name), false);
    const renamed = nextSnapshot.exercises[0]!.name;
    assert.deepEqual(reloaded.terms.textTerms!.get(renamed), contentTerms(renamed, ENGLISH), 'a new name, tokenized');
    const spanish = nextSnapshot.translations!.es!.exercises[nextSnapshot.exercises[1]!.id]!.name!;
    const es = (index: SearchIndex) => index.languages.get('es')!.terms.textTerms!.get(spanish);
    assert.ok(es(live) !== undefined && es(reloaded) === es(live), "a translation's index reads its own language's table");
  });

  it("takes an unchanged text's term ids from the live index's table, tokenizing only new texts", () => {
    /** Every text the build had to tokenize. */
    class CountingTerms extends TextTerms {
      readonly tokenized = new Set<string>();
      override of(text: string): readonly string[] {
        this.tokenized.add(text);
        return super.of(text);
      }
    }
    const catalog = buildCatalog(nextSnapshot, 'next');
    const counting = new CountingTerms(ENGLISH);
    const built = runNow(termIndexSteps(catalog.exercises, catalog.muscleGroups, counting, undefined, live.terms.termIds));
    const keyword = nextSnapshot.exercises[1]!.keywords[0]!;
    assert.equal(counting.tokenized.has(keyword), false, 'an unchanged keyword: its ids come from the live table');
    assert.ok(counting.tokenized.has('a keyword nobody had'), 'a new keyword is tokenized');
    const ids = termIdsOf(built.termIds!, keyword)!;
    assert.deepEqual(
      ids.map((id) => built.terms[id]),
      termIdsOf(live.terms.termIds!, keyword)!.map((id) => live.terms.terms[id]),
      "the same terms, under this build's ids",
    );
    assert.deepEqual(built.terms, fresh.terms.terms, 'numbered as a build from nothing numbers them');
  });

  it('keeps only what this build read, so tables never chain, and none for a large catalog', () => {
    const removed = snapshot.exercises.at(-1)!.name;
    assert.ok(live.terms.textTerms!.has(removed));
    assert.equal(reloaded.terms.textTerms!.has(removed), false, "a removed exercise's name is not carried on");
    assert.ok(termIdsOf(live.terms.termIds!, removed) !== undefined);
    assert.equal(termIdsOf(reloaded.terms.termIds!, removed), undefined, 'nor its term ids');
    assert.equal(new TextTerms(ENGLISH).kept(KEEP_TEXT_TERMS_MAX_EXERCISES + 1), undefined);
    assert.ok(new TextTerms(ENGLISH).kept(KEEP_TEXT_TERMS_MAX_EXERCISES) !== undefined);
  });

  it("keeps the live synonym table while the snapshot's synonyms stay, in every language, and builds anew when they change", () => {
    assert.equal(reloaded.planContext.synonyms, live.planContext.synonyms, 'the very table of the live index');
    for (const [lang, index] of reloaded.languages) {
      assert.equal(index.planContext.synonyms, live.languages.get(lang)!.planContext.synonyms, `${lang}: its own language's table`);
    }
    assert.notEqual(reloaded.languages.get('es')!.planContext.synonyms, live.planContext.synonyms);
    assert.notEqual(fresh.planContext.synonyms, live.planContext.synonyms, 'a build from nothing builds one');
    assert.deepEqual(fresh.planContext.synonyms, live.planContext.synonyms, 'with the same entries');
    const more = structuredClone(nextSnapshot);
    more.search = { ...more.search, synonyms: [...(more.search?.synonyms ?? []), ['zottman curl', 'twist curl']] };
    const changed = buildSearchIndexNow(buildCatalog(more, 'more'), { previous: live });
    assert.notEqual(changed.planContext.synonyms, live.planContext.synonyms);
    assert.ok(
      changed.planContext.synonyms.byFirstTerm.size > live.planContext.synonyms.byFirstTerm.size,
      "the snapshot's new synonym is in",
    );
  });
});
