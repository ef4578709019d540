import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { busyAt, expectedCpuMs, idleCpuPacer, othersRunnable } from '../../src/catalog/idle-cpu.ts';

/** A pacer over a clock and a CPU meter the test moves by hand, on a 2-core machine. */
function scene(expectedCpuMs: number | undefined, runnable: () => number | undefined) {
  const state = { now: 0, cpu: 0, waited: 0, looked: 0 };
  const pacer = idleCpuPacer({
    start: 0,
    deadline: 1000,
    expectedCpuMs,
    now: () => state.now,
    cpuMs: () => state.cpu,
    cpus: 2,
    othersRunnable: () => {
      state.looked++;
      return runnable();
    },
    block: (ms) => {
      state.now += ms;
      state.waited += ms;
    },
  });
  /** Runs for `ms` of wall time, getting `rate` of a core meanwhile. */
  const run = (ms: number, rate: number) => {
    state.now += ms;
    state.cpu += ms * rate;
  };
  return { state, pacer, run };
}

describe('pacing a build to idle CPU (issue 19)', () => {
  it('reads the runnable count from /proc/loadavg, less the caller', () => {
    assert.equal(
      othersRunnable(() => '0.52 0.58 0.59 3/467 12345\n'),
      2,
    );
    assert.equal(
      othersRunnable(() => '0.52 0.58 0.59 1/467 12345\n'),
      0,
    );
    assert.equal(
      othersRunnable(() => 'garbled'),
      undefined,
    );
    assert.equal(
      othersRunnable(() => {
        throw new Error('ENOENT');
      }),
      undefined,
    );
  });

  it('waits while others want all the CPUs but one and there is time to spare, and runs when two are idle', () => {
    // One other task runnable on two cores: the serving thread or its client, which a build beside it
    // would have to share a core with (issue 19, stop 46: the search p99 during reloads 2.3-4.1x before).
    let runnable = 1;
    const { pacer, run } = scene(300, () => runnable);
    run(20, 1);
    assert.equal(pacer.shouldWait(), true);
    pacer.wait();
    runnable = 2;
    assert.equal(pacer.shouldWait(), true);
    runnable = 0;
    assert.equal(pacer.shouldWait(), false);
  });

  it('leaves one CPU to the others, and waits for any other task on one CPU', () => {
    assert.deepEqual([1, 2, 4, 16].map(busyAt), [1, 1, 3, 15]);
  });

  it('stops waiting once what is left, at the rate it has had, would end past the deadline', () => {
    const { state, pacer, run } = scene(300, () => 3);
    // Half a core while running: 280 ms of CPU left needs 560 ms, so it may wait until 440 ms.
    run(40, 0.5);
    while (pacer.shouldWait()) pacer.wait();
    assert.ok(state.now >= 430 && state.now <= 441, `stopped waiting at ${state.now} ms`);
    run(560, 0.5);
    assert.ok(state.now <= 1001, `over at ${state.now} ms`);
  });

  it('expects no more than its share of the CPUs beside the tasks runnable now, however fast it ran in idle moments', () => {
    // Three others runnable on two cores: running from now on it would get half a core, not the whole one
    // it had in the moments they left idle (stop 59: a reload that waited 561 ms on that rate and missed its deadline).
    const { state, pacer, run } = scene(300, () => 3);
    run(40, 1);
    while (pacer.shouldWait()) pacer.wait();
    // 260 ms of CPU left at half a core needs 520 ms: it may wait until 480 ms, not until 740.
    assert.ok(state.now >= 470 && state.now <= 481, `stopped waiting at ${state.now} ms`);
    run(520, 0.5);
    assert.ok(state.now <= 1001, `over at ${state.now} ms`);
  });

  it('does not wait before it has run long enough to know its rate, and counts only its waits as waiting', () => {
    const { state, pacer, run } = scene(300, () => 2);
    run(5, 1);
    assert.equal(pacer.shouldWait(), false);
    run(5, 1);
    assert.equal(pacer.shouldWait(), true);
    pacer.wait();
    pacer.wait();
    run(3, 1);
    assert.equal(pacer.shouldWait(), true);
    assert.equal(pacer.waitedMs(), 2);
    assert.equal(state.waited, 2);
  });

  it('never waits on a first read (no CPU time to expect), nor once the build took what was expected', () => {
    const first = scene(undefined, () => 4);
    first.run(20, 1);
    assert.equal(first.pacer.shouldWait(), false);
    assert.equal(first.state.looked, 0);
    const over = scene(100, () => 4);
    over.run(120, 1);
    assert.equal(over.pacer.shouldWait(), false);
  });

  it('never waits where the count cannot be read, and stops asking', () => {
    const { state, pacer, run } = scene(300, () => undefined);
    run(20, 1);
    assert.equal(pacer.shouldWait(), false);
    run(20, 1);
    assert.equal(pacer.shouldWait(), false);
    assert.equal(state.looked, 1);
  });

  it('reads this machine’s count where it can (Linux)', { skip: process.platform !== 'linux' }, () => {
    const count = othersRunnable();
    assert.ok(count !== undefined && count >= 0, String(count));
  });

  it("expects a read to take the last read's CPU, scaled by each one's work: a part with the file's size, a part with the bytes changed", () => {
    const file = 12_300_000;
    assert.equal(expectedCpuMs(undefined, file, 1000), undefined);
    const dayOfEdits = { cpuMs: 200, fileBytes: file, changedBytes: 70_000 };
    // The same edit: the same figure. Every record's English, then every record in three languages, as
    // measured in process (280-420 ms, then 480-540: docs/performance.md).
    assert.equal(expectedCpuMs(dayOfEdits, file, 70_000), 200);
    const english = expectedCpuMs(dayOfEdits, file, 4_100_000)!;
    assert.ok(english > 280 && english < 340, `${english}`);
    const everything = expectedCpuMs({ cpuMs: english, fileBytes: file, changedBytes: 4_100_000 }, file, 11_700_000)!;
    assert.ok(everything > 480 && everything < 540, `${everything}`);
    // And down again: a day's edits after a read from nothing (every byte changed, 1,100 ms cold).
    const afterStart = expectedCpuMs({ cpuMs: 1100, fileBytes: file, changedBytes: file }, file, 70_000)!;
    assert.ok(afterStart > 400 && afterStart < 460, `${afterStart}`);
    // So on a busy machine (a third of a core) every record in three languages cannot afford to wait...
    const busy = scene(everything, () => 4);
    busy.run(30, 0.33);
    assert.equal(busy.pacer.shouldWait(), false);
    // ...and on one whose clients keep both cores busy but give it most of one, it can.
    const served = scene(everything, () => 2);
    served.run(30, 0.9);
    assert.equal(served.pacer.shouldWait(), true);
  });
});
