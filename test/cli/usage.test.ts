import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { runUsageCli } from '../../src/cli/usage.ts';
import { createLogger } from '../../src/log.ts';
import { UsageSink } from '../../src/limits/usage-sink.ts';
import { MemoryUsageStore } from '../../src/limits/usage-store.ts';
import { defaultTiers, TestClock } from '../helpers/service.ts';
import { cli, env } from '../helpers/cli-run.ts';

describe('usage CLI', () => {
  async function seed(stateDir: string) {
    mkdirSync(stateDir, { recursive: true });
    const store = new MemoryUsageStore();
    const tier = { ...defaultTiers().get('starter')!, dailyRequests: 3, perMinute: 1000 };
    const clock = new TestClock('2026-11-20T10:00:00.000Z');
    for (let i = 0; i < 5; i++) store.admit('key_alpha', tier, clock.now());
    store.admit('key_beta', tier, clock.now());
    clock.set('2026-11-21T10:00:00.000Z');
    for (let i = 0; i < 4; i++) store.admit('key_alpha', tier, clock.now());
    await new UsageSink(stateDir, store, { logger: createLogger('silent') }).flush();
  }

  it('prints requests, overage and cost per key and day, filtered by --date and --key', async () => {
    const e = env();
    await seed(e.STATE_DIR!);
    const all = JSON.parse(cli((o, r) => runUsageCli(['--json'], e, o, r)).out) as Record<string, unknown>[];
    assert.deepEqual(
      all.map((row) => [row.date, row.keyId, row.requests, row.overageRequests, row.overageCost]),
      [
        ['2026-11-20', 'key_alpha', 5, 2, '$0.004'],
        ['2026-11-20', 'key_beta', 1, 0, '$0.00'],
        ['2026-11-21', 'key_alpha', 4, 1, '$0.002'],
      ],
    );
    const oneDay = JSON.parse(
      cli((o, r) => runUsageCli(['--date', '2026-11-20', '--key', 'key_alpha', '--json'], e, o, r)).out,
    ) as unknown[];
    assert.equal(oneDay.length, 1);
    const table = cli((o, r) => runUsageCli(['--date', '2026-11-21'], e, o, r));
    assert.equal(table.code, 0);
    assert.match(table.out, /2026-11-21\s+key_alpha\s+\?\s+4\s+1\s+\$0\.002/);
    assert.match(cli((o, r) => runUsageCli(['--date', '2030-01-01'], e, o, r)).out, /no usage/);
  });

  it('rejects a bad date or flag with exit 2, and unreadable state with exit 1', () => {
    const e = env();
    assert.equal(cli((o, r) => runUsageCli(['--date', '21/11/2026'], e, o, r)).code, 2);
    assert.equal(cli((o, r) => runUsageCli(['--nope'], e, o, r)).code, 2);
    mkdirSync(e.STATE_DIR!, { recursive: true });
    writeFileSync(join(e.STATE_DIR!, 'usage-00.json'), 'garbage');
    const bad = cli((o, r) => runUsageCli([], e, o, r));
    assert.equal(bad.code, 1);
    assert.match(bad.err, /usage-00\.json: is not valid JSON$/m);
  });
});
