/**
 * The canonical prior (src/search/text/canonical-prior.ts): the plain form of a movement ranks before its
 * variants on a catalog without authored keywords, from families the engine counts in the catalog
 * itself, and a qualifier (" - Medium Grip") does not lengthen a name for BM25.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildCatalog } from '../../../src/catalog/catalog.ts';
import { baseTerms, canonicalFamilySteps } from '../../../src/search/text/canonical-prior.ts';
import { findPage, TIMED_OUT } from '../../../src/search/page-query.ts';
import { buildSearchIndexNow, type SearchIndex } from '../../../src/search/search-index.ts';
import { suggest } from '../../../src/search/suggest.ts';
import { baseName } from '../../../src/search/text/normalize.ts';
import { runNow } from '../../../src/time-slices.ts';
import { exercise } from '../../helpers/snapshots.ts';
import { freeExerciseDbSnapshot, withoutKeywords } from '../../helpers/search-catalogs.ts';

const context = { deadline: Number.POSITIVE_INFINITY, now: () => 0, random: Math.random };

function topNames(index: SearchIndex, q: string, limit: number): string[] {
  const page = findPage(index, { q, filters: [], random: false, limit, offset: 0 }, context);
  assert.ok(page !== TIMED_OUT);
  return page.positions.map((p) => index.catalog.exercises[p]!.name);
}

describe('baseName and baseTerms', () => {
  it('cut a trailing qualifier, keep a parenthesis inside the name', () => {
    assert.equal(baseName('Barbell Bench Press - Medium Grip'), 'Barbell Bench Press');
    assert.equal(baseName('Pushups (Close and Wide Hand Positions)'), 'Pushups');
    assert.equal(baseName('Machine Shoulder (Military) Press'), 'Machine Shoulder (Military) Press');
    assert.equal(baseName('Squat'), 'Squat');
  });

  it('drop the words that restate the equipment, keeping the last', () => {
    assert.deepEqual(baseTerms({ name: 'Barbell Bench Press - Medium Grip', equipment: 'barbell' }), ['bench', 'press']);
    assert.deepEqual(baseTerms({ name: 'Decline Barbell Bench Press', equipment: 'barbell' }), ['bench', 'decline', 'press']);
    assert.deepEqual(baseTerms({ name: 'EZ-Bar Curl', equipment: 'ez curl bar' }), ['curl']);
    assert.deepEqual(baseTerms({ name: 'Bodyweight Squats', equipment: null }), ['squat']);
  });
});

describe('canonicalFamilySteps', () => {
  it('gives the head of the largest family of its own equipment the largest family, from names alone', () => {
    // Made-up names: nothing here is a known id or name, so only the counting can put "Zorp Lift" first.
    const names = ['Zorp Lift', 'Wide Zorp Lift', 'Paused Zorp Lift', 'Deficit Zorp Lift', 'Blip Zorp Lift'];
    const exercises = [
      ...names.map((name, i) => exercise(`Z${i}`, name, { equipment: 'barbell' })),
      exercise('D1', 'Dumbbell Zorp Lift', { equipment: 'dumbbell' }),
    ];
    const sizes = runNow(canonicalFamilySteps(exercises));
    assert.deepEqual([...sizes], [5, 1, 1, 1, 1, 1]);
    // "Dumbbell Zorp Lift" reads as "zorp lift" too, but heads a family of one: its own equipment's.
  });
});

for (const [label, snapshot] of [
  ['free-exercise-db import', freeExerciseDbSnapshot()],
  ['free-exercise-db import without keywords', withoutKeywords(freeExerciseDbSnapshot())],
] as const) {
  describe(`canonical movements first on the ${label}`, () => {
    const index = buildSearchIndexNow(buildCatalog(snapshot, label));
    // The plain, barbell form of each movement, as every coach would name it first.
    it('"row" ranks rows before "Rowing, Stationary": a word the catalog has matches itself first, its completions later', () => {
      const top = topNames(index, 'row', 5);
      assert.ok(!top.includes('Rowing, Stationary'), top.join(' | '));
      assert.ok(
        top.every((name) => /\brows?\b/i.test(name)),
        top.join(' | '),
      );
      assert.match(topNames(index, 'kettleb', 1)[0]!, /^Kettlebell /);
    });

    for (const [q, plain] of [
      ['bench press', 'Barbell Bench Press - Medium Grip'],
      ['squat', 'Barbell Squat'],
      ['deadlift', 'Barbell Deadlift'],
      ['curl', 'Barbell Curl'],
      ['row', 'Bent Over Barbell Row'],
    ] as const) {
      it(`"${q}" ranks "${plain}" in the top 3`, () => {
        const top = topNames(index, q, 3);
        assert.ok(top.includes(plain), `${q}: ${top.join(' | ')}`);
      });
    }
  });
}

describe('canonical movements first in suggest on the free-exercise-db import', () => {
  const index = buildSearchIndexNow(buildCatalog(withoutKeywords(freeExerciseDbSnapshot()), 'no keywords'));
  it('"barbell ben" offers the barbell bench press first, not the barbell side bend', () => {
    const answer = suggest(index, 'barbell ben', 3, Number.POSITIVE_INFINITY, () => 0);
    assert.ok(answer !== TIMED_OUT);
    assert.equal(index.catalog.exercises[answer[0]!]!.name, 'Barbell Bench Press - Medium Grip');
  });
});
