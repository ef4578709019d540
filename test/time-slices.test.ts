import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runInSlices, runNow, runPaced, sortedOrder, type Steps } from '../src/time-slices.ts';
import { seededRandom } from './helpers/random.ts';

function* counting(units: number, log: string[]): Steps<number> {
  for (let i = 0; i < units; i++) {
    log.push('unit');
    yield;
  }
  return units;
}

describe('time slices', () => {
  it('runNow runs a build to its end at once', () => {
    const log: string[] = [];
    assert.equal(runNow(counting(5, log)), 5);
    assert.equal(log.length, 5);
  });

  it('runInSlices lets the event loop run between slices', async () => {
    const log: string[] = [];
    let clock = 0;
    // Every clock read moves 1 ms: with 2 ms slices, each slice does one or two units.
    const done = runInSlices(counting(6, log), 2, () => clock++);
    setImmediate(() => log.push('event loop'));
    assert.equal(await done, 6);
    assert.ok(log.indexOf('event loop') > 0 && log.indexOf('event loop') < log.length - 1, log.join(','));
  });

  it('runPaced waits between slices for as long as its pacer says, never inside one', () => {
    const log: string[] = [];
    let clock = 0;
    let waits = 0;
    // Every clock read moves 1 ms: 2 ms slices of one or two units; the pacer wants two waits after the first slice only.
    const pacer = {
      shouldWait: () => log.length > 0 && waits < 2,
      wait: () => {
        waits++;
        log.push('wait');
      },
    };
    assert.equal(
      runPaced(counting(4, log), pacer, 2, () => clock++),
      4,
    );
    assert.deepEqual(log.slice(0, 4).filter((entry) => entry === 'wait').length, 2);
    assert.equal(log.filter((entry) => entry === 'unit').length, 4);
    assert.equal(log[0], 'unit');
  });

  it('sortedOrder sorts stably like Array.prototype.sort (seeded)', () => {
    const random = seededRandom(5);
    for (const n of [0, 1, 2, 7, 100, 20_000]) {
      const keys = Array.from({ length: n }, () => Math.floor(random() * 50));
      const order = runNow(sortedOrder(n, (a, b) => keys[a]! - keys[b]!));
      const expected = Array.from({ length: n }, (_, i) => i).sort((a, b) => keys[a]! - keys[b]! || a - b);
      assert.deepEqual(Array.from(order), expected, `n=${n}`);
    }
  });
});
