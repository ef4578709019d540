/**
 * Runs the test suite: every `*.test.ts` under test/ at any depth (Node 20's runner takes no globs),
 * then the over-the-wire suites (test/http/, test/main/) once more on the other HTTP engine, so every
 * engine this machine offers passes the same tests: where uWebSockets.js 20.57 loads, `auto` is uWS and
 * the second run node:http; elsewhere `auto` is node:http and the second run the older uWS build
 * (ENGINE=uws), when it loads.
 *
 * Usage:
 *   node --import tsx scripts/run-tests.ts            all tests (ENGINE=auto), then the wire suites on the other engine
 *   node --import tsx scripts/run-tests.ts --wire     only the wire suites, once per engine that loads on this Node
 *   node --import tsx scripts/run-tests.ts --wire --uws-only   only the wire suites on uWebSockets.js (CI's Debian 13 glibc runs)
 *   node --import tsx scripts/run-tests.ts --help
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { oldUwsLoads, uwsLoadFailure } from '../src/http/engines/engine.ts';

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
  process.stdout.write('usage: node --import tsx scripts/run-tests.ts [--wire [--uws-only]]\n');
  process.exit(0);
}
const all = testFiles(join(ROOT, 'test'));
const wire = all.filter((file) => WIRE_FOLDERS.some((folder) => file.startsWith(folder)));
const isAutoUws = (await uwsLoadFailure()) === undefined;
const canUseUws = isAutoUws || (await oldUwsLoads());
const runs: [string[], string][] = args.includes('--wire')
  ? [
      ...(canUseUws ? [[wire, 'uws'] as [string[], string]] : []),
      ...(args.includes('--uws-only') ? [] : [[wire, 'node'] as [string[], string]]),
    ]
  : [[all, 'auto'], ...(isAutoUws ? [[wire, 'node'] as [string[], string]] : canUseUws ? [[wire, 'uws'] as [string[], string]] : [])];
if (args.includes('--uws-only') && !canUseUws) {
  process.stderr.write(`--uws-only: no uWebSockets.js build loads on Node ${process.version}\n`);
  process.exit(1);
}
let isGreen = true;
for (const [files, engine] of runs) isGreen = run(files, engine) && isGreen;
process.exit(isGreen ? 0 : 1);
