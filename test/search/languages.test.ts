/**
 * Search in Spanish and German (search/languages/): each language's terms, and the relevance set of
 * each (bench/relevance-queries-es.ts, -de.ts) on the bundled catalog's translation, hit@3 at least 98%
 * as the English set's is (docs/performance.md#relevance).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { measureRelevance, QUERY_SETS } from '../../bench/relevance.ts';
import { buildCatalog } from '../../src/catalog/catalog.ts';
import { GERMAN, splitCompound, stemGerman } from '../../src/search/languages/german.ts';
import { languageOf } from '../../src/search/languages/languages.ts';
import { SPANISH } from '../../src/search/languages/spanish.ts';
import { contentTerms } from '../../src/search/text/normalize.ts';
import { findPage, TIMED_OUT } from '../../src/search/page-query.ts';
import { buildSearchIndexNow } from '../../src/search/search-index.ts';

const NO_DEADLINE = { deadline: Number.POSITIVE_INFINITY, now: () => 0, random: Math.random };
import { bundledSnapshot } from '../helpers/search-catalogs.ts';

const terms = (rules: typeof SPANISH, text: string) => contentTerms(text, rules).join(' ');

describe('Spanish terms', () => {
  it('fold accents and plurals, and keep gender apart', () => {
    assert.equal(terms(SPANISH, 'Flexiones'), terms(SPANISH, 'flexión'));
    assert.equal(terms(SPANISH, 'sentadillas'), terms(SPANISH, 'Sentadilla'));
    assert.equal(terms(SPANISH, 'Jalones'), terms(SPANISH, 'jalón'));
    assert.equal(terms(SPANISH, 'curls'), terms(SPANISH, 'curl'));
    assert.equal(terms(SPANISH, 'press'), 'press');
    assert.notEqual(terms(SPANISH, 'rodillo'), terms(SPANISH, 'rodilla'));
  });

  it('read b and v as one letter, and drop function words', () => {
    assert.equal(terms(SPANISH, 'vurpees'), terms(SPANISH, 'burpees'));
    assert.equal(terms(SPANISH, 'ejercicios de pecho con mancuernas'), terms(SPANISH, 'pecho mancuerna'));
  });
});

describe('German terms', () => {
  it('read umlauts typed three ways, and ß as ss', () => {
    for (const typed of ['Bankdrücken', 'bankdruecken', 'bankdrucken'])
      assert.equal(terms(GERMAN, typed), terms(GERMAN, 'Bankdrücken'), typed);
    assert.equal(terms(GERMAN, 'Hüftstoß'), terms(GERMAN, 'hueftstoss'));
  });

  it('fold plural and case endings, but not a word into another', () => {
    assert.equal(stemGerman('kniebeugen'), stemGerman('kniebeuge'));
    assert.equal(terms(GERMAN, 'Kurzhanteln'), terms(GERMAN, 'Kurzhantel'));
    assert.equal(terms(GERMAN, 'einarmiges'), terms(GERMAN, 'einarmig'));
    assert.notEqual(terms(GERMAN, 'Bein'), terms(GERMAN, 'bei'));
    assert.equal(terms(GERMAN, 'Beinstrecker'), terms(GERMAN, 'Bein-Strecker'));
  });

  it('split compounds into their parts however they are written, and keep a known word whole', () => {
    const squat = terms(GERMAN, 'Langhantel-Kniebeuge');
    assert.equal(terms(GERMAN, 'Langhantelkniebeuge'), squat);
    assert.equal(terms(GERMAN, 'Langhantel Kniebeuge'), squat);
    assert.deepEqual(splitCompound('frontkniebeuge'), ['front', 'kniebeuge']);
    assert.equal(splitCompound('kniebeuge'), undefined);
    assert.equal(splitCompound('lateral'), undefined);
  });
});

describe('a language the engine has no words for', () => {
  it('is searched with case and accents folded', () => {
    const rules = languageOf('pt').rules;
    assert.deepEqual(rules.tokenize('Supino Reto com Halteres'), ['supino', 'reto', 'com', 'halteres']);
    assert.deepEqual(rules.tokenize('Agachamento Búlgaro'), ['agachamento', 'bulgaro']);
  });
});

describe('relevance in each language on the bundled catalog', () => {
  const index = buildSearchIndexNow(buildCatalog(bundledSnapshot(), 'bundled'));
  const first = (lang: string, q: string): string => {
    const local = index.languages.get(lang)!;
    const page = findPage(local, { q, filters: [], random: false, limit: 1, offset: 0 }, NO_DEADLINE);
    return page === TIMED_OUT ? '' : local.catalog.exercises[page.positions[0]!]!.name;
  };

  it('ranks the plain name first whatever the order of its words (equipment before or after)', () => {
    assert.equal(first('de', 'kniebeuge langhantel'), 'Langhantel-Kniebeuge');
    assert.equal(first('de', 'langhantel kniebeuge'), 'Langhantel-Kniebeuge');
    assert.equal(first('de', 'curl kurzhantel'), 'Kurzhantel-Curl');
  });

  for (const lang of ['es', 'de']) {
    it(`${lang}: hit@3 at least 98% over at least 100 queries`, () => {
      const figures = measureRelevance(lang, index.languages.get(lang)!, QUERY_SETS.get(lang)!);
      assert.ok(figures.judged >= 100, `${figures.judged} queries judged`);
      assert.deepEqual(figures.unanswerable, []);
      assert.ok(figures.hitAt3Share >= 0.98, `hit@3 ${figures.hitAt3} of ${figures.judged}: ${JSON.stringify(figures.misses)}`);
    });
  }
});
