import assert from 'node:assert/strict';
import { readFileSync, renameSync, writeFileSync, existsSync, readdirSync } from 'node:fs';
import { describe, it } from 'node:test';
import { writeFileAtomic } from '../../src/files.ts';
import { createLogger } from '../../src/log.ts';
import { loadShards, shardFile, UsageSink } from '../../src/limits/usage-sink.ts';
import { MemoryUsageStore, SHARD_COUNT, shardOf } from '../../src/limits/usage-store.ts';
import { defaultTiers, tempDir, TestClock } from '../helpers/service.ts';

const tier = { ...defaultTiers().get('starter')!, perMinute: 1_000_000, dailyRequests: 5 };

function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  return { lines, logger: createLogger('debug', (line) => lines.push(JSON.parse(line) as Record<string, unknown>)) };
}

function setup(write?: (file: string, contents: string) => void) {
  const dir = tempDir();
  const store = new MemoryUsageStore();
  const { lines, logger } = capturingLogger();
  const sink = new UsageSink(dir, store.shards, { logger, write, now: () => new Date('2026-11-21T12:00:00.000Z') });
  store.setStatusSource(() => sink.status());
  return { dir, store, sink, lines };
}

describe('UsageSink', () => {
  it('writes only the shards that changed, and a restart resumes the exact counts', () => {
    const { dir, store, sink } = setup();
    const clock = new TestClock();
    for (let i = 0; i < 7; i++) store.admit('key_alpha', tier, clock.now());
    store.admit('key_beta', tier, clock.now());
    assert.equal(sink.flush(), true);
    const written = readdirSync(dir).filter((f) => f.startsWith('usage-')).sort();
    assert.deepEqual(written, [...new Set([shardOf('key_alpha'), shardOf('key_beta')])].sort((a, b) => a - b).map((i) => `usage-${String(i).padStart(2, '0')}.json`));

    const restored = loadShards(dir, SHARD_COUNT);
    assert.ok(restored.ok);
    const resumed = new MemoryUsageStore(restored.shards);
    assert.deepEqual(resumed.usageByDay(), store.usageByDay());
    const next = resumed.admit('key_alpha', tier, clock.now()).decision;
    assert.ok(next.kind === 'admit' && next.dayRequests === 8 && next.overage!.count === 3);
  });

  it('is idempotent: flushing the same state again changes nothing', () => {
    const { dir, store, sink } = setup();
    store.admit('key_alpha', tier, new TestClock().now());
    sink.flush();
    const before = readFileSync(shardFile(dir, shardOf('key_alpha')), 'utf8');
    store.shards[shardOf('key_alpha')]!.isDirty = true;
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
      assert.equal(new MemoryUsageStore(restored.shards).usageByDay().get('2026-11-21')!.get('key_alpha')!.requests, 50);
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
    writeFileSync(shardFile(dir, 3), '{"version":1,"savedAt":"x","current":{"key_a":{"day":"2026-11-21","requests":-1,"overageRequests":0,"overageCostMicros":0,"minuteStartMs":0,"minuteRequests":0}},"history":{}}');
    writeFileSync(shardFile(dir, 4), '{not json');
    writeFileSync(shardFile(dir, 5), '{"version":2,"savedAt":"x","current":{},"history":{}}');
    const result = loadShards(dir, SHARD_COUNT);
    assert.equal(result.ok, false);
    if (result.ok) return;
    assert.ok(result.problems.some((p) => p.startsWith(shardFile(dir, 3)) && p.includes('current.key_a.requests')), result.problems.join('\n'));
    assert.ok(result.problems.some((p) => p.startsWith(shardFile(dir, 4)) && p.includes('cannot be read as JSON')));
    assert.ok(result.problems.some((p) => p.startsWith(shardFile(dir, 5)) && p.includes('version')));
  });
});
