import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { writeFileAtomicAsync } from '../../src/files.ts';
import { createLogger } from '../../src/log.ts';
import { formatProblems } from '../../src/problems.ts';
import { archiveFile, loadArchive, loadShards, shardFile, UsageSink } from '../../src/limits/usage-sink.ts';
import { emptyShard, mergeUsage, SHARD_COUNT, shardOf } from '../../src/limits/usage-shards.ts';
import { MemoryUsageStore } from '../../src/limits/usage-store.ts';
import { defaultTiers, tempDir, TestClock } from '../helpers/service.ts';

const tier = { ...defaultTiers().get('starter')!, perMinute: 1_000_000, dailyRequests: 5 };

function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  return { lines, logger: createLogger('debug', (line) => lines.push(JSON.parse(line) as Record<string, unknown>)) };
}

function setup(write?: (file: string, contents: string) => Promise<void>) {
  const dir = tempDir();
  const shards = Array.from({ length: SHARD_COUNT }, emptyShard);
  const { lines, logger } = capturingLogger();
  const store = new MemoryUsageStore(shards, () => sink.status());
  const sink: UsageSink = new UsageSink(dir, store, { logger, write, now: () => new Date('2026-11-21T12:00:00.000Z') });
  return { dir, store, sink, lines };
}

describe('UsageSink', () => {
  it('writes only the shards that changed, and a restart resumes the exact counts', async () => {
    const { dir, store, sink } = setup();
    const clock = new TestClock();
    for (let i = 0; i < 7; i++) store.admit('key_alpha', tier, clock.now());
    store.admit('key_beta', tier, clock.now());
    assert.equal(await sink.flush(), true);
    const written = readdirSync(dir)
      .filter((f) => f.startsWith('usage-'))
      .sort();
    assert.deepEqual(
      written,
      [...new Set([shardOf('key_alpha'), shardOf('key_beta')])]
        .sort((a, b) => a - b)
        .map((i) => `usage-${String(i).padStart(2, '0')}.json`),
    );

    const restored = loadShards(dir, SHARD_COUNT);
    assert.ok(restored.ok);
    const resumed = new MemoryUsageStore(restored.value);
    assert.deepEqual(resumed.usageByDay(), store.usageByDay());
    const next = resumed.admit('key_alpha', tier, clock.now()).decision;
    assert.ok(next.kind === 'admit' && next.dayRequests === 8 && next.overage!.count === 3);
  });

  it('is idempotent: flushing the same state again changes nothing', async () => {
    const { dir, store, sink } = setup();
    store.admit('key_alpha', tier, new TestClock().now());
    await sink.flush();
    const before = readFileSync(shardFile(dir, shardOf('key_alpha')), 'utf8');
    // An admission given back leaves the counts as they were but the shard changed: it is written again.
    store.release(store.admit('key_alpha', tier, new TestClock().now()).ticket!);
    for (let i = 0; i < 50; i++) await sink.flush();
    assert.equal(readFileSync(shardFile(dir, shardOf('key_alpha')), 'utf8'), before);
  });

  for (const code of ['ENOSPC', 'EACCES', 'EROFS', 'EIO', 'ENOENT']) {
    it(`on ${code}: keeps counting and enforcing in memory, reports error, logs once, writes everything on recovery`, async () => {
      let failing = true;
      const { dir, store, sink, lines } = setup(async (file, contents) => {
        if (failing) throw Object.assign(new Error(`${code}: injected`), { code });
        await writeFileAtomicAsync(file, contents);
      });
      const clock = new TestClock();
      store.admit('key_alpha', tier, clock.now());
      assert.equal(await sink.flush(), false);
      assert.equal(store.status(), 'error');
      for (let i = 0; i < 100; i++) {
        store.admit('key_alpha', tier, clock.now());
        await sink.flush();
      }
      assert.equal(lines.filter((l) => l.level === 'error').length, 1, 'the failure is logged once');
      // Enforcement never stopped: the cap (10 x 5) holds while the sink is down.
      assert.equal(store.admit('key_alpha', tier, clock.now()).decision.kind, 'overage-cap');
      assert.equal(existsSync(shardFile(dir, shardOf('key_alpha'))), false);

      failing = false;
      assert.equal(await sink.flush(), true);
      assert.equal(store.status(), 'ok');
      assert.equal(lines.filter((l) => l.message === 'usage sink recovered: all usage written').length, 1);
      const restored = loadShards(dir, SHARD_COUNT);
      assert.ok(restored.ok);
      assert.equal(new MemoryUsageStore(restored.value).usageByDay().get('2026-11-21')!.get('key_alpha')!.requests, 50);
    });
  }

  it('a write that fails part-way leaves the previous file intact (temp file + rename)', async () => {
    const { dir, store, sink } = setup();
    const clock = new TestClock();
    store.admit('key_alpha', tier, clock.now());
    await sink.flush();
    const file = shardFile(dir, shardOf('key_alpha'));
    const before = readFileSync(file, 'utf8');
    // Make the rename impossible: a directory now stands where the temp file would go.
    renameSync(dir, `${dir}-moved`);
    store.admit('key_alpha', tier, clock.now());
    assert.equal(await sink.flush(), false);
    renameSync(`${dir}-moved`, dir);
    assert.equal(readFileSync(file, 'utf8'), before);
    assert.equal(await sink.flush(), true);
    assert.notEqual(readFileSync(file, 'utf8'), before);
  });

  it('refuses an unreadable or invalid state file, naming the file and field', async () => {
    const dir = tempDir();
    writeFileSync(
      shardFile(dir, 3),
      '{"version":1,"savedAt":"x","current":{"key_a":{"day":"2026-11-21","requests":-1,"overageRequests":0,' +
        '"overageCostMicros":0,"minuteStartMs":0,"minuteRequests":0}},"history":{}}',
    );
    writeFileSync(shardFile(dir, 4), '{not json');
    writeFileSync(shardFile(dir, 5), '{"version":2,"savedAt":"x","current":{},"history":{}}');
    const result = loadShards(dir, SHARD_COUNT);
    assert.equal(result.ok, false);
    if (result.ok) return;
    assert.deepEqual(formatProblems(result.problems), [
      `${shardFile(dir, 3)}: current.key_a.requests: must be a whole number, 0 or more`,
      `${shardFile(dir, 4)}: is not valid JSON (at character 1)`,
      `${shardFile(dir, 5)}: version: must be 1`,
    ]);
  });
});

describe('UsageSink: ended days', () => {
  function dayFlow() {
    const dir = tempDir();
    const store = new MemoryUsageStore();
    const clock = new TestClock('2026-11-20T23:59:00.000Z');
    const sink = new UsageSink(dir, store, { logger: createLogger('silent'), now: () => new Date(clock.now()) });
    const admit = (keyId: string, n: number) => {
      for (let i = 0; i < n; i++) store.admit(keyId, tier, clock.now());
    };
    return { dir, store, clock, sink, admit };
  }

  it('archives a day once it ends, even for keys gone quiet, and live files keep only live counters', async () => {
    const { dir, store, clock, sink, admit } = dayFlow();
    admit('key_alpha', 7);
    admit('key_beta', 2);
    assert.equal(await sink.flush(), true);
    clock.set('2026-11-21T00:00:01.000Z');
    admit('key_alpha', 1);
    assert.equal(await sink.flush(), true);
    const archived = JSON.parse(readFileSync(archiveFile(dir, '2026-11-20'), 'utf8'));
    assert.deepEqual(archived, {
      version: 1,
      date: '2026-11-20',
      keys: {
        key_alpha: { requests: 7, overageRequests: 2, overageCostMicros: 4000 },
        key_beta: { requests: 2, overageRequests: 0, overageCostMicros: 0 },
      },
    });
    assert.equal(await sink.flush(), true); // the shards drop the archived day on the next write
    for (const file of readdirSync(dir).filter((f) => f.startsWith('usage-'))) {
      const shard = JSON.parse(readFileSync(join(dir, file), 'utf8'));
      assert.deepEqual(shard.history, {}, file);
      assert.equal(JSON.stringify(shard.current).includes('2026-11-20'), false, file);
    }
    const shards = loadShards(dir, SHARD_COUNT);
    const archive = loadArchive(dir);
    assert.ok(shards.ok && archive.ok);
    const all = mergeUsage(shards.value, archive.value);
    assert.equal(all.get('2026-11-20')!.get('key_alpha')!.requests, 7);
    assert.equal(all.get('2026-11-21')!.get('key_alpha')!.requests, 1);
    assert.equal(all.get('2026-11-21')!.has('key_beta'), false);
    assert.equal(store.usageByDay().has('2026-11-20'), false, 'memory no longer holds the archived day');
  });

  it('never double-counts a day found both in an old live file and in the archive (crash between the two writes)', async () => {
    const { dir, clock, sink, admit } = dayFlow();
    admit('key_alpha', 5);
    await sink.flush();
    clock.set('2026-11-21T00:00:01.000Z');
    const before = readdirSync(dir)
      .filter((f) => f.startsWith('usage-'))
      .map((f) => [f, readFileSync(join(dir, f), 'utf8')] as const);
    assert.equal(await sink.flush(), true); // archives the day
    // Put the live files back as they were before that flush: the day is now in both places.
    for (const [file, contents] of before) writeFileSync(join(dir, file), contents);
    const shards = loadShards(dir, SHARD_COUNT);
    const archive = loadArchive(dir);
    assert.ok(shards.ok && archive.ok);
    assert.equal(mergeUsage(shards.value, archive.value).get('2026-11-20')!.get('key_alpha')!.requests, 5);
    // A sink restarted on those files archives the day again: still 5, not 10.
    const restarted = new UsageSink(dir, new MemoryUsageStore(shards.value), {
      logger: createLogger('silent'),
      now: () => new Date(clock.now()),
    });
    assert.equal(await restarted.flush(), true);
    assert.equal(JSON.parse(readFileSync(archiveFile(dir, '2026-11-20'), 'utf8')).keys.key_alpha.requests, 5);
  });

  it('never overwrites a damaged archive: the day stays live and the sink reports error', async () => {
    const { dir, store, clock, sink, admit } = dayFlow();
    admit('key_alpha', 3);
    await sink.flush();
    mkdirSync(join(dir, 'history'));
    writeFileSync(archiveFile(dir, '2026-11-20'), '{"version":1,"date":"2026-11-20","keys":{"key_x":{"requests":"many"}}}');
    clock.set('2026-11-21T00:00:01.000Z');
    assert.equal(await sink.flush(), false);
    assert.equal(sink.status(), 'error');
    assert.match(readFileSync(archiveFile(dir, '2026-11-20'), 'utf8'), /"many"/);
    assert.equal(store.usageByDay().get('2026-11-20')!.get('key_alpha')!.requests, 3);
    const archive = loadArchive(dir);
    assert.deepEqual(!archive.ok && formatProblems(archive.problems), [
      `${archiveFile(dir, '2026-11-20')}: keys.key_x.requests: must be a whole number, 0 or more`,
      `${archiveFile(dir, '2026-11-20')}: keys.key_x.overageRequests: is missing`,
      `${archiveFile(dir, '2026-11-20')}: keys.key_x.overageCostMicros: is missing`,
    ]);
  });

  it('refuses an archived day of no real date, by file name or by content', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'history'));
    writeFileSync(archiveFile(dir, '2026-02-30'), '{"version":1,"date":"2026-02-30","keys":{}}');
    writeFileSync(archiveFile(dir, '2026-03-01'), '{"version":1,"date":"2026-02-29","keys":{}}');
    const archive = loadArchive(dir);
    assert.deepEqual(!archive.ok && formatProblems(archive.problems), [
      `${archiveFile(dir, '2026-02-30')}: is not named after a real date (YYYY-MM-DD.json)`,
      `${archiveFile(dir, '2026-03-01')}: date: must be a real date as YYYY-MM-DD`,
    ]);
  });
});

/** Writes that wait until the test lets each one go: `next()` resolves with the next write asked for. */
function heldWrites() {
  const asked: { file: string; release: () => void }[] = [];
  const waiting: ((write: { file: string; release: () => void }) => void)[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const write = async (file: string, contents: string) => {
    inFlight += 1;
    mostInFlight = Math.max(mostInFlight, inFlight);
    await new Promise<void>((release) => {
      const held = { file, release };
      const waiter = waiting.shift();
      if (waiter === undefined) asked.push(held);
      else waiter(held);
    });
    await writeFileAtomicAsync(file, contents);
    inFlight -= 1;
  };
  const next = () =>
    new Promise<{ file: string; release: () => void }>((resolve) => {
      const held = asked.shift();
      if (held === undefined) waiting.push(resolve);
      else resolve(held);
    });
  return { write, next, mostInFlight: () => mostInFlight };
}

describe('UsageSink: off the event loop', () => {
  it('writes on the thread pool: the event loop turns while a flush is under way', async () => {
    const { store, sink } = setup();
    store.admit('key_alpha', tier, new TestClock().now());
    let turned = false;
    setImmediate(() => {
      turned = true;
    });
    // Written with the synchronous fsyncs of old, the whole flush ran before the loop could turn.
    assert.equal(await sink.flush(), true);
    assert.equal(turned, true);
  });

  it('a change while the files are written is written by the next flush, and flushes run one at a time', async () => {
    const held = heldWrites();
    const { dir, store, sink } = setup(held.write);
    const clock = new TestClock();
    store.admit('key_alpha', tier, clock.now());
    const first = sink.flush();
    const second = sink.flush();
    const write = await held.next();
    // Counted while the first flush's file is being written: not in that file, so the shard is changed again.
    store.admit('key_alpha', tier, clock.now());
    write.release();
    assert.equal(await first, true);
    const again = await held.next();
    again.release();
    assert.equal(await second, true);
    assert.equal(held.mostInFlight(), 1, 'never two flushes writing at once');
    const restored = loadShards(dir, SHARD_COUNT);
    assert.ok(restored.ok);
    assert.equal(new MemoryUsageStore(restored.value).usageByDay().get('2026-11-21')!.get('key_alpha')!.requests, 2);
  });

  it('a flush that throws does not stop the one asked for after it', async () => {
    const { dir, store, sink } = setup(writeFileAtomicAsync);
    const clock = new TestClock();
    store.admit('key_alpha', tier, clock.now());
    // A store whose changed shards cannot be read makes the flush throw (not a write failure, which it reports).
    const changedShard = store.changedShard.bind(store);
    let faults = 1;
    store.changedShard = (index: number) => {
      if (faults > 0) {
        faults -= 1;
        throw new Error('unreadable shard');
      }
      return changedShard(index);
    };
    const first = sink.flush();
    const second = sink.flush();
    await assert.rejects(first, /unreadable shard/);
    assert.equal(await second, true);
    assert.equal(existsSync(shardFile(dir, shardOf('key_alpha'))), true);
  });

  it('a failed write leaves the shard changed: the next flush writes it', async () => {
    let failing = true;
    const { dir, store, sink } = setup(async (file, contents) => {
      if (failing) throw Object.assign(new Error('EIO: injected'), { code: 'EIO' });
      await writeFileAtomicAsync(file, contents);
    });
    store.admit('key_alpha', tier, new TestClock().now());
    assert.equal(await sink.flush(), false);
    failing = false;
    assert.equal(await sink.flush(), true);
    assert.equal(existsSync(shardFile(dir, shardOf('key_alpha'))), true);
  });

  it('archiving a day never drops a key whose day a request closed while the archive was written', async () => {
    const held = heldWrites();
    const dir = tempDir();
    const store = new MemoryUsageStore();
    const clock = new TestClock('2026-11-20T23:59:00.000Z');
    // The sink read its clock just before midnight; requests arrive just after it.
    const sink = new UsageSink(dir, store, {
      logger: createLogger('silent'),
      write: held.write,
      now: () => new Date('2026-11-20T23:59:59.000Z'),
    });
    for (let i = 0; i < 5; i++) store.admit('key_alpha', tier, clock.now());
    for (let i = 0; i < 3; i++) store.admit('key_beta', tier, clock.now());
    clock.set('2026-11-21T00:00:01.000Z');
    store.admit('key_alpha', tier, clock.now()); // closes key_alpha's day 20
    const flushed = sink.flush();
    for (;;) {
      const write = await held.next();
      if (write.file === archiveFile(dir, '2026-11-20')) {
        // The archive of day 20 (key_alpha alone) is being written when key_beta's day 20 closes.
        store.admit('key_beta', tier, clock.now());
        write.release();
        break;
      }
      write.release();
    }
    assert.equal(await flushed, true);
    const next = sink.flush();
    for (let write = await Promise.race([held.next(), next.then(() => undefined)]); write !== undefined; ) {
      write.release();
      write = await Promise.race([held.next(), next.then(() => undefined)]);
    }
    assert.equal(await next, true);
    const archived = JSON.parse(readFileSync(archiveFile(dir, '2026-11-20'), 'utf8')).keys;
    assert.deepEqual(Object.keys(archived).sort(), ['key_alpha', 'key_beta']);
    assert.equal(archived.key_beta.requests, 3);
  });
});
