import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { growCatalog } from '../../../bench/catalog-growth.ts';
import { buildCatalog } from '../../../src/catalog/catalog.ts';
import { Budget } from '../../../src/search/structures/budget.ts';
import { buildSearchIndexNow, type SearchIndex } from '../../../src/search/search-index.ts';
import { rankReading } from '../../../src/search/suggest.ts';
import { rank } from '../../../src/search/suggest/ranking.ts';
import { readingsOf } from '../../../src/search/suggest/readings.ts';
import { rankFromHeads } from '../../../src/search/suggest/large/head-ranking.ts';
import { naiveRank } from '../../helpers/naive-suggest-ranking.ts';
import { pick, seededRandom } from '../../helpers/random.ts';
import { bundledSnapshot } from '../../helpers/search-catalogs.ts';

/** The large-catalog path is built whatever the size, so ranking from heads is checked against ranking by postings. */
const LARGE_PATH = { largeSuggestMinExercises: 0 };
import { exercise, tinySnapshot } from '../../helpers/snapshots.ts';

const LIMIT = 20;
const TEXTS_PER_CATALOG = 600;
/** Second words typed one letter in: the later slot far costlier than the candidates, read from their own words. */
const FIXED_TEXTS = ['kettlebell s', 'bench p', 'lat pull', 'db c', 'romanian d', 'face p', 'hip t', 'bulgarian split s', 'rdl', 'lat'];

/** `word` with one letter dropped, doubled, replaced or swapped with the next (never the first letter). */
function withTypo(random: () => number, word: string): string {
  const at = 1 + Math.floor(random() * (word.length - 1));
  switch (Math.floor(random() * 4)) {
    case 0:
      return word.slice(0, at) + word.slice(at + 1);
    case 1:
      return word.slice(0, at) + word[at] + word.slice(at);
    case 2:
      return word.slice(0, at) + pick(random, [...'aeiourstn']) + word.slice(at + 1);
    default:
      return at + 1 < word.length ? word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2) : word;
  }
}

/** What someone might type on the way to a name or alias: 1-4 of its words, the last cut short, with typos, spaces and capitals. */
function typedText(random: () => number, index: SearchIndex): string {
  const exercise = pick(random, index.catalog.exercises);
  const source = exercise.keywords.length > 0 && random() < 0.4 ? pick(random, exercise.keywords) : exercise.name;
  const words = source.split(/\s+/).filter((word) => word !== '');
  const from = Math.floor(random() * words.length);
  const taken = words.slice(from, from + 1 + Math.floor(random() * 4));
  const last = taken.length - 1;
  taken[last] = taken[last]!.slice(0, 1 + Math.floor(random() * taken[last]!.length));
  const typed = taken.map((word) => (word.length >= 4 && random() < 0.2 ? withTypo(random, word) : word));
  const text = typed.join(random() < 0.2 ? '  ' : ' ') + (random() < 0.1 ? ' ' : '');
  return random() < 0.2 ? text.toUpperCase() : random() < 0.5 ? text.toLowerCase() : text;
}

/**
 * Every reading of `q` ranked by `rank`, by what suggest uses (`rankReading`: readings from
 * the terms' heads when they settle it) and by the reference: positions and scores must be the same. Returns how many
 * readings the heads settled.
 */
function assertSameRanking(index: SearchIndex, q: string): number {
  const budget = new Budget(Number.POSITIVE_INFINITY, () => 0);
  let settled = 0;
  for (const slots of readingsOf(index, q, index.shortPrefixes.slots, budget)) {
    if (slots.length === 0) continue;
    const naive = naiveRank(index.terms, slots, LIMIT, budget);
    const ways = [
      ['rank', rank(index, slots, LIMIT, budget)],
      ['rankReading', rankReading(index, slots, budget)],
    ] as const;
    for (const [how, fast] of ways) {
      assert.deepEqual(Array.from(fast.positions), Array.from(naive.positions), `positions of "${q}" by ${how}`);
      assert.deepEqual(Array.from(fast.scores), Array.from(naive.scores), `scores of "${q}" by ${how}`);
    }
    // Read from the heads however little ranking by postings would read, so small catalogs check them too.
    const fromHeads = rankFromHeads(index.large!, slots, LIMIT, budget, 0);
    if (fromHeads !== undefined) {
      settled += 1;
      assert.deepEqual(Array.from(fromHeads.positions), Array.from(naive.positions), `positions of "${q}" from heads`);
      assert.deepEqual(Array.from(fromHeads.scores), Array.from(naive.scores), `scores of "${q}" from heads`);
    }
  }
  return settled;
}

describe('rank (suggest/ranking.ts)', () => {
  const catalogs = [
    { name: 'the bundled catalog', seed: 12, build: () => buildSearchIndexNow(buildCatalog(bundledSnapshot(), 'bundled'), LARGE_PATH) },
    {
      name: 'the bundled catalog grown 3x',
      seed: 1203,
      build: () => buildSearchIndexNow(buildCatalog(growCatalog(bundledSnapshot(), 3), 'grown'), LARGE_PATH),
    },
  ];
  for (const { name, seed, build } of catalogs) {
    it(`ranks every reading of random typed texts as the reference does, 20 deep, on ${name}`, () => {
      const index = build();
      const random = seededRandom(seed);
      const texts = [...FIXED_TEXTS, ...Array.from({ length: TEXTS_PER_CATALOG }, () => typedText(random, index))];
      let settled = 0;
      for (const q of texts) settled += assertSameRanking(index, q);
      // The heads answer most readings (the rest fall back to postings, checked all the same).
      assert.ok(settled > 100, `heads settled ${settled} readings`);
    });
  }

  it('bounds a slot read from words by its best name word and its best alias word together, not by one word', () => {
    // "quark" is only ever a name word and "quill" only an alias word, yet "Zeta Quark Long Name Here"
    // has both: the slot is worth 3 + 1 there. Bounding the slot by one word's fields (3) would end the
    // walk at the short "Zeta Quark" and miss it.
    const fillers = Array.from({ length: 60 }, (_, i) => exercise(`Quark_Filler_${i}`, `Quark Filler ${i}`, { keywords: ['quill'] }));
    const snapshot = {
      ...tinySnapshot(),
      exercises: [
        exercise('Zeta_Quark', 'Zeta Quark', { keywords: ['short'] }),
        exercise('Zeta_Quark_Long', 'Zeta Quark Long Name Here', { keywords: ['quill'] }),
        ...fillers,
      ],
    };
    const index = buildSearchIndexNow(buildCatalog(snapshot, 'crafted'), LARGE_PATH);
    const { expander } = index.planContext;
    const [zeta, quark, quill] = ['zeta', 'quark', 'quill'].map((word) => expander.idOf(word));
    const slots = [
      new Map([[zeta!, 1]]),
      new Map([
        [quark!, 1],
        [quill!, 1],
      ]),
    ];
    const budget = new Budget(Number.POSITIVE_INFINITY, () => 0);
    const expected = naiveRank(index.terms, slots, 1, budget);
    assert.equal(index.catalog.exercises[expected.positions[0]!]!.id, 'Zeta_Quark_Long');
    const fromHeads = rankFromHeads(index.large!, slots, 1, budget, 0);
    assert.ok(fromHeads !== undefined, 'the heads settle it');
    assert.deepEqual(Array.from(fromHeads.positions), Array.from(expected.positions));
    assert.deepEqual(Array.from(fromHeads.scores), Array.from(expected.scores));
  });
});
