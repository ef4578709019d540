/**
 * A rebuild keeps the live filter bitsets when nothing a filter reads changed (src/search/filters/
 * facet-index.ts, isSameFacetSourceSteps), in every language, and builds them anew, as a build from
 * nothing does, when something did.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildCatalog } from '../../../src/catalog/catalog.ts';
import type { Snapshot } from '../../../src/catalog/snapshot-schema.ts';
import { buildSearchIndexNow, type SearchIndex } from '../../../src/search/search-index.ts';
import { bundledSnapshot } from '../../helpers/search-catalogs.ts';

/** Every index of `index`, the English one first. */
const allOf = (index: SearchIndex) => [['en', index] as const, ...index.languages];

describe('a rebuild and the live filter bitsets', () => {
  const snapshot = bundledSnapshot();
  const live = buildSearchIndexNow(buildCatalog(snapshot, 'live'));

  it('keeps them, in every language, when only text no filter reads changed', () => {
    const next = structuredClone(snapshot);
    for (const exercise of next.exercises.slice(0, 20)) {
      exercise.overview = `${exercise.overview} Revised.`;
      exercise.keywords = [...exercise.keywords, 'a new keyword'];
    }
    const reloaded = buildSearchIndexNow(buildCatalog(next, 'next'), { previous: live });
    for (const [lang, index] of allOf(reloaded)) {
      const before = lang === 'en' ? live : live.languages.get(lang)!;
      assert.equal(index.facets, before.facets, `${lang}: the live bitsets`);
    }
  });

  it('builds them anew, as a build from nothing does, when a filtered value or the catalog’s order changed', () => {
    const changes: [string, (next: Snapshot) => void][] = [
      [
        'a category',
        (next) => {
          next.exercises[3]!.category = next.exercises[3]!.category === 'yoga' ? 'strength' : 'yoga';
        },
      ],
      ['a secondary muscle', (next) => void next.exercises[5]!.secondaryMuscles.push('trapezius')],
      ['one exercise fewer', (next) => void next.exercises.pop()],
    ];
    for (const [what, change] of changes) {
      const next = structuredClone(snapshot);
      change(next);
      const reloaded = buildSearchIndexNow(buildCatalog(next, 'next'), { previous: live });
      const fresh = buildSearchIndexNow(buildCatalog(next, 'next'));
      assert.notEqual(reloaded.facets, live.facets, `${what}: built anew`);
      const { rules: _a, ...built } = reloaded.facets;
      const { rules: _b, ...fromNothing } = fresh.facets;
      assert.deepEqual(built, fromNothing, `${what}: the bitsets a build from nothing makes`);
    }
  });
});
