import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildCatalog, compareDefaultOrder } from '../../src/catalog/catalog.ts';
import type { Filter } from '../../src/search/filters/facet-index.ts';
import { findMatchSet, findPage, type PageQuery, RANKINGS, TIMED_OUT } from '../../src/search/page-query.ts';
import { buildSearchIndexNow } from '../../src/search/search-index.ts';
import { fixtureSnapshot } from '../helpers/service.ts';
import { naiveMatches, randomFilters } from '../helpers/naive-filters.ts';
import { seededRandom } from '../helpers/random.ts';

const snapshot = fixtureSnapshot();
const catalog = buildCatalog(snapshot, 'fixture');
const index = buildSearchIndexNow(catalog);
const context = { deadline: Number.POSITIVE_INFINITY, now: () => 0, random: Math.random };
const names = (positions: number[]) => positions.map((p) => catalog.exercises[p]!.name);

describe('findPage', () => {
  it('matches a naive Array.filter for totals and pages over random filter combinations (seeded)', () => {
    const ordered = [...snapshot.exercises].sort(compareDefaultOrder);
    for (let seed = 1; seed <= 400; seed++) {
      const random = seededRandom(seed);
      const filters = randomFilters(random);
      const limit = 1 + Math.floor(random() * 30);
      const offset = Math.floor(random() * 40);
      const page = findPage(index, { q: undefined, filters, random: false, limit, offset }, context);
      assert.notEqual(page, TIMED_OUT);
      if (page === TIMED_OUT) return;
      const expected = ordered.filter((e) => filters.every((f) => naiveMatches(e, f)));
      assert.equal(page.total, expected.length, `seed ${seed}: ${JSON.stringify(filters)}`);
      assert.deepEqual(
        page.positions.map((p) => catalog.exercises[p]!.id),
        expected.slice(offset, offset + limit).map((e) => e.id),
        `seed ${seed}: ${JSON.stringify(filters)} limit ${limit} offset ${offset}`,
      );
    }
  });

  it('orders by name case-insensitively, ties by id, so consecutive pages neither skip nor repeat', () => {
    const seen: string[] = [];
    for (let offset = 0; offset < catalog.exercises.length; offset += 7) {
      const page = findPage(index, { q: undefined, filters: [], random: false, limit: 7, offset }, context);
      assert.ok(page !== TIMED_OUT);
      seen.push(...page.positions.map((p) => catalog.exercises[p]!.id));
    }
    assert.deepEqual(
      seen,
      [...snapshot.exercises].sort(compareDefaultOrder).map((e) => e.id),
    );
    const lower = catalog.exercises.map((e) => e.name.toLowerCase());
    assert.deepEqual(lower, [...lower].sort());
  });

  it('random=true draws a sample of `limit` distinct matches and reports the exact total', () => {
    const filters: Filter[] = [{ field: 'level', values: ['beginner'] }];
    const beginners = new Set(snapshot.exercises.filter((e) => e.level === 'beginner').map((e) => e.id));
    const random = seededRandom(7);
    for (let i = 0; i < 50; i++) {
      const page = findPage(index, { q: undefined, filters, random: true, limit: 5, offset: 30 }, { ...context, random });
      assert.ok(page !== TIMED_OUT);
      assert.equal(page.total, beginners.size);
      const ids = page.positions.map((p) => catalog.exercises[p]!.id);
      assert.equal(new Set(ids).size, 5, 'no repeats');
      for (const id of ids) assert.ok(beginners.has(id), `${id} matches the filter`);
    }
  });

  it('random=true is uniform: every match is drawn about equally often (seeded chi-square)', () => {
    const random = seededRandom(11);
    const counts = new Map<number, number>();
    const rounds = 4000;
    for (let i = 0; i < rounds; i++) {
      const page = findPage(index, { q: undefined, filters: [], random: true, limit: 3, offset: 0 }, { ...context, random });
      assert.ok(page !== TIMED_OUT);
      for (const p of page.positions) counts.set(p, (counts.get(p) ?? 0) + 1);
    }
    const n = catalog.exercises.length;
    const expected = (rounds * 3) / n;
    let chiSquare = 0;
    for (let p = 0; p < n; p++) chiSquare += ((counts.get(p) ?? 0) - expected) ** 2 / expected;
    // df = n - 1; the 99.9th percentile of chi-square is well under 2 * df for these sizes.
    assert.ok(chiSquare < 2 * (n - 1), `chi-square ${chiSquare.toFixed(1)} for ${n - 1} degrees of freedom`);
  });

  it('random=true with a sample larger than the matches returns every match once', () => {
    const filters: Filter[] = [{ field: 'hasVideo', values: ['true'] }];
    const page = findPage(index, { q: undefined, filters, random: true, limit: 100, offset: 0 }, context);
    assert.ok(page !== TIMED_OUT);
    const withVideo = snapshot.exercises
      .filter((e) => e.videos.length > 0)
      .map((e) => e.id)
      .sort();
    assert.deepEqual(page.positions.map((p) => catalog.exercises[p]!.id).sort(), withVideo);
  });

  it('with q: total is null and name matches for a phrase rank first', () => {
    const page = findPage(index, { q: 'bench press', filters: [], random: false, limit: 5, offset: 0 }, context);
    assert.ok(page !== TIMED_OUT);
    assert.equal(page.total, null);
    assert.ok(page.positions.length > 0);
    for (const name of names(page.positions).slice(0, 3)) assert.match(name, /bench press/i);
  });

  it('with q: tolerates a typo and a prefix, and is case-insensitive', () => {
    for (const q of ['benchh pres', 'BENCH PRESS', 'bench pre']) {
      const page = findPage(index, { q, filters: [], random: false, limit: 3, offset: 0 }, context);
      assert.ok(page !== TIMED_OUT);
      assert.match(names(page.positions)[0] ?? '', /bench press/i, q);
    }
  });

  it('with q and filters: only matches that pass the filters, in rank order', () => {
    const filters: Filter[] = [{ field: 'category', values: ['powerlifting'] }];
    const all = findPage(index, { q: 'bench press', filters: [], random: false, limit: 100, offset: 0 }, context);
    const filtered = findPage(index, { q: 'bench press', filters, random: false, limit: 100, offset: 0 }, context);
    assert.ok(all !== TIMED_OUT && filtered !== TIMED_OUT);
    const expected = all.positions.filter((p) => catalog.exercises[p]!.category === 'powerlifting');
    assert.deepEqual(filtered.positions, expected);
    assert.ok(expected.length > 0);
  });

  it('with q: paging walks one stable ranking', () => {
    const query = (offset: number): PageQuery => ({ q: 'press', filters: [], random: false, limit: 4, offset });
    const whole = findPage(index, { ...query(0), limit: 100 }, context);
    assert.ok(whole !== TIMED_OUT);
    const pages = [0, 4, 8].flatMap((offset) => {
      const page = findPage(index, query(offset), context);
      assert.ok(page !== TIMED_OUT);
      return page.positions;
    });
    assert.deepEqual(pages, whole.positions.slice(0, 12));
  });

  it('abandons a search that passes its deadline', () => {
    const fresh = buildSearchIndexNow(buildCatalog(snapshot, 'fresh'));
    let tick = 0;
    const page = findPage(
      fresh,
      { q: 'squat press row', filters: [], random: false, limit: 5, offset: 0 },
      { deadline: 0.5, now: () => tick++, random: Math.random },
    );
    assert.equal(page, TIMED_OUT);
    // The abandoned ranking was not cached: the same query with time left succeeds.
    const retry = findPage(fresh, { q: 'squat press row', filters: [], random: false, limit: 5, offset: 0 }, context);
    assert.notEqual(retry, TIMED_OUT);
  });

  it('a query with no searchable terms matches nothing', () => {
    const page = findPage(index, { q: ' -- ', filters: [], random: false, limit: 5, offset: 0 }, context);
    assert.deepEqual(page, { positions: [], total: null });
  });
});

describe('findPage with its match set', () => {
  const QUERIES = [undefined, 'press', 'dumbbell curl', 'squat', 'stretch', 'zzzz'];

  it('gives the page it gives without, and the match set findMatchSet gives (seeded)', () => {
    for (let seed = 1; seed <= 120; seed++) {
      const random = seededRandom(seed);
      const q = QUERIES[seed % QUERIES.length];
      const query: PageQuery = {
        q,
        filters: randomFilters(random),
        random: false,
        limit: 1 + Math.floor(random() * 20),
        offset: Math.floor(random() * 10),
      };
      index.caches.clear();
      const plain = findPage(index, query, context);
      index.caches.clear();
      const withSet = findPage(index, { ...query, withMatchSet: true }, context);
      const matchSet = findMatchSet(index, query, context);
      assert.ok(plain !== TIMED_OUT && withSet !== TIMED_OUT && matchSet !== TIMED_OUT);
      assert.deepEqual(withSet.positions, plain.positions, `seed ${seed}: ${JSON.stringify(query)}`);
      assert.equal(withSet.total, plain.total);
      assert.deepEqual(withSet.matchSet, matchSet, `seed ${seed}: match set`);
    }
  });

  it('ranks a query once for the page and its match set', () => {
    index.caches.clear();
    const page = findPage(index, { q: 'press', filters: [], random: false, limit: 5, offset: 0, withMatchSet: true }, context);
    assert.ok(page !== TIMED_OUT && page.matchSet !== undefined);
    assert.equal(index.caches.of(RANKINGS).size, 1);
    const again = findMatchSet(index, { q: 'press', filters: [] }, context);
    assert.deepEqual(again, page.matchSet);
    assert.equal(index.caches.of(RANKINGS).size, 1, 'the match set came from the one ranking');
  });
});
