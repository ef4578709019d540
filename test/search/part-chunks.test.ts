/**
 * Large values of a search index part cut into chunks of about CHUNK_BYTES for the crossing to the serving
 * thread, and put together again in order (issue 19).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { serialize } from 'node:v8';
import { CHUNK_BYTES, type Chunk, ChunkJoin, chunksOf } from '../../src/search/structures/part-chunks.ts';

function joined(pieces: { value: unknown; chunk?: Chunk }[]): unknown {
  const join = new ChunkJoin(pieces[0]!.chunk!);
  for (const { value, chunk } of structuredClone(pieces)) assert.equal(join.add(chunk!, value), undefined, `chunk at ${chunk!.at}`);
  return join.whole;
}

describe('part chunks', () => {
  it('leaves a small value whole', () => {
    for (const value of [new Int32Array(10), new Map([['a', 1]]), [1, 2, 3], 'text', 7]) assert.deepEqual(chunksOf(value), [{ value }]);
  });

  it('cuts a typed array by bytes, and copies the chunks into one array of the same kind', () => {
    const postings = Float32Array.from({ length: 50_000 }, (_, i) => i / 7);
    const pieces = chunksOf(postings);
    assert.equal(pieces.length, Math.ceil((50_000 * 4) / CHUNK_BYTES));
    for (const { value } of pieces) assert.ok(serialize(value).length <= CHUNK_BYTES + 64, 'each chunk is about CHUNK_BYTES');
    const whole = joined(pieces);
    assert.ok(whole instanceof Float32Array, 'a Float32Array again');
    assert.deepEqual(whole, postings);
  });

  it('cuts a Map and an array by their entries, sized from a sample, and puts them together in order', () => {
    const synonyms = new Map(
      Array.from({ length: 3000 }, (_, i) => [`term${i}`, [{ terms: [`t${i}`, 'press'], alternatives: [['x', 'y']] }]] as const),
    );
    const mapPieces = chunksOf(synonyms);
    assert.ok(mapPieces.length > 1, `${mapPieces.length} chunks`);
    for (const { value } of mapPieces) assert.ok(serialize(value).length <= 2 * CHUNK_BYTES, 'each chunk is about CHUNK_BYTES');
    assert.deepEqual([...(joined(mapPieces) as Map<string, unknown>)], [...synonyms]);
    const words = Array.from({ length: 20_000 }, (_, i) => `word${i}`);
    const arrayPieces = chunksOf(words);
    assert.ok(arrayPieces.length > 1, `${arrayPieces.length} chunks`);
    assert.deepEqual(joined(arrayPieces), words);
  });

  it('refuses a chunk out of order, of another value, or of another kind', () => {
    const pieces = chunksOf(new Int32Array(30_000));
    const join = new ChunkJoin(pieces[0]!.chunk!);
    assert.match(join.add(pieces[1]!.chunk!, pieces[1]!.value) ?? '', /chunk at 8192 does not follow 0/);
    assert.equal(join.add(pieces[0]!.chunk!, pieces[0]!.value), undefined);
    assert.match(join.add({ kind: 'typed', at: 8192, of: 9 }, pieces[1]!.value) ?? '', /does not follow/);
    assert.match(join.add({ kind: 'typed', at: 8192, of: 30_000 }, [1, 2]) ?? '', /not a typed array/);
    assert.equal(join.whole, undefined, 'not whole before its last chunk');
  });
});
