/** How the server refuses to start: every problem on its own `error:` line, then exit 1. */
import { fsProblem } from '../files.ts';
import { formatProblem, type Problem } from '../problems.ts';

export function refuseToStart(problems: readonly Problem[]): never {
  for (const problem of problems) process.stderr.write(`error: ${formatProblem(problem)}\n`);
  process.exit(1);
}

/** Runs `step`; a file-system fault becomes one `error:` line naming the path, not a stack trace. */
export function orRefuseToStart<T>(path: string, verb: string, step: () => T): T {
  try {
    return step();
  } catch (error) {
    refuseToStart([fsProblem(path, verb, error)]);
  }
}
