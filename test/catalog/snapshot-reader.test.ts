import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { nestingDepth } from '../../src/catalog/snapshot-reader.ts';

describe('nestingDepth', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    assert.equal(nestingDepth('{"a":[1,{"b":[]}]}', 32), 4, 'four levels');
    assert.equal(nestingDepth('{"a":"[[[{{{"}', 32), 1, 'brackets in a string are text');
    assert.equal(nestingDepth('[]', 32), 1, 'one level');
    assert.equal(nestingDepth('"text"', 32), 0, 'a bare string');
  });

  it('ends a string only at an unescaped quote', () => {
    assert.equal(nestingDepth('["a\\"[[[",[1]]', 32), 2, 'an escaped quote does not end the string');
    assert.equal(nestingDepth('["a\\\\",[[1]]]', 32), 3, 'an escaped backslash before the quote does');
    assert.equal(nestingDepth('["a\\\\\\"[[",[1]]', 32), 2, 'three backslashes escape the quote');
  });

  it('stops past the limit, and at an unterminated string', () => {
    assert.equal(nestingDepth(`${'['.repeat(40)}${']'.repeat(40)}`, 32), Number.POSITIVE_INFINITY, 'past the limit');
    assert.equal(nestingDepth(`${'['.repeat(32)}${']'.repeat(32)}`, 32), 32, 'at the limit');
    assert.equal(nestingDepth('[["open', 32), 2, 'the parse refuses the rest');
  });
});
