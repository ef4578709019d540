/**
 * The relevance rules of docs/api.md#search, one table each, run on the bundled
 * catalog and on the free-exercise-db import with every keyword removed, so that what is found comes
 * from the engine and not from aliases somebody wrote. Expectations are name patterns, not ids.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildCatalog } from '../../src/catalog/catalog.ts';
import type { Exercise, Snapshot } from '../../src/catalog/snapshot-schema.ts';
import { findPage, RANKINGS, TIMED_OUT } from '../../src/search/page-query.ts';
import { Budget } from '../../src/search/structures/budget.ts';
import { buildSearchIndex, buildSearchIndexNow, type SearchIndex } from '../../src/search/search-index.ts';
import { contentKey } from '../../src/search/text/normalize.ts';
import { growCatalog } from '../../bench/catalog-growth.ts';
import { fixtureSnapshot, ROOT } from '../helpers/service.ts';
import { bundledSnapshot, freeExerciseDbSnapshot, withoutKeywords } from '../helpers/search-catalogs.ts';

const NO_DEADLINE = { deadline: Number.POSITIVE_INFINITY, now: () => 0, random: Math.random };

function search(index: SearchIndex, q: string, limit = 10): Exercise[] {
  const page = findPage(index, { q, filters: [], random: false, limit, offset: 0 }, NO_DEADLINE);
  assert.ok(page !== TIMED_OUT);
  return page.positions.map((p) => index.catalog.exercises[p]!);
}

/** Asserts that one of the first `within` results of `q` has a name matching `pattern`. */
function assertFinds(index: SearchIndex, q: string, pattern: RegExp, within: number): void {
  const top = search(index, q, within).map((e) => e.name);
  assert.ok(
    top.some((name) => pattern.test(name)),
    `top ${within} for "${q}": ${top.join(' | ') || '(nothing)'}`,
  );
}

type Row = [q: string, pattern: RegExp, within: number];

const RULES: { rule: string; rows: Row[] }[] = [
  {
    rule: "joined words are split against the catalog's own vocabulary",
    rows: [
      ['benchpress', /bench press/i, 1],
      ['latpulldown', /lat pull-?down/i, 1],
      ['hipthrust', /hip thrust/i, 1],
      ['facepull', /face pull/i, 1],
      ['boxjump', /box jump/i, 1],
      ['kettlebellswing', /kettlebell swing/i, 1],
      ['legpress', /leg press/i, 1],
      ['goodmorning', /good morning/i, 1],
      ['pushpress', /push press/i, 1],
    ],
  },
  {
    rule: 'split words also match the joined word',
    rows: [
      ['kettle bell swing', /kettlebell swing/i, 1],
      ['dumb bell curl', /dumbbell.*curl/i, 1],
      ['hand stand push up', /handstand/i, 1],
      ['lat pull down', /pull-?down/i, 1],
    ],
  },
  {
    rule: 'a swap of two letters is one edit (Damerau)',
    rows: [
      ['sqaut', /squat/i, 1],
      ['plnak', /plank/i, 1],
      ['bnech press', /bench press/i, 1],
      ['lnuge', /lunge/i, 1],
      ['shurg', /shrug/i, 1],
      ['deadlfit', /deadlift/i, 1],
    ],
  },
  {
    rule: 'typos and prefixes still find the exercise',
    rows: [
      ['benchh pres', /bench press/i, 1],
      ['romanain deadlift', /romanian deadlift/i, 1],
      ['kettleb', /kettlebell/i, 1],
      ['bench pre', /bench press/i, 1],
      ['hammer curll', /hammer curl/i, 1],
      ['dumbel curl', /dumbbell.*curl/i, 1],
    ],
  },
  {
    rule: 'short terms match exactly, and the last one completes',
    rows: [
      ['t bar row', /t-bar row/i, 1],
      ['calf r', /calf raise/i, 1],
      ['leg c', /leg curl/i, 3],
    ],
  },
  {
    rule: 'gym abbreviations come from the shipped dictionary',
    rows: [
      ['rdl', /romanian deadlift/i, 1],
      ['db curl', /dumbbell.*curl/i, 1],
      ['ohp', /overhead press|military press|shoulder press/i, 1],
      ['sldl', /stiff-?leg/i, 1],
      ['kb swing', /kettlebell swing/i, 1],
      ['ghd', /glute[- ]ham|\bghd\b/i, 1],
      ['bss', /split squat/i, 3],
      ['db bench', /(dumbbell|db).*bench/i, 1],
      ['bb row', /barbell.*row/i, 1],
      ['french press', /skull ?crusher|lying triceps|french press/i, 3],
    ],
  },
  {
    rule: 'whole names and phrases rank first, in any word order',
    rows: [
      ['bench press', /bench press/i, 1],
      ['press bench', /bench press/i, 1],
      ['curl hammer', /hammer curl/i, 1],
      ['clean and jerk', /clean and jerk/i, 1],
    ],
  },
];

const CATALOGS: [string, Snapshot][] = [
  ['the bundled catalog', bundledSnapshot()],
  ['the free-exercise-db import without keywords', withoutKeywords(freeExerciseDbSnapshot())],
];

for (const [label, snapshot] of CATALOGS) {
  describe(`search rules on ${label}`, () => {
    const index = buildSearchIndexNow(buildCatalog(snapshot, label));

    for (const { rule, rows } of RULES) {
      it(rule, () => {
        for (const [q, pattern, within] of rows) assertFinds(index, q, pattern, within);
      });
    }

    it('every exercise is found first by its own name', () => {
      const misses = index.catalog.exercises.filter(
        (exercise) => contentKey(search(index, exercise.name, 1)[0]?.name ?? '') !== contentKey(exercise.name),
      );
      assert.deepEqual(
        misses.map((e) => e.name),
        [],
      );
    });

    it('function words never decide a result', () => {
      const TABLE: [string, string][] = [
        ['how to squat', 'squat'],
        ['exercises for lats', 'lats'],
        ['the best deadlift', 'deadlift'],
        ['bench press with a barbell', 'bench press barbell'],
      ];
      for (const [wordy, plain] of TABLE)
        assert.deepEqual(
          search(index, wordy).map((e) => e.id),
          search(index, plain).map((e) => e.id),
          wordy,
        );
      for (const q of ['good form', 'how to', 'the best exercises']) assert.deepEqual(search(index, q), [], q);
    });

    it('muscle-led queries rank primary movers first, stretches and soft-tissue work after', () => {
      const TABLE: [string, RegExp][] = [
        ['lats', /latissimus/],
        ['forearms', /wrist|brachioradialis/],
        ['hamstrings', /biceps femoris|semitendinosus|semimembranosus/],
        ['chest', /pectoralis/],
        ['quads', /rectus femoris|vastus/],
        ['glutes', /gluteus/],
        ['traps', /trapezius/],
        ['calves', /gastrocnemius|soleus/],
      ];
      const isSoft = (e: Exercise) => ['stretching', 'mobility', 'yoga'].includes(e.category) || /stretch|smr|release/i.test(e.name);
      for (const [q, muscle] of TABLE) {
        const top = search(index, q, 5);
        assert.equal(top.length, 5, q);
        for (const e of top)
          assert.ok(
            !isSoft(e) && e.primaryMuscles.some((m) => muscle.test(m)),
            `"${q}": ${e.name} (${e.category}; ${e.primaryMuscles.join(', ')})`,
          );
      }
    });

    it('a query with no real match returns few results or none', () => {
      for (const q of [
        'lose belly fat',
        'zumba dance',
        'pizza recipe',
        'car insurance quote',
        'xyzzy',
        'six pack abs fast',
        'motivation',
        'karate',
        'weight gain',
      ]) {
        const found = search(index, q, 20);
        assert.ok(found.length <= 3, `"${q}": ${found.map((e) => e.name).join(' | ')}`);
      }
    });
  });
}

describe('the engine', () => {
  const index = buildSearchIndexNow(buildCatalog(bundledSnapshot(), 'bundled'));
  const expander = index.planContext.expander;
  const budget = new Budget(Number.POSITIVE_INFINITY, () => 0);

  it('never expands a one- or two-letter term unless it is the last, and then only to a few completions', () => {
    for (const term of ['t', 'y', 'ab', 'db']) {
      const inside = expander.expand(term, false, budget);
      assert.ok(inside.ids.length <= 1, `${term} inside a query: ${inside.ids.length}`);
      const last = expander.expand(term, true, budget);
      assert.ok(last.ids.length <= 13, `${term} as the last term: ${last.ids.length}`);
    }
  });

  it('reads typos without touching the first letter, and two edits in a short word only as missing letters', () => {
    const reaches = (typed: string, word: string) => {
      const expansion = expander.expand(typed, false, budget);
      return Array.from(expansion.ids).includes(expander.idOf(word));
    };
    assert.ok(expander.idOf('arm') >= 0 && expander.idOf('dumbbell') >= 0);
    assert.equal(reaches('warm', 'arm'), false);
    assert.equal(reaches('dumbel', 'dumbbell'), true);
    assert.equal(reaches('sqaut', 'squat'), true);
  });

  it('ties keep the default order: name, then id', () => {
    const fixture = fixtureSnapshot();
    const twin = fixture.exercises[0]!;
    const twins = ['Z_Twin', 'A_Twin', 'M_Twin'].map((id) => ({ ...twin, id, name: 'Zigzag Twin Hold', images: [] }));
    const twinIndex = buildSearchIndexNow(buildCatalog({ ...fixture, exercises: [...fixture.exercises, ...twins] }, 'twins'));
    assert.deepEqual(
      search(twinIndex, 'zigzag twin').map((e) => e.id),
      ['A_Twin', 'M_Twin', 'Z_Twin'],
    );
  });

  it('reads the clock inside expansion and scoring, not only between terms', () => {
    const grown = buildSearchIndexNow(buildCatalog(growCatalog(bundledSnapshot(), 10), 'grown'));
    const worst = 'a b c d e f g h i j k l m n o p q r s t u v w x y z '.repeat(4).slice(0, 180);
    let reads = 0;
    const page = findPage(
      grown,
      { q: `${worst} squat press row curl`, filters: [], random: false, limit: 20, offset: 0 },
      { deadline: 1e9, now: () => reads++, random: Math.random },
    );
    assert.notEqual(page, TIMED_OUT);
    // Two reads are outside the ranking (after planning, after ranking); the rest are inside it.
    assert.ok(reads > 2, `${reads} clock reads`);
    // A deadline passed mid-way is noticed: the search is abandoned, and nothing is cached.
    grown.caches.of(RANKINGS).clear();
    reads = 0;
    const late = findPage(
      grown,
      { q: `${worst} squat press row curl`, filters: [], random: false, limit: 20, offset: 0 },
      { deadline: 1.5, now: () => reads++, random: Math.random },
    );
    assert.equal(late, TIMED_OUT);
    assert.equal(reads, 3, 'abandoned at the first clock read past the deadline');
    grown.caches.of(RANKINGS).clear();
    assert.notEqual(
      findPage(grown, { q: `${worst} squat press row curl`, filters: [], random: false, limit: 20, offset: 0 }, NO_DEADLINE),
      TIMED_OUT,
    );
  });

  it('builds the same index in slices as at once, letting the event loop run meanwhile', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    const sliced = await buildSearchIndex(index.catalog, 1);
    clearInterval(timer);
    assert.ok(ticks > 0, 'the event loop ran during the build');
    for (const q of ['bench press', 'sqaut', 'lats', 'rdl', 'kettleb'])
      assert.deepEqual(
        search(sliced, q).map((e) => e.id),
        search(index, q).map((e) => e.id),
        q,
      );
  });

  it('keeps catalog/ free of search/: the Catalog knows nothing of its indexes or caches', () => {
    const dir = join(ROOT, 'src/catalog');
    for (const file of readdirSync(dir)) assert.doesNotMatch(readFileSync(join(dir, file), 'utf8'), /from '\.\.\/search\//, file);
  });
});
