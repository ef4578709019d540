/**
 * The texts a search index's build read, kept for the next build (src/search/text/text-terms.ts) with
 * their term ids (src/search/text/term-tokens.ts): a reload looks names and keywords up there instead of
 * tokenizing and interning them again, in every language, and what it builds is the very index a build
 * from nothing makes. A record the new catalog kept (the live object itself) has its term ids copied
 * from the live index's tokens, its texts not read at all. It also keeps the live synonym table while
 * the snapshot's synonyms stay.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildCatalog, catalogSteps } from '../../../src/catalog/catalog.ts';
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
  const { textTerms: _kept, termIds: _ids, tokens: _tokens, vocabulary: _map, rules: _rules, ...arrays } = index.terms;
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
    assert.deepEqual(reloaded.terms.vocabulary, fresh.terms.vocabulary);
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

  it('copies the term ids of every record the catalog kept from the live index, in every language, building the same index', () => {
    // Built as a reload builds it: the catalog from the live one, which lends the records it kept.
    const catalog = runNow(catalogSteps(nextSnapshot, 'next', undefined, live.catalog));
    const kept = catalog.exercises.find((exercise) => exercise.id === nextSnapshot.exercises[1]!.id)!;
    assert.equal(kept, live.catalog.exercises[live.catalog.positionById.get(kept.id)!], 'the live record itself');
    const esLive = live.languages.get('es')!.catalog;
    const es = catalog.languages.get('es')!;
    const esKept = es.exercises[es.positionById.get(kept.id)!]!;
    assert.equal(esKept, esLive.exercises[esLive.positionById.get(kept.id)!], "a translation's record too, though localized anew");
    const copied = buildSearchIndexNow(catalog, { previous: live });
    assert.deepEqual(termArrays(copied), termArrays(fresh));
    assert.deepEqual(copied.terms.terms, fresh.terms.terms, 'numbered as a build from nothing numbers them');
    assert.deepEqual(copied.terms.vocabulary, fresh.terms.vocabulary);
    for (const [lang, index] of fresh.languages) {
      assert.deepEqual(termArrays(copied.languages.get(lang)!), termArrays(index), `${lang}: same arrays`);
    }
    // Copied, not read: the texts of a kept record are not among what this build read; a changed one's are.
    assert.equal(termIdsOf(copied.terms.termIds!, kept.name), undefined, "a kept record's name was not looked up");
    assert.ok(termIdsOf(copied.terms.termIds!, 'a keyword nobody had') !== undefined, "a changed record's new keyword was read");
    assert.equal(termIdsOf(copied.languages.get('es')!.terms.termIds!, esKept.name), undefined, 'nor in Spanish');
    assert.ok(termIdsOf(copied.languages.get('es')!.terms.termIds!, 'Un nombre nuevo') !== undefined);
  });

  it('copies the ids of the fields a changed record kept, reload after reload, and reads only its new text', () => {
    // Every record's overview and last keyword revised, after a reload that copied most records whole:
    // the names and the other keywords are copied from the live tokens, not looked up in any table.
    const copied = buildSearchIndexNow(runNow(catalogSteps(nextSnapshot, 'next', undefined, live.catalog)), { previous: live });
    const revised = structuredClone(nextSnapshot);
    for (const exercise of revised.exercises) {
      exercise.overview = `${exercise.overview} (revised)`;
      exercise.keywords = [...exercise.keywords.slice(0, -1), `${exercise.keywords.at(-1)} revised`];
    }
    const built = buildSearchIndexNow(runNow(catalogSteps(revised, 'revised', undefined, copied.catalog)), { previous: copied });
    const sample = revised.exercises[5]!;
    assert.notEqual(
      built.catalog.exercises[built.catalog.positionById.get(sample.id)!],
      copied.catalog.exercises[copied.catalog.positionById.get(sample.id)!],
    );
    assert.equal(termIdsOf(built.terms.termIds!, sample.name), undefined, 'the same name: copied');
    assert.equal(termIdsOf(built.terms.termIds!, sample.keywords[0]!), undefined, 'the same first keyword: copied');
    assert.ok(termIdsOf(built.terms.termIds!, sample.keywords.at(-1)!) !== undefined, 'the revised keyword: read');
    const fromNothing = buildSearchIndexNow(buildCatalog(revised, 'revised'));
    assert.deepEqual(termArrays(built), termArrays(fromNothing));
    for (const [lang, index] of fromNothing.languages) {
      assert.deepEqual(termArrays(built.languages.get(lang)!), termArrays(index), `${lang}: same arrays`);
    }
    // No name or equipment changed: the rankings made from the names are the live ones, in every language.
    for (const [from, to] of [
      [copied, built],
      ...[...copied.languages.keys()].map((lang) => [copied.languages.get(lang)!, built.languages.get(lang)!]),
    ]) {
      assert.equal(to!.terms.canonicalPrior, from!.terms.canonicalPrior, `${to!.catalog.lang}: the live canonical priors`);
      assert.equal(to!.terms.suggestLength, from!.terms.suggestLength, `${to!.catalog.lang}: the live suggest lengths`);
    }
    // A name changed (and a record removed): made again.
    assert.notEqual(reloaded.terms.canonicalPrior, live.terms.canonicalPrior);
    assert.notEqual(reloaded.languages.get('es')!.terms.suggestLength, live.languages.get('es')!.terms.suggestLength);
  });

  it('keeps the live vocabulary when no searched text changed, and makes it again when a term is new', () => {
    const overviews = structuredClone(snapshot);
    for (const exercise of overviews.exercises) exercise.overview = `${exercise.overview} (revised)`;
    const built = buildSearchIndexNow(runNow(catalogSteps(overviews, 'overviews', undefined, live.catalog)), { previous: live });
    const fromNothing = buildSearchIndexNow(buildCatalog(overviews, 'overviews'));
    for (const [to, from, fresh] of [
      [built, live, fromNothing],
      ...[...live.languages.keys()].map((lang) => [
        built.languages.get(lang)!,
        live.languages.get(lang)!,
        fromNothing.languages.get(lang)!,
      ]),
    ]) {
      assert.equal(to!.terms.vocabulary, from!.terms.vocabulary, `${to!.catalog.lang}: the live vocabulary`);
      assert.equal(to!.terms.termTable, from!.terms.termTable, `${to!.catalog.lang}: the live term table`);
      assert.deepEqual(to!.terms.vocabulary, fresh!.terms.vocabulary);
      assert.deepEqual(termArrays(to!), termArrays(fresh!));
    }
    // "a keyword nobody had": a new term, a new vocabulary.
    assert.notEqual(reloaded.terms.vocabulary, live.terms.vocabulary);
    assert.notEqual(reloaded.terms.termTable, live.terms.termTable);
  });

  it("reads every record again when the taxonomy changed (a record's tags name its muscle groups)", () => {
    const regrouped = structuredClone(nextSnapshot);
    const group = regrouped.muscleGroups[0]!;
    group.displayGroup = `${group.displayGroup} Renamed`;
    const catalog = runNow(catalogSteps(regrouped, 'regrouped', undefined, live.catalog));
    const built = buildSearchIndexNow(catalog, { previous: live });
    const kept = catalog.exercises[1]!;
    assert.equal(kept, live.catalog.exercises[live.catalog.positionById.get(kept.id)!], 'the record itself was kept');
    assert.ok(termIdsOf(built.terms.termIds!, kept.name) !== undefined, 'but its texts were read again');
    assert.deepEqual(termArrays(built), termArrays(buildSearchIndexNow(buildCatalog(regrouped, 'regrouped'))));
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
