/**
 * `npm run snapshot -- <verb>`: tools for data maintainers.
 *   check <file>                                  validate; print a summary, or every problem and exit 1
 *   diff <old> <new>                              what changed between two snapshots
 *   import-free-exercise-db <exercises.json> [--out DIR]   convert the free-exercise-db format
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { importFreeExerciseDb, parseTaxonomy } from '../catalog/free-exercise-db.ts';
import { diffSnapshots, formatDiff } from '../catalog/snapshot-diff.ts';
import { readSnapshotFile } from '../catalog/snapshot-files.ts';
import { summarizeSnapshot } from '../catalog/snapshot-summary.ts';
import { readJsonFile } from '../files.ts';
import { isMainModule } from './entry.ts';

export const USAGE = `usage: npm run snapshot -- <verb>
  check <file>                                       validate a snapshot and print a summary
  diff <old> <new>                                   exercises added, removed, renamed and changed
  import-free-exercise-db <exercises.json> [--out DIR]   build a snapshot from free-exercise-db
  --help                                             this text (also after any verb)`;

/** Runs one verb; returns the exit code. Output goes through `out` and `err` so tests can read it. */
export async function runSnapshotCli(args: string[], out: (text: string) => void, err: (text: string) => void): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    out(USAGE);
    return 0;
  }
  const [verb, ...rest] = args;
  switch (verb) {
    case 'check': {
      if (rest.length !== 1) {
        err(USAGE);
        return 2;
      }
      const file = rest[0]!;
      const result = readSnapshotFile(file);
      if (!result.ok) {
        err(`${result.problems.join('\n')}\n\n${result.problems.length} problem(s) in ${file}`);
        return 1;
      }
      out(summarizeSnapshot(result.snapshot, file));
      return 0;
    }
    case 'diff': {
      if (rest.length !== 2) {
        err(USAGE);
        return 2;
      }
      const older = readSnapshotFile(rest[0]!);
      const newer = readSnapshotFile(rest[1]!);
      if (!older.ok || !newer.ok) {
        const problems = [...(older.ok ? [] : older.problems), ...(newer.ok ? [] : newer.problems)];
        err(`${problems.join('\n')}\n\n${problems.length} problem(s); nothing compared`);
        return 1;
      }
      out(formatDiff(diffSnapshots(older.snapshot, newer.snapshot)));
      return 0;
    }
    case 'import-free-exercise-db': {
      let parsed;
      try {
        parsed = parseArgs({ args: rest, options: { out: { type: 'string' } }, allowPositionals: true, strict: true });
      } catch (error) {
        err(`${(error as Error).message}\n${USAGE}`);
        return 2;
      }
      if (parsed.positionals.length !== 1) {
        err(USAGE);
        return 2;
      }
      const file = parsed.positionals[0]!;
      const taxonomyFile = fileURLToPath(new URL('../../data/source/taxonomy.json', import.meta.url));
      const source = readJsonFile(file);
      const taxonomyJson = readJsonFile(taxonomyFile);
      const taxonomy = taxonomyJson.ok ? parseTaxonomy(taxonomyJson.value) : { ok: false as const, problems: [taxonomyJson.problem] };
      if (!source.ok || !taxonomy.ok) {
        err([...(source.ok ? [] : [source.problem]), ...(taxonomy.ok ? [] : taxonomy.problems.map((p) => `${taxonomyFile}: ${p}`))].join('\n'));
        return 1;
      }
      const now = new Date();
      const dataVersion = now.toISOString().slice(0, 10);
      const result = importFreeExerciseDb(source.value, { dataVersion, lastUpdated: now.toISOString(), taxonomy: taxonomy.taxonomy });
      if (!result.ok) {
        err(`${result.problems.join('\n')}\n\n${result.problems.length} problem(s) in ${file}; nothing written`);
        return 1;
      }
      const target = join(parsed.values.out ?? '.', `${dataVersion}.json`);
      try {
        // 'wx' fails when the file exists: never overwrite a snapshot someone may be serving.
        writeFileSync(target, `${JSON.stringify(result.snapshot, null, 2)}\n`, { flag: 'wx' });
      } catch (error) {
        const isTaken = (error as NodeJS.ErrnoException).code === 'EEXIST';
        err(isTaken ? `${target} already exists; refusing to overwrite it (move it away or pass --out DIR)` : `cannot write ${target}: ${(error as Error).message}`);
        return 1;
      }
      for (const note of result.notes) out(`note: ${note}`);
      out(`wrote ${target}: ${result.snapshot.exercises.length} exercises from ${file}, dataVersion ${dataVersion}, ${result.notes.length} note(s)`);
      return 0;
    }
    default:
      err(USAGE);
      return 2;
  }
}

if (isMainModule(import.meta.url)) {
  process.exitCode = await runSnapshotCli(process.argv.slice(2), (t) => console.log(t), (t) => console.error(t));
}
