import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { findPage, RANKINGS } from '../../../src/search/page-query.ts';
import { buildSearchIndexNow } from '../../../src/search/search-index.ts';
import { BoundedCache } from '../../../src/search/structures/bounded-cache.ts';
import { type CacheKind, IndexCaches } from '../../../src/search/structures/index-caches.ts';
import { suggest } from '../../../src/search/suggest.ts';
import { sourceFiles } from '../../helpers/import-graph.ts';
import { fixtureCatalog, ROOT } from '../../helpers/service.ts';

const COUNTS: CacheKind<BoundedCache<string, number>, { readonly name: string }> = {
  name: 'counts',
  make: () => new BoundedCache(2),
};
const GREETING: CacheKind<string, { readonly name: string }> = { name: 'greeting', make: (owner) => `hello ${owner.name}` };

describe('IndexCaches', () => {
  it('makes what a kind keeps once per owner, from the owner, on first use', () => {
    const caches = new IndexCaches<{ readonly name: string }>();
    caches.own({ name: 'a' });
    assert.deepEqual(caches.names, []);
    assert.equal(caches.of(GREETING), 'hello a');
    assert.equal(caches.of(COUNTS), caches.of(COUNTS));
    assert.deepEqual(caches.names, ['greeting', 'counts']);
    const other = new IndexCaches<{ readonly name: string }>();
    other.own({ name: 'b' });
    assert.notEqual(other.of(COUNTS), caches.of(COUNTS));
    assert.equal(other.of(GREETING), 'hello b');
  });

  it('empties its caches on clear and keeps everything else', () => {
    const caches = new IndexCaches<{ readonly name: string }>();
    caches.own({ name: 'a' });
    caches.of(COUNTS).set('x', 1);
    caches.of(GREETING);
    caches.clear();
    assert.equal(caches.of(COUNTS).size, 0);
    assert.equal(caches.of(GREETING), 'hello a');
  });

  it('refuses to make anything before it knows its owner', () => {
    assert.throws(() => new IndexCaches<{ readonly name: string }>().of(GREETING), /greeting read before the index was built/);
  });
});

describe("a search index's caches", () => {
  const query = { q: 'press', filters: [], random: false, limit: 5, offset: 0 };
  const context = { deadline: Number.POSITIVE_INFINITY, now: () => 0, random: Math.random };

  it('hold what a query and a suggestion leave, per index: a new index (a reload) starts empty', () => {
    const first = buildSearchIndexNow(fixtureCatalog());
    findPage(first, query, context);
    suggest(first, 'bench pr', 5, Number.POSITIVE_INFINITY, () => 0);
    assert.equal(first.caches.of(RANKINGS).size, 1);
    assert.ok(first.caches.names.includes('suggest answers by typed text'));
    const second = buildSearchIndexNow(fixtureCatalog());
    assert.deepEqual(second.caches.names, []);
    assert.equal(second.caches.of(RANKINGS).size, 0);
  });

  it('are the only caches: no module of src/ keeps a cache of its own by catalog or index, nor an LRU', () => {
    const own = sourceFiles(ROOT, 'src').flatMap((file) => {
      const text = readFileSync(join(ROOT, file), 'utf8');
      return [...text.matchAll(/new WeakMap<(Catalog|SearchIndex|TermIndex)\b|new LRUCache\b/g)].map((match) => `${file}: ${match[0]}`);
    });
    assert.deepEqual(own, []);
  });
});
