/**
 * search/ shows its parts (issue 21): the top level holds exactly the modules the rest of src/ uses
 * (http/ and main.ts), the parts sit in folders by what they do, and every module of src/ stays under
 * 300 lines (word lists apart).
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { importGraph, sourceFiles } from '../helpers/import-graph.ts';
import { ROOT } from '../helpers/service.ts';

const MAX_MODULE_LINES = 300;
const TOP_LEVEL = ['facet-counts.ts', 'index-parts.ts', 'page-query.ts', 'search-index.ts', 'suggest.ts', 'warm-up.ts'];
const FOLDERS = ['filters', 'languages', 'ranking', 'structures', 'suggest', 'suggest/large', 'text'];
/**
 * A language's word lists (search/languages/<lang>-words.ts: function words, synonyms, aliases, compound
 * parts) are data kept as code for their comments, one word a line as the formatter writes them: no code
 * grows there, so the line limit, which keeps modules readable, does not apply.
 */
const WORD_LISTS = /^src\/search\/languages\/[a-z]{2}-words\.ts$/;

function foldersUnder(dir: string, prefix = ''): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => [prefix + entry.name, ...foldersUnder(join(dir, entry.name), `${prefix}${entry.name}/`)])
    .sort();
}

describe('src/search/', () => {
  const entries = readdirSync(join(ROOT, 'src/search'), { withFileTypes: true });

  it(`holds at its top level only ${TOP_LEVEL.join(', ')}`, () => {
    assert.deepEqual(
      entries
        .filter((entry) => entry.isFile())
        .map((entry) => entry.name)
        .sort(),
      TOP_LEVEL,
    );
  });

  it(`keeps its parts in ${FOLDERS.join(', ')}`, () => {
    assert.deepEqual(foldersUnder('src/search'), FOLDERS);
  });

  it('is used from outside through its top level only, and all of it is used', () => {
    const graph = importGraph(ROOT, sourceFiles(ROOT, 'src'));
    const usedFromOutside = new Set<string>();
    for (const [file, targets] of graph) {
      if (file.startsWith('src/search/')) continue;
      for (const target of targets) if (target.startsWith('src/search/')) usedFromOutside.add(target.slice('src/search/'.length));
    }
    assert.deepEqual([...usedFromOutside].sort(), TOP_LEVEL);
  });

  it('has no folder of one file and no empty folder', () => {
    for (const folder of FOLDERS) {
      const files = readdirSync(join(ROOT, 'src/search', folder)).filter((name) => name.endsWith('.ts'));
      assert.ok(files.length >= 2, `src/search/${folder} holds ${files.length} module(s)`);
    }
  });
});

describe('modules of src/', () => {
  it(`are under ${MAX_MODULE_LINES} lines each`, () => {
    const long = sourceFiles(ROOT, 'src')
      .filter((file) => !WORD_LISTS.test(file))
      .map((file) => ({ file, lines: readFileSync(join(ROOT, file), 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines >= MAX_MODULE_LINES)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    assert.deepEqual(long, []);
  });
});
