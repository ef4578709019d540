import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { growCatalog } from '../../bench/catalog-growth.ts';
import { buildCatalog } from '../../src/catalog/catalog.ts';
import { Budget } from '../../src/search/structures/budget.ts';
import { buildSearchIndexNow, LARGE_SUGGEST_MIN_EXERCISES, type SearchIndex } from '../../src/search/search-index.ts';
import { TIMED_OUT } from '../../src/search/page-query.ts';
import { MAX_SUGGESTIONS, rankSuggestions, suggest } from '../../src/search/suggest.ts';
import { seededRandom } from '../helpers/random.ts';
import { bundledSnapshot } from '../helpers/search-catalogs.ts';

const snapshot = bundledSnapshot();

/** The bundled catalog (the newest snapshot in data/): realistic names, aliases and abbreviations. */
function bundledIndex(): SearchIndex {
  return buildSearchIndexNow(buildCatalog(snapshot, 'bundled'));
}

const index = bundledIndex();
const names = (q: string, limit = 5, on = index): string[] => {
  const positions = suggest(on, q, limit, Number.POSITIVE_INFINITY, () => 0);
  if (positions === TIMED_OUT) assert.fail(`"${q}" timed out`);
  return Array.from(positions, (p) => on.catalog.exercises[p]!.name);
};
const keystrokes = (text: string) => Array.from({ length: text.length }, (_, i) => text.slice(0, i + 1));

describe('suggest over the bundled catalog, keystroke by keystroke', () => {
  it('bench press: names from the first letter, bench from "bench", presses from "bench p", "Bench Press..." first at the end', () => {
    for (const typed of keystrokes('bench press')) {
      const found = names(typed);
      assert.equal(found.length, 5, `"${typed}"`);
      if (typed.length >= 5)
        assert.ok(
          found.every((name) => /\bBench\b/.test(name)),
          `"${typed}": ${found.join(', ')}`,
        );
      if (typed.length >= 7)
        assert.ok(
          found.every((name) => /Bench Press/.test(name)),
          `"${typed}": ${found.join(', ')}`,
        );
    }
    // Names that start with what was typed come first.
    assert.match(names('bench press')[0]!, /^Bench Press/);
  });

  it('kettlebell swing: kettlebell names from "ket", the swing first from "kettlebell sw"', () => {
    for (const typed of keystrokes('kettlebell swing').slice(2)) {
      const found = names(typed);
      assert.ok(found.length > 0 && found.every((name) => /Kettlebell/.test(name)), `"${typed}": ${found.join(', ')}`);
      if (typed.length >= 13) assert.equal(found[0], 'Kettlebell Swing', `"${typed}"`);
    }
  });

  it('romanian deadlift: the Romanian Deadlift among the first from "rom", first and among Romanian deadlifts from "romani"', () => {
    for (const typed of keystrokes('romanian deadlift').slice(2)) {
      const found = names(typed);
      assert.ok(found.includes('Romanian Deadlift'), `"${typed}": ${found.join(', ')}`);
      if (typed.length >= 6) {
        assert.equal(found[0], 'Romanian Deadlift', `"${typed}": ${found.join(', ')}`);
        assert.ok(
          found.every((name) => /Romanian Deadlift/.test(name)),
          `"${typed}": ${found.join(', ')}`,
        );
      }
    }
  });

  it('downward dog: "do" is a prefix, not a function word; the pose among the first from "dow", first from "downw"', () => {
    assert.ok(names('do').length > 0);
    for (const typed of keystrokes('downward dog').slice(2)) {
      const found = names(typed);
      assert.ok(found.includes('Downward-Facing Dog'), `"${typed}": ${found.join(', ')}`);
      if (typed.length >= 5) assert.equal(found[0], 'Downward-Facing Dog', `"${typed}": ${found.join(', ')}`);
    }
  });

  it('reads abbreviations, joined words, typos in longer words and a typo while typing', () => {
    assert.equal(names('rdl')[0], 'Romanian Deadlift');
    assert.ok(
      names('ohp').every((name) => /(Overhead|Military|Shoulder|Strict) Press/.test(name)),
      names('ohp').join(', '),
    );
    assert.ok(
      names('db curl').every((name) => /Dumbbell.*Curl/.test(name)),
      names('db curl').join(', '),
    );
    assert.equal(names('kb swing')[0], 'Kettlebell Swing');
    assert.ok(names('benchpress').every((name) => /Bench Press/.test(name)));
    assert.ok(names('pullup').every((name) => /Pull-Up/.test(name)));
    assert.ok(names('romanain deadlift').every((name) => /Romanian Deadlift/.test(name)));
    assert.ok(
      names('dumbe').every((name) => /Dumbbell/.test(name)),
      names('dumbe').join(', '),
    );
    assert.deepEqual(names('zzzz qqqq'), []);
  });

  it('answers the same whatever was asked before (the scratch arrays are reset; seeded)', () => {
    const random = seededRandom(7);
    const typed = index.catalog.exercises.slice(0, 300).map((exercise) => exercise.name.slice(0, 2 + Math.floor(random() * 10)));
    const fresh = bundledIndex();
    const expected = typed.map((q) => names(q, 10, fresh));
    const shuffled = typed.map((q, i) => [q, i] as const).sort(() => random() - 0.5);
    const other = bundledIndex();
    for (const [q, i] of shuffled) assert.deepEqual(names(q, 10, other), expected[i], `"${q}"`);
  });

  it('gives up past its deadline', () => {
    let clock = 0;
    assert.equal(
      suggest(bundledIndex(), 'bench press', 5, 0, () => (clock += 1)),
      TIMED_OUT,
    );
  });
});

describe('suggest, one- and two-letter prefixes', () => {
  /** Every one- and two-letter word of letters and digits, and the prefixes the catalog's words start with. */
  const prefixesOf = (on: SearchIndex): string[] => {
    const letters = [...'abcdefghijklmnopqrstuvwxyz0123456789'];
    return [...new Set([...letters, ...letters.flatMap((a) => letters.map((b) => a + b)), ...on.shortPrefixes.answers.keys()])];
  };
  const assertSameAsRanking = (on: SearchIndex): void => {
    for (const prefix of prefixesOf(on)) {
      const expected = [...rankSuggestions(on, prefix, new Budget(Number.POSITIVE_INFINITY, () => 0))];
      for (const typed of [prefix, prefix.toUpperCase(), ` ${prefix}`]) {
        const found = suggest(on, typed, MAX_SUGGESTIONS, Number.POSITIVE_INFINITY, () => 0);
        if (found === TIMED_OUT) assert.fail(`"${typed}" timed out`);
        assert.deepEqual([...found], expected, `"${typed}"`);
      }
    }
  };

  it('answers every one of them on the bundled catalog exactly as ranking it would', () => {
    assert.ok(index.shortPrefixes.answers.size > 300, `${index.shortPrefixes.answers.size} prefixes`);
    assertSameAsRanking(index);
  });

  it('answers every one of them on a catalog grown 3x exactly as ranking it would', () => {
    assertSameAsRanking(buildSearchIndexNow(buildCatalog(growCatalog(snapshot, 3), 'grown')));
  });
});

describe("suggest's large-catalog path", () => {
  it(`is built from ${LARGE_SUGGEST_MIN_EXERCISES} exercises on, not below`, () => {
    const catalog = buildCatalog(snapshot, 'bundled');
    const size = catalog.exercises.length;
    assert.ok(size < LARGE_SUGGEST_MIN_EXERCISES, 'the bundled catalog is below the line');
    assert.equal(index.large, undefined);
    assert.notEqual(buildSearchIndexNow(catalog, { largeSuggestMinExercises: size }).large, undefined);
    assert.equal(buildSearchIndexNow(catalog, { largeSuggestMinExercises: size + 1 }).large, undefined);
  });

  it('changes no answer: every keystroke of the typing sessions, with and without it (bundled and 3x grown)', () => {
    const texts = ['bench press', 'kettlebell swing', 'romanian deadlift', 'downward dog', 'db row', 'pull up', 'sqaut', 'rdl'];
    for (const grown of [snapshot, growCatalog(snapshot, 3)]) {
      const catalog = buildCatalog(grown, 'grown');
      const small = buildSearchIndexNow(catalog, { largeSuggestMinExercises: Number.POSITIVE_INFINITY });
      const large = buildSearchIndexNow(catalog, { largeSuggestMinExercises: 0 });
      for (const typed of texts.flatMap(keystrokes)) assert.deepEqual(names(typed, 20, large), names(typed, 20, small), `"${typed}"`);
    }
  });
});
