/**
 * `npm run snapshot -- <verb>`: tools for data maintainers.
 *   check <file>                                  validate; print a summary, or every problem and exit 1
 *   diff <old> <new>                              what changed between two snapshots
 *   import-free-exercise-db <exercises.json> [--out DIR]   convert the free-exercise-db format
 */
import { readSnapshotFile } from '../catalog/snapshot-files.ts';
import { summarizeSnapshot } from '../catalog/snapshot-summary.ts';

export const USAGE = `usage: npm run snapshot -- <verb>
  check <file>                                       validate a snapshot and print a summary
  diff <old> <new>                                   exercises added, removed, renamed and changed
  import-free-exercise-db <exercises.json> [--out DIR]   build a snapshot from free-exercise-db`;

/** Runs one verb; returns the exit code. Output goes through `out` and `err` so tests can read it. */
export async function runSnapshotCli(args: string[], out: (text: string) => void, err: (text: string) => void): Promise<number> {
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
    default:
      err(USAGE);
      return 2;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await runSnapshotCli(process.argv.slice(2), (t) => console.log(t), (t) => console.error(t));
}
