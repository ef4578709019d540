/**
 * A build's pieces taken on the serving thread one per turn of the event loop (issue 19): an answer of
 * many pieces no longer holds serving while all of them are deserialized.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { serialize } from 'node:v8';
import { ReceivedPieces } from '../../src/catalog/received-pieces.ts';

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('received pieces', () => {
  it('takes one piece from its bytes per turn of the event loop, in order, and says when all are taken', async () => {
    const received = new ReceivedPieces(undefined, (why) => assert.fail(why));
    received.push('catalog piece');
    for (const value of [{ a: 1 }, [2, 3], new Map([['k', 4]])])
      assert.equal(received.add(serialize(value)), undefined, 'bytes are accepted');
    assert.deepEqual(received.values, ['catalog piece', undefined, undefined, undefined], 'nothing is deserialized as the answer arrives');
    await turn();
    assert.deepEqual(received.values, ['catalog piece', { a: 1 }, undefined, undefined], 'one piece a turn');
    await new Promise<void>((resolve) => received.whenTaken(resolve));
    assert.deepEqual(received.values, ['catalog piece', { a: 1 }, [2, 3], new Map([['k', 4]])]);
    let calledAtOnce = false;
    received.whenTaken(() => {
      calledAtOnce = true;
    });
    assert.ok(calledAtOnce, 'with nothing waiting, at once');
  });

  it("takes an unchanged piece from the live read's by its place, and refuses a place it does not hold", async () => {
    const live = ['zero', 'one'];
    const received = new ReceivedPieces(live, (why) => assert.fail(why));
    assert.equal(received.add(1), undefined, 'a place the live read holds');
    assert.equal(received.add(serialize('new')), undefined, 'bytes');
    assert.equal(received.add(0), undefined, 'a place after bytes keeps its own slot');
    assert.equal(received.add(2), 'the reading process sent piece 2 of a read this process does not hold');
    assert.equal(new ReceivedPieces(undefined, () => {}).add(0), 'the reading process sent piece 0 of a read this process does not hold');
    await new Promise<void>((resolve) => received.whenTaken(resolve));
    assert.deepEqual(received.values, ['one', 'new', 'zero']);
  });

  it('stops at bytes that do not deserialize, and takes nothing after stop()', async () => {
    const stops: string[] = [];
    const received = new ReceivedPieces(undefined, (why) => stops.push(why));
    received.add(new Uint8Array([0xff, 0x0f, 0x01]));
    received.add(serialize('after'));
    received.whenTaken(() => assert.fail('never all taken'));
    await turn();
    await turn();
    assert.deepEqual(stops, ['the reading process sent a piece that does not deserialize']);
    assert.equal(received.values[1], undefined, 'nothing taken after the bad piece');
    const stopped = new ReceivedPieces(undefined, () => assert.fail('not told'));
    stopped.add(serialize('x'));
    stopped.stop();
    await turn();
    assert.equal(stopped.values[0], undefined, 'a stopped read takes nothing');
  });
});
