/**
 * No import cycle anywhere in src/ (issue 21), between files or between folders: a module can be read
 * after the modules it imports, and a folder after the folders it imports from. Type-only imports
 * count too: they tie the files together for the reader as much as any other.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cyclesOf, describeCycles, folderGraph, importGraph, importsOf, sourceFiles } from './helpers/import-graph.ts';
import { ROOT } from './helpers/service.ts';

const GRAPH = importGraph(ROOT, sourceFiles(ROOT, 'src'));

describe('imports in src/', () => {
  it('form no cycle between files', () => {
    assert.deepEqual(describeCycles(GRAPH, cyclesOf(GRAPH)), []);
  });

  it('form no cycle between folders (each top-level file of src/ counts as its own)', () => {
    const folders = folderGraph('src', GRAPH);
    assert.deepEqual(describeCycles(folders, cyclesOf(folders)), []);
  });

  it('are all read: every module of src/ is in the graph, and main.ts reaches the HTTP shells', () => {
    assert.ok(GRAPH.size > 100);
    assert.ok(GRAPH.get('src/main.ts')!.includes('src/http/engines/engine.ts'));
    assert.ok(GRAPH.get('src/http/routes.ts')!.includes('src/search/page-query.ts'));
  });
});

describe('the import graph', () => {
  it('reads static, type-only, re-exporting, side-effect and dynamic imports, and skips comments and packages', () => {
    const text = [
      "import { a } from './a.ts';",
      "import type { B } from '../b.ts';",
      "export { c } from './c.ts';",
      "import './d.ts';",
      "const e = await import('./e.ts');",
      "// import { f } from './f.ts';",
      "/* import { g } from './g.ts'; */",
      "import { h } from 'node:fs';",
      'import {\n  i,\n  j,\n} from "./ij.ts";',
    ].join('\n');
    assert.deepEqual(importsOf(text), ['./a.ts', '../b.ts', './c.ts', './d.ts', './e.ts', './ij.ts']);
  });

  it('finds a cycle of files and one of folders, and leaves a chain alone', () => {
    const files = new Map([
      ['src/a/x.ts', ['src/a/y.ts']],
      ['src/a/y.ts', ['src/b/z.ts']],
      ['src/b/z.ts', ['src/a/x.ts']],
      ['src/c/w.ts', ['src/a/x.ts']],
    ]);
    assert.deepEqual(cyclesOf(files), [['src/a/x.ts', 'src/a/y.ts', 'src/b/z.ts']]);
    assert.deepEqual(cyclesOf(folderGraph('src', files)), [['src/a', 'src/b']]);
    const chain = new Map([
      ['src/a/x.ts', ['src/b/y.ts']],
      ['src/b/y.ts', ['src/log.ts']],
      ['src/log.ts', []],
      ['src/main.ts', ['src/a/x.ts', 'src/log.ts']],
    ]);
    assert.deepEqual(cyclesOf(chain), []);
    assert.deepEqual(cyclesOf(folderGraph('src', chain)), []);
  });

  it('names the imports that close a cycle', () => {
    const files = new Map([
      ['src/a.ts', ['src/b.ts']],
      ['src/b.ts', ['src/a.ts', 'src/c.ts']],
      ['src/c.ts', []],
    ]);
    assert.deepEqual(describeCycles(files, cyclesOf(files)), ['src/a.ts -> src/b.ts; src/b.ts -> src/a.ts']);
  });
});
