/**
 * The one way an operator is told what is wrong with what they gave the service (the environment, a
 * snapshot, the key store, the tier table, usage state, a file to import): a list of problems, each
 * naming where (the file, then the field) and what, printed as `<file>: <field.path>: <message>` by
 * the CLI, at a refused start and in the log of a refused reload alike.
 */
import * as v from 'valibot';

export interface Problem {
  /** A file's path, `environment`, or a CLI flag; empty while only a caller further out knows it (see withSource). */
  readonly source: string;
  /** The field inside the source (`keys.2.hash`, `exercises[Pull_Up].level`); empty when the whole source is at fault. */
  readonly path: string;
  /** What is wrong, in the project's words: `must be a whole number`, `is missing`. */
  readonly message: string;
}

/** What every reader and checker of operator input returns: the value, or every problem found. */
export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problems: Problem[] };

export function problem(source: string, path: string, message: string): Problem {
  return { source, path, message };
}

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

/** A failed result; an empty list is a bug in the caller, so it is not accepted as a failure. */
export function fail<T = never>(problems: Problem[]): Result<T> {
  if (problems.length === 0) throw new Error('fail() needs at least one problem');
  return { ok: false, problems };
}

/** A failed result of one problem. */
export function refuse<T = never>(source: string, path: string, message: string): Result<T> {
  return { ok: false, problems: [problem(source, path, message)] };
}

/** `problems` with `source` filled in where it was left empty. */
export function withSource(problems: readonly Problem[], source: string): Problem[] {
  return problems.map((p) => (p.source === '' ? { ...p, source } : p));
}

/** `a.b` of two path parts, either of which may be empty. */
export function joinPath(prefix: string, path: string): string {
  return prefix === '' ? path : path === '' ? prefix : `${prefix}.${path}`;
}

const OBJECT_TYPES = new Set(['object', 'strict_object', 'loose_object']);

/**
 * An issue's message. valibot reports a missing key and an unknown key (strictObject) as issues of the
 * enclosing object, carrying that object's message ("must be an object"), so these two are named here.
 */
function issueMessage(issue: v.BaseIssue<unknown>): string {
  if (OBJECT_TYPES.has(issue.type) && issue.path !== undefined) {
    if (issue.expected === 'never') return 'is not a known field';
    if (issue.received === 'undefined') return 'is missing';
  }
  return issue.message;
}

export interface IssueOptions {
  /** Put every field path under this one (`exercises[Pull_Up]`). */
  prefix?: string;
  /**
   * Add the value of the wrong kind found (`(received "master")`). Only for files that hold no secret: the
   * environment holds Redis passwords and the key store holds key hashes, neither of which may be echoed.
   */
  isShowingReceived?: boolean;
}

/** valibot issues as problems in `source`. */
export function issueProblems(source: string, issues: readonly v.BaseIssue<unknown>[], options: IssueOptions = {}): Problem[] {
  return issues.map((issue) => {
    const message = issueMessage(issue);
    // Only a value of the wrong kind is worth quoting; for a failed check (`must not be empty`) valibot's
    // `received` is a length or a pattern, which would confuse more than help.
    const isShown = options.isShowingReceived === true && issue.kind === 'schema' && message !== 'is missing';
    const received = isShown ? ` (received ${issue.received})` : '';
    return problem(source, joinPath(options.prefix ?? '', v.getDotPath(issue) ?? ''), `${message}${received}`);
  });
}

/** The operator-facing line: `<file>: <field.path>: <message>`, leaving out what is empty. */
export function formatProblem(p: Problem): string {
  return [p.source, p.path, p.message].filter((part) => part !== '').join(': ');
}

export function formatProblems(problems: readonly Problem[]): string[] {
  return problems.map(formatProblem);
}
