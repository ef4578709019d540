/** parseTierTable and loadTierTable: the built-in tier table and an operator's TIERS_FILE, refused with file and field named. */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { DEFAULT_TIERS, loadTierTable, parseTierTable } from '../../src/limits/tiers.ts';
import { formatProblems, type Result } from '../../src/problems.ts';
import { tempDir } from '../helpers/service.ts';

const FILE = 'tiers.json';
const FREE = { dailyRequests: 100, perMinute: 60, maxResults: 20, overage: false };
/** The built-in operator tier, added to a table that does not define one. */
const OPERATOR = {
  name: 'operator',
  dailyRequests: Number.POSITIVE_INFINITY,
  perMinute: Number.POSITIVE_INFINITY,
  maxResults: 100,
  overage: false,
  overagePriceUsd: 0.002,
  safetyCapMultiple: 10,
};

function refusal(result: Result<unknown>): string[] {
  assert.equal(result.ok, false, 'expected a refusal');
  return result.ok ? [] : formatProblems(result.problems);
}

describe('loadTierTable', () => {
  it('gives the built-in table without a TIERS_FILE, with the default price and cap filled in', () => {
    const result = loadTierTable(undefined);
    assert.ok(result.ok);
    assert.deepEqual([...result.value.keys()], Object.keys(DEFAULT_TIERS));
    assert.deepEqual(result.value.get('free'), {
      name: 'free',
      dailyRequests: 100,
      perMinute: 60,
      maxResults: 20,
      paginationDepth: 500,
      overage: false,
      overagePriceUsd: 0.002,
      safetyCapMultiple: 10,
    });
    assert.deepEqual(result.value.get('pro'), {
      name: 'pro',
      dailyRequests: 10000,
      perMinute: 300,
      maxResults: 100,
      overage: true,
      overagePriceUsd: 0.002,
      safetyCapMultiple: 10,
    });
  });

  it("reads an operator's table from TIERS_FILE", () => {
    const file = join(tempDir(), FILE);
    writeFileSync(file, JSON.stringify({ hobby: { ...FREE, perMinute: 5, overagePriceUsd: 0, safetyCapMultiple: 1 } }));
    const result = loadTierTable(file);
    assert.deepEqual(result.ok && [...result.value.values()], [
      { name: 'hobby', dailyRequests: 100, perMinute: 5, maxResults: 20, overage: false, overagePriceUsd: 0, safetyCapMultiple: 1 },
      OPERATOR,
    ]);
  });

  it('reads null as no limit, and refuses overage on a tier without a daily limit', () => {
    const file = join(tempDir(), FILE);
    writeFileSync(file, JSON.stringify({ own: { ...FREE, dailyRequests: null, perMinute: null } }));
    const result = loadTierTable(file);
    assert.ok(result.ok);
    assert.equal(result.value.get('own')!.dailyRequests, Number.POSITIVE_INFINITY);
    assert.equal(result.value.get('own')!.perMinute, Number.POSITIVE_INFINITY);
    assert.deepEqual(refusal(parseTierTable({ own: { ...FREE, dailyRequests: null, overage: true } }, FILE)), [
      `${FILE}: own.dailyRequests: must be a number: overage is billed beyond it`,
    ]);
  });

  it('refuses a missing or malformed TIERS_FILE, naming it', () => {
    const dir = tempDir();
    assert.deepEqual(refusal(loadTierTable(join(dir, 'missing.json'))), [`${join(dir, 'missing.json')}: cannot be read (ENOENT)`]);
    const file = join(dir, FILE);
    writeFileSync(file, '{"free": ');
    assert.deepEqual(refusal(loadTierTable(file)), [`${file}: is not valid JSON: it ends too early (truncated?)`]);
  });
});

describe('parseTierTable', () => {
  const BAD: [string, unknown, string[]][] = [
    ['a table that is not an object', 'free', [`${FILE}: must be an object of tiers by name`]],
    ['an empty table', {}, [`${FILE}: the table must define at least one tier`]],
    ['a tier name with capitals', { Free: FREE }, [`${FILE}: Free: is not a tier name: tier names are lowercase words`]],
    ['a tier that is not an object', { free: 100 }, [`${FILE}: free: must be an object of limits`]],
    ['a missing limit', { free: { ...FREE, perMinute: undefined } }, [`${FILE}: free.perMinute: must be a number`]],
    ['a limit as text', { free: { ...FREE, dailyRequests: '100' } }, [`${FILE}: free.dailyRequests: must be a number`]],
    ['a fractional limit', { free: { ...FREE, dailyRequests: 1.5 } }, [`${FILE}: free.dailyRequests: must be a whole number`]],
    ['a per-minute limit of 0', { free: { ...FREE, perMinute: 0 } }, [`${FILE}: free.perMinute: must be at least 1`]],
    [
      'maxResults over 100',
      { free: { ...FREE, maxResults: 101 } },
      [`${FILE}: free.maxResults: must be at most 100 (the spec caps limit at 100)`],
    ],
    ['a paginationDepth of 0', { free: { ...FREE, paginationDepth: 0 } }, [`${FILE}: free.paginationDepth: must be at least 1`]],
    ['overage as text', { free: { ...FREE, overage: 'no' } }, [`${FILE}: free.overage: must be true or false`]],
    ['a negative price', { free: { ...FREE, overagePriceUsd: -0.001 } }, [`${FILE}: free.overagePriceUsd: must not be negative`]],
    ['a price as text', { free: { ...FREE, overagePriceUsd: '0.002' } }, [`${FILE}: free.overagePriceUsd: must be a number`]],
    ['a safety cap under 1', { free: { ...FREE, safetyCapMultiple: 0.5 } }, [`${FILE}: free.safetyCapMultiple: must be at least 1`]],
    ['an unknown field', { free: { ...FREE, burst: 10 } }, [`${FILE}: free.burst: is not a known field`]],
  ];
  for (const [name, raw, lines] of BAD) {
    it(`refuses ${name}, naming the file and field`, () => {
      assert.deepEqual(refusal(parseTierTable(raw, FILE)), lines);
    });
  }
});
