/**
 * `npm ci` on a fresh machine runs clean (docs/operations.md#requirements-and-engines): every installed
 * package with an install script is reviewed in package.json's `allowScripts` (npm 11.19 blocks the
 * unreviewed ones and warns on every install), and none is let run, since nothing here needs one.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ROOT } from '../helpers/service.ts';

const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall'];

interface Manifest {
  name?: string;
  scripts?: Record<string, string>;
  allowScripts?: Record<string, boolean>;
}

function manifest(dir: string): Manifest {
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;
}

/** Every package folder under node_modules, scoped ones and nested node_modules included. */
function packageDirs(modules: string): string[] {
  return readdirSync(modules, { withFileTypes: true }).flatMap((entry) => {
    if (!entry.isDirectory() || entry.name.startsWith('.')) return [];
    const dir = join(modules, entry.name);
    if (entry.name.startsWith('@')) return packageDirs(dir);
    const nested = join(dir, 'node_modules');
    const below = readdirSync(dir).includes('node_modules') ? packageDirs(nested) : [];
    return [dir, ...below];
  });
}

describe('install scripts', () => {
  const allowed = manifest(ROOT).allowScripts ?? {};
  const withScripts = packageDirs(join(ROOT, 'node_modules'))
    .map((dir) => manifest(dir))
    .filter((pkg) => INSTALL_SCRIPTS.some((name) => pkg.scripts?.[name] !== undefined))
    .map((pkg) => pkg.name ?? '(unnamed)');

  it('are each reviewed in package.json allowScripts', () => {
    assert.ok(withScripts.length > 0, 'the walk finds the packages with install scripts (esbuild has one)');
    const unreviewed = withScripts.filter((name) => !(name in allowed));
    assert.deepEqual(unreviewed, [], `add each to package.json "allowScripts" after reading its script: ${unreviewed.join(', ')}`);
  });

  it('are all denied: the service needs none', () => {
    const run = Object.entries(allowed).filter(([, allow]) => allow !== false);
    assert.deepEqual(run, [], 'a package allowed to run an install script: say in docs/operations.md why it needs one');
  });
});
