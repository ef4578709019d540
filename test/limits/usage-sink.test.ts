import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { writeFileAtomic } from '../../src/files.ts';
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

function setup(write?: (file: string, contents: string) => void) {
  const dir = tempDir();
  const shards = Array.from({ length: SHARD_COUNT }, emptyShard);
  const { lines, logger } = capturingLogger();
  const store = new MemoryUsageStore(shards, () => sink.status());
  const sink: UsageSink = new UsageSink(dir, store, { logger, write, now: () => new Date('2026-11-21T12:00:00.000Z') });
  return { dir, store, sink, lines };
}

describe('UsageSink', () => {
  it('writes only the shards that changed, and a restart resumes the exact counts', () => {
    const { dir, store, sink } = setup();
    const clock = new TestClock();
    for (let i = 0; i < 7; i++) store.admit('key_alpha', tier, clock.now());
    store.admit('key_beta', tier, clock.now());
    assert.equal(sink.flush(), true);
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

  it('is idempotent: flushing the same state again changes nothing', () => {
    const { dir, store, sink } = setup();
    store.admit('key_alpha', tier, new TestClock().now());
    sink.flush();
    const before = readFileSync(shardFile(dir, shardOf('key_alpha')), 'utf8');
    // An admission given back leaves the counts as they were but the shard changed: it is written again.
    store.release(store.admit('key_alpha', tier, new TestClock().now()).ticket!);
    for (let i = 0; i < 50; i++) sink.flush();
    assert.equal(readFileSync(shardFile(dir, shardOf('key_alpha')), 'utf8'), before);
  });

  for (const code of ['ENOSPC', 'EACCES', 'EROFS', 'EIO', 'ENOENT']) {
    it(`on ${code}: keeps counting and enforcing in memory, reports error, logs once, writes everything on recovery`, () => {
      let failing = true;
      const { dir, store, sink, lines } = setup((file, contents) => {
        if (failing) throw Object.assign(new Error(`${code}: injected`), { code });
        writeFileAtomic(file, contents);
      });
      const clock = new TestClock();
      store.admit('key_alpha', tier, clock.now());
      assert.equal(sink.flush(), false);
      assert.equal(store.status(), 'error');
      for (let i = 0; i < 100; i++) {
        store.admit('key_alpha', tier, clock.now());
        sink.flush();
      }
      assert.equal(lines.filter((l) => l.level === 'error').length, 1, 'the failure is logged once');
      // Enforcement never stopped: the cap (10 x 5) holds while the sink is down.
      assert.equal(store.admit('key_alpha', tier, clock.now()).decision.kind, 'overage-cap');
      assert.equal(existsSync(shardFile(dir, shardOf('key_alpha'))), false);

      failing = false;
      assert.equal(sink.flush(), true);
      assert.equal(store.status(), 'ok');
      assert.equal(lines.filter((l) => l.message === 'usage sink recovered: all usage written').length, 1);
      const restored = loadShards(dir, SHARD_COUNT);
      assert.ok(restored.ok);
      assert.equal(new MemoryUsageStore(restored.value).usageByDay().get('2026-11-21')!.get('key_alpha')!.requests, 50);
    });
  }

  it('a write that fails part-way leaves the previous file intact (temp file + rename)', () => {
    const { dir, store, sink } = setup();
    const clock = new TestClock();
    store.admit('key_alpha', tier, clock.now());
    sink.flush();
    const file = shardFile(dir, shardOf('key_alpha'));
    const before = readFileSync(file, 'utf8');
    // Make the rename impossible: a directory now stands where the temp file would go.
    renameSync(dir, `${dir}-moved`);
    store.admit('key_alpha', tier, clock.now());
    assert.equal(sink.flush(), false);
    renameSync(`${dir}-moved`, dir);
    assert.equal(readFileSync(file, 'utf8'), before);
    assert.equal(sink.flush(), true);
    assert.notEqual(readFileSync(file, 'utf8'), before);
  });

  it('refuses an unreadable or invalid state file, naming the file and field', () => {
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

  it('archives a day once it ends, even for keys gone quiet, and live files keep only live counters', () => {
    const { dir, store, clock, sink, admit } = dayFlow();
    admit('key_alpha', 7);
    admit('key_beta', 2);
    assert.equal(sink.flush(), true);
    clock.set('2026-11-21T00:00:01.000Z');
    admit('key_alpha', 1);
    assert.equal(sink.flush(), true);
    const archived = JSON.parse(readFileSync(archiveFile(dir, '2026-11-20'), 'utf8'));
    assert.deepEqual(archived, {
      version: 1,
      date: '2026-11-20',
      keys: {
        key_alpha: { requests: 7, overageRequests: 2, overageCostMicros: 4000 },
        key_beta: { requests: 2, overageRequests: 0, overageCostMicros: 0 },
      },
    });
    assert.equal(sink.flush(), true); // the shards drop the archived day on the next write
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

  it('never double-counts a day found both in an old live file and in the archive (crash between the two writes)', () => {
    const { dir, clock, sink, admit } = dayFlow();
    admit('key_alpha', 5);
    sink.flush();
    clock.set('2026-11-21T00:00:01.000Z');
    const before = readdirSync(dir)
      .filter((f) => f.startsWith('usage-'))
      .map((f) => [f, readFileSync(join(dir, f), 'utf8')] as const);
    assert.equal(sink.flush(), true); // archives the day
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
    assert.equal(restarted.flush(), true);
    assert.equal(JSON.parse(readFileSync(archiveFile(dir, '2026-11-20'), 'utf8')).keys.key_alpha.requests, 5);
  });

  it('never overwrites a damaged archive: the day stays live and the sink reports error', () => {
    const { dir, store, clock, sink, admit } = dayFlow();
    admit('key_alpha', 3);
    sink.flush();
    mkdirSync(join(dir, 'history'));
    writeFileSync(archiveFile(dir, '2026-11-20'), '{"version":1,"date":"2026-11-20","keys":{"key_x":{"requests":"many"}}}');
    clock.set('2026-11-21T00:00:01.000Z');
    assert.equal(sink.flush(), false);
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

  it('refuses an archived day of no real date, by file name or by content', () => {
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
