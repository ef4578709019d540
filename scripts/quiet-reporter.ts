/**
 * The quiet report of `npm test` (issue 21): one line per test file (passed, failed and skipped tests,
 * its wall time), every failure in full (its path of suite names, the error with expected and actual,
 * and what the file wrote to stdout and stderr), and the run's summary last, so a failure is found at a
 * glance in a few hundred lines instead of thousands of lines of TAP. scripts/run-tests.ts runs each
 * file with node:test's `run()` and reads its events here; a test defined in a shared helper
 * (test/helpers/usage-store-cases.ts) counts in the file that ran it.
 */
import { inspect } from 'node:util';

/** The fields of node:test's reporter events that the report reads (Node 20 and later). */
interface TestEventData {
  name?: string;
  nesting?: number;
  file?: string;
  message?: string;
  skip?: string | boolean;
  todo?: string | boolean;
  details?: { duration_ms?: number; type?: string; error?: TestError };
}
interface TestError extends Error {
  failureType?: string;
  cause?: unknown;
}
export interface TestEvent {
  type: string;
  data?: TestEventData;
}

/** The counts node:test sums up at the end of a run, by the names of its summary lines. */
export const COUNT_NAMES = ['tests', 'suites', 'pass', 'fail', 'cancelled', 'skipped', 'todo'] as const;
export type Counts = Record<(typeof COUNT_NAMES)[number], number>;

/** What one file reported. */
export interface FileReport {
  file: string;
  counts: Counts;
  wallMs: number;
  skipReasons: string[];
  /** Each failure in full, ready to print. */
  failures: string[];
  /** The failing tests' paths, for the list under the summary. */
  failed: string[];
  output: string;
}

export function zeroCounts(): Counts {
  return { tests: 0, suites: 0, pass: 0, fail: 0, cancelled: 0, skipped: 0, todo: 0 };
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)}s`;
}

/** A failure in full: where it is, then the error as node prints it (message, expected and actual, stack). */
function failureText(path: readonly string[], error: TestError | undefined): string {
  const cause = error?.failureType === 'testCodeFailure' && error.cause !== undefined ? error.cause : error;
  // node's own frames say nothing about the failure; the test's frames and the error's fields stay.
  const body = inspect(cause, { depth: 6, colors: false })
    .split('\n')
    .filter((line) => !/^\s+at (.*\(node:[^)]*\)|async Promise\.all \(index \d+\)|node:\S+)$/.test(line))
    .map((line) => `    ${line}`)
    .join('\n');
  return `  x ${path.join(' > ')}\n${body}\n`;
}

/** Reads the events of one file's run into its report. */
export async function fileReport(file: string, events: AsyncIterable<TestEvent>): Promise<FileReport> {
  const startedMs = performance.now();
  const counts = zeroCounts();
  const skipReasons = new Set<string>();
  const failures: string[] = [];
  const failed: string[] = [];
  const output: string[] = [];
  const ancestry: string[] = [];
  for await (const event of events) {
    const data = event.data ?? {};
    const nesting = data.nesting ?? 0;
    switch (event.type) {
      case 'test:start':
        ancestry.length = nesting;
        ancestry.push(data.name ?? '');
        break;
      case 'test:pass':
        if (data.skip !== undefined && data.skip !== false) skipReasons.add(typeof data.skip === 'string' ? data.skip : 'skipped');
        break;
      case 'test:fail': {
        // A suite fails when one of its tests did: that test is reported already.
        if (data.details?.error?.failureType === 'subtestsFailed') break;
        const path = [file, ...ancestry.slice(0, nesting), data.name ?? ''];
        // A file that fails to load is reported as a test named by its path.
        if (data.name === data.file || data.name === file) path.pop();
        failures.push(failureText(path, data.details?.error));
        failed.push(path.join(' > '));
        break;
      }
      case 'test:stdout':
      case 'test:stderr':
        output.push(data.message ?? '');
        break;
      case 'test:diagnostic': {
        const [name, value] = (data.message ?? '').split(' ');
        if (nesting === 0 && (COUNT_NAMES as readonly string[]).includes(name ?? '')) counts[name as keyof Counts] += Number(value);
        else if (nesting > 0) output.push(`# ${data.message}\n`);
        break;
      }
      default:
        break;
    }
  }
  return { file, counts, wallMs: performance.now() - startedMs, skipReasons: [...skipReasons], failures, failed, output: output.join('') };
}

export function isGreen(report: FileReport): boolean {
  return report.counts.fail === 0 && report.counts.cancelled === 0 && report.failures.length === 0;
}

/** The file's line, then, when it failed, its failures in full and everything it wrote. */
export function formatFileReport(report: FileReport): string {
  const { counts } = report;
  const parts = [`${counts.pass} passed`];
  if (counts.fail > 0) parts.push(`${counts.fail} failed`);
  if (counts.cancelled > 0) parts.push(`${counts.cancelled} cancelled`);
  if (counts.skipped > 0) parts.push(`${counts.skipped} skipped (${report.skipReasons.join('; ')})`);
  if (counts.todo > 0) parts.push(`${counts.todo} todo`);
  const line = `${isGreen(report) ? 'ok  ' : 'FAIL'} ${report.file}  ${parts.join(', ')}  ${seconds(report.wallMs)}\n`;
  if (isGreen(report)) return line;
  const output = report.output.trimEnd();
  const written = output === '' ? '' : `  output of ${report.file}:\n${output.replace(/^/gm, '    | ')}\n`;
  return line + report.failures.join('') + written;
}

/** The last lines of a pass: the failing tests, then the counts and the wall time. */
export function formatSummary(reports: readonly FileReport[], wallMs: number): string {
  const total = zeroCounts();
  for (const report of reports) for (const name of COUNT_NAMES) total[name] += report.counts[name];
  const failed = reports.flatMap((report) => report.failed);
  const list = failed.length === 0 ? '' : `\nfailed (${failed.length}):\n${failed.map((path) => `  x ${path}\n`).join('')}`;
  const counts = COUNT_NAMES.map((name) => `${name} ${total[name]}`).join(', ');
  return `${list}# ${reports.length} files, ${counts}, ${seconds(wallMs)}\n`;
}
