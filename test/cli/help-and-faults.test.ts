/**
 * Every CLI as a user runs it: `--help` on each CLI and verb prints the usage on stdout and exits 0,
 * from a checkout whose path has a space and a symlink in it; environment faults are `error`-style
 * lines naming the path, never stack traces.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ROOT, tempDir } from '../helpers/service.ts';

/** The checkout seen through a symlink whose path has a space. */
const CHECKOUT = join(tempDir('exlib-cli-path-'), 'my checkout');
symlinkSync(ROOT, CHECKOUT);

function runScript(script: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(CHECKOUT, script), ...args], {
    cwd: CHECKOUT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('--help', () => {
  for (const [script, args] of [
    ['src/cli/keys.ts', ['--help']],
    ['src/cli/keys.ts', ['create', '--help']],
    ['src/cli/keys.ts', ['revoke', '-h']],
    ['src/cli/usage.ts', ['--help']],
    ['src/cli/snapshot.ts', ['--help']],
    ['src/cli/snapshot.ts', ['check', '--help']],
    ['src/cli/snapshot.ts', ['import-free-exercise-db', '--help']],
    ['scripts/build-snapshot.ts', ['--help']],
    ['src/cli/media.ts', ['--help']],
    ['src/cli/media.ts', ['render', '--help']],
  ] as const) {
    it(`${script} ${args.join(' ')} prints the usage on stdout and exits 0`, () => {
      const { code, stdout, stderr } = runScript(script, [...args]);
      assert.equal(code, 0, stderr);
      assert.match(stdout, /^usage: /);
      assert.equal(stderr, '');
    });
  }
});

describe('environment faults in the CLIs', () => {
  const root = tempDir('exlib-cli-faults-');
  const plainFile = join(root, 'plain-file');
  writeFileSync(plainFile, 'x');

  it('keys: a KEYS_FILE below a regular file is one line naming it', () => {
    const { code, stdout, stderr } = runScript('src/cli/keys.ts', ['create', '--tier', 'free'], {
      KEYS_FILE: join(plainFile, 'keys.json'),
    });
    assert.equal(code, 1);
    assert.equal(stdout, '');
    assert.equal(stderr, `${plainFile}/keys.json: cannot be read (ENOTDIR: a folder on its path is a regular file)\n`);
  });

  it('usage: a missing STATE_DIR is an error, not "no usage recorded"', () => {
    const missing = join(root, 'no-state');
    const { code, stderr } = runScript('src/cli/usage.ts', [], { STATE_DIR: missing, KEYS_FILE: join(root, 'keys.json') });
    assert.equal(code, 1);
    assert.equal(stderr, `${missing}: cannot be read (ENOENT: it does not exist); STATE_DIR names the server's state folder\n`);
  });

  it('usage: a corrupt key store is refused, naming the file', () => {
    const state = join(root, 'state');
    mkdirSync(state, { recursive: true });
    const keys = join(root, 'bad-keys.json');
    writeFileSync(keys, '{"version":1,');
    const { code, stderr } = runScript('src/cli/usage.ts', [], { STATE_DIR: state, KEYS_FILE: keys });
    assert.equal(code, 1);
    assert.equal(stderr, `${keys}: is not valid JSON (at character 13)\n`);
  });

  it('usage: --date must name a day that exists', () => {
    for (const date of ['2026-13-45', '2026-02-30', '26-01-01']) {
      const { code, stderr } = runScript('src/cli/usage.ts', ['--date', date]);
      assert.equal(code, 2);
      assert.equal(stderr, `--date must be a real day as YYYY-MM-DD (received "${date}")\n`);
    }
  });
});
