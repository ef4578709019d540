/**
 * The README stays what a newcomer reads (issue 21): what the service is, the two commands at the top,
 * a walk through with curl and where to find things, in at most 250 lines; reference goes to docs/.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ROOT } from '../helpers/service.ts';

const MAX_README_LINES = 250;
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

/** Lines as an editor counts them: a final newline does not start another line. */
function lineCount(text: string): number {
  return text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
}

describe('README', () => {
  it(`is at most ${MAX_README_LINES} lines`, () => {
    const lines = lineCount(README);
    assert.ok(lines <= MAX_README_LINES, `README.md has ${lines} lines; move reference to docs/ (at most ${MAX_README_LINES})`);
  });

  it('names the two commands within its first 25 lines', () => {
    const top = README.split('\n').slice(0, 25).join('\n');
    assert.match(top, /npm ci && npm start/);
    assert.match(top, /^npm test\b/m);
  });

  it('has a walk through with curl and a table of where to find things', () => {
    assert.match(README, /^## A walk through with curl$/m);
    assert.match(README, /^## Where to find things$/m);
    assert.match(README, /docs\/architecture\.md/);
  });

  it('counts lines the way an editor does', () => {
    assert.equal(lineCount('a\nb\n'), 2);
    assert.equal(lineCount('a\nb'), 2);
  });
});
