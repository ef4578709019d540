/**
 * `npm run snapshot -- <verb>`: tools for data maintainers.
 *   check [--strict | --schema-only] <file>       validate (contract, then depth rules as warnings, or as errors with --strict);
 *                                                 print a summary, or every problem and exit 1
 *   diff <old> <new>                              what changed between two snapshots
 *   import-free-exercise-db <exercises.json> [--out DIR]   convert the free-exercise-db format
 *   media <snapshot> <media-dir> [--media-base URL] [--generated-with TEXT] [--videos-json FILE]
 *                                                 check images exist; video metadata from the clip files
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { importFreeExerciseDb, parseTaxonomy } from '../catalog/free-exercise-db.ts';
import { depthProblems } from '../catalog/snapshot-depth.ts';
import { diffSnapshots, formatDiff } from '../catalog/snapshot-diff.ts';
import { readSnapshotFile, snapshotText } from '../catalog/snapshot-files.ts';
import { summarizeSnapshot } from '../catalog/snapshot-summary.ts';
import { scanMedia } from '../catalog/snapshot-media.ts';
import { fsProblem, readJsonFile, writeFileAtomic } from '../files.ts';
import { formatProblem, formatProblems, type Problem, withSource } from '../problems.ts';
import { isMainModule } from './entry.ts';

export const USAGE = `usage: npm run snapshot -- <verb>
  check [--strict | --schema-only] <file>            validate a snapshot and print a summary: the contract (errors) and
                                                     the bundled catalog's depth rules (warnings; --strict: errors;
                                                     --schema-only: not checked)
  diff <old> <new>                                   exercises added, removed, renamed and changed
  import-free-exercise-db <exercises.json> [--out DIR]   build a snapshot from free-exercise-db
  media <snapshot> <media-dir> [--media-base URL] [--generated-with TEXT] [--videos-json FILE]
                                                     check that every image exists in <media-dir>, read the clips
                                                     <media-dir>/<id>/demo-<n>.mp4 with ffprobe (5 s at most) and
                                                     write their metadata into the snapshot (or into FILE, the
                                                     build's videos.json)`;

const DEFAULT_MEDIA_BASE = 'https://media.exercise-catalog.dev/';

/** Runs a verb's `parseArgs`; a bad flag, or other than `count` positionals, prints the usage (exit 2). */
function verbArgs<T extends { positionals: string[] }>(parse: () => T, count: number, err: (text: string) => void): T | undefined {
  let parsed: T;
  try {
    parsed = parse();
  } catch (error) {
    err(`${(error as Error).message}\n${USAGE}`);
    return undefined;
  }
  if (parsed.positionals.length !== count) {
    err(USAGE);
    return undefined;
  }
  return parsed;
}

type Out = (text: string) => void;

/** Runs one verb; returns the exit code. Output goes through `out` and `err` so tests can read it. */
export async function runSnapshotCli(args: string[], out: Out, err: Out): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    out(USAGE);
    return 0;
  }
  const [verb, ...rest] = args;
  const runVerb = VERBS.get(verb ?? '');
  if (runVerb === undefined) {
    err(USAGE);
    return 2;
  }
  return runVerb(rest, out, err);
}

/** How many depth warnings `check` prints before it only counts them. */
const WARNINGS_SHOWN = 10;

/**
 * `check`: the contract, then the depth rules. The contract is what the server requires; the depth
 * rules are the bundled catalog's promise (docs/operations.md#depth-rules-of-the-bundled-catalog), so a
 * plain import passes with them reported as warnings, and `--strict` (what the build applies) makes
 * them errors.
 */
function runCheck(rest: string[], out: Out, err: Out): number {
  const mode = rest[0] === '--schema-only' ? 'schema-only' : rest[0] === '--strict' ? 'strict' : 'warn';
  const files = mode === 'warn' ? rest : rest.slice(1);
  if (files.length !== 1 || files[0]!.startsWith('--')) {
    err(USAGE);
    return 2;
  }
  const file = files[0]!;
  const result = readSnapshotFile(file);
  if (!result.ok) return printProblems(result.problems, file, err);
  const depth = mode === 'schema-only' ? [] : withSource(depthProblems(result.value), file);
  if (mode === 'strict' && depth.length > 0) return printProblems(depth, file, err);
  out(summarizeSnapshot(result.value, file));
  out(depthLine(mode, depth, result.value.exercises.length));
  return 0;
}

function printProblems(problems: Problem[], file: string, err: Out): number {
  err(`${formatProblems(problems).join('\n')}\n\n${problems.length} problem(s) in ${file}`);
  return 1;
}

/** The summary's last line(s): what the depth rules found, and in which mode. */
function depthLine(mode: 'schema-only' | 'strict' | 'warn', depth: Problem[], exerciseCount: number): string {
  if (mode === 'schema-only') return 'depth rules: not checked (--schema-only)';
  if (depth.length === 0) return `depth rules: met by all ${exerciseCount} exercises`;
  const exercises = new Set(depth.map((found) => found.path.slice(0, found.path.indexOf('.')))).size;
  const shown = formatProblems(depth.slice(0, WARNINGS_SHOWN)).map((line) => `  warning: ${line}`);
  const more = depth.length > WARNINGS_SHOWN ? [`  ... and ${depth.length - WARNINGS_SHOWN} more (--strict lists them all)`] : [];
  return [
    `depth rules: ${depth.length} warning(s) in ${exercises} of ${exerciseCount} exercises (the bundled catalog's promise, not the format's; --strict makes them errors)`,
    ...shown,
    ...more,
  ].join('\n');
}

/** `diff`: exercises added, removed, renamed and changed between two valid snapshots. */
function runDiff(rest: string[], out: Out, err: Out): number {
  if (rest.length !== 2) {
    err(USAGE);
    return 2;
  }
  const older = readSnapshotFile(rest[0]!);
  const newer = readSnapshotFile(rest[1]!);
  if (!older.ok || !newer.ok) {
    const problems = [...(older.ok ? [] : older.problems), ...(newer.ok ? [] : newer.problems)];
    err(`${formatProblems(problems).join('\n')}\n\n${problems.length} problem(s); nothing compared`);
    return 1;
  }
  out(formatDiff(diffSnapshots(older.value, newer.value)));
  return 0;
}

/** `import-free-exercise-db`: a snapshot named by today's date, never written over an existing file. */
function runImport(rest: string[], out: Out, err: Out): number {
  const parsed = verbArgs(
    () => parseArgs({ args: rest, options: { out: { type: 'string' } }, allowPositionals: true, strict: true }),
    1,
    err,
  );
  if (parsed === undefined) return 2;
  const file = parsed.positionals[0]!;
  const taxonomyFile = fileURLToPath(new URL('../../data/source/taxonomy.json', import.meta.url));
  const source = readJsonFile(file);
  const taxonomyJson = readJsonFile(taxonomyFile);
  const taxonomy = taxonomyJson.ok ? parseTaxonomy(taxonomyJson.value, taxonomyFile) : taxonomyJson;
  if (!source.ok || !taxonomy.ok) {
    err(formatProblems([...(source.ok ? [] : source.problems), ...(taxonomy.ok ? [] : taxonomy.problems)]).join('\n'));
    return 1;
  }
  const now = new Date();
  const dataVersion = now.toISOString().slice(0, 10);
  const result = importFreeExerciseDb(source.value, { dataVersion, lastUpdated: now.toISOString(), taxonomy: taxonomy.value });
  if (!result.ok) {
    const lines = formatProblems(withSource(result.problems, file));
    err(`${lines.join('\n')}\n\n${lines.length} problem(s) in ${file}; nothing written`);
    return 1;
  }
  const { snapshot, notes } = result.value;
  const target = join(parsed.values.out ?? '.', `${dataVersion}.json`);
  try {
    // 'wx' fails when the file exists: never overwrite a snapshot someone may be serving.
    writeFileSync(target, `${JSON.stringify(snapshot, null, 2)}\n`, { flag: 'wx' });
  } catch (error) {
    const isTaken = (error as NodeJS.ErrnoException).code === 'EEXIST';
    err(
      isTaken
        ? `${target} already exists; refusing to overwrite it (move it away or pass --out DIR)`
        : `cannot write ${target}: ${(error as Error).message}`,
    );
    return 1;
  }
  for (const note of notes) out(`note: ${note}`);
  out(`wrote ${target}: ${snapshot.exercises.length} exercises from ${file}, dataVersion ${dataVersion}, ${notes.length} note(s)`);
  return 0;
}

/** `media`: images checked against the folder, clips read from it; nothing is written when anything is wrong. */
function runMedia(args: string[], out: Out, err: Out): number {
  const parsed = verbArgs(
    () =>
      parseArgs({
        args,
        options: { 'media-base': { type: 'string' }, 'generated-with': { type: 'string' }, 'videos-json': { type: 'string' } },
        allowPositionals: true,
        strict: true,
      }),
    2,
    err,
  );
  if (parsed === undefined) return 2;
  const [file, mediaDir] = parsed.positionals as [string, string];
  const mediaBase = parsed.values['media-base'] ?? process.env.MEDIA_BASE_URL ?? DEFAULT_MEDIA_BASE;
  if (!URL.canParse(mediaBase)) {
    err(`--media-base: "${mediaBase}" is not an absolute URL`);
    return 2;
  }
  const result = readSnapshotFile(file);
  if (!result.ok) {
    err(`${formatProblems(result.problems).join('\n')}\n\n${result.problems.length} problem(s) in ${file}`);
    return 1;
  }
  const generatedWith = parsed.values['generated-with'];
  const scan = scanMedia(result.value, mediaDir, { mediaBase, ...(generatedWith === undefined ? {} : { generatedWith }) });
  if (scan.problems.length > 0) {
    err(`${formatProblems(scan.problems).join('\n')}\n\n${scan.problems.length} problem(s); nothing written`);
    return 1;
  }
  const clipCount = [...scan.videos.values()].reduce((n, clips) => n + clips.length, 0);
  const found = `${scan.imageCount} image(s) found in ${mediaDir}; ${clipCount} clip(s) for ${scan.videos.size} exercise(s)`;
  const videosJson = parsed.values['videos-json'];
  if (videosJson !== undefined) {
    const sources = Object.fromEntries(
      [...scan.videos].sort(([a], [b]) => (a < b ? -1 : 1)).map(([id, clips]) => [id, clips.map((clip) => clip.source)]),
    );
    try {
      writeFileAtomic(videosJson, `${JSON.stringify(sources, null, 2)}\n`);
    } catch (error) {
      err(formatProblem(fsProblem(videosJson, 'written', error)));
      return 1;
    }
    out(`${found}; wrote ${videosJson}`);
    return 0;
  }
  // The file as it is (internal fields kept), with every exercise's videos replaced by what the folder holds.
  const raw = readJsonFile(file) as { ok: true; value: { exercises: { id: string; videos: unknown }[] } };
  for (const exercise of raw.value.exercises) exercise.videos = scan.videos.get(exercise.id)?.map((clip) => clip.video) ?? [];
  try {
    writeFileAtomic(file, snapshotText(raw.value));
  } catch (error) {
    err(formatProblem(fsProblem(file, 'written', error)));
    return 1;
  }
  out(`${found}; wrote ${file}`);
  return 0;
}

const VERBS = new Map<string, (rest: string[], out: Out, err: Out) => number>([
  ['check', runCheck],
  ['diff', runDiff],
  ['import-free-exercise-db', runImport],
  ['media', runMedia],
]);

if (isMainModule(import.meta.url)) {
  process.exitCode = await runSnapshotCli(
    process.argv.slice(2),
    (t) => console.log(t),
    (t) => console.error(t),
  );
}
