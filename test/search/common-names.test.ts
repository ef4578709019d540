/**
 * The names people use find the movement on the bundled catalog (docs/operations.md#data-sources):
 * "bicycle crunch" is the crunch, not the air-bike machine; the pec deck, the hip abduction machine and
 * the jump lunge answer under their gym names.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildCatalog } from '../../src/catalog/catalog.ts';
import { findPage, TIMED_OUT } from '../../src/search/page-query.ts';
import { buildSearchIndexNow } from '../../src/search/search-index.ts';
import { bundledSnapshot } from '../helpers/search-catalogs.ts';

const context = { deadline: Number.POSITIVE_INFINITY, now: () => 0, random: Math.random };

describe('common names on the bundled catalog', () => {
  const index = buildSearchIndexNow(buildCatalog(bundledSnapshot(), 'bundled'));
  const top = (q: string, limit: number) => {
    const page = findPage(index, { q, filters: [], random: false, limit, offset: 0 }, context);
    assert.ok(page !== TIMED_OUT);
    return page.positions.map((p) => index.catalog.exercises[p]!.id);
  };

  for (const [q, ids, limit] of [
    ['bicycle crunch', ['Air_Bike'], 1],
    ['pec deck', ['Butterfly'], 1],
    ['hip abduction machine', ['Thigh_Abductor'], 1],
    ['jump lunge', ['Scissors_Jump', 'Split_Jump'], 3],
    ['pec fly', ['Butterfly', 'Dumbbell_Flyes', 'Cable_Crossover'], 3],
  ] as const) {
    it(`"${q}" finds ${ids.join(' or ')} in the top ${limit}`, () => {
      const found = top(q, limit);
      assert.ok(
        found.some((id) => (ids as readonly string[]).includes(id)),
        `${q}: ${found.join(' | ')}`,
      );
    });
  }

  it('"Air Bike" is no longer the crunch\'s name: it clashed with the air-bike machine', () => {
    const position = index.catalog.positionById.get('Air_Bike')!;
    assert.equal(index.catalog.exercises[position]!.name, 'Bicycle Crunch');
  });
});
