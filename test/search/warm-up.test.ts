/** Warm before ready (issue 19): the warm-up runs every search path once and leaves the index's caches as it found them. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildCatalog } from '../../src/catalog/catalog.ts';
import { findPage, RANKINGS } from '../../src/search/page-query.ts';
import { buildSearchIndexNow } from '../../src/search/search-index.ts';
import { suggest } from '../../src/search/suggest.ts';
import { isWarmedBy, warmUp } from '../../src/search/warm-up.ts';
import { fixtureSnapshot } from '../helpers/service.ts';

const catalog = buildCatalog(fixtureSnapshot(), 'fixture');
const context = { deadline: Number.POSITIVE_INFINITY, now: () => 0, random: Math.random };

describe('warmUp', () => {
  it('resolves with the same index, its rankings cache empty again, in slices', async () => {
    const index = buildSearchIndexNow(catalog);
    const warmed = await warmUp(index, 1);
    assert.equal(warmed, index);
    assert.equal(index.caches.of(RANKINGS).size, 0);
    assert.ok(index.caches.names.length > 0, 'the search paths ran (and made their caches)');
  });

  it('warms each language of a catalog with translations, and empties their caches too', async () => {
    const snapshot = fixtureSnapshot();
    const [first] = snapshot.exercises;
    snapshot.translations = { es: { exercises: { [first!.id]: { name: 'Press de prueba' } } } };
    const index = buildSearchIndexNow(buildCatalog(snapshot, 'fixture'));
    const spanish = index.languages.get('es')!;
    await warmUp(index, 1);
    assert.ok(spanish.caches.names.length > 0, 'the Spanish index ran the search paths');
    assert.equal(spanish.caches.of(RANKINGS).size, 0);
    assert.equal(index.caches.of(RANKINGS).size, 0);
  });

  it('changes no answer: pages and suggestions equal those of a cold index', async () => {
    const cold = buildSearchIndexNow(catalog);
    const warmed = await warmUp(buildSearchIndexNow(catalog));
    for (const q of ['press', 'sqaut', 'kettleb', undefined]) {
      const query = { q, filters: [], random: false, limit: 20, offset: 0 };
      assert.deepEqual(findPage(warmed, query, context), findPage(cold, query, context), String(q));
    }
    assert.deepEqual(
      suggest(warmed, 'be', 10, Number.POSITIVE_INFINITY, () => 0),
      suggest(cold, 'be', 10, Number.POSITIVE_INFINITY, () => 0),
    );
  });

  it('is left out of a reload only when serving the live index ran every path the new one takes', () => {
    const snapshot = fixtureSnapshot();
    const english = buildSearchIndexNow(catalog);
    snapshot.translations = { es: { exercises: { [snapshot.exercises[0]!.id]: { name: 'Press de prueba' } } } };
    const withSpanish = buildSearchIndexNow(buildCatalog(snapshot, 'fixture'));
    const large = buildSearchIndexNow(catalog, { largeSuggestMinExercises: 0 });
    assert.equal(isWarmedBy(english, undefined), false, 'a first load is warmed');
    assert.equal(isWarmedBy(buildSearchIndexNow(catalog), english), true, 'a reload of the same kind is not');
    assert.equal(isWarmedBy(withSpanish, english), false, 'a language the live catalog lacked is warmed');
    assert.equal(isWarmedBy(english, withSpanish), true, 'a language fewer needs nothing new');
    assert.equal(isWarmedBy(large, english), false, "suggest's large-catalog path, never taken, is warmed");
  });
});
