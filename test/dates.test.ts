/** The one date rule: YYYY-MM-DD naming a day that exists, as a test, a schema and a file name. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as v from 'valibot';
import { DATE_FILE_NAME, DateSchema, isRealDate } from '../src/dates.ts';

const REAL = ['2026-01-01', '2024-02-29', '2026-12-31', '2000-02-29'];
const NOT_REAL = [
  '2026-02-30',
  '2026-02-29',
  '1900-02-29',
  '2026-13-01',
  '2026-00-10',
  '2026-04-31',
  '2026-1-1',
  '26-01-01',
  '2026-01-01T00:00:00Z',
  '',
];

describe('isRealDate', () => {
  for (const date of REAL) it(`accepts ${date}`, () => assert.equal(isRealDate(date), true));
  for (const date of NOT_REAL) it(`refuses ${JSON.stringify(date)}`, () => assert.equal(isRealDate(date), false));
});

describe('DateSchema', () => {
  it('accepts a real date and refuses anything else with one message', () => {
    assert.deepEqual(v.safeParse(DateSchema, '2024-02-29').output, '2024-02-29');
    for (const value of [...NOT_REAL, 20260101, null]) {
      const parsed = v.safeParse(DateSchema, value);
      assert.deepEqual(
        parsed.issues?.map((issue) => issue.message),
        ['must be a real date as YYYY-MM-DD'],
        String(value),
      );
    }
  });
});

describe('DATE_FILE_NAME', () => {
  it('matches <YYYY-MM-DD>.json by shape, so a name of no real date is still found and refused', () => {
    assert.equal(DATE_FILE_NAME.exec('2026-02-30.json')?.[1], '2026-02-30');
    assert.equal(DATE_FILE_NAME.exec('2026-01-15.json')?.[1], '2026-01-15');
    for (const name of ['2026-01-15.json.tmp', 'x2026-01-15.json', '2026-01-15json', 'latest.json'])
      assert.equal(DATE_FILE_NAME.test(name), false, name);
  });
});
