/**
 * Runs the test suite: every `*.test.ts` under test/ at any depth (Node 20's runner takes no globs),
 * then the over-the-wire suites (test/http/, test/main/) once more on the other HTTP engine, so both
 * engines pass the same tests.
 *
 * Usage:
 *   node --import tsx scripts/run-tests.ts            all tests (ENGINE=auto), then the wire suites with ENGINE=node
 *   node --import tsx scripts/run-tests.ts --wire     only the wire suites, once per engine that loads on this Node
 *   node --import tsx scripts/run-tests.ts --help
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { uwsLoadFailure } from '../src/http/engines/engine.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WIRE_FOLDERS = ['test/http/', 'test/main/'];

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'fixtures' || entry.name === 'helpers' ? [] : testFiles(path);
      return entry.name.endsWith('.test.ts') ? [relative(ROOT, path)] : [];
    })
    .sort();
}

function run(files: string[], engine: string): boolean {
  process.stdout.write(`\n# ${files.length} test files, ENGINE=${engine}, Node ${process.version}\n`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', ...files], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, ENGINE: engine },
  });
  return result.status === 0;
}

const args = process.argv.slice(2);
if (args.includes('--help')) {
  process.stdout.write('usage: node --import tsx scripts/run-tests.ts [--wire]\n');
  process.exit(0);
}
const all = testFiles(join(ROOT, 'test'));
const wire = all.filter((file) => WIRE_FOLDERS.some((folder) => file.startsWith(folder)));
const canUseUws = (await uwsLoadFailure()) === undefined;
const runs: [string[], string][] = args.includes('--wire')
  ? [...(canUseUws ? [[wire, 'uws'] as [string[], string]] : []), [wire, 'node']]
  : [[all, 'auto'], ...(canUseUws ? [[wire, 'node'] as [string[], string]] : [])];
let isGreen = true;
for (const [files, engine] of runs) isGreen = run(files, engine) && isGreen;
process.exit(isGreen ? 0 : 1);
