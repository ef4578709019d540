import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { growCatalog } from '../../bench/catalog-growth.ts';
import { buildCatalog } from '../../src/catalog/catalog.ts';
import { bitsetOf } from '../../src/search/structures/bitset.ts';
import type { Exercise } from '../../src/catalog/snapshot-schema.ts';
import { countFacets, FACET_NAMES, type FacetCounts, facetTableOf } from '../../src/search/facet-counts.ts';
import { findMatchSet, findPage, TIMED_OUT } from '../../src/search/page-query.ts';
import { buildSearchIndexNow } from '../../src/search/search-index.ts';
import { naiveMatches, randomFilters } from '../helpers/naive-filters.ts';
import { pick, seededRandom } from '../helpers/random.ts';
import { fixtureSnapshot } from '../helpers/service.ts';

const snapshot = fixtureSnapshot();
const catalog = buildCatalog(snapshot, 'fixture');
const index = buildSearchIndexNow(catalog);
const context = { deadline: Number.POSITIVE_INFINITY, now: () => 0, random: Math.random };
const QUERIES = [undefined, 'bench press', 'squat', 'kettleb', 'benchh pres', 'pose', 'jump', 'stretch hamstring', 'zzzz'];

/** Every position the text search ranks for `q`, unfiltered. */
function textMatches(q: string): number[] {
  const page = findPage(index, { q, filters: [], random: false, limit: catalog.exercises.length, offset: 0 }, context);
  if (page === TIMED_OUT) assert.fail('timed out');
  return page.positions;
}

/** Facet counts written as plainly as possible: one pass over the matching exercises. */
function naiveCounts(matches: readonly Exercise[]): Required<FacetCounts> {
  const zero = (values: readonly string[]) => Object.fromEntries(values.map((value) => [value, 0]));
  const equipment = snapshot.equipment;
  const counts = {
    category: zero([
      'strength',
      'yoga',
      'mobility',
      'physical_therapy',
      'stretching',
      'pilates',
      'calisthenics',
      'plyometrics',
      'conditioning',
      'olympic_weightlifting',
      'powerlifting',
      'strongman',
    ]),
    level: zero(['beginner', 'intermediate', 'advanced']),
    force: zero(['push', 'pull', 'static']),
    mechanic: zero(['compound', 'isolation']),
    equipment: zero(equipment),
    muscle: zero(snapshot.muscleGroups.map((g) => g.displayGroup)),
    hasVideo: zero(['true', 'false']),
  };
  for (const e of matches) {
    counts.category[e.category]! += 1;
    counts.level[e.level]! += 1;
    if (e.force !== null) counts.force[e.force]! += 1;
    if (e.mechanic !== null) counts.mechanic[e.mechanic]! += 1;
    if (e.equipment !== null) counts.equipment[e.equipment]! += 1;
    const muscles = [...e.primaryMuscles, ...e.secondaryMuscles].map((m) => m.toLowerCase());
    for (const group of snapshot.muscleGroups) {
      if (group.muscles.some((m) => muscles.includes(m.toLowerCase()))) counts.muscle[group.displayGroup]! += 1;
    }
    counts.hasVideo[String(e.videos.length > 0)]! += 1;
  }
  return counts;
}

describe('countFacets', () => {
  it('matches a naive count over the snapshot for random filters and queries (seeded)', () => {
    const table = facetTableOf(index);
    for (let seed = 1; seed <= 300; seed++) {
      const random = seededRandom(seed);
      const filters = randomFilters(random);
      const q = pick(random, QUERIES);
      const names = FACET_NAMES.filter(() => random() < 0.6);
      const matching = findMatchSet(index, { q, filters }, context);
      if (matching === TIMED_OUT) assert.fail(`seed ${seed}: timed out`);
      // The reference match set: every exercise the filters admit, and with q every exercise the search ranks at all.
      const textHits = q === undefined ? undefined : new Set(textMatches(q));
      const matches = catalog.exercises.filter(
        (e, p) => filters.every((f) => naiveMatches(e, f)) && (textHits === undefined || textHits.has(p)),
      );
      const expected = naiveCounts(matches);
      const counts = countFacets(table, matching, names);
      assert.deepEqual(
        counts,
        Object.fromEntries(names.map((name) => [name, expected[name]])),
        `seed ${seed}: q=${q} filters=${JSON.stringify(filters)}`,
      );
    }
  });

  it('lists every value of the enum facets, zeros included, and the display groups for muscle', () => {
    const matching = findMatchSet(index, { q: undefined, filters: [{ field: 'category', values: ['yoga'] }] }, context);
    if (matching === TIMED_OUT) assert.fail('timed out');
    const counts = countFacets(facetTableOf(index), matching, ['category', 'muscle']);
    assert.equal(counts.category!.yoga, snapshot.exercises.filter((e) => e.category === 'yoga').length);
    assert.equal(counts.category!.strength, 0);
    assert.deepEqual(
      Object.keys(counts.muscle!),
      snapshot.muscleGroups.map((g) => g.displayGroup),
    );
  });

  it('counts exactly over an empty, a sparse, a dense and a full match set (each way of counting; seeded)', () => {
    const table = facetTableOf(index);
    const size = catalog.exercises.length;
    const random = seededRandom(12);
    const all = Array.from({ length: size }, (_, p) => p);
    const sets: Record<string, number[]> = {
      empty: [],
      one: [size - 1],
      sparse: all.filter(() => random() < 0.05),
      half: all.filter((p) => p % 2 === 0),
      dense: all.filter(() => random() < 0.95),
      'all but the last': all.slice(0, -1),
      full: all,
    };
    for (const [label, positions] of Object.entries(sets)) {
      const counts = countFacets(table, bitsetOf(size, positions), FACET_NAMES);
      assert.deepEqual(counts, naiveCounts(positions.map((p) => catalog.exercises[p]!)), label);
    }
    assert.deepEqual(countFacets(table, undefined, FACET_NAMES), naiveCounts(catalog.exercises), 'no filters');
  });

  it("counts exactly on a grown catalog, whose copies share their originals' profiles (seeded)", () => {
    const grown = buildCatalog(growCatalog(snapshot, 3), 'grown');
    const grownIndex = buildSearchIndexNow(grown);
    const random = seededRandom(3);
    for (const share of [0.01, 0.3, 0.7, 0.99]) {
      const positions = grown.exercises.map((_, p) => p).filter(() => random() < share);
      const counts = countFacets(facetTableOf(grownIndex), bitsetOf(grown.exercises.length, positions), FACET_NAMES);
      assert.deepEqual(counts, naiveCounts(positions.map((p) => grown.exercises[p]!)), `share ${share}`);
    }
  });
});
