/**
 * Hostile or broken files in DATA_DIR (docs/operations.md#safe-snapshot-reading: only regular files inside DATA_DIR,
 * at most MAX_SNAPSHOT_BYTES, valid UTF-8, one exercise at least, bounded nesting), each dropped in and
 * announced with SIGHUP while requests keep flowing: each is refused with the file and the reason
 * named, its content is never quoted, no request fails, and the old dataVersion is still served.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { FIXTURE_FILE, issueKey, serviceFolders, spawnService, unlimitedTiersFile } from '../helpers/service.ts';

const fixture = readFileSync(FIXTURE_FILE, 'utf8');
const asVersion = (version: string, text = fixture) =>
  text
    .replace('"dataVersion": "2026-01-15"', `"dataVersion": "${version}"`)
    .replace('"dataVersion":"2026-01-15"', `"dataVersion":"${version}"`);

/** Each fault: how to plant it as `<date>.json`, and the reason the refusal must give. */
const FAULTS: [string, (file: string) => void, RegExp][] = [
  ['a FIFO', (file) => execFileSync('mkfifo', [file]), /is not a regular file/],
  ['a symlink to /dev/zero', (file) => symlinkSync('/dev/zero', file), /points outside .*; only files inside it are read/],
  ['a symlink to /etc/passwd', (file) => symlinkSync('/etc/passwd', file), /points outside .*; only files inside it are read/],
  [
    'an oversized file',
    (file) => writeFileSync(file, `${asVersion('2026-02-04')}${' '.repeat(300_000)}`),
    /bytes, over MAX_SNAPSHOT_BYTES \(250000\); refused unread/,
  ],
  ['a truncated file', (file) => writeFileSync(file, asVersion('2026-02-05').slice(0, 5000)), /is not valid JSON/],
  [
    'invalid UTF-8',
    (file) =>
      writeFileSync(
        file,
        Buffer.concat([
          Buffer.from(asVersion('2026-02-06').slice(0, 100)),
          Buffer.from([0xc3, 0x28]),
          Buffer.from(asVersion('2026-02-06').slice(100)),
        ]),
      ),
    /is not valid UTF-8/,
  ],
  [
    'no exercises',
    (file) => writeFileSync(file, JSON.stringify({ ...JSON.parse(asVersion('2026-02-07')), exercises: [] })),
    /exercises: must hold at least one exercise/,
  ],
  [
    'deep nesting',
    (file) => writeFileSync(file, `${'['.repeat(100_000)}${']'.repeat(100_000)}`),
    /nests arrays and objects more than 32 deep/,
  ],
  ['text that is not JSON at all', (file) => writeFileSync(file, 'root:x:0:0:root:/root:/bin/bash\n'), /is not valid JSON/],
];

describe('snapshot files that must be refused', () => {
  it('refuses each one under load: 0 failed requests, the old dataVersion served, nothing quoted', async () => {
    const { root, dataDir, env: folderEnv } = serviceFolders('exlib-faults-');
    // A generous search budget: what is tested is that a refusal fails no request, not how fast a search
    // runs on a box whose two cores are also parsing the bad files (the budget has its own tests).
    const env = {
      ...folderEnv,
      TIERS_FILE: unlimitedTiersFile(root),
      MAX_SNAPSHOT_BYTES: '250000',
      RELOAD_INTERVAL_MS: '600000',
      SEARCH_BUDGET_MS: '2000',
    };
    const { key } = await issueKey(env, 'business');
    const service = await spawnService(env);

    let isLoading = true;
    let served = 0;
    const failures: string[] = [];
    const load = (async () => {
      while (isLoading) {
        await Promise.all(
          ['/v1/health', '/v1/exercises?q=press&limit=5', '/v1/exercises?muscle=chest'].map(async (path) => {
            try {
              const response = await fetch(`${service.url}${path}`, { headers: { 'X-API-Key': key } });
              await response.arrayBuffer();
              if (response.status !== 200) failures.push(`${path}: ${response.status}`);
              else served += 1;
            } catch (error) {
              failures.push(`${path}: ${String(error)}`);
            }
          }),
        );
      }
    })();

    try {
      for (const [index, [name, plant, reason]] of FAULTS.entries()) {
        const file = join(dataDir, `2026-02-${String(index + 10).padStart(2, '0')}.json`);
        plant(file);
        service.proc.kill('SIGHUP');
        const refusal = await service.waitForLog(
          (e) => e.message === 'snapshot refused; the live catalog keeps serving' && e.file === file,
        );
        const problems = (refusal.problems as string[]).join('\n');
        assert.match(problems, reason, name);
        assert.ok(problems.startsWith(file), `${name}: the problem names the file`);
        unlinkSync(file); // one fault at a time: the next SIGHUP must not meet this one again first
      }
      const health = (await (await fetch(`${service.url}/v1/health`)).json()) as { dataVersion: string };
      assert.equal(health.dataVersion, '2026-01-15');
    } finally {
      isLoading = false;
      await load;
      service.proc.kill('SIGTERM');
      await service.exited;
    }
    assert.deepEqual(failures, []);
    assert.ok(served > 0);
    assert.doesNotMatch(service.stderr(), /root:x:0:0/, 'the content of a refused file is never logged');
  });
});
