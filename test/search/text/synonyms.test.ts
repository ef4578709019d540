import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildSynonymTable, SHIPPED_SYNONYMS } from '../../../src/search/text/synonyms.ts';

const alternativesOf = (table: ReturnType<typeof buildSynonymTable>, phrase: string) =>
  table.byFirstTerm
    .get(phrase.split(' ')[0]!)
    ?.find((entry) => entry.terms.join(' ') === phrase)
    ?.alternatives.map((terms) => terms.join(' '))
    .sort();

describe('buildSynonymTable', () => {
  it('makes every phrase of a group an alternative of every other, normalized like queries', () => {
    const table = buildSynonymTable([
      ['Romanian Deadlift', 'RDL'],
      ['toes to bar', 'T2B'],
    ]);
    assert.deepEqual(alternativesOf(table, 'rdl'), ['romanian deadlift']);
    assert.deepEqual(alternativesOf(table, 'romanian deadlift'), ['rdl']);
    assert.deepEqual(alternativesOf(table, 't2b'), ['toe bar']);
  });

  it('names a yoga pose with and without "pose"', () => {
    const table = buildSynonymTable([['Locust Pose', 'salabhasana']]);
    assert.deepEqual(alternativesOf(table, 'salabhasana'), ['locust', 'locust pose']);
  });

  it('lists a phrase in several groups once, with all their other phrases, longest entries first', () => {
    const table = buildSynonymTable([
      ['pull down', 'pulldown'],
      ['lat pulldown', 'pulldown'],
    ]);
    assert.deepEqual(alternativesOf(table, 'pulldown'), ['lat pulldown', 'pull down']);
    assert.equal(table.maxTerms, 2);
  });

  it('ships the abbreviations docs/api.md#abbreviations-and-synonyms names', () => {
    const shipped = buildSynonymTable(SHIPPED_SYNONYMS);
    for (const short of ['db', 'bb', 'kb', 'rdl', 'sldl', 'ohp', 'ghd', 'bss', 'hspu', 't2b']) {
      assert.ok((alternativesOf(shipped, short) ?? []).length > 0, short);
    }
  });
});
